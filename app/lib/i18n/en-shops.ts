import type { thShops } from "./th-shops";

/** English interface text of the shops area; a missing key is a type error. */
export const enShops: Record<keyof typeof thShops, string> = {
  "shops.error.lastOwner":
    "A shop needs at least one owner: the last owner cannot be changed or removed.",
  "shops.error.notMember": "This person is no longer a member of the shop.",
  "shops.error.taxIdInvalid": "The tax ID is not valid: it has 13 digits and a check digit.",
};
