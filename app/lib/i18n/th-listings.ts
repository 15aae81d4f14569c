/** Thai interface text of the listings area (sent by that area's layout loader, see areas.ts). */
export const thListings = {
  "listings.title": "ประกาศซื้อขาย",
} as const;
