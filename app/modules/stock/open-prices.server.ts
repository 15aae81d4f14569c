import { and, eq } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { itemOpenPrice } from "./schema";
import { announceStockChange } from "./stock-change-notifier.server";

/*
 * Items sold at a price typed at the till, ราคาตามจริง (issue 37, decision 0093): set on the
 * item's edit page, read by the till's catalogue and by completeSale.
 */

export interface ItemOpenPrice {
  minSatang: number | null;
  maxSatang: number | null;
}

/** The item's open-price bounds, or null when it sells at its own price. */
export async function findItemOpenPrice(
  db: DbExecutor,
  shopId: string,
  itemId: number,
): Promise<ItemOpenPrice | null> {
  const [row] = await db
    .select({ minSatang: itemOpenPrice.minSatang, maxSatang: itemOpenPrice.maxSatang })
    .from(itemOpenPrice)
    .where(and(eq(itemOpenPrice.shopId, shopId), eq(itemOpenPrice.itemId, itemId)));
  return row ?? null;
}

/**
 * Marks the shop's item as sold at an open price with these bounds, or (null) at its own price
 * again. The caller has found the item in the shop; the till's catalogue is told to reload.
 */
export async function setItemOpenPrice(
  db: Database,
  shopId: string,
  itemId: number,
  openPrice: ItemOpenPrice | null,
): Promise<void> {
  if (openPrice) {
    await db
      .insert(itemOpenPrice)
      .values({ shopId, itemId, ...openPrice })
      .onConflictDoUpdate({ target: itemOpenPrice.itemId, set: openPrice });
  } else {
    await db
      .delete(itemOpenPrice)
      .where(and(eq(itemOpenPrice.shopId, shopId), eq(itemOpenPrice.itemId, itemId)));
  }
  announceStockChange(db, shopId);
}
