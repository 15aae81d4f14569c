import { Alert, Badge, Table } from "react-bootstrap";
import { langOf } from "~/lib/i18n/lang.server";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/detail";
import { ReceiptEmailForm } from "~/features/sales-documents/receipt-email-form";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { formatDateTime } from "~/lib/dates";
import { readId } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { formatSatang } from "~/lib/money";
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
  getSalesSettings,
  salePriceLevelName,
  issueFullTaxInvoice,
  mayUndoSale,
  returnSaleLines,
  voidSale,
} from "~/modules/sales/index.server";
import {
  etaxSendFormSchema,
  getEtaxSettings,
  listEtaxDeliveries,
} from "~/modules/etax/index.server";
import { ShopChangedNotice } from "~/features/shops/shop-form";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { DOCUMENT_KIND_TEXT, PAYMENT_METHOD_TEXT } from "~/routes/shophub/sell-text";
import { type Failure, type Intent, qtyField } from "./form-parts";
import { FullInvoiceForm } from "./full-invoice-form";
import { invoiceBuyer } from "~/modules/customers/index.server";
import {
  FULL_INVOICE_REFUSALS,
  INVOICE_ROLES,
  RETURN_REFUSALS,
  SALE_STATUS_TEXT,
  VOID_REFUSALS,
} from "./invoice-text";
import { EtaxSection } from "./etax-form";
import { ETAX_REFUSALS, etaxDocChoice, sendEtax } from "./etax-send.server";
import { actingMemberOf } from "~/routes/shophub/sell/till-cashier.server";
import { ReturnForm } from "./return-form";
import { VoidForm } from "./void-form";

export const middleware: Route.MiddlewareFunction[] = [chosenShop(INVOICE_ROLES)];

const DONE = ["void", "return", "full", "fullExisting", "etax"] as const;

/** Who sends e-Tax documents (decision 0074). */
const ETAX_ROLES: readonly string[] = ["owner", "manager"];

async function saleOf(
  db: Parameters<typeof getSaleDetail>[0],
  shopId: string,
  rawId: string | undefined,
) {
  const id = readId(rawId);
  const detail = id === null ? null : await getSaleDetail(db, shopId, id);
  // Another shop's sale, or none: the same answer, so ids of other shops tell nothing.
  if (!detail) throw data(null, { status: 404 });
  return detail;
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { shop, role: sessionRole } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  // Opened from a registered till a cashier took over by PIN: their rules (decision 0088).
  const acting = await actingMemberOf(db, context, shop.id, sessionRole, url);
  const { role } = acting;
  const detail = await saleOf(db, shop.id, params.id);
  const [settings, priceLevelName] = await Promise.all([
    getSalesSettings(db, shop.id),
    salePriceLevelName(db, shop.id, detail.sale.id),
  ]);
  const standing = detail.sale.status === "completed";
  // The forms are shown to who may use them; the action checks again.
  const mayUndo = standing && mayUndoSale(acting, detail.sale, settings);
  const done = url.searchParams.get("done");
  const noteId = readId(url.searchParams.get("note"));
  const etaxDocs = [
    ...(detail.fullTaxInvoice
      ? [{ value: "full", number: detail.fullTaxInvoice.documentNumber, credit: false }]
      : []),
    ...detail.creditNotes.map((note) => ({
      value: `credit-${note.id}`,
      number: note.documentNumber,
      credit: true,
    })),
  ];
  const mayEtax = ETAX_ROLES.includes(role) && etaxDocs.length > 0;
  const [etaxSettings, deliveries] = mayEtax
    ? await Promise.all([
        getEtaxSettings(db, shop.id),
        listEtaxDeliveries(db, shop.id, detail.sale.id),
      ])
    : [null, []];
  const mayIssueFull =
    standing &&
    detail.sale.documentKind === "abbreviatedTaxInvoice" &&
    detail.fullTaxInvoice === null;
  // The buyer's details from a customer (issue 37): the one whose phone number was typed, or
  // else the one the sale was made to.
  const buyerPhone = (url.searchParams.get("buyer") ?? "").slice(0, 20);
  const buyer = mayIssueFull
    ? await invoiceBuyer(
        db,
        shop.id,
        buyerPhone ? { phone: buyerPhone } : { saleId: detail.sale.id },
      )
    : null;
  return {
    shop: { id: shop.id, name: shop.name },
    role,
    detail,
    priceLevelName,
    buyer,
    buyerLookup: buyerPhone ? { phone: buyerPhone, found: buyer !== null } : null,
    // A sale with a credit note is not voided (decision 0058): its rest goes back on a note.
    mayVoid: mayUndo && detail.creditNotes.length === 0,
    voidNeedsCreditNote: mayUndo && detail.creditNotes.length > 0,
    mayReturn: mayUndo && detail.lines.some((line) => line.returnedMilli < line.qtyMilli),
    // A slip names no buyer: its credit note asks for one (s. 86/10, decision 0084).
    returnAsksBuyer: returnNeedsBuyer(detail.sale.documentKind, detail.fullTaxInvoice !== null),
    mayIssueFull,
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as (typeof DONE)[number]) : null,
    doneNote: detail.creditNotes.find((note) => note.id === noteId) ?? null,
    etax: etaxSettings
      ? {
          enabled: etaxSettings.enabled,
          timestampEmail: etaxSettings.timestampEmail,
          docs: etaxDocs,
          deliveries,
          // The address the documents went to last time, to send the next one.
          lastEmail: deliveries[0]?.toAddress ?? "",
        }
      : null,
  };
}

function refused(failure: Failure, status: number) {
  return data<Failure>(failure, { status });
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
  params,
}: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const { shop, role: sessionRole } = await chosenShopOf(context, request);
  const acting = await actingMemberOf(db, context, shop.id, sessionRole, new URL(request.url));
  const { role } = acting;
  const detail = await saleOf(db, shop.id, params.id);
  const actor = { shopId: shop.id, ...acting };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  // A till's cashier switch stays in the address: the page after the answer is theirs too.
  const asked = new URL(request.url).searchParams;
  const switched = ["cashier", "till"]
    .flatMap((name) => {
      const value = asked.get(name);
      return value ? [`&${name}=${encodeURIComponent(value)}`] : [];
    })
    .join("");
  const back = (done: string, extra = "") =>
    redirect(`/shophub/invoices/${detail.sale.id}?shop=${shop.id}&done=${done}${extra}${switched}`);

  if (intent === "void") {
    const parsed = readForm(form, voidSaleFormSchema);
    if (!parsed.ok) {
      return refused({ intent, values: parsed.values, errors: parsed.errors }, 400);
    }
    const result = await voidSale(db, actor, {
      saleId: detail.sale.id,
      reason: parsed.data.reason,
    });
    if (!result.ok) {
      const { status, message } = VOID_REFUSALS[result.error];
      return refused({ intent, values: parsed.values, errors: {}, formError: message }, status);
    }
    return back("void");
  }

  if (intent === "return") {
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
    const asksBuyer = returnNeedsBuyer(detail.sale.documentKind, detail.fullTaxInvoice !== null);
    const buyer = asksBuyer
      ? {
          name: String(form.get("buyerName") ?? ""),
          address: String(form.get("buyerAddress") ?? ""),
          taxId: String(form.get("buyerTaxId") ?? ""),
          branchCode: String(form.get("buyerBranchCode") ?? ""),
        }
      : null;
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
    const result = await returnSaleLines(db, actor, {
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

  if (intent === "full") {
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
    const result = await issueFullTaxInvoice(db, actor, {
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

  if (intent === "etax") {
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
  throw data(null, { status: 400 });
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.invoices.title");

export default function Invoice({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const {
    shop,
    detail,
    mayVoid,
    voidNeedsCreditNote,
    mayReturn,
    returnAsksBuyer,
    mayIssueFull,
    done,
    doneNote,
    etax,
    priceLevelName,
  } = loaderData;
  const { sale, lines, payments, fullTaxInvoice, creditNotes } = detail;
  const failure = actionData as Failure | undefined;
  const failed = (intent: Intent) =>
    failure && "intent" in failure && failure.intent === intent ? failure : undefined;
  const printHref = (query: string) =>
    `/shophub/invoices/${sale.id}/print?${query}&shop=${shop.id}`;
  const doneText =
    done === "void"
      ? t("shops.invoices.void.done")
      : done === "return" && doneNote
        ? t("shops.invoices.return.done", {
            number: doneNote.documentNumber,
            amount: formatSatang(doneNote.totalSatang),
          })
        : done === "full" && fullTaxInvoice
          ? t("shops.invoices.full.done", { number: fullTaxInvoice.documentNumber })
          : done === "fullExisting" && fullTaxInvoice
            ? t("shops.invoices.full.existing", { number: fullTaxInvoice.documentNumber })
            : done === "etax" && etax?.deliveries[0]
              ? t("shops.etax.send.done", {
                  number: etax.deliveries[0].documentNumber,
                  to: etax.deliveries[0].toAddress,
                  cc: etax.deliveries[0].ccAddress,
                })
              : null;

  return (
    <>
      <p className="small mb-2">
        <Link to={`/shophub/invoices?shop=${shop.id}`}>← {t("shops.invoices.detail.back")}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h1 className="h2 mb-0" data-testid="sale-number">
          {sale.documentNumber}
        </h1>
        <Badge bg={sale.status === "void" ? "danger" : "success"} data-testid="sale-status">
          {t(SALE_STATUS_TEXT[sale.status])}
        </Badge>
      </div>
      <p className="text-secondary mb-3">
        {t(DOCUMENT_KIND_TEXT[sale.documentKind])} · {formatDateTime(sale.createdAt, lang)} ·{" "}
        {t("shops.invoices.detail.soldBy", { name: sale.cashierName })}
        {sale.till && <> · {t("shops.invoices.detail.till", { till: sale.till })}</>}
        {priceLevelName !== null && (
          <>
            {" · "}
            <span data-testid="sale-price-level">
              {t("shops.invoices.detail.priceLevel", { level: priceLevelName })}
            </span>
          </>
        )}
        {sale.discountApprovedByName && (
          <>
            {" · "}
            <span data-testid="discount-approved-by">
              {t("shops.invoices.detail.discountApprovedBy", {
                name: sale.discountApprovedByName,
              })}
            </span>
          </>
        )}
      </p>
      <ShopChangedNotice />
      {doneText && !failure && (
        <Alert variant="success" data-testid="done">
          {doneText}
        </Alert>
      )}
      {sale.status === "void" && (
        <Alert variant="danger" data-testid="voided">
          {t("shops.invoices.detail.voided", {
            date: sale.voidedAt ? formatDateTime(sale.voidedAt, lang) : "",
            name: sale.voidedByName ?? t("shops.invoices.detail.someone"),
            reason: sale.voidReason ?? "",
          })}
        </Alert>
      )}

      <section className="mb-4" aria-labelledby="lines-title">
        <h2 className="h5" id="lines-title">
          {t("shops.invoices.detail.lines")}
        </h2>
        <Table responsive size="sm" data-testid="sale-lines">
          <thead>
            <tr>
              <th scope="col">{t("shops.invoices.detail.col.item")}</th>
              <th scope="col" className="text-end">
                {t("shops.invoices.detail.col.qty")}
              </th>
              {/* At phone width the price and discount go under the item's name (below). */}
              <th scope="col" className="text-end d-none d-sm-table-cell">
                {t("shops.invoices.detail.col.unitPrice")}
              </th>
              <th scope="col" className="text-end d-none d-sm-table-cell">
                {t("shops.invoices.detail.col.discount")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.invoices.detail.col.total")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.invoices.detail.col.returned")}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.itemName}
                  {line.options.map((option) => (
                    <div className="small" key={option.choiceName} data-testid="sale-line-option">
                      + {option.choiceName}
                      {option.priceSatang > 0 && ` +${formatSatang(option.priceSatang)}`}
                    </div>
                  ))}
                  <div className="small text-secondary">{line.sku}</div>
                  {line.typedPrice && (
                    <div className="small text-secondary" data-testid="sale-line-typed-price">
                      {line.typedPrice.open
                        ? t("shops.invoices.detail.openPrice")
                        : t("shops.invoices.detail.priceOverride", {
                            list: formatSatang(line.typedPrice.listSatang),
                          })}
                      {line.typedPrice.approverName &&
                        ` · ${t("shops.invoices.detail.priceApprovedBy", {
                          name: line.typedPrice.approverName,
                        })}`}
                    </div>
                  )}
                  <div className="small text-secondary d-sm-none" data-testid="sale-line-price">
                    {t("shops.invoices.detail.col.unitPrice")} {formatSatang(line.unitPriceSatang)}
                    {line.discountSatang > 0 &&
                      ` · ${t("shops.invoices.detail.col.discount")} ${formatSatang(line.discountSatang)}`}
                  </div>
                </td>
                <td className="text-end">
                  {formatQuantityMilli(line.qtyMilli, lang)} {line.unit}
                </td>
                <td className="text-end d-none d-sm-table-cell">
                  {formatSatang(line.unitPriceSatang)}
                </td>
                <td className="text-end d-none d-sm-table-cell">
                  {line.discountSatang > 0 ? formatSatang(line.discountSatang) : "–"}
                </td>
                <td className="text-end">{formatSatang(line.totalSatang)}</td>
                <td className="text-end">
                  {line.returnedMilli > 0 ? formatQuantityMilli(line.returnedMilli, lang) : "–"}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <FootLabel>{t("shops.invoices.detail.gross")}</FootLabel>
              <td className="text-end">{formatSatang(sale.grossSatang)}</td>
              <td />
            </tr>
            {sale.lineDiscountSatang + sale.billDiscountSatang > 0 && (
              <tr>
                <FootLabel>{t("shops.invoices.detail.discount")}</FootLabel>
                <td className="text-end">
                  {formatSatang(sale.lineDiscountSatang + sale.billDiscountSatang)}
                </td>
                <td />
              </tr>
            )}
            {sale.vatMode !== "none" && (
              <tr>
                <FootLabel>
                  {t("shops.invoices.detail.vat")} {sale.vatRateBasisPoints / 100}%
                </FootLabel>
                <td className="text-end">{formatSatang(sale.vatSatang)}</td>
                <td />
              </tr>
            )}
            <tr>
              <FootLabel>{t("shops.invoices.detail.total")}</FootLabel>
              <td className="text-end fw-bold" data-testid="sale-total">
                {formatSatang(sale.totalSatang)}
              </td>
              <td />
            </tr>
          </tfoot>
        </Table>
      </section>

      <section className="mb-4" aria-labelledby="payments-title">
        <h2 className="h5" id="payments-title">
          {t("shops.invoices.detail.payments")}
        </h2>
        <ul className="list-unstyled" data-testid="sale-payments">
          {payments.map((payment, index) => (
            <li key={index}>
              {t(PAYMENT_METHOD_TEXT[payment.method])}: {formatSatang(payment.amountSatang)}
              {payment.tenderedSatang !== payment.amountSatang && (
                <>
                  {" "}
                  (
                  {t("shops.invoices.detail.tendered", {
                    amount: formatSatang(payment.tenderedSatang),
                  })}
                  )
                </>
              )}
              {payment.reference && (
                <> · {t("shops.invoices.detail.reference", { reference: payment.reference })}</>
              )}
              {payment.cardLast4 && (
                <> · {t("shops.invoices.detail.card", { last4: payment.cardLast4 })}</>
              )}
            </li>
          ))}
          {sale.changeSatang > 0 && (
            <li>
              {t("shops.invoices.detail.change")}: {formatSatang(sale.changeSatang)}
            </li>
          )}
        </ul>
      </section>

      <section className="mb-4" aria-labelledby="print-title">
        <h2 className="h5" id="print-title">
          {t("shops.invoices.detail.print")}
        </h2>
        <div className="d-flex flex-wrap gap-2" data-testid="print-links">
          <a className="btn btn-outline-secondary" href={printHref("paper=58")}>
            {t("shops.invoices.detail.print58")}
          </a>
          <a className="btn btn-outline-secondary" href={printHref("paper=80")}>
            {t("shops.invoices.detail.print80")}
          </a>
          <a className="btn btn-outline-secondary" href={printHref("paper=a4")}>
            {t("shops.invoices.detail.printA4")}
          </a>
          {fullTaxInvoice && (
            <a className="btn btn-outline-secondary" href={printHref("doc=full")}>
              {t("shops.invoices.detail.printFull")}
            </a>
          )}
          {creditNotes.map((note) => (
            <a
              key={note.id}
              className="btn btn-outline-secondary"
              href={printHref(`doc=credit-${note.id}`)}
            >
              {t("shops.invoices.detail.printCredit", { number: note.documentNumber })}
            </a>
          ))}
        </div>
        <ReceiptEmailForm saleId={sale.id} shopId={shop.id} />
      </section>

      {fullTaxInvoice && (
        <p data-testid="full-invoice">
          {t("shops.invoices.full.issued", {
            number: fullTaxInvoice.documentNumber,
            name: fullTaxInvoice.buyerName,
          })}{" "}
          (
          {fullTaxInvoice.buyerBranchCode === "00000"
            ? t("shops.invoices.full.headOffice")
            : t("shops.invoices.full.branch", { code: fullTaxInvoice.buyerBranchCode })}
          )
        </p>
      )}

      {creditNotes.length > 0 && (
        <section className="mb-4" aria-labelledby="credit-title">
          <h2 className="h5" id="credit-title">
            {t("shops.invoices.detail.creditNotes")}
          </h2>
          <ul data-testid="credit-notes">
            {creditNotes.map((note) => (
              <li key={note.id}>
                {t("shops.invoices.detail.creditNoteLine", {
                  number: note.documentNumber,
                  amount: formatSatang(note.totalSatang),
                  reason: note.reason,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}

      {etax && <EtaxSection shopId={shop.id} etax={etax} failure={failed("etax")} busy={busy} />}

      {mayIssueFull && (
        <FullInvoiceForm
          key={loaderData.buyer?.customerId ?? "none"}
          buyer={loaderData.buyer}
          buyerLookup={loaderData.buyerLookup}
          shopId={shop.id}
          abbreviatedNumber={sale.documentNumber}
          failure={failed("full")}
          busy={busy}
        />
      )}
      {mayReturn && (
        <ReturnForm
          shopId={shop.id}
          lines={lines}
          asksBuyer={returnAsksBuyer}
          abbreviatedNumber={sale.documentNumber}
          failure={failed("return")}
          busy={busy}
        />
      )}
      {mayVoid && <VoidForm shopId={shop.id} failure={failed("void")} busy={busy} />}
      {voidNeedsCreditNote && (
        <p className="text-secondary" data-testid="void-needs-credit-note">
          {t("shops.invoices.error.hasReturns")}
        </p>
      )}
    </>
  );
}

/**
 * A total's label in the lines table: over the item, quantity, price and discount columns,
 * or over the item and quantity alone at phone width, where price and discount are hidden.
 */
function FootLabel({ children }: { children: React.ReactNode }) {
  return (
    <>
      <th scope="row" colSpan={2} className="text-end d-sm-none">
        {children}
      </th>
      <th scope="row" colSpan={4} className="text-end d-none d-sm-table-cell">
        {children}
      </th>
    </>
  );
}
