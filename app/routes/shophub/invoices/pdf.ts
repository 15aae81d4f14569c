import type { Route } from "./+types/pdf";
import { langOf } from "~/lib/i18n/lang.server";
import { appContext } from "~/context";
import { a4Labels, documentView } from "~/features/sales-documents/document-view";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { countPrint, documentRef, loadDocument } from "./document-request.server";
import { renderDocumentPdf } from "./invoice-pdf.server";

// The A4 document as a PDF download (?doc=sale|full|credit-<id>). A PDF handed out is an
// issued document like a print: the first one is the original, later ones say สำเนา.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const app = context.get(appContext);
  const ref = documentRef(params, new URL(request.url));
  const document = await loadDocument(app.db, shop.id, ref, app.storage.urlOf);
  const original = await countPrint(app.db, shop.id, ref);
  const lang = langOf(context);
  const t = serverTranslate(lang);
  const view = documentView({ ...document, isCopy: !original }, t, lang);
  // A logo that cannot be read (removed meanwhile) leaves the document without one.
  const logoKey = document.seller.logoKey;
  const logo = logoKey ? await app.storage.get(logoKey).catch(() => null) : null;
  const pdf = await renderDocumentPdf(view, a4Labels(t), logo);
  // The number is Latin letters, digits and a dash: safe as a file name as it is.
  const fileName = `${document.documentNumber.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
