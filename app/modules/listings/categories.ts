/** What members may post (the list); the keys of the "listings.category.*" texts. */
export const LISTING_CATEGORIES = [
  "house",
  "condo",
  "land",
  "car",
  "motorcycle",
  "machine",
  "other",
] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

/** draft: only its owner sees it; published: public; sold: still readable, out of the lists. */
export const LISTING_STATUSES = ["draft", "published", "sold"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export function isListingCategory(value: unknown): value is ListingCategory {
  return (LISTING_CATEGORIES as readonly unknown[]).includes(value);
}
