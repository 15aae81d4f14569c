import type { Lang } from "~/lib/i18n";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isLowStock } from "./items.server";
import { listMovements, type MovementRow } from "./ledger.server";
import { stockItem } from "./schema";
import { cachedShopStock, cachedStockSummary } from "./stock-summary-cache.server";

export interface StockOverview {
  activeItems: number;
  archivedItems: number;
  /**
   * Units on hand over ALL items. Archived stock still exists and is still worth money, so
   * archived items count in the units and the value alike (and in both CSV exports).
   */
  unitsOnHand: number;
  /** Value of the stock on hand at moving-average cost, in satang. */
  stockValueSatang: number;
  lowStockCount: number;
  /** The items furthest below their reorder level first. */
  lowStock: {
    id: number;
    name: string;
    sku: string;
    unit: string;
    onHand: number;
    reorderLevel: number;
  }[];
  latestMovements: MovementRow[];
}

type StockTotals = Omit<StockOverview, "latestMovements">;

/** Adds up the shop's items: counts, units, value and the low-stock list (see the cache). */
async function loadStockTotals(db: DbExecutor, shopId: string): Promise<StockTotals> {
  const [summary] = await db
    .select({
      activeItems: sql<number>`count(*) FILTER (WHERE ${stockItem.status} = 'active')::int`,
      archivedItems: sql<number>`count(*) FILTER (WHERE ${stockItem.status} = 'archived')::int`,
      // numeric sum: exact, read into thousandths like the column itself.
      unitsOnHand: sql<number>`coalesce(sum(${stockItem.onHand}), 0)`.mapWith(stockItem.onHand),
      stockValueSatang:
        sql<number>`coalesce(sum(${stockItem.stockValueSatang}), 0)::bigint`.mapWith(Number),
      lowStockCount: sql<number>`count(*) FILTER (WHERE ${stockItem.status} = 'active' AND ${isLowStock})::int`,
    })
    .from(stockItem)
    .where(eq(stockItem.shopId, shopId));
  // The list needs its own pass over the items: skipped when the count says it is empty.
  const lowStock =
    (summary?.lowStockCount ?? 0) > 0
      ? await db
          .select({
            id: stockItem.id,
            name: stockItem.name,
            sku: stockItem.sku,
            unit: stockItem.unit,
            onHand: stockItem.onHand,
            reorderLevel: stockItem.reorderLevel,
          })
          .from(stockItem)
          .where(and(eq(stockItem.shopId, shopId), eq(stockItem.status, "active"), isLowStock))
          .orderBy(asc(sql`${stockItem.onHand} - ${stockItem.reorderLevel}`), asc(stockItem.name))
          .limit(10)
      : [];
  return {
    activeItems: summary?.activeItems ?? 0,
    archivedItems: summary?.archivedItems ?? 0,
    unitsOnHand: summary?.unitsOnHand ?? 0,
    stockValueSatang: summary?.stockValueSatang ?? 0,
    lowStockCount: summary?.lowStockCount ?? 0,
    lowStock,
  };
}

/**
 * What the storehub home shows: counts, stock value, low stock and the latest movements, each
 * kept until the shop's stock or items change (stock-summary-cache.server.ts).
 */
export async function getStockOverview(
  db: DbExecutor,
  shopId: string,
  lang: Lang = "th",
): Promise<StockOverview> {
  const [totals, latest] = await Promise.all([
    cachedStockSummary(shopId, () => loadStockTotals(db, shopId)),
    cachedShopStock(
      shopId,
      `latest:${lang}`,
      () => listMovements(db, shopId, { page: 1, pageSize: 10, withTotal: false, lang }),
      (page) => page.rows.length,
    ),
  ]);
  return { ...totals, latestMovements: latest.rows };
}
