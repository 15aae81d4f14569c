import { and, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { sale, saleLine } from "~/db/schema";
import { addDays, bangkokDays, bangkokIsoDate } from "~/lib/dates";
import { qtyFromSql } from "~/lib/quantity";
import { openDrawers } from "~/modules/shifts/index.server";
import { type LowStockItem, lowStockItems } from "~/modules/stock/index.server";
import type { SaleStatus } from "./schema";

/*
 * The figures of /shophub/dashboard: today so far beside yesterday and the same weekday last
 * week (Bangkok calendar days), the items that sold most today, the items at or below their
 * reorder level and the latest sales. Every query is scoped to the shop and rides on the
 * (shop_id, created_at) index of sale. The day's money is read through the views that
 * define what stands (drizzle/0029, decision 0058): a void sale counts nowhere, and a credit
 * note counts on the day it was issued, exactly as the profit and loss report counts them, so
 * the dashboard's day and the report of that day agree to the satang.
 */

export interface DayFigures {
  /** The Bangkok calendar day, YYYY-MM-DD. */
  day: string;
  /**
   * Net sales, VAT included: what the standing bills took less what the day's credit notes
   * gave back (the P&L's net revenue plus its output VAT less the returned VAT).
   */
  salesSatang: number;
  /** What the day's credit notes gave back, VAT included. */
  returnsSatang: number;
  bills: number;
  /** The bills' total divided by their number, rounded to the satang; 0 without bills. */
  averageSatang: number;
  /**
   * Net revenue (VAT excluded) less the cost of goods sold, returns netted: the P&L's gross
   * profit of the day. Not there at all for a role that sees no costs (maySeeCosts).
   */
  grossProfitSatang?: number;
  /**
   * Cash the bills took (the cash part of split payments included) less cash refunds, plus
   * cash customers paid against their accounts (decision 0083); a sale on account is no cash.
   */
  cashSatang: number;
}

export interface TopItem {
  itemId: number;
  name: string;
  unit: string;
  /** Thousandths. */
  qtyMilli: number;
  totalSatang: number;
}

export interface LatestSale {
  id: number;
  documentNumber: string;
  createdAt: Date;
  cashierName: string;
  status: SaleStatus;
  totalSatang: number;
}

export interface Dashboard {
  today: DayFigures;
  yesterday: DayFigures;
  lastWeek: DayFigures;
  /**
   * What the open shifts' drawers should hold now (opening cash, cash sales, pay-ins minus
   * pay-outs and cash refunds), or null when no shift is open (the page then shows the cash
   * the day's bills took).
   */
  drawer: { openShifts: number; expectedCashSatang: number } | null;
  topItems: TopItem[];
  lowStock: LowStockItem[];
  /** How many items are at or below their reorder level (the list shows the first few). */
  lowStockCount: number;
  latestSales: LatestSale[];
}

export const DASHBOARD_LIST_SIZE = 5;

/** When a Bangkok day (YYYY-MM-DD, always one bangkokIsoDate wrote) starts and ends. */
function dayRange(day: string): { from: Date; to: Date } {
  const days = bangkokDays(day);
  if (!days) throw new Error(`dashboard: ${day} is no day`);
  return { from: days.start, to: days.end };
}

/**
 * One Bangkok day's figures as the dashboard shows them (the push module's daily summary reads
 * these too: one definition of the day's money, never a second sum).
 */
export async function dayFigures(
  db: DbExecutor,
  shopId: string,
  day: string,
  withProfit: boolean,
): Promise<DayFigures> {
  const { from, to } = dayRange(day);
  const result = await db.execute<{
    bills: string;
    billed: string;
    returned: string;
    profit?: string;
    cash: string;
  }>(sql`
    SELECT coalesce(sum(b.bills), 0) AS bills,
           coalesce(sum(b.total_satang) FILTER (WHERE b.credit_note_id IS NULL), 0) AS billed,
           coalesce(-sum(b.total_satang) FILTER (WHERE b.credit_note_id IS NOT NULL), 0)
             AS returned,
           ${withProfit ? sql`coalesce(sum(b.ex_vat_satang - b.cost_satang), 0) AS profit,` : sql``}
           (SELECT coalesce(sum(t.amount_satang), 0) FROM sales_tender t
             WHERE t.shop_id = ${shopId} AND t.method = 'cash'
               AND t.at >= ${from.toISOString()}::timestamptz
               AND t.at < ${to.toISOString()}::timestamptz)
             -- Cash paid against customers' accounts (decision 0083): money in, not a sale.
             + (SELECT coalesce(sum(ap.amount_satang), 0) FROM account_payment ap
                 WHERE ap.shop_id = ${shopId} AND ap.method = 'cash'
                   AND ap.created_at >= ${from.toISOString()}::timestamptz
                   AND ap.created_at < ${to.toISOString()}::timestamptz)
             -- Less such payments voided that day (decision 0095): the cash given back.
             - (SELECT coalesce(sum(ap.amount_satang), 0) FROM account_payment_void v
                 JOIN account_payment ap ON ap.id = v.payment_id
                 WHERE v.shop_id = ${shopId} AND ap.method = 'cash'
                   AND v.created_at >= ${from.toISOString()}::timestamptz
                   AND v.created_at < ${to.toISOString()}::timestamptz) AS cash
      FROM sales_book b
     WHERE b.shop_id = ${shopId} AND b.at >= ${from.toISOString()}::timestamptz
       AND b.at < ${to.toISOString()}::timestamptz`);
  const row = result.rows[0];
  const bills = Number(row?.bills ?? 0);
  const billed = Number(row?.billed ?? 0);
  const returned = Number(row?.returned ?? 0);
  return {
    day,
    salesSatang: billed - returned,
    returnsSatang: returned,
    bills,
    averageSatang: bills === 0 ? 0 : Math.round(billed / bills),
    cashSatang: Number(row?.cash ?? 0),
    // Read only for a role that sees costs; for the others the field is not in the answer.
    ...(withProfit ? { grossProfitSatang: Number(row?.profit ?? 0) } : {}),
  };
}

async function topItemsOf(db: DbExecutor, shopId: string, day: string): Promise<TopItem[]> {
  const { from, to } = dayRange(day);
  const total = sql<string>`sum(${saleLine.totalSatang})`;
  const rows = await db
    .select({
      itemId: saleLine.itemId,
      name: sql<string>`min(${saleLine.itemName})`,
      unit: sql<string>`min(${saleLine.unit})`,
      qty: sql<string>`sum(${saleLine.qty})`,
      total,
    })
    .from(saleLine)
    .innerJoin(sale, eq(sale.id, saleLine.saleId))
    .where(
      and(
        eq(saleLine.shopId, shopId),
        eq(sale.shopId, shopId),
        gte(sale.createdAt, from),
        lt(sale.createdAt, to),
        ne(sale.status, "void"),
      ),
    )
    .groupBy(saleLine.itemId)
    .orderBy(desc(total), saleLine.itemId)
    .limit(DASHBOARD_LIST_SIZE);
  return rows.map((row) => ({
    itemId: row.itemId,
    name: row.name,
    unit: row.unit,
    qtyMilli: qtyFromSql(row.qty),
    totalSatang: Number(row.total),
  }));
}

/** The shop's figures for the day `now` falls on (Bangkok), yesterday and a week before. */
export async function shopDashboard(
  db: DbExecutor,
  shopId: string,
  options: { now?: Date; withProfit: boolean },
): Promise<Dashboard> {
  const today = bangkokIsoDate(options.now ?? new Date());
  const [todayFigures, yesterday, lastWeek, drawer, topItems, lowStock, latest] = await Promise.all(
    [
      dayFigures(db, shopId, today, options.withProfit),
      dayFigures(db, shopId, addDays(today, -1), options.withProfit),
      dayFigures(db, shopId, addDays(today, -7), options.withProfit),
      openDrawers(db, shopId),
      topItemsOf(db, shopId, today),
      lowStockItems(db, shopId, DASHBOARD_LIST_SIZE),
      db
        .select({
          id: sale.id,
          documentNumber: sale.documentNumber,
          createdAt: sale.createdAt,
          cashierName: sale.cashierName,
          status: sale.status,
          totalSatang: sale.totalSatang,
        })
        .from(sale)
        .where(eq(sale.shopId, shopId))
        .orderBy(desc(sale.createdAt), desc(sale.id))
        .limit(DASHBOARD_LIST_SIZE),
    ],
  );
  return {
    today: todayFigures,
    yesterday,
    lastWeek,
    drawer,
    topItems,
    lowStock: lowStock.items,
    lowStockCount: lowStock.count,
    latestSales: latest,
  };
}
