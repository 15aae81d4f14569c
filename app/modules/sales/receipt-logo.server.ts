import {
  type FileStorage,
  PRIVATE_FOLDER,
  privateFileKey,
  processPrintLogo,
  removeStoredImage,
  storeImage,
  type StoredImage,
  storedImageUrl,
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
 * Stores a shop's receipt logo (media's storeImage): turned upright, laid on white, made small
 * and grey (processPrintLogo), a PNG under a key unique per upload.
 */
export function storeReceiptLogo(
  storage: FileStorage,
  shopId: string,
  file: File,
): Promise<StoredImage> {
  return storeImage(storage, file, {
    process: (input) => processPrintLogo(input, RECEIPT_LOGO_MAX_WIDTH, RECEIPT_LOGO_MAX_HEIGHT),
    format: "png",
    keyOf: (name) => privateFileKey(RECEIPT_LOGO_FOLDER, shopId, name),
  });
}

/** Deletes a stored logo (only keys this module wrote). */
export function removeReceiptLogo(storage: FileStorage, key: string | null): Promise<void> {
  return removeStoredImage(storage, key, LOGO_PREFIX);
}

/** Where the browser (and the print pages) load the logo from. */
export const receiptLogoUrl = storedImageUrl;
