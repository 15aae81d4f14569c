import { data } from "react-router";
import type { Route } from "./+types/email";
import { appContext } from "~/context";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";
import {
  emailReceiptLink,
  receiptEmailFormSchema,
  type ReceiptEmailRefusal,
  saleCustomerEmail,
} from "~/modules/sales/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { readSaleId } from "./document-request.server";
import type {
  ReceiptEmailActionData,
  ReceiptEmailAnswer,
} from "~/features/sales-documents/receipt-email-form";

/*
 * "Send by e-mail" of a sale's e-receipt (issue 37, decision 0094), from the till's completed
 * sale and from the sale's page: the GET gives the address to start with (the bill's customer's
 * e-mail, when they have one), the POST queues the e-mail with a fresh link in the outbox. The
 * refusal comes back with the typed address and a Thai message next to the field.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const saleId = readSaleId(params.id);
  if (saleId === null) throw data(null, { status: 404 });
  const email = await saleCustomerEmail(context.get(appContext).db, shop.id, saleId);
  if (email === null) throw data(null, { status: 404 });
  return Response.json({ email } satisfies ReceiptEmailAnswer, {
    headers: { "Cache-Control": "private, no-store" },
  });
}

const REFUSALS = {
  notFound: { status: 404, message: "shops.sell.ereceipt.error.notFound" },
  notAReceipt: { status: 409, message: "shops.sell.ereceipt.error.notAReceipt" },
  tooMany: { status: 429, message: "shops.sell.ereceipt.error.tooMany" },
} as const satisfies Record<ReceiptEmailRefusal, { status: number; message: MessageKey }>;

export const action = keepFormOnShopChange(async function action({
  request,
  context,
  params,
}: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const app = context.get(appContext);
  const form = await request.formData();
  const typed = String(form.get("email") ?? "").slice(0, 300);
  const refuse = (message: MessageKey, status: number, minutes?: number) =>
    data<ReceiptEmailActionData>(
      { values: { email: typed }, errors: { email: message }, ...(minutes ? { minutes } : {}) },
      { status },
    );
  const saleId = readSaleId(params.id);
  if (saleId === null) return refuse(REFUSALS.notFound.message, REFUSALS.notFound.status);
  const read = readForm(form, receiptEmailFormSchema);
  if (!read.ok) return refuse("shops.sell.ereceipt.error.email", 400);
  const result = await emailReceiptLink(app.db, {
    shopId: shop.id,
    saleId,
    to: read.data.email,
    origin: app.publicOrigin,
    th: serverTranslate("th"),
    en: serverTranslate("en"),
  });
  if (!result.ok) {
    const refusal = REFUSALS[result.error];
    const minutes = result.retryAfterSeconds ? Math.ceil(result.retryAfterSeconds / 60) : undefined;
    return refuse(refusal.message, refusal.status, minutes);
  }
  app.logger.info({ shopId: shop.id, saleId }, "e-receipt e-mailed");
  return data<ReceiptEmailActionData>({ done: "sent", email: result.to });
});
