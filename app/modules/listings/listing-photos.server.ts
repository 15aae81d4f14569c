import {
  type FileStorage,
  processImageVariants,
  type ProcessedImage,
} from "~/modules/media/index.server";

/**
 * The sizes stored for each photo (longer side, pixels). Cards use thumb and card through
 * `srcset`, the gallery card and full. AVIF is not made: encoding it took several times
 * longer than WebP and would break the one-second budget for a 12-megapixel photo.
 */
export const LISTING_PHOTO_VARIANTS = [
  { name: "thumb", maxSize: 320, quality: 72 },
  { name: "card", maxSize: 640, quality: 76 },
  { name: "full", maxSize: 1600, quality: 80 },
] as const;
export type PhotoVariantName = (typeof LISTING_PHOTO_VARIANTS)[number]["name"];

/** Checks, turns upright, strips metadata and resizes one uploaded photo (see media/). */
export function processListingPhoto(input: Uint8Array): Promise<ProcessedImage> {
  return processImageVariants(input, LISTING_PHOTO_VARIANTS);
}

/** Storage key prefix of one photo: a fresh id per upload, so its files never change. */
export function photoStorageKey(listingId: string, photoId: string): string {
  return `listings/${listingId}/${photoId}`;
}

export function variantKey(storageKey: string, variant: PhotoVariantName): string {
  return `${storageKey}-${variant}.webp`;
}

/** Writes every variant of a processed photo under `storageKey`. */
export async function storePhotoFiles(
  storage: FileStorage,
  storageKey: string,
  image: ProcessedImage,
): Promise<void> {
  await Promise.all(
    image.variants.map((variant) =>
      storage.put(
        variantKey(storageKey, variant.name as PhotoVariantName),
        variant.webp,
        "image/webp",
      ),
    ),
  );
}

/** Deletes every variant of a photo; a file that is already gone is fine. */
export async function removePhotoFiles(storage: FileStorage, storageKey: string): Promise<void> {
  await Promise.all(
    LISTING_PHOTO_VARIANTS.map((variant) => storage.remove(variantKey(storageKey, variant.name))),
  );
}

/** Width of a variant, computed the way sharp's "inside" resize does (never enlarged). */
function variantSize(width: number, height: number, maxSize: number) {
  const scale = Math.min(1, maxSize / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** What a page needs to show a photo: URLs and `srcset` lists, computed on the server. */
export interface PhotoView {
  id: string;
  isCover: boolean;
  thumb: string;
  card: string;
  full: string;
  /** For cards and lists (thumb and card). */
  cardSrcSet: string;
  /** For the gallery (card and full). */
  fullSrcSet: string;
  width: number;
  height: number;
}

export function photoView(
  storage: FileStorage,
  photo: { id: string; isCover: boolean; storageKey: string; width: number; height: number },
): PhotoView {
  const url = (variant: PhotoVariantName) => storage.urlOf(variantKey(photo.storageKey, variant));
  const size = Object.fromEntries(
    LISTING_PHOTO_VARIANTS.map((v) => [v.name, variantSize(photo.width, photo.height, v.maxSize)]),
  ) as Record<PhotoVariantName, { width: number; height: number }>;
  return {
    id: photo.id,
    isCover: photo.isCover,
    thumb: url("thumb"),
    card: url("card"),
    full: url("full"),
    cardSrcSet: `${url("thumb")} ${size.thumb.width}w, ${url("card")} ${size.card.width}w`,
    fullSrcSet: `${url("card")} ${size.card.width}w, ${url("full")} ${size.full.width}w`,
    width: size.full.width,
    height: size.full.height,
  };
}
