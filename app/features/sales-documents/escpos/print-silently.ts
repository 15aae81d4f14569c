import type { Lang, Translate } from "~/lib/i18n";
import type { SaleDocument } from "~/modules/sales";
import { documentView } from "../document-view";
import { encodeReceipt, opensDrawer } from "./encode";
import { savedPrinter, sendToPrinter } from "./printers.client";
import { renderReceiptImage } from "./raster";

/**
 * Prints the receipt straight to this till's ESC/POS printer. Returns false when the till has
 * no printer (the caller opens the print page instead); throws when the printer fails.
 * The caller counts the print (POST to the document's print page), as the print page does
 * after the dialog.
 */
export async function printSilently(
  document: SaleDocument,
  t: Translate,
  lang: Lang,
  options: { openDrawer?: boolean } = {},
): Promise<boolean> {
  const printer = savedPrinter();
  if (!printer) return false;
  const image = await renderReceiptImage(documentView(document, t, lang), printer.paper);
  const bytes = encodeReceipt(image, {
    paper: printer.paper,
    openDrawer: options.openDrawer ?? opensDrawer(document),
  });
  return sendToPrinter(bytes);
}
