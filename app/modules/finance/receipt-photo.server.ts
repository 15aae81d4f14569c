import {
  type FileStorage,
  ImageRejectedError,
  PRIVATE_FOLDER,
  privateFileKey,
  processImageVariants,
  removeStoredImage,
  storeImage,
  type StoredImage,
  storedImageUrl,
} from "~/modules/media/index.server";

/*
 * The photo of a supplier's receipt on an expense, through media's storeImage: checked by its
 * bytes (never its name or declared type), turned upright, stripped of metadata (GPS), resized
 * so the printed amounts stay readable (1600 px on the long side), stored as WebP. A shop's
 * private file (decision 0061): only its owners and managers open it.
 */

/** The folder of receipt photos among a shop's private files (private/receipts/<shopId>/…). */
export const RECEIPT_PHOTO_FOLDER = "receipts";
const RECEIPT_PREFIX = `${PRIVATE_FOLDER}${RECEIPT_PHOTO_FOLDER}/`;
const RECEIPT_VARIANT = [{ name: "receipt", maxSize: 1600, quality: 80 }] as const;

async function processReceiptPhoto(input: Uint8Array): Promise<Buffer> {
  const [variant] = (await processImageVariants(input, RECEIPT_VARIANT)).variants;
  if (!variant) throw new ImageRejectedError("not-image");
  return variant.webp;
}

export function storeReceiptPhoto(
  storage: FileStorage,
  shopId: string,
  file: File,
): Promise<StoredImage> {
  return storeImage(storage, file, {
    process: processReceiptPhoto,
    format: "webp",
    keyOf: (name) => privateFileKey(RECEIPT_PHOTO_FOLDER, shopId, name),
  });
}

/** Deletes a stored receipt photo (only keys this module wrote). */
export function removeReceiptPhoto(storage: FileStorage, key: string | null): Promise<void> {
  return removeStoredImage(storage, key, RECEIPT_PREFIX);
}

export const receiptPhotoUrl = storedImageUrl;
