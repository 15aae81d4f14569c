import { createHash, randomBytes } from "node:crypto";
import {
  type FileStorage,
  ImageRejectedError,
  type ImageRejection,
  MAX_IMAGE_BYTES,
  PRIVATE_FOLDER,
  privateFileKey,
  processImageVariants,
} from "~/modules/media/index.server";

/*
 * The photo of a supplier's receipt on an expense, through the shared image pipeline: checked
 * by its bytes (never its name or declared type), turned upright, stripped of metadata (GPS),
 * resized so the printed amounts stay readable (1600 px on the long side), stored as WebP.
 * A shop's private file (decision 0061): only its owners and managers open it.
 */

/** The folder of receipt photos among a shop's private files (private/receipts/<shopId>/…). */
export const RECEIPT_PHOTO_FOLDER = "receipts";
const RECEIPT_PREFIX = `${PRIVATE_FOLDER}${RECEIPT_PHOTO_FOLDER}/`;
const RECEIPT_VARIANT = [{ name: "receipt", maxSize: 1600, quality: 80 }] as const;

export async function storeReceiptPhoto(
  storage: FileStorage,
  shopId: string,
  file: File,
): Promise<{ ok: true; key: string } | { ok: false; error: ImageRejection }> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: "too-large" };
  let webp: Buffer;
  try {
    const processed = await processImageVariants(
      new Uint8Array(await file.arrayBuffer()),
      RECEIPT_VARIANT,
    );
    const [variant] = processed.variants;
    if (!variant) throw new ImageRejectedError("not-image");
    webp = variant.webp;
  } catch (error) {
    if (error instanceof ImageRejectedError) return { ok: false, error: error.reason };
    throw error;
  }
  const hash = createHash("sha256").update(webp).digest("hex").slice(0, 16);
  const name = `${hash}-${randomBytes(4).toString("hex")}.webp`;
  const key = privateFileKey(RECEIPT_PHOTO_FOLDER, shopId, name);
  await storage.put(key, webp, "image/webp");
  return { ok: true, key };
}

/** Deletes a stored receipt photo (only keys this module wrote). */
export async function removeReceiptPhoto(storage: FileStorage, key: string | null): Promise<void> {
  if (key?.startsWith(RECEIPT_PREFIX)) await storage.remove(key);
}

export function receiptPhotoUrl(
  storage: FileStorage,
  key: string | null | undefined,
): string | null {
  return key ? storage.urlOf(key) : null;
}
