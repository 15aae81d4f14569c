import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import type { StockItem } from "./items.server";
import { stockItem } from "./schema";

/** Most items one bulk action takes (a page of the list is 20). */
export const MAX_SELECTED_ITEMS = 200;

/** The items of this shop among the ids, by name (another shop's ids are not found). */
export async function findItemsOfShop(
  db: DbExecutor,
  shopId: string,
  ids: number[],
): Promise<StockItem[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(stockItem)
    .where(and(eq(stockItem.shopId, shopId), inArray(stockItem.id, ids)))
    .orderBy(asc(stockItem.name), asc(stockItem.id));
}
