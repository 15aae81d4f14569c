import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/receipt-pdf";
import { appContext } from "~/context";
import { langOf } from "~/lib/i18n/lang.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { accountReceipt } from "~/modules/customers/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { renderReceiptPdf } from "./account-pdf.server";

// A payment on account's receipt (ใบเสร็จรับเงิน) as an A4 PDF (decision 0083).
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const paymentId = z.coerce.number().int().positive().safeParse(params.paymentId);
  const receipt = paymentId.success ? await accountReceipt(db, shop.id, paymentId.data) : null;
  if (!receipt || receipt.customerId !== params.id) throw data(null, { status: 404 });
  const lang = langOf(context);
  const pdf = await renderReceiptPdf({ seller: shop, receipt, t: serverTranslate(lang), lang });
  const name = receipt.documentNumber.replace(/[^A-Za-z0-9-]/g, "_");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
