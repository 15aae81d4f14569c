import type { ActiveShop } from "~/modules/shops/active-shop.server";
import type { ShopRole } from "~/modules/shops/schema";

/** Who may look at stock (cashiers see it to sell) and who may change it. */
export const STOCK_READERS: readonly ShopRole[] = ["owner", "manager", "stock", "cashier"];
export const STOCK_WRITERS: readonly ShopRole[] = ["owner", "manager", "stock"];

/**
 * Whether the member may reverse stock documents: owners and managers always; stock staff
 * only when the shop's owner allows it (shop.stock_may_reverse, shop settings); cashiers never.
 */
export function mayReverseDocuments(active: Pick<ActiveShop, "role" | "shop">): boolean {
  if (active.role === "owner" || active.role === "manager") return true;
  return active.role === "stock" && active.shop.stockMayReverse;
}

/** Cashiers sell; what the stock cost the shop is not theirs to see (PRODUCT.md). */
export function maySeeCosts(role: ShopRole): boolean {
  return role !== "cashier";
}
