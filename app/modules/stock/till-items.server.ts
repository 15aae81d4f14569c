import { and, asc, eq } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { itemOpenPrice, stockItem, stockItemVariant, stockVariantGroup } from "./schema";
import { variantKey } from "./variant-form";

import { listRecipes } from "./recipes.server";
import { cachedShopStock } from "./stock-summary-cache.server";

/** One sellable item as the till's grid needs it: nothing more (thousands are sent at once). */
export interface TillItemRow {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  category: string;
  unit: string;
  priceSatang: number;
  /** Thousandths of the unit. */
  onHandMilli: number;
  imageKey: string | null;
  /** Sold by weight or length: the till asks the quantity, with up to 3 decimals. */
  measured: boolean;
  /** A variant's group (decision 0080): the till shows one tile per group and asks which. */
  variant: { groupId: number; groupName: string; label: string; position: number } | null;
  /** Sold at a price typed at the till, within these bounds (decision 0093); null: not. */
  openPrice: { minSatang: number | null; maxSatang: number | null } | null;
}

/**
 * The shop's active items for the till, by name. Archived items are not sold; costs are not
 * read (a cashier opens the till and sees no costs).
 */
export async function listTillItems(db: DbExecutor, shopId: string): Promise<TillItemRow[]> {
  const rows = await db
    .select({
      id: stockItem.id,
      name: stockItem.name,
      sku: stockItem.sku,
      barcode: stockItem.barcode,
      category: stockItem.category,
      unit: stockItem.unit,
      priceSatang: stockItem.priceSatang,
      onHand: stockItem.onHand,
      imageKey: stockItem.imageKey,
      measured: stockItem.measured,
      groupId: stockVariantGroup.id,
      groupName: stockVariantGroup.name,
      values: stockItemVariant.optionValues,
      position: stockItemVariant.position,
      openId: itemOpenPrice.id,
      openMin: itemOpenPrice.minSatang,
      openMax: itemOpenPrice.maxSatang,
    })
    .from(stockItem)
    .leftJoin(stockItemVariant, eq(stockItemVariant.itemId, stockItem.id))
    .leftJoin(stockVariantGroup, eq(stockVariantGroup.id, stockItemVariant.groupId))
    .leftJoin(itemOpenPrice, eq(itemOpenPrice.itemId, stockItem.id))
    .where(and(eq(stockItem.shopId, shopId), eq(stockItem.status, "active")))
    .orderBy(asc(stockItem.name), asc(stockItem.id));
  // A recipe item holds no stock (decision 0087): the till counts what can still be made.
  const recipes = new Map(
    (await listRecipes(db, shopId)).map((recipe) => [recipe.itemId, recipe.canMake * 1_000]),
  );
  return rows.map(
    ({ onHand, groupId, groupName, values, position, openId, openMin, openMax, ...row }) => ({
      ...row,
      openPrice: openId === null ? null : { minSatang: openMin, maxSatang: openMax },
      onHandMilli: recipes.get(row.id) ?? onHand,
      variant:
        groupId !== null && groupName !== null && values !== null
          ? { groupId, groupName, label: variantKey(values), position: position ?? 0 }
          : null,
    }),
  );
}

/**
 * The till's items as its page shows them, kept per shop until the shop's stock or items
 * change (every stock post and item edit announces it, on every instance: the same rule as
 * storehub's totals, stock-summary-cache.server.ts). A sale checks stock in the ledger itself.
 */
export function tillItemsForPage(db: Database, shopId: string): Promise<TillItemRow[]> {
  return cachedShopStock(
    shopId,
    "till-items",
    () => listTillItems(db, shopId),
    (rows) => rows.length,
  );
}
