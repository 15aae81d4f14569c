import { data } from "react-router";
import type { Route } from "./+types/slips";
import { appContext } from "~/context";
import { a4Labels, documentView } from "~/features/sales-documents/document-view";
import { langOf } from "~/lib/i18n/lang.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { getSaleDocument } from "~/modules/sales/index.server";
import { slipsOfDay } from "~/modules/journal/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { renderDocumentsPdf } from "~/routes/shophub/invoices/invoice-pdf.server";
import { JOURNAL_ROLES } from "~/routes/shophub/till-days/roles";

// A till's slips of one Bangkok day as one PDF (decision 0072): each slip the journal recorded,
// in the journal's order, on A4 as a copy (สำเนา); printing it here counts no print.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(JOURNAL_ROLES)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const app = context.get(appContext);
  const till = url.searchParams.get("till") ?? "";
  const day = url.searchParams.get("day") ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(till) || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    throw data("วันที่หรือเครื่องไม่ถูกต้อง", { status: 400 });
  }
  const lang = langOf(context);
  const t = serverTranslate(lang);
  const ids = await slipsOfDay(app.db, shop.id, till, day);
  const views = [];
  for (const saleId of ids) {
    const document = await getSaleDocument(
      app.db,
      shop.id,
      { saleId, doc: "sale" },
      { logoUrlOf: app.storage.urlOf },
    );
    if (document) views.push(documentView({ ...document, isCopy: true }, t, lang));
  }
  if (views.length === 0) throw data(t("shops.journal.noSlips"), { status: 404 });
  const pdf = await renderDocumentsPdf(views, a4Labels(t), `slips-${day}`);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="slips-${day}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
