import type { thListings } from "./th-listings";

/** English interface text of the listings area; a missing key is a type error. */
export const enListings: Record<keyof typeof thListings, string> = {
  "listings.title": "Listings",
};
