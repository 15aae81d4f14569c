import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import type { Lang } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { satangToBahtInput } from "~/lib/money";
import { QTY_SCALE, qtyToSql } from "~/lib/quantity";
import { csvRow, csvText, UTF8_BOM } from "./csv";
import { formatLevelCell, type CsvLevelBreak } from "./item-csv-prices";
import type { StockItem } from "./items.server";
import { buildLocationTree, flattenLocationTree, listLocations } from "./locations.server";
import {
  itemOpenPrice,
  stockBalance,
  stockItem,
  stockItemVariant,
  stockVariantGroup,
} from "./schema";
import { formatVariantCell } from "./variant-form";
import type { LevelPriceStore } from "./level-price-store";

// CSV export: the shop's items, and balances per location (item-csv-import.server.ts reads
// the items back).

/** Rows read from the database per query while exporting: memory stays flat for any shop. */
export const EXPORT_BATCH = 2_000;

const encoder = new TextEncoder();

/**
 * A CSV download built a batch at a time (keyset pagination on the shop's SKU index), pulled
 * by the response as the client reads it: 100,000 items never sit in memory at once.
 */
function batchedCsv<Row>(
  header: string[],
  nextBatch: (after: Row | null) => Promise<Row[]>,
  toLines: (rows: Row[]) => Promise<string> | string,
): ReadableStream<Uint8Array> {
  let last: Row | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(UTF8_BOM + csvRow(header)));
        return;
      }
      const rows = await nextBatch(last);
      if (rows.length > 0) {
        controller.enqueue(encoder.encode(await toLines(rows)));
        last = rows[rows.length - 1] ?? null;
      }
      if (rows.length < EXPORT_BATCH) controller.close();
    },
  });
}

/** The next batch of the shop's items in SKU order (the stock_item_shop_sku index). */
function itemsAfter(db: DbExecutor, shopId: string, afterSku: string | null) {
  return db
    .select()
    .from(stockItem)
    .where(
      afterSku === null
        ? eq(stockItem.shopId, shopId)
        : and(eq(stockItem.shopId, shopId), gt(stockItem.sku, afterSku)),
    )
    .orderBy(asc(stockItem.sku))
    .limit(EXPORT_BATCH);
}

const baht = (satang: number) => satangToBahtInput(satang);
/** A quantity as a plain decimal without grouping ("1.255", "12"): what a spreadsheet reads. */
const plainQty = (milli: number) => qtyToSql(milli);

/** Keeps the cells of a row that the reader may see: without costs, the cost columns go. */
function visibleCells<T>(cells: T[], costColumns: readonly number[], costs: boolean): T[] {
  return costs ? cells : cells.filter((_, index) => !costColumns.includes(index));
}

// Unit cost, average cost, stock value: cashiers see no costs (PRODUCT.md).
const ITEM_COST_COLUMNS = [6, 9, 10] as const;
// Average cost, balance value.
const BALANCE_COST_COLUMNS = [6, 7] as const;

/**
 * Every item of the shop (archived ones too) with its totals, as CSV with a BOM. With
 * `costs: false` (a cashier's download) the cost and value columns are left out. After the
 * columns of old, the open price (flag, lowest, highest) and one column per price level of
 * the shop, by the level's name (decision 0097).
 */
export async function itemsCsv(
  db: DbExecutor,
  shopId: string,
  lang: Lang,
  { costs = true, levelPrices }: { costs?: boolean; levelPrices?: LevelPriceStore } = {},
): Promise<ReadableStream<Uint8Array>> {
  const t = serverTranslate(lang);
  const levels = levelPrices ? await levelPrices.levels(db, shopId) : [];
  const header = [
    t("storehub.field.name"),
    t("storehub.field.sku"),
    t("storehub.field.barcode"),
    t("storehub.field.category"),
    t("storehub.field.unit"),
    t("storehub.field.price"),
    t("storehub.field.cost"),
    t("storehub.field.reorderLevel"),
    t("storehub.csv.onHand"),
    t("storehub.csv.avgCost"),
    t("storehub.csv.stockValue"),
    t("storehub.csv.status"),
    t("storehub.csv.measured"),
    t("storehub.csv.variantGroup"),
    t("storehub.csv.variantOptions"),
    t("storehub.csv.openPrice"),
    t("storehub.field.openPriceMin"),
    t("storehub.field.openPriceMax"),
    ...levels.map((level) => t("storehub.csv.levelPrice", { name: level.name })),
  ];
  return batchedCsv<StockItem>(
    visibleCells(header, ITEM_COST_COLUMNS, costs),
    (after) => itemsAfter(db, shopId, after?.sku ?? null),
    async (rows) => {
      const ids = rows.map((item) => item.id);
      const variants = await variantsOfItems(db, shopId, ids);
      const openPrices = await openPricesOfItems(db, shopId, ids);
      const prices = levelPrices
        ? await levelPricesOfItems(levelPrices, db, shopId, ids)
        : new Map<string, CsvLevelBreak[]>();
      return rows
        .map((item) => {
          const open = openPrices.get(item.id);
          return csvRow(
            visibleCells(
              [
                csvText(item.name),
                csvText(item.sku),
                csvText(item.barcode),
                csvText(item.category),
                csvText(item.unit),
                baht(item.priceSatang),
                baht(item.costSatang),
                plainQty(item.reorderLevel),
                plainQty(item.onHand),
                baht(item.avgCostSatang),
                baht(item.stockValueSatang),
                t(item.status === "active" ? "storehub.status.active" : "storehub.status.archived"),
                item.measured ? t("storehub.csv.yes") : "",
                csvText(variants.get(item.id)?.group),
                csvText(variants.get(item.id)?.options),
                open ? t("storehub.csv.yes") : "",
                open?.minSatang == null ? "" : baht(open.minSatang),
                open?.maxSatang == null ? "" : baht(open.maxSatang),
                ...levels.map((level) =>
                  formatLevelCell(prices.get(`${level.id}:${item.id}`) ?? []),
                ),
              ],
              ITEM_COST_COLUMNS,
              costs,
            ),
          );
        })
        .join("");
    },
  );
}

/** The open-price bounds of a batch of items (decision 0093), by item id. */
export async function openPricesOfItems(
  db: DbExecutor,
  shopId: string,
  itemIds: readonly number[],
): Promise<Map<number, { minSatang: number | null; maxSatang: number | null }>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({
      itemId: itemOpenPrice.itemId,
      minSatang: itemOpenPrice.minSatang,
      maxSatang: itemOpenPrice.maxSatang,
    })
    .from(itemOpenPrice)
    .where(and(eq(itemOpenPrice.shopId, shopId), inArray(itemOpenPrice.itemId, [...itemIds])));
  return new Map(rows.map(({ itemId, ...bounds }) => [itemId, bounds]));
}

/**
 * The level prices (with their quantity breaks) of a batch of the shop's items (decision
 * 0089), by "levelId:itemId", each in ascending quantity.
 */
export async function levelPricesOfItems(
  store: LevelPriceStore,
  db: DbExecutor,
  shopId: string,
  itemIds: readonly number[],
): Promise<Map<string, CsvLevelBreak[]>> {
  const out = new Map<string, CsvLevelBreak[]>();
  if (itemIds.length === 0) return out;
  for (const { levelId, itemId, ...b } of await store.pricesOfItems(db, shopId, itemIds)) {
    const key = `${levelId}:${itemId}`;
    const list = out.get(key) ?? [];
    list.push(b);
    out.set(key, list);
  }
  return out;
}

/** The variant group and options of a batch of items (decision 0080), by item id. */
async function variantsOfItems(
  db: DbExecutor,
  shopId: string,
  itemIds: number[],
): Promise<Map<number, { group: string; options: string }>> {
  if (itemIds.length === 0) return new Map();
  const links = await db
    .select({
      itemId: stockItemVariant.itemId,
      group: stockVariantGroup.name,
      names: stockVariantGroup.optionNames,
      values: stockItemVariant.optionValues,
    })
    .from(stockItemVariant)
    .innerJoin(stockVariantGroup, eq(stockVariantGroup.id, stockItemVariant.groupId))
    .where(and(eq(stockItemVariant.shopId, shopId), inArray(stockItemVariant.itemId, itemIds)));
  return new Map(
    links.map((link) => [
      link.itemId,
      { group: link.group, options: formatVariantCell(link.names, link.values) },
    ]),
  );
}

/**
 * Quantity of every item at every location that holds some, as CSV with a BOM: items in SKU
 * order, locations in tree order. The value is the location's own value at cost (kept exactly
 * per location by the ledger), so an item's rows add up to its value in the item export;
 * with `costs: false` (a cashier's download) the cost and value columns are left out.
 */
export async function balancesCsv(
  db: DbExecutor,
  shopId: string,
  lang: Lang,
  { costs = true }: { costs?: boolean } = {},
): Promise<ReadableStream<Uint8Array>> {
  const t = serverTranslate(lang);
  const places = flattenLocationTree(
    buildLocationTree(await listLocations(db, shopId, lang), new Map()),
  );
  const order = new Map(places.map((place, index) => [place.id, index]));
  const pathOf = new Map(places.map((place) => [place.id, place.path]));
  const header = [
    t("storehub.field.location"),
    t("storehub.field.sku"),
    t("storehub.field.name"),
    t("storehub.field.barcode"),
    t("storehub.field.unit"),
    t("storehub.csv.qty"),
    t("storehub.csv.avgCost"),
    t("storehub.csv.balanceValue"),
  ];
  return batchedCsv<StockItem>(
    visibleCells(header, BALANCE_COST_COLUMNS, costs),
    (after) => itemsAfter(db, shopId, after?.sku ?? null),
    async (items) => {
      const balances = await db
        .select({
          itemId: stockBalance.itemId,
          locationId: stockBalance.locationId,
          qty: stockBalance.qty,
          valueSatang: stockBalance.valueSatang,
        })
        .from(stockBalance)
        .where(
          and(
            eq(stockBalance.shopId, shopId),
            inArray(
              stockBalance.itemId,
              items.map((item) => item.id),
            ),
            sql`${stockBalance.qty} <> 0`,
          ),
        );
      const byItem = new Map<number, { locationId: number; qty: number; valueSatang: number }[]>();
      for (const balance of balances) {
        const list = byItem.get(balance.itemId) ?? [];
        list.push(balance);
        byItem.set(balance.itemId, list);
      }
      let out = "";
      for (const item of items) {
        const held = byItem.get(item.id);
        if (!held) continue;
        held.sort((a, b) => (order.get(a.locationId) ?? 0) - (order.get(b.locationId) ?? 0));
        for (const balance of held) {
          out += csvRow(
            visibleCells(
              [
                csvText(pathOf.get(balance.locationId) ?? ""),
                csvText(item.sku),
                csvText(item.name),
                csvText(item.barcode),
                csvText(item.unit),
                plainQty(balance.qty),
                // The location's own average (per whole unit; qty in thousandths) and its exact
                // value: the values of one item add up to the item's stock value in the item
                // export, to the satang.
                baht(
                  balance.qty > 0
                    ? Math.round((balance.valueSatang * QTY_SCALE) / balance.qty)
                    : item.avgCostSatang,
                ),
                baht(balance.valueSatang),
              ],
              BALANCE_COST_COLUMNS,
              costs,
            ),
          );
        }
      }
      return out;
    },
  );
}
