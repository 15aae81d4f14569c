import type { Route } from "./+types/pdf";
import { langOf } from "~/lib/i18n/lang.server";
import { appContext } from "~/context";
import { a4Labels, documentView } from "~/features/sales-documents/document-view";
import { pdfFileName } from "~/features/sales-documents/links";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { readStoredFile } from "~/modules/media/index.server";
import { withGivenReceiptLink } from "~/modules/sales/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { countPrint, documentRef, loadDocument } from "./document-request.server";
import { renderDocumentPdf } from "./invoice-pdf.server";

// The A4 document as a PDF (?doc=sale|full|credit-<id>). A PDF handed out is an issued document
// like a print, so the print page's download button posts: the first post is the original and
// later ones say สำเนา. A GET (a link preview, a prefetch, an address typed again) changes
// nothing and is always a copy: no original exists that was not counted.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export function loader(args: Route.LoaderArgs) {
  return documentPdf(args, false);
}

/** Hands the PDF out from the print page's button: counted like a print. */
export function action(args: Route.ActionArgs) {
  return documentPdf(args, true);
}

async function documentPdf(
  { request, context, params }: Route.LoaderArgs | Route.ActionArgs,
  handedOut: boolean,
): Promise<Response> {
  const { shop } = await chosenShopOf(context, request);
  const app = context.get(appContext);
  const ref = documentRef(params, new URL(request.url));
  const loaded = await loadDocument(app.db, shop.id, ref, app.storage.urlOf);
  // The e-receipt QR (decision 0094): the print page's button sends the link its page shows, so
  // the PDF carries the same one and writes no other. A GET changes nothing: no link, no QR.
  const document = handedOut
    ? await withGivenReceiptLink(
        app.db,
        shop.id,
        ref.saleId,
        loaded,
        String((await request.formData()).get("receiptLink") ?? ""),
        app.publicOrigin,
      )
    : loaded;
  const original = handedOut && (await countPrint(app.db, shop.id, ref));
  const lang = langOf(context);
  const t = serverTranslate(lang);
  const view = documentView({ ...document, isCopy: !original }, t, lang);
  // A logo that cannot be read (removed meanwhile) leaves the document without one.
  const logoKey = document.seller.logoKey;
  const logo = logoKey
    ? await readStoredFile(app.db, app.storage, logoKey).catch(() => null)
    : null;
  const pdf = await renderDocumentPdf(view, a4Labels(t), logo);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdfFileName(document.documentNumber)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
