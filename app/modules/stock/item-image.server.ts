import { createHash, randomBytes } from "node:crypto";
import {
  ImageRejectedError,
  type ImageRejection,
  MAX_IMAGE_BYTES,
  processSquareImage,
  type FileStorage,
} from "~/modules/media/index.server";

/** Item photos are shown small in lists and up to this size on the item's page. */
export const ITEM_IMAGE_SIZE = 512;

const ITEM_IMAGE_PREFIX = "items/";

/**
 * Stores an item photo: checked by content, turned upright, cropped square, re-encoded as
 * WebP without metadata. The key is unique per upload (two items with the same photo get
 * two files), so removing one item's photo never removes another's.
 */
export async function storeItemImage(
  storage: FileStorage,
  shopId: string,
  file: File,
): Promise<{ ok: true; key: string } | { ok: false; error: ImageRejection }> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: "too-large" };
  let webp: Buffer;
  try {
    webp = await processSquareImage(new Uint8Array(await file.arrayBuffer()), ITEM_IMAGE_SIZE);
  } catch (error) {
    if (error instanceof ImageRejectedError) return { ok: false, error: error.reason };
    throw error;
  }
  const hash = createHash("sha256").update(webp).digest("hex").slice(0, 16);
  const key = `${ITEM_IMAGE_PREFIX}${shopId}/${hash}-${randomBytes(4).toString("hex")}.webp`;
  await storage.put(key, webp, "image/webp");
  return { ok: true, key };
}

/** Deletes a stored item photo (only keys this module wrote). */
export async function removeItemImage(storage: FileStorage, key: string | null): Promise<void> {
  if (key?.startsWith(ITEM_IMAGE_PREFIX)) await storage.remove(key);
}

/** Where the browser loads an item photo from (/media/…, or the bucket's public address). */
export function itemImageUrl(storage: FileStorage, key: string | null): string | null {
  return key ? storage.urlOf(key) : null;
}
