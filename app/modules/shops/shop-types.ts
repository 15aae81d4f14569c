// Plain constants, safe for the browser bundle (schema.ts pulls in Drizzle).

export const SHOP_ROLES = ["owner", "manager", "cashier", "stock"] as const;
export type ShopRole = (typeof SHOP_ROLES)[number];

export const BUSINESS_TYPES = [
  "grocery",
  "cafe",
  "restaurant",
  "beauty",
  "fashion",
  "hardware",
  "pharmacy",
  "electronics",
  "other",
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export function isShopRole(value: unknown): value is ShopRole {
  return typeof value === "string" && (SHOP_ROLES as readonly string[]).includes(value);
}

/** How long an invitation by e-mail can be accepted. */
export const INVITATION_TTL_DAYS = 14;
