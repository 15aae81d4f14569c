import {
  type FileStorage,
  processSquareImage,
  removeStoredImage,
  storeImage,
  type StoredImage,
  storedImageUrl,
} from "~/modules/media/index.server";

/** Item photos are shown small in lists and up to this size on the item's page. */
export const ITEM_IMAGE_SIZE = 512;

const ITEM_IMAGE_PREFIX = "items/";

/**
 * Stores an item photo (media's storeImage): turned upright, cropped square, re-encoded as WebP
 * without metadata, at items/<shopId>/<hash>-<random>.webp.
 */
export function storeItemImage(
  storage: FileStorage,
  shopId: string,
  file: File,
): Promise<StoredImage> {
  return storeImage(storage, file, {
    process: (input) => processSquareImage(input, ITEM_IMAGE_SIZE),
    format: "webp",
    keyOf: (name) => `${ITEM_IMAGE_PREFIX}${shopId}/${name}`,
  });
}

/** Deletes a stored item photo (only keys this module wrote). */
export function removeItemImage(storage: FileStorage, key: string | null): Promise<void> {
  return removeStoredImage(storage, key, ITEM_IMAGE_PREFIX);
}

/** Where the browser loads an item photo from (/media/…, or the bucket's public address). */
export const itemImageUrl = storedImageUrl;
