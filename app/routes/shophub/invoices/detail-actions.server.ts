import { data, redirect, type RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import { readId } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { langOf } from "~/lib/i18n/lang.server";
import { etaxSendFormSchema } from "~/modules/etax/index.server";
import {
  buyerFieldErrors,
  buyerFormSchema,
  formatQuantityMilli,
  parseQuantity,
  returnFormSchema,
  returnNeedsBuyer,
  voidSaleFormSchema,
} from "~/modules/sales";
import {
  getSaleDetail,
  issueFullTaxInvoice,
  returnSaleLines,
  voidSale,
} from "~/modules/sales/index.server";
import { ETAX_REFUSALS, etaxDocChoice, sendEtax } from "./etax-send.server";
import { type Failure, qtyField } from "./form-parts";
import { FULL_INVOICE_REFUSALS, RETURN_REFUSALS, VOID_REFUSALS } from "./invoice-text";

// The invoice page's action, one function per intent: the route checks who asks and for
// which sale (its gates and `saleOf`) and hands each intent what it needs, so each can be read
// and changed without the others.

/** Who sends e-Tax documents (decision 0074). */
export const ETAX_ROLES: readonly string[] = ["owner", "manager"];

type Db = Parameters<typeof getSaleDetail>[0];
export type SaleDetail = NonNullable<Awaited<ReturnType<typeof getSaleDetail>>>;

export async function saleOf(db: Db, shopId: string, rawId: string | undefined) {
  const id = readId(rawId);
  const detail = id === null ? null : await getSaleDetail(db, shopId, id);
  // Another shop's sale, or none: the same answer, so ids of other shops tell nothing.
  if (!detail) throw data(null, { status: 404 });
  return detail;
}

/** What every intent gets from the route, once the member and the sale are known. */
export interface IntentInput {
  context: Readonly<RouterContextProvider>;
  form: FormData;
  shop: { id: string; name: string };
  /** The member acting (a till's cashier taken over by PIN acts with their own role). */
  role: string;
  actor: Parameters<typeof voidSale>[1];
  detail: SaleDetail;
  /** The page again with what was done (and the till's cashier switch kept). */
  back: (done: string, extra?: string) => Response;
}

function refused(failure: Failure, status: number) {
  return data<Failure>(failure, { status });
}

export async function voidIntent({
  context,
  form,
  actor,
  detail,
  back,
}: IntentInput): Promise<Answer> {
  const intent = "void";
  const parsed = readForm(form, voidSaleFormSchema);
  if (!parsed.ok) {
    return refused({ intent, values: parsed.values, errors: parsed.errors }, 400);
  }
  const result = await voidSale(context.get(appContext).db, actor, {
    saleId: detail.sale.id,
    reason: parsed.data.reason,
  });
  if (!result.ok) {
    const { status, message } = VOID_REFUSALS[result.error];
    return refused({ intent, values: parsed.values, errors: {}, formError: message }, status);
  }
  return back("void");
}

/** The buyer a return's credit note names, when the sale's slip named none (decision 0084). */
function returnBuyerOf(form: FormData, detail: SaleDetail) {
  const asksBuyer = returnNeedsBuyer(detail.sale.documentKind, detail.fullTaxInvoice !== null);
  return asksBuyer
    ? {
        name: String(form.get("buyerName") ?? ""),
        address: String(form.get("buyerAddress") ?? ""),
        taxId: String(form.get("buyerTaxId") ?? ""),
        branchCode: String(form.get("buyerBranchCode") ?? ""),
      }
    : null;
}

export async function returnIntent({
  context,
  form,
  actor,
  detail,
  back,
}: IntentInput): Promise<Answer> {
  const intent = "return";
  const parsed = readForm(form, returnFormSchema);
  const values: Record<string, string> = {};
  const errors: Record<string, MessageKey> = parsed.ok ? {} : { ...parsed.errors };
  const lines: { saleLineId: number; qtyMilli: number }[] = [];
  for (const line of detail.lines) {
    const typed = String(form.get(qtyField(line.id)) ?? "").trim();
    values[qtyField(line.id)] = typed;
    if (typed === "" || typed === "0") continue;
    const qtyMilli = parseQuantity(typed);
    if (qtyMilli === null) errors[qtyField(line.id)] = "shops.invoices.error.badQuantity";
    else lines.push({ saleLineId: line.id, qtyMilli });
  }
  Object.assign(values, parsed.values);
  const buyer = returnBuyerOf(form, detail);
  if (buyer) {
    Object.assign(values, {
      buyerName: buyer.name,
      buyerAddress: buyer.address,
      buyerTaxId: buyer.taxId,
      buyerBranchCode: buyer.branchCode,
    });
    const checked = buyerFieldErrors(buyer);
    if (!checked.ok) Object.assign(errors, checked.fields);
  }
  if (!parsed.ok || Object.keys(errors).length > 0) {
    return refused({ intent, values, errors }, 400);
  }
  const result = await returnSaleLines(context.get(appContext).db, actor, {
    saleId: detail.sale.id,
    lines,
    reason: parsed.data.reason,
    refundMethod: parsed.data.refundMethod,
    buyer,
  });
  if (!result.ok) {
    const { status, message } = RETURN_REFUSALS[result.error.code];
    const refusal = result.error;
    if (refusal.code === "bad-buyer") {
      return refused(
        {
          intent,
          values,
          errors: refusal.fields as Record<string, MessageKey>,
          formError: message,
        },
        status,
      );
    }
    if ("saleLineId" in refusal) {
      // The quantity field of the line that has too little left, with what is left.
      const name = qtyField(refusal.saleLineId);
      const line = detail.lines.find((l) => l.id === refusal.saleLineId);
      const available = "availableMilli" in refusal ? refusal.availableMilli : 0;
      return refused(
        {
          intent,
          values,
          errors: { [name]: message },
          params: {
            [name]: {
              qty: `${formatQuantityMilli(available, langOf(context))} ${line?.unit ?? ""}`.trim(),
            },
          },
        },
        status,
      );
    }
    return refused({ intent, values, errors: {}, formError: message }, status);
  }
  return back("return", `&note=${result.creditNote.id}`);
}

export async function fullInvoiceIntent({
  context,
  form,
  actor,
  detail,
  back,
}: IntentInput): Promise<Answer> {
  const intent = "full";
  const parsed = readForm(form, buyerFormSchema);
  if (!parsed.ok) {
    return refused(
      {
        intent,
        values: parsed.values,
        errors: parsed.errors,
        formError: "shops.invoices.error.fixErrors",
      },
      400,
    );
  }
  const result = await issueFullTaxInvoice(context.get(appContext).db, actor, {
    saleId: detail.sale.id,
    buyer: {
      name: parsed.data.buyerName,
      address: parsed.data.buyerAddress,
      taxId: parsed.data.buyerTaxId,
      branchCode: parsed.data.buyerBranchCode,
    },
  });
  if (!result.ok) {
    const { status, message } = FULL_INVOICE_REFUSALS[result.error.code];
    return refused({ intent, values: parsed.values, errors: {}, formError: message }, status);
  }
  return back(result.existing ? "fullExisting" : "full");
}

export async function etaxIntent({
  context,
  form,
  shop,
  role,
  actor,
  detail,
  back,
}: IntentInput): Promise<Answer> {
  const intent = "etax";
  const parsed = readForm(form, etaxSendFormSchema);
  if (!ETAX_ROLES.includes(role)) {
    return refused(
      { intent, values: parsed.values, errors: {}, formError: "shops.etax.error.role" },
      403,
    );
  }
  if (!parsed.ok) {
    return refused({ intent, values: parsed.values, errors: parsed.errors }, 400);
  }
  const result = await sendEtax(context.get(appContext), {
    shopId: shop.id,
    shopName: shop.name,
    saleId: detail.sale.id,
    doc: etaxDocChoice(parsed.data.doc),
    buyerEmail: parsed.data.buyerEmail,
    fullInvoiceNumber: detail.fullTaxInvoice?.documentNumber ?? null,
    userId: actor.userId,
  });
  if (!result.ok) {
    if (result.error === "notFound") {
      return refused(
        { intent, values: parsed.values, errors: { doc: "shops.etax.error.document" } },
        404,
      );
    }
    const { status, message } = ETAX_REFUSALS[result.error];
    return refused({ intent, values: parsed.values, errors: {}, formError: message }, status);
  }
  return back("etax");
}

type Answer = ReturnType<typeof refused> | Response;

const INTENTS: Record<string, (input: IntentInput) => Promise<Answer>> = {
  void: voidIntent,
  return: returnIntent,
  full: fullInvoiceIntent,
  etax: etaxIntent,
};

/** The function of an intent the page's forms send; none for anything else (a 400). */
export function invoiceIntent(name: string) {
  return Object.hasOwn(INTENTS, name) ? INTENTS[name] : undefined;
}

/** The page again after an intent: `done` names it; a till's cashier switch stays. */
export function backTo(request: Request, saleId: number, shopId: string) {
  const asked = new URL(request.url).searchParams;
  const switched = ["cashier", "till"]
    .flatMap((name) => {
      const value = asked.get(name);
      return value ? [`&${name}=${encodeURIComponent(value)}`] : [];
    })
    .join("");
  return (done: string, extra = "") =>
    redirect(`/shophub/invoices/${saleId}?shop=${shopId}&done=${done}${extra}${switched}`);
}
