import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import { pageWindow, toPage, type Page } from "~/lib/paging";
import type { ItemFields } from "./item-form";
import { postStockDocument, type StockError } from "./ledger.server";
import { announceStockChange } from "./stock-change-notifier.server";
import { stockItem, type ItemStatus } from "./schema";

export type StockItem = typeof stockItem.$inferSelect;

export type ItemWriteResult =
  | { ok: true; item: StockItem }
  | {
      ok: false;
      field: "sku" | "barcode";
      /** The storehub routes say it next to the field (app/routes/storehub/errors.ts). */
      error: "sku-taken" | "barcode-taken";
    }
  | { ok: false; field: "opening"; error: StockError };

/** A duplicate SKU or barcode in the shop, reported next to its field. */
function duplicateFieldOf(error: unknown): ItemWriteResult | null {
  const { code, constraint } = pgErrorOf(error) ?? {};
  if (code !== "23505") return null;
  if (constraint === "stock_item_shop_sku") {
    return { ok: false, field: "sku", error: "sku-taken" };
  }
  if (constraint === "stock_item_shop_barcode") {
    return { ok: false, field: "barcode", error: "barcode-taken" };
  }
  return null;
}

function itemValues(fields: ItemFields) {
  return {
    name: fields.name,
    sku: fields.sku,
    barcode: fields.barcode,
    category: fields.category,
    unit: fields.unit,
    priceSatang: fields.price,
    costSatang: fields.cost,
    reorderLevel: fields.reorderLevel,
    measured: fields.measured,
  };
}

/**
 * Adds an item; with opening stock, the opening receipt is posted in the same transaction
 * (at the item's cost), so an item never exists with a quantity the ledger cannot explain.
 */
export async function createItem(
  db: Database,
  input: {
    shopId: string;
    userId: string;
    fields: ItemFields;
    imageKey?: string | null;
    opening?: { qty: number; locationId: number } | null;
  },
): Promise<ItemWriteResult> {
  try {
    const created = await db.transaction(async (tx) => {
      const [item] = await tx
        .insert(stockItem)
        .values({
          shopId: input.shopId,
          ...itemValues(input.fields),
          imageKey: input.imageKey ?? null,
        })
        .returning();
      if (!item) throw new Error("item insert returned no row");
      if (!input.opening || input.opening.qty <= 0) return { ok: true, item } as const;
      const posted = await postStockDocument(tx, {
        shopId: input.shopId,
        userId: input.userId,
        kind: "opening",
        lines: [
          {
            itemId: item.id,
            locationId: input.opening.locationId,
            qty: input.opening.qty,
            unitCostSatang: input.fields.cost,
          },
        ],
      });
      if (!posted.ok) {
        // Roll the item back too: the member fixes the opening stock and tries again.
        throw new OpeningFailed(posted.error);
      }
      const [withStock] = await tx.select().from(stockItem).where(eq(stockItem.id, item.id));
      return { ok: true, item: withStock ?? item } as const;
    });
    announceStockChange(db, input.shopId);
    return created;
  } catch (error) {
    if (error instanceof OpeningFailed)
      return { ok: false, field: "opening", error: error.stockError };
    const duplicate = duplicateFieldOf(error);
    if (duplicate) return duplicate;
    throw error;
  }
}

class OpeningFailed extends Error {
  constructor(readonly stockError: StockError) {
    super("opening stock could not be posted");
  }
}

/** Changes an item's details; its quantity and cost history change only through the ledger. */
export async function updateItem(
  db: Database,
  input: { shopId: string; itemId: number; fields: ItemFields; imageKey?: string | null },
): Promise<ItemWriteResult | { ok: false; field: null; error: "notFound" }> {
  try {
    const [item] = await db
      .update(stockItem)
      .set({
        ...itemValues(input.fields),
        ...(input.imageKey === undefined ? {} : { imageKey: input.imageKey }),
        updatedAt: new Date(),
      })
      .where(and(eq(stockItem.shopId, input.shopId), eq(stockItem.id, input.itemId)))
      .returning();
    if (!item) return { ok: false, field: null, error: "notFound" };
    // Counts, low stock and values on storehub pages may change with the item's details.
    announceStockChange(db, input.shopId);
    return { ok: true, item };
  } catch (error) {
    const duplicate = duplicateFieldOf(error);
    if (duplicate) return duplicate;
    throw error;
  }
}

/** An item of this shop, or null: another shop's id is not found, never revealed. */
export async function findItem(
  db: DbExecutor,
  shopId: string,
  itemId: number,
): Promise<StockItem | null> {
  if (!Number.isSafeInteger(itemId) || itemId <= 0) return null;
  const [item] = await db
    .select()
    .from(stockItem)
    .where(and(eq(stockItem.shopId, shopId), eq(stockItem.id, itemId)));
  return item ?? null;
}

/**
 * The items of the shop that match what a person or a scanner typed, by THE lookup rule:
 * the database's stock_item_matches (drizzle/functions/), which the posting functions use too.
 * Barcode or SKU (upper-cased) first; then, with `byName`, the exact name (case-insensitive).
 * At most two: one is the item, two mean the name is ambiguous.
 */
export async function matchItemsByText(
  db: DbExecutor,
  shopId: string,
  text: string,
  byName: boolean,
): Promise<StockItem[]> {
  return db
    .select()
    .from(stockItem)
    .where(
      and(
        eq(stockItem.shopId, shopId),
        sql`${stockItem.id} = ANY(stock_item_matches(${shopId}::uuid, ${text}, ${byName}))`,
      ),
    );
}

/** The item a scanner or a person typed: exact barcode or SKU first (case-insensitive SKU). */
export async function findItemByCode(
  db: DbExecutor,
  shopId: string,
  code: string,
): Promise<StockItem | null> {
  const value = code.trim();
  if (!value) return null;
  const [item] = await matchItemsByText(db, shopId, value, false);
  return item ?? null;
}

/** Archives or restores items: archived items are hidden from selling, their history stays. */
export async function setItemsStatus(
  db: Database,
  shopId: string,
  itemIds: number[],
  status: ItemStatus,
): Promise<number> {
  if (itemIds.length === 0) return 0;
  const updated = await db
    .update(stockItem)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(stockItem.shopId, shopId), inArray(stockItem.id, itemIds)))
    .returning({ id: stockItem.id });
  if (updated.length > 0) announceStockChange(db, shopId);
  return updated.length;
}

export type DeleteItemResult = { ok: true } | { ok: false; error: "notFound" | "hasMovements" };

/**
 * Deletes an item for good, only when it never moved: an item with history can only be
 * archived, so that the ledger stays complete.
 */
export async function deleteItemForever(
  db: Database,
  shopId: string,
  itemId: number,
): Promise<DeleteItemResult> {
  const item = await findItem(db, shopId, itemId);
  if (!item) return { ok: false, error: "notFound" };
  // has_movements is set in the same statement that writes the first movement, and the FK
  // from stock_movement refuses the delete anyway if one slips in between.
  const deleted = await db
    .delete(stockItem)
    .where(
      and(
        eq(stockItem.shopId, shopId),
        eq(stockItem.id, itemId),
        eq(stockItem.hasMovements, false),
      ),
    )
    .returning({ id: stockItem.id });
  if (deleted.length === 0) return { ok: false, error: "hasMovements" };
  announceStockChange(db, shopId);
  return { ok: true };
}

export const ITEM_SORTS = ["name", "sku", "onHand", "value", "price", "updated"] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

export interface ItemQuery {
  search?: string;
  status?: ItemStatus | "all";
  /** Only items at or below their reorder level. */
  lowStock?: boolean;
  sort?: ItemSort;
  descending?: boolean;
  page: number;
  pageSize?: number;
  /** How many items match, when the caller has counted them already: skips a second count. */
  knownTotal?: number;
}

const SORT_COLUMNS = {
  name: stockItem.name,
  sku: stockItem.sku,
  onHand: stockItem.onHand,
  value: stockItem.stockValueSatang,
  price: stockItem.priceSatang,
  updated: stockItem.updatedAt,
} as const;

/** The condition behind "below reorder level" (only items that have a level set). */
export const isLowStock = sql`(${stockItem.reorderLevel} > 0 AND ${stockItem.onHand} <= ${stockItem.reorderLevel})`;

export interface LowStockItem {
  itemId: number;
  name: string;
  sku: string;
  unit: string;
  /** Thousandths. */
  onHandMilli: number;
  reorderLevelMilli: number;
}

/**
 * The shop's active items at or below their reorder level, the furthest below first, at most
 * `limit` of them, and how many there are in all.
 */
export async function lowStockItems(
  db: DbExecutor,
  shopId: string,
  limit: number,
): Promise<{ items: LowStockItem[]; count: number }> {
  const where = and(eq(stockItem.shopId, shopId), eq(stockItem.status, "active"), isLowStock);
  const [items, [counted]] = await Promise.all([
    db
      .select({
        itemId: stockItem.id,
        name: stockItem.name,
        sku: stockItem.sku,
        unit: stockItem.unit,
        onHandMilli: stockItem.onHand,
        reorderLevelMilli: stockItem.reorderLevel,
      })
      .from(stockItem)
      .where(where)
      .orderBy(sql`${stockItem.onHand} - ${stockItem.reorderLevel}`, stockItem.name)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockItem)
      .where(where),
  ]);
  return { items, count: counted?.n ?? 0 };
}

/** A page of the shop's items: search by name, SKU or barcode, filter, sort. */
export async function searchItems(
  db: DbExecutor,
  shopId: string,
  query: ItemQuery,
): Promise<Page<StockItem>> {
  const conditions: SQL[] = [eq(stockItem.shopId, shopId)];
  const status = query.status ?? "active";
  if (status !== "all") conditions.push(eq(stockItem.status, status));
  if (query.lowStock) conditions.push(isLowStock);
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(stockItem.name, pattern),
      ilike(stockItem.sku, pattern),
      // Part of a barcode too: people type the digits they can read off a worn label
      // (stock_item_barcode_trgm serves it).
      ilike(stockItem.barcode, pattern),
    );
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const column = SORT_COLUMNS[query.sort ?? "name"];
  const order = query.descending ? desc(column) : asc(column);
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(stockItem)
      .where(where)
      .orderBy(order, asc(stockItem.id))
      .limit(limit)
      .offset(offset),
    query.knownTotal === undefined
      ? db
          .select({ total: sql<number>`count(*)::int` })
          .from(stockItem)
          .where(where)
      : [{ total: query.knownTotal }],
  ]);
  return toPage(rows, counted?.total ?? 0, query.page, query.pageSize);
}
