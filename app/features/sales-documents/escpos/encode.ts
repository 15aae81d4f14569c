import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import type { SaleDocument } from "~/modules/sales";

/*
 * ESC/POS bytes of a receipt picture: the image as GS v 0 raster commands (every ESC/POS
 * printer since the 1990s takes them; the older ESC * column mode needs per-model line
 * spacing), a partial cut, and the cash drawer's kick pulse for a cash sale only.
 */

export interface ReceiptImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export function encodeReceipt(
  image: ReceiptImage,
  options: { paper: "58" | "80"; openDrawer: boolean },
): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: "esc-pos",
    imageMode: "raster",
    // 12-dot characters: 32 columns are the 384 dots of a 58 mm head, 48 the 576 of 80 mm.
    columns: options.paper === "58" ? 32 : 48,
    feedBeforeCut: 4,
  });
  // The encoder reads a plain { data, width, height } object as pixels.
  let receipt = encoder
    .initialize()
    .image(
      { data: image.data, width: image.width, height: image.height },
      image.width,
      image.height,
      "threshold",
    )
    .cut("partial");
  if (options.openDrawer) receipt = receipt.pulse();
  return receipt.encode();
}

/** Whether the sale's receipt should open the cash drawer: money changed hands in cash. */
export function opensDrawer(document: SaleDocument): boolean {
  return (
    document.kind !== "creditNote" &&
    document.status === "completed" &&
    document.payments.some((payment) => payment.method === "cash")
  );
}
