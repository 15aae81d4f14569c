import { createHash, randomBytes } from "node:crypto";
import {
  type FileStorage,
  ImageRejectedError,
  type ImageRejection,
  MAX_IMAGE_BYTES,
  PRIVATE_FOLDER,
  privateFileKey,
  processPrintLogo,
} from "~/modules/media/index.server";

/**
 * A 58 mm printer prints 384 dots across, an 80 mm one 576: a logo 384 pixels wide fits both
 * rolls at one dot per pixel. 160 pixels high (2 cm) leaves the receipt short.
 */
export const RECEIPT_LOGO_MAX_WIDTH = 384;
export const RECEIPT_LOGO_MAX_HEIGHT = 160;

/**
 * The folder of receipt logos among a shop's private files (private/logos/<shopId>/…, decision
 * 0061): printed on every slip, but no public page shows it, so only the shop's members open it.
 */
export const RECEIPT_LOGO_FOLDER = "logos";
const LOGO_PREFIX = `${PRIVATE_FOLDER}${RECEIPT_LOGO_FOLDER}/`;

/**
 * Stores a shop's receipt logo: checked by its bytes (never its name or declared type), turned
 * upright, laid on white, made small and grey (processPrintLogo). The key is unique per upload,
 * so a receipt page cached with the old logo's address never shows the new one by mistake.
 */
export async function storeReceiptLogo(
  storage: FileStorage,
  shopId: string,
  file: File,
): Promise<{ ok: true; key: string } | { ok: false; error: ImageRejection }> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: "too-large" };
  let png: Buffer;
  try {
    png = await processPrintLogo(
      new Uint8Array(await file.arrayBuffer()),
      RECEIPT_LOGO_MAX_WIDTH,
      RECEIPT_LOGO_MAX_HEIGHT,
    );
  } catch (error) {
    if (error instanceof ImageRejectedError) return { ok: false, error: error.reason };
    throw error;
  }
  const hash = createHash("sha256").update(png).digest("hex").slice(0, 16);
  const key = privateFileKey(
    RECEIPT_LOGO_FOLDER,
    shopId,
    `${hash}-${randomBytes(4).toString("hex")}.png`,
  );
  await storage.put(key, png, "image/png");
  return { ok: true, key };
}

/** Deletes a stored logo (only keys this module wrote). */
export async function removeReceiptLogo(storage: FileStorage, key: string | null): Promise<void> {
  if (key?.startsWith(LOGO_PREFIX)) await storage.remove(key);
}

/** Where the browser (and the print pages) load the logo from. */
export function receiptLogoUrl(storage: FileStorage, key: string | null): string | null {
  return key ? storage.urlOf(key) : null;
}
