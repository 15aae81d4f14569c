import type { Lang, Translate } from "~/lib/i18n";
import type { SaleDocument } from "~/modules/sales";
import { savedPrinter } from "./saved-printer";

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
  // The ESC/POS encoder (with its code pages) and the painter load only when a till prints
  // silently, right after a sale the server answered: in the till's first load they were
  // 30 KB of its 150 KB script budget (docs/decisions: till printing code loaded on use).
  // The document's texts (with the amount in Thai words) load with them.
  const [
    { encodeReceipt, opensDrawer },
    { renderReceiptImage },
    { documentView },
    { sendToPrinter },
  ] = await Promise.all([
    import("./encode"),
    import("./raster"),
    import("../document-view"),
    import("./printers.client"),
  ]);
  const image = await renderReceiptImage(documentView(document, t, lang), printer.paper);
  const bytes = encodeReceipt(image, {
    paper: printer.paper,
    openDrawer: options.openDrawer ?? opensDrawer(document),
  });
  return sendToPrinter(bytes);
}
