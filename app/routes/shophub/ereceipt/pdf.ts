import type { Route } from "./+types/pdf";
import { appContext } from "~/context";
import { a4Labels, documentView } from "~/features/sales-documents/document-view";
import { pdfFileName } from "~/features/sales-documents/links";
import { langOf } from "~/lib/i18n/lang.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { readStoredFile } from "~/modules/media/index.server";
import { renderDocumentPdf } from "~/routes/shophub/invoices/invoice-pdf.server";
import { readPublicReceipt } from "./public-receipt.server";

// The e-receipt as an A4 PDF (decision 0094): the same receipt the public page shows, for
// whoever holds the link. It counts nothing as printed: the shop's original is its own slip.
export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const lang = langOf(context);
  const receipt = await readPublicReceipt(app, params.token, lang);
  const t = serverTranslate(lang);
  if (!receipt) {
    return new Response(t("shops.ereceipt.notFound.text"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { document } = receipt;
  const logoKey = document.seller.logoKey;
  const logo = logoKey
    ? await readStoredFile(app.db, app.storage, logoKey).catch(() => null)
    : null;
  const pdf = await renderDocumentPdf(documentView(document, t, lang), a4Labels(t), logo);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdfFileName(document.documentNumber)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
