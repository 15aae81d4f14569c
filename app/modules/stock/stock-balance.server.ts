import { and, asc, desc, eq, gte, ilike, ne, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { sale, saleLine, stockItem } from "~/db/schema";
import { DAY_MS } from "~/lib/dates";
import { isLowStock } from "./items.server";
import type { Lang } from "~/lib/i18n";
import { type Page, pageWindow, toPage } from "~/lib/paging";
import { formatQuantityMilli, qtyFromSql } from "~/lib/quantity";
import { csvRow, csvText, UTF8_BOM } from "./csv";
import { stockBalanceSorts, type StockBalanceSort } from "./stock-balance-sort";

/*
 * The stock balance of /shophub/stock: per active item, what is on hand, what it is worth at
 * the ledger's moving-average cost and at its selling price, the margin of that price over the
 * cost, and how many days the stock lasts at the rate it sold over the last 30 days (what the
 * sales that stand sold, less what came back on credit notes). Scoped to the shop; for a role
 * that sees no costs (maySeeCosts) the cost figures are not read at all, the rows carry no
 * cost fields, and the orders by value and margin are not offered (decision 0061).
 */

export const STOCK_BALANCE_PAGE_SIZE = 20;
/** The window the selling rate is measured over. */
export const SELLING_RATE_DAYS = 30;

export interface StockBalanceFilters {
  q?: string;
  category?: string;
  lowOnly?: boolean;
  sort?: StockBalanceSort;
  page?: number;
}

export interface StockBalanceRow {
  itemId: number;
  name: string;
  sku: string;
  category: string;
  unit: string;
  /** Thousandths. */
  onHandMilli: number;
  reorderLevelMilli: number;
  /** At or below a reorder level the shop set (a level of 0 means none). */
  low: boolean;
  priceSatang: number;
  /** On hand × selling price. */
  sellingValueSatang: number;
  /** The cost figures: only for a role that sees costs, not there at all for the others. */
  avgCostSatang?: number;
  valueAtCostSatang?: number;
  /** (price − cost) ÷ price in basis points (2500 = 25 %); null without a price. */
  marginBasisPoints?: number | null;
  /** Thousandths sold in the last 30 days (returns taken off). */
  soldMilli: number;
  /** Whole days the stock on hand lasts at that rate; null when nothing sold. */
  daysLeft: number | null;
}

export interface StockBalanceTotals {
  items: number;
  lowItems: number;
  sellingValueSatang: number;
  /** Only for a role that sees costs. */
  valueAtCostSatang?: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** What each item sold in the window, per item (one grouped pass over the sale lines). */
function soldSince(db: DbExecutor, shopId: string, since: Date) {
  return db
    .select({
      itemId: saleLine.itemId,
      qty: sql<string>`sum(${saleLine.qty} - ${saleLine.returnedQty})`.as("sold_qty"),
    })
    .from(saleLine)
    .innerJoin(sale, eq(sale.id, saleLine.saleId))
    .where(
      and(
        eq(saleLine.shopId, shopId),
        eq(sale.shopId, shopId),
        gte(sale.createdAt, since),
        ne(sale.status, "void"),
      ),
    )
    .groupBy(saleLine.itemId)
    .as("sold");
}

function balanceQuery(db: DbExecutor, shopId: string, filters: StockBalanceFilters, now: Date) {
  const sold = soldSince(db, shopId, new Date(now.getTime() - SELLING_RATE_DAYS * DAY_MS));
  const where: SQL[] = [eq(stockItem.shopId, shopId), eq(stockItem.status, "active")];
  const q = filters.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    where.push(sql`(${ilike(stockItem.name, pattern)} OR ${ilike(stockItem.sku, pattern)})`);
  }
  if (filters.category) where.push(eq(stockItem.category, filters.category));
  const low = isLowStock;
  if (filters.lowOnly) where.push(low);
  const soldQty = sql`coalesce(${sold.qty}, 0)`;
  // Days left: on hand ÷ (sold ÷ 30), whole days down; nothing sold → no rate (null).
  const days = sql<
    string | null
  >`CASE WHEN ${soldQty} > 0 THEN greatest(floor(${stockItem.onHand} * ${SELLING_RATE_DAYS} / ${soldQty}), 0) END`;
  const margin = sql<
    string | null
  >`CASE WHEN ${stockItem.priceSatang} > 0 THEN round((${stockItem.priceSatang} - ${stockItem.avgCostSatang}) * 10000.0 / ${stockItem.priceSatang}) END`;
  // In SQL the quantity columns are whole units (numeric(14,3)), so units × satang is satang.
  const sellingValue = sql<string>`round(${stockItem.onHand} * ${stockItem.priceSatang})`;
  return { sold, where: sql.join(where, sql` AND `), low, soldQty, days, margin, sellingValue };
}

function orderOf(asked: StockBalanceSort, costs: boolean, parts: ReturnType<typeof balanceQuery>) {
  // An order by value or margin is refused to a reader without costs: by name instead.
  const sort = stockBalanceSorts(costs).includes(asked) ? asked : "name";
  switch (sort) {
    case "onHand":
      return [asc(stockItem.onHand), asc(stockItem.name)];
    case "value":
      return [desc(stockItem.stockValueSatang), asc(stockItem.name)];
    // The items that run out first come first; those that do not sell last.
    case "days":
      return [sql`${parts.days} ASC NULLS LAST`, asc(stockItem.name)];
    case "margin":
      return [sql`${parts.margin} ASC NULLS LAST`, asc(stockItem.name)];
    default:
      return [asc(stockItem.name), asc(stockItem.id)];
  }
}

async function selectRows(
  db: DbExecutor,
  shopId: string,
  filters: StockBalanceFilters,
  options: { costs: boolean; now: Date; limit?: number; offset?: number },
): Promise<StockBalanceRow[]> {
  const parts = balanceQuery(db, shopId, filters, options.now);
  let query = db
    .select({
      itemId: stockItem.id,
      name: stockItem.name,
      sku: stockItem.sku,
      category: stockItem.category,
      unit: stockItem.unit,
      onHand: stockItem.onHand,
      reorderLevel: stockItem.reorderLevel,
      low: parts.low,
      price: stockItem.priceSatang,
      sellingValue: parts.sellingValue,
      sold: sql<string>`${parts.soldQty}`,
      days: parts.days,
      ...(options.costs
        ? {
            avgCost: stockItem.avgCostSatang,
            value: stockItem.stockValueSatang,
            margin: parts.margin,
          }
        : {}),
    })
    .from(stockItem)
    .leftJoin(parts.sold, eq(parts.sold.itemId, stockItem.id))
    .where(parts.where)
    .orderBy(...orderOf(filters.sort ?? "name", options.costs, parts))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  const rows = await query;
  return rows.map((row) => ({
    itemId: row.itemId,
    name: row.name,
    sku: row.sku,
    category: row.category,
    unit: row.unit,
    onHandMilli: row.onHand,
    reorderLevelMilli: row.reorderLevel,
    low: Boolean(row.low),
    priceSatang: row.price,
    sellingValueSatang: Number(row.sellingValue),
    soldMilli: qtyFromSql(row.sold),
    daysLeft: row.days === null ? null : Number(row.days),
    ...costsOf(row),
  }));
}

/** A row's cost figures, when they were read (a reader who sees costs); otherwise none. */
function costsOf(row: {
  avgCost?: number;
  value?: number;
  margin?: string | null;
}): Pick<StockBalanceRow, "avgCostSatang" | "valueAtCostSatang" | "marginBasisPoints"> {
  if (row.avgCost === undefined || row.value === undefined) return {};
  return {
    avgCostSatang: row.avgCost,
    valueAtCostSatang: row.value,
    marginBasisPoints: row.margin === null || row.margin === undefined ? null : Number(row.margin),
  };
}

/** One page of the shop's stock balance, its totals over everything filtered, its categories. */
export async function stockBalance(
  db: DbExecutor,
  shopId: string,
  filters: StockBalanceFilters,
  options: { costs: boolean; now?: Date },
): Promise<{ page: Page<StockBalanceRow>; totals: StockBalanceTotals; categories: string[] }> {
  const now = options.now ?? new Date();
  const page = Math.max(1, filters.page ?? 1);
  const { limit, offset } = pageWindow(page, STOCK_BALANCE_PAGE_SIZE);
  const parts = balanceQuery(db, shopId, filters, now);
  const [rows, [totals], categories] = await Promise.all([
    selectRows(db, shopId, filters, { costs: options.costs, now, limit, offset }),
    db
      .select({
        items: sql<number>`count(*)::int`,
        lowItems: sql<number>`count(*) FILTER (WHERE ${parts.low})::int`,
        selling: sql<string>`coalesce(sum(${parts.sellingValue}), 0)`,
        ...(options.costs
          ? { value: sql<string>`coalesce(sum(${stockItem.stockValueSatang}), 0)` }
          : {}),
      })
      .from(stockItem)
      .where(parts.where),
    db
      .selectDistinct({ category: stockItem.category })
      .from(stockItem)
      .where(
        and(
          eq(stockItem.shopId, shopId),
          eq(stockItem.status, "active"),
          ne(stockItem.category, ""),
        ),
      )
      .orderBy(asc(stockItem.category)),
  ]);
  return {
    page: toPage(rows, totals?.items ?? 0, page, STOCK_BALANCE_PAGE_SIZE),
    totals: {
      items: totals?.items ?? 0,
      lowItems: totals?.lowItems ?? 0,
      sellingValueSatang: Number(totals?.selling ?? 0),
      ...(totals?.value === undefined ? {} : { valueAtCostSatang: Number(totals.value) }),
    },
    categories: categories.map((row) => row.category),
  };
}

/** The CSV headings, per language; a role without costs gets no cost columns. */
const CSV_HEADINGS: Record<Lang, { all: string[]; costs: string[] }> = {
  th: {
    all: [
      "รหัสสินค้า",
      "ชื่อสินค้า",
      "หมวดหมู่",
      "หน่วย",
      "คงเหลือ",
      "จุดสั่งซื้อ",
      "ต่ำกว่าจุดสั่งซื้อ",
      "ราคาขาย (บาท)",
      "มูลค่าราคาขาย (บาท)",
      "ขายใน 30 วัน",
      "พอขายอีก (วัน)",
    ],
    costs: ["ต้นทุนเฉลี่ย (บาท)", "มูลค่าทุน (บาท)", "กำไรขั้นต้น (%)"],
  },
  en: {
    all: [
      "SKU",
      "Name",
      "Category",
      "Unit",
      "On hand",
      "Reorder level",
      "Low",
      "Price (THB)",
      "Selling value (THB)",
      "Sold in 30 days",
      "Days left",
    ],
    costs: ["Average cost (THB)", "Value at cost (THB)", "Margin (%)"],
  },
};

/** Satang as plain baht for a spreadsheet: 1234.50 (no grouping, so it stays a number). */
function bahtCell(satang: number): string {
  const sign = satang < 0 ? "-" : "";
  const abs = Math.abs(satang);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Every filtered row (the page's order) as a CSV file: UTF-8 with BOM so Excel reads Thai. */
export async function stockBalanceCsv(
  db: DbExecutor,
  shopId: string,
  filters: StockBalanceFilters,
  lang: Lang,
  options: { costs: boolean; now?: Date },
): Promise<string> {
  const rows = await selectRows(db, shopId, filters, {
    costs: options.costs,
    now: options.now ?? new Date(),
  });
  const headings = CSV_HEADINGS[lang];
  // Quantities without grouping, so a spreadsheet reads them as numbers.
  const qty = (milli: number) => formatQuantityMilli(milli, "en").replaceAll(",", "");
  const yes = lang === "th" ? "ใช่" : "yes";
  let out = UTF8_BOM + csvRow(options.costs ? [...headings.all, ...headings.costs] : headings.all);
  for (const row of rows) {
    const fields: (string | number)[] = [
      csvText(row.sku),
      csvText(row.name),
      csvText(row.category),
      csvText(row.unit),
      qty(row.onHandMilli),
      qty(row.reorderLevelMilli),
      row.low ? yes : "",
      bahtCell(row.priceSatang),
      bahtCell(row.sellingValueSatang),
      qty(row.soldMilli),
      row.daysLeft === null ? "" : row.daysLeft,
    ];
    if (options.costs) {
      fields.push(
        bahtCell(row.avgCostSatang ?? 0),
        bahtCell(row.valueAtCostSatang ?? 0),
        typeof row.marginBasisPoints === "number" ? (row.marginBasisPoints / 100).toFixed(2) : "",
      );
    }
    out += csvRow(fields);
  }
  return out;
}
