import { and, asc, eq, ilike, inArray, or } from "drizzle-orm";
import { containsPattern } from "~/db/escape-like";
import type { Database, DbExecutor } from "~/db/client.server";
import { itemLevelPrice, priceLevel, salePriceLevel, stockItem } from "~/db/schema";
import { pgErrorOf } from "~/db/pg-error";
import type { LevelPriceStore } from "~/modules/stock/index.server";
import type { LevelBreak } from "./price-level";

/*
 * The shop's price levels and their prices (issue 37, decision 0089), always read within the
 * member's shop: a level or a price of another shop is never found.
 */

export interface PriceLevelRow {
  id: number;
  name: string;
}

/** The shop's price levels by name (ราคาปลีก, the item's own price, is not one of them). */
export async function listPriceLevels(db: Database, shopId: string): Promise<PriceLevelRow[]> {
  return db
    .select({ id: priceLevel.id, name: priceLevel.name })
    .from(priceLevel)
    .where(eq(priceLevel.shopId, shopId))
    .orderBy(asc(priceLevel.name));
}

/**
 * The breaks of a level for the given items (all the shop's items without `itemIds`), by item:
 * null when the level is not the shop's.
 */
export async function levelBreaks(
  db: Database,
  shopId: string,
  levelId: number,
  itemIds?: readonly number[],
): Promise<Map<number, LevelBreak[]> | null> {
  const [level] = await db
    .select({ id: priceLevel.id })
    .from(priceLevel)
    .where(and(eq(priceLevel.shopId, shopId), eq(priceLevel.id, levelId)));
  if (!level) return null;
  if (itemIds && itemIds.length === 0) return new Map();
  const rows = await db
    .select({
      itemId: itemLevelPrice.itemId,
      minQtyMilli: itemLevelPrice.minQtyMilli,
      priceSatang: itemLevelPrice.priceSatang,
    })
    .from(itemLevelPrice)
    .where(
      and(
        eq(itemLevelPrice.shopId, shopId),
        eq(itemLevelPrice.priceLevelId, levelId),
        itemIds ? inArray(itemLevelPrice.itemId, [...itemIds]) : undefined,
      ),
    )
    .orderBy(asc(itemLevelPrice.itemId), asc(itemLevelPrice.minQtyMilli));
  const byItem = new Map<number, LevelBreak[]>();
  for (const { itemId, ...b } of rows) {
    const list = byItem.get(itemId) ?? [];
    list.push(b);
    byItem.set(itemId, list);
  }
  return byItem;
}

/** Every level's breaks for the shop's items, for the till's catalogue: level → item → breaks. */
export async function allLevelPrices(
  db: Database,
  shopId: string,
): Promise<Record<number, Record<number, LevelBreak[]>>> {
  const rows = await db
    .select({
      levelId: itemLevelPrice.priceLevelId,
      itemId: itemLevelPrice.itemId,
      minQtyMilli: itemLevelPrice.minQtyMilli,
      priceSatang: itemLevelPrice.priceSatang,
    })
    .from(itemLevelPrice)
    .where(eq(itemLevelPrice.shopId, shopId))
    .orderBy(asc(itemLevelPrice.minQtyMilli));
  const out: Record<number, Record<number, LevelBreak[]>> = {};
  for (const { levelId, itemId, ...b } of rows) {
    const level = (out[levelId] ??= {});
    (level[itemId] ??= []).push(b);
  }
  return out;
}

/**
 * Sets an item's prices at a level: `breaks` replaces what it had (none: the item sells at
 * its own price at that level). The item and the level must be the shop's.
 */
export async function setItemLevelPrices(
  db: Database,
  shopId: string,
  levelId: number,
  itemId: number,
  breaks: readonly LevelBreak[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: stockItem.id })
      .from(stockItem)
      .innerJoin(priceLevel, and(eq(priceLevel.shopId, shopId), eq(priceLevel.id, levelId)))
      .where(and(eq(stockItem.shopId, shopId), eq(stockItem.id, itemId)));
    if (!owned) return false;
    await tx
      .delete(itemLevelPrice)
      .where(
        and(
          eq(itemLevelPrice.shopId, shopId),
          eq(itemLevelPrice.priceLevelId, levelId),
          eq(itemLevelPrice.itemId, itemId),
        ),
      );
    if (breaks.length > 0) {
      await tx.insert(itemLevelPrice).values(
        breaks.map((b) => ({
          shopId,
          priceLevelId: levelId,
          itemId,
          minQtyMilli: b.minQtyMilli,
          priceSatang: b.priceSatang,
        })),
      );
    }
    return true;
  });
}

export type PriceLevelError = "nameEmpty" | "nameTooLong" | "nameTaken" | "notFound";

/** Adds a price level to the shop (its name unique in the shop, 1-60 characters). */
export async function createPriceLevel(
  db: Database,
  shopId: string,
  rawName: string,
): Promise<{ ok: true; level: PriceLevelRow } | { ok: false; error: PriceLevelError }> {
  const name = rawName.trim();
  if (name === "") return { ok: false, error: "nameEmpty" };
  if (name.length > 60) return { ok: false, error: "nameTooLong" };
  try {
    const [level] = await db
      .insert(priceLevel)
      .values({ shopId, name })
      .returning({ id: priceLevel.id, name: priceLevel.name });
    if (!level) throw new Error("createPriceLevel: no row");
    return { ok: true, level };
  } catch (error) {
    if (pgErrorOf(error)?.code === "23505") return { ok: false, error: "nameTaken" };
    throw error;
  }
}

/** Removes one of the shop's price levels and its prices (sales keep the prices they sold at). */
export async function deletePriceLevel(
  db: Database,
  shopId: string,
  levelId: number,
): Promise<boolean> {
  const gone = await db
    .delete(priceLevel)
    .where(and(eq(priceLevel.shopId, shopId), eq(priceLevel.id, levelId)))
    .returning({ id: priceLevel.id });
  return gone.length > 0;
}

export interface LevelItemRow {
  id: number;
  name: string;
  sku: string;
  unit: string;
  retailSatang: number;
  breaks: LevelBreak[];
}

/** The shop's active items (by name or SKU when searched, at most 50) with their prices at a level. */
export async function itemsAtLevel(
  db: Database,
  shopId: string,
  levelId: number,
  search: string,
): Promise<LevelItemRow[]> {
  const q = search.trim();
  const items = await db
    .select({
      id: stockItem.id,
      name: stockItem.name,
      sku: stockItem.sku,
      unit: stockItem.unit,
      retailSatang: stockItem.priceSatang,
    })
    .from(stockItem)
    .where(
      and(
        eq(stockItem.shopId, shopId),
        eq(stockItem.status, "active"),
        q
          ? or(ilike(stockItem.name, containsPattern(q)), ilike(stockItem.sku, containsPattern(q)))
          : undefined,
      ),
    )
    .orderBy(asc(stockItem.name))
    .limit(50);
  const breaks = await levelBreaks(
    db,
    shopId,
    levelId,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, breaks: breaks?.get(item.id) ?? [] }));
}

/** The name of the price level a sale of the shop was sold at; null at ราคาปลีก. */
export async function salePriceLevelName(
  db: Database,
  shopId: string,
  saleId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ name: salePriceLevel.levelName })
    .from(salePriceLevel)
    .where(and(eq(salePriceLevel.shopId, shopId), eq(salePriceLevel.saleId, saleId)));
  return row?.name ?? null;
}

/**
 * The price levels as the item CSV reads and writes them (decision 0097): the storehub routes
 * hand this to the stock module's import and export, which may not reach into these tables.
 */
export const levelPriceStore: LevelPriceStore = {
  levels: (db, shopId) =>
    db
      .select({ id: priceLevel.id, name: priceLevel.name })
      .from(priceLevel)
      .where(eq(priceLevel.shopId, shopId))
      .orderBy(asc(priceLevel.name), asc(priceLevel.id)),
  pricesOfItems: async (db, shopId, itemIds) =>
    itemIds.length === 0
      ? []
      : db
          .select({
            levelId: itemLevelPrice.priceLevelId,
            itemId: itemLevelPrice.itemId,
            minQtyMilli: itemLevelPrice.minQtyMilli,
            priceSatang: itemLevelPrice.priceSatang,
          })
          .from(itemLevelPrice)
          .where(
            and(eq(itemLevelPrice.shopId, shopId), inArray(itemLevelPrice.itemId, [...itemIds])),
          )
          .orderBy(asc(itemLevelPrice.minQtyMilli)),
  replace: async (tx: DbExecutor, shopId, { itemIds, levelIds, rows }) => {
    if (itemIds.length === 0 || levelIds.length === 0) return;
    await tx
      .delete(itemLevelPrice)
      .where(
        and(
          eq(itemLevelPrice.shopId, shopId),
          inArray(itemLevelPrice.itemId, [...itemIds]),
          inArray(itemLevelPrice.priceLevelId, [...levelIds]),
        ),
      );
    for (let from = 0; from < rows.length; from += 2_000) {
      await tx.insert(itemLevelPrice).values(
        rows.slice(from, from + 2_000).map(({ levelId, ...price }) => ({
          shopId,
          priceLevelId: levelId,
          ...price,
        })),
      );
    }
  },
};
