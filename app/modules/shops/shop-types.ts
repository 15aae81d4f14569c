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

/**
 * Whether a role sees what the stock cost the shop and what follows from it: unit and average
 * cost, value at cost, margin, gross profit. Cashiers sell and see none of it (PRODUCT.md);
 * stock staff receive goods at their cost, so they do. The one rule every loader, read model
 * and CSV asks (decision 0061).
 */
export function maySeeCosts(role: ShopRole): boolean {
  return role !== "cashier";
}

/** How long an invitation by e-mail can be accepted. */
export const INVITATION_TTL_DAYS = 14;

/**
 * The hidden field every form that changes a shop's data carries: the id of the shop the
 * page was rendered for. The server refuses the post (409) when it is missing or is no
 * longer the shop the action would write to (app/routes/_gates/shop-form.server.ts).
 */
export const SHOP_FORM_FIELD = "shopId";

/** What an action answers (409) when the form was rendered for another shop. */
export interface ShopChangedResult {
  shopChanged: {
    /** The shop the form named, or null when it named none. */
    sentShopId: string | null;
    /** The shop the member is working in now. */
    current: { id: string; name: string };
  };
  /** What was typed (not passwords, not files), so the page can show it again. */
  values: Record<string, string>;
  errors: Record<string, never>;
}

export function isShopChangedResult(value: unknown): value is ShopChangedResult {
  return typeof value === "object" && value !== null && "shopChanged" in value;
}
