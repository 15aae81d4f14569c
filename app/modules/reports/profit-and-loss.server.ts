import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { BANGKOK_ZONE } from "~/db/bangkok-zone";
import { bangkokDays, DAY_MS } from "~/lib/dates";
import { getSalesSettings } from "~/modules/sales/index.server";
import { accountPaymentsReceived, type AccountPaymentRow } from "./account-payments.server";
import {
  DAYS_CHARTED_BY_DAY,
  isoDay,
  MAX_REPORT_DAYS,
  previousRange,
  rangeDays,
  type ReportRange,
} from "./range";

/*
 * Profit and loss of one shop over Bangkok calendar days (both ends included), in integer
 * satang. Revenue is what the bills sold net of VAT (sale.total - sale.vat, so discounts are
 * already taken off; the discounts given are shown beside it), voided bills left out, returns
 * (credit notes' ex-VAT) subtracted in the period the credit note was issued. Cost of goods
 * sold is the cost recorded on the sale lines when they sold (sale.cost_satang is their sum),
 * minus the cost that came back on credit-note lines. Credit notes are the standing ones
 * (`standing_credit_note`: not of a voided sale), the same definition as the drawer's and
 * the dashboard's (drizzle/0029, decision 0058). Expenses and other income are the
 * finance rows not deleted, by their calendar day; a VAT-registered shop counts an expense
 * net of its input VAT (claimed back on the VAT return) when the expense carries the
 * supplier's full tax invoice, the only input tax the purchase tax report and ภ.พ.30 count.
 *
 * The sales' figures come from the summaries the database keeps beside the sales
 * (./schema.ts: by day, hour and cashier; payments by day and method; items by day and by
 * month), grouped once with GROUPING SETS (day, hour, cashier, total): a year of a busy shop is
 * a few thousand rows, not every sale and line. Credit notes, expenses and other income are
 * few and read from their own tables.
 */

export interface PnlTotals {
  bills: number;
  /** What the bills said before discounts (as priced, VAT included when prices include it). */
  grossSalesSatang: number;
  discountSatang: number;
  salesExVatSatang: number;
  returnsExVatSatang: number;
  netRevenueSatang: number;
  salesCostSatang: number;
  returnedCostSatang: number;
  costOfGoodsSatang: number;
  grossProfitSatang: number;
  /** Gross profit over net revenue in basis points (1234 = 12.34%); null without revenue. */
  marginBasisPoints: number | null;
  otherIncomeSatang: number;
  expensesSatang: number;
  netProfitSatang: number;
  voidBills: number;
  voidTotalSatang: number;
  returnNotes: number;
}

export interface PeriodRow {
  /** YYYY-MM-DD for a day, YYYY-MM for a month. */
  key: string;
  netRevenueSatang: number;
  grossProfitSatang: number;
  otherIncomeSatang: number;
  expensesSatang: number;
  netProfitSatang: number;
}

export interface ItemRow {
  itemId: number;
  name: string;
  category: string;
  /** Thousandths, net of returns. */
  qtyMilli: number;
  netRevenueSatang: number;
  costSatang: number;
  grossProfitSatang: number;
}

export interface CategoryRow {
  category: string;
  netRevenueSatang: number;
  costSatang: number;
  grossProfitSatang: number;
}

export interface CashierRow {
  cashierId: string;
  name: string;
  bills: number;
  salesExVatSatang: number;
  grossProfitSatang: number;
  /** Line and bill discounts the cashier gave (as priced). */
  discountSatang: number;
  /** Bills whose discounts an owner or a manager approved at the till (decision 0059). */
  approvedBills: number;
  /** Lines sold at a price the cashier set in place of the list price (decision 0093). */
  priceOverrides: number;
  /** What those overrides came to against the list prices (below the list: negative). */
  priceOverrideSatang: number;
}

/**
 * The sales of one customer in the period (issue 37, decision 0094), or of all sales without a
 * customer (`customerId` null: "ลูกค้าทั่วไป"), by the P&L's own definition: bills not voided
 * net of VAT, less the standing credit notes issued in the period against the customer's
 * sales. The rows add up to the P&L's net revenue and gross profit.
 */
export interface CustomerRow {
  customerId: string | null;
  /** The name the latest sale was made under ("" for sales without a customer). */
  name: string;
  bills: number;
  netRevenueSatang: number;
  grossProfitSatang: number;
  /** The customer's latest bill in the period (ISO), or null with returns only. */
  lastSaleAt: string | null;
}

export interface PaymentRow {
  method: string;
  payments: number;
  receivedSatang: number;
  refundedSatang: number;
}

/**
 * Sales by the price level they were sold at (decision 0089): `levelId` null and `name` ""
 * is ราคาปลีก (the items' own prices), the rest of the P&L's totals once the levels' bills are
 * taken out, so the rows add up to the summary by construction.
 */
export interface PriceLevelRow {
  levelId: number | null;
  name: string;
  bills: number;
  salesExVatSatang: number;
  returnsExVatSatang: number;
  netRevenueSatang: number;
  grossProfitSatang: number;
}

export interface HourRow {
  hour: number;
  bills: number;
  salesExVatSatang: number;
}

export interface ExpenseRow {
  /** A built-in category's key, or null for the shop's own category. */
  key: string | null;
  categoryId: number | null;
  /** The shop's own category's name ("" for a built-in one). */
  name: string;
  amountSatang: number;
}

export interface VatFigures {
  outputVatSatang: number;
  returnedVatSatang: number;
  inputVatSatang: number;
  /** Output less input: positive is owed to the Revenue Department. */
  payableSatang: number;
}

export interface ProfitAndLoss {
  range: ReportRange;
  previousRange: ReportRange;
  totals: PnlTotals;
  previous: PnlTotals;
  granularity: "day" | "month";
  byPeriod: PeriodRow[];
  byItem: ItemRow[];
  byCategory: CategoryRow[];
  byCashier: CashierRow[];
  /** Every customer with sales or returns in the period, the most revenue first. */
  byCustomer: CustomerRow[];
  byPayment: PaymentRow[];
  byHour: HourRow[];
  /** Empty when no bill of the range was sold at a price level. */
  byPriceLevel: PriceLevelRow[];
  expenses: ExpenseRow[];
  /**
   * Payments on customers' accounts by member and method, voids shown (decision 0095): money
   * taken, not revenue. Empty when none was taken or voided in the range.
   */
  accountPayments: AccountPaymentRow[];
  vat: VatFigures;
  vatRegistered: boolean;
}

function bounds(range: ReportRange): { start: Date; end: Date } {
  const days = bangkokDays(range.from, range.to);
  if (!days) throw new RangeError("profitAndLoss: not a range of days");
  return days;
}

const n = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

function marginOf(grossProfit: number, revenue: number): number | null {
  return revenue > 0 ? Math.round((grossProfit * 10_000) / revenue) : null;
}

/** GROUPING(column), or 1 when the query groups only the totals (GROUPING needs a set). */
function groupingOf(full: boolean) {
  return (column: string) => sql.raw(full ? `GROUPING(${column})` : "1");
}

type SaleAggregate = {
  day: string | null;
  hour: number | null;
  cashier_id: string | null;
  cashier_name: string | null;
  g_day: number;
  g_hour: number;
  g_cashier: number;
  bills: string;
  gross: string | null;
  discount: string | null;
  ex_vat: string | null;
  vat: string | null;
  cost: string | null;
  void_bills: string;
  void_total: string | null;
};

async function saleAggregates(db: DbExecutor, shopId: string, range: ReportRange, full: boolean) {
  bounds(range);
  // The shop's summary rows of the range: the totals, and (for the full report) the same sums
  // by Bangkok day, by hour of day and by cashier. The previous period needs only the totals
  // row: the empty grouping set alone.
  const sets = full
    ? sql.raw("GROUPING SETS ((day), (hour), (cashier_id), ())")
    : sql.raw("GROUPING SETS (())");
  const grouping = groupingOf(full);
  const dayCol = full ? sql.raw("day::text") : sql.raw("NULL::text");
  const hourCol = full ? sql.raw("hour::int") : sql.raw("NULL::int");
  const cashierCol = full ? sql.raw("cashier_id") : sql.raw("NULL::text");
  const result = await db.execute<SaleAggregate>(sql`
    SELECT ${dayCol} AS day, ${hourCol} AS hour, ${cashierCol} AS cashier_id,
           max(cashier_name) AS cashier_name,
           ${grouping("day")} AS g_day, ${grouping("hour")} AS g_hour,
           ${grouping("cashier_id")} AS g_cashier,
           sum(bills) AS bills, sum(gross_satang) AS gross, sum(discount_satang) AS discount,
           sum(ex_vat_satang) AS ex_vat, sum(vat_satang) AS vat, sum(cost_satang) AS cost,
           sum(void_bills) AS void_bills, sum(void_total_satang) AS void_total
      FROM report_sales_hour
     WHERE shop_id = ${shopId} AND day >= ${range.from}::date AND day <= ${range.to}::date
     GROUP BY ${sets}`);
  return result.rows;
}

type ReturnAggregate = {
  day: string | null;
  method: string | null;
  g_day: number;
  g_method: number;
  notes: string;
  ex_vat: string | null;
  vat: string | null;
  total: string | null;
  cost: string | null;
};

async function returnAggregates(db: DbExecutor, shopId: string, range: ReportRange, full: boolean) {
  const { start, end } = bounds(range);
  const sets = full
    ? sql.raw("GROUPING SETS ((day), (refund_method), ())")
    : sql.raw("GROUPING SETS (())");
  const grouping = groupingOf(full);
  const dayCol = full ? sql.raw("day::text") : sql.raw("NULL::text");
  const methodCol = full ? sql.raw("refund_method") : sql.raw("NULL::text");
  const result = await db.execute<ReturnAggregate>(sql`
    WITH c AS (
      SELECT (created_at AT TIME ZONE ${BANGKOK_ZONE})::date AS day, refund_method,
             ex_vat_satang, vat_satang, total_satang, cost_satang
        FROM standing_credit_note
       WHERE shop_id = ${shopId} AND created_at >= ${start.toISOString()}::timestamptz
         AND created_at < ${end.toISOString()}::timestamptz
    )
    SELECT ${dayCol} AS day, ${methodCol} AS method,
           ${grouping("day")} AS g_day, ${grouping("refund_method")} AS g_method,
           count(*) AS notes, sum(ex_vat_satang) AS ex_vat, sum(vat_satang) AS vat,
           sum(total_satang) AS total, sum(cost_satang) AS cost
      FROM c
     GROUP BY ${sets}`);
  return result.rows;
}

/**
 * Sales and returns of the period by the sale's customer. Read from the sales themselves (the
 * summaries have no customer): completed bills by their Bangkok day, standing credit notes by
 * theirs, as saleAggregates and returnAggregates count them. The customers' tables are read by
 * name: the customers module depends on reports' neighbours, not the other way.
 */
async function customerAggregates(
  db: DbExecutor,
  shopId: string,
  range: ReportRange,
): Promise<CustomerRow[]> {
  const { start, end } = bounds(range);
  const result = await db.execute<{
    customer_id: string | null;
    name: string | null;
    bills: string;
    ex_vat: string | null;
    cost: string | null;
    last_sale: Date | string | null;
  }>(sql`
    WITH moves AS (
      SELECT s.id AS sale_id, 1 AS bills, s.total_satang - s.vat_satang AS ex_vat,
             s.cost_satang AS cost, s.created_at AS sold_at
        FROM sale s
       WHERE s.shop_id = ${shopId} AND s.status = 'completed'
         AND s.created_at >= ${start.toISOString()}::timestamptz
         AND s.created_at < ${end.toISOString()}::timestamptz
      UNION ALL
      SELECT c.sale_id, 0, -c.ex_vat_satang, -c.cost_satang, NULL
        FROM standing_credit_note c
       WHERE c.shop_id = ${shopId} AND c.created_at >= ${start.toISOString()}::timestamptz
         AND c.created_at < ${end.toISOString()}::timestamptz
    )
    SELECT sc.customer_id,
           (array_agg(sc.customer_name ORDER BY m.sold_at DESC NULLS LAST))[1] AS name,
           sum(m.bills) AS bills, sum(m.ex_vat) AS ex_vat, sum(m.cost) AS cost,
           max(m.sold_at) AS last_sale
      FROM moves m
      LEFT JOIN sale_customer sc ON sc.sale_id = m.sale_id AND sc.shop_id = ${shopId}
     GROUP BY sc.customer_id`);
  return result.rows
    .map((row) => ({
      customerId: row.customer_id,
      name: row.customer_id === null ? "" : (row.name ?? ""),
      bills: n(row.bills),
      netRevenueSatang: n(row.ex_vat),
      grossProfitSatang: n(row.ex_vat) - n(row.cost),
      lastSaleAt: row.last_sale === null ? null : new Date(row.last_sale).toISOString(),
    }))
    .sort(
      (a, b) =>
        b.netRevenueSatang - a.netRevenueSatang ||
        a.name.localeCompare(b.name) ||
        (a.customerId ?? "").localeCompare(b.customerId ?? ""),
    );
}

/** The customers who bought the most in the period (sales without a customer left out). */
export function topCustomers(rows: readonly CustomerRow[], count = 10): CustomerRow[] {
  return rows.filter((row) => row.customerId !== null).slice(0, count);
}

type FinanceAggregate = {
  day: string;
  category_key: string | null;
  category_id: string | null;
  name: string | null;
  amount: string;
  input_vat: string;
};

async function financeAggregates(db: DbExecutor, shopId: string, range: ReportRange) {
  const [expenses, income] = await Promise.all([
    db.execute<FinanceAggregate>(sql`
      SELECT e.spent_on::text AS day, e.category_key, e.category_id, max(c.name) AS name,
             sum(e.amount_satang) AS amount,
             -- Input tax only with the supplier's full tax invoice (decision 0068): any other
             -- VAT paid is part of what the expense cost the shop.
             coalesce(sum(e.input_vat_satang) FILTER (WHERE e.tax_invoice_number IS NOT NULL), 0)
               AS input_vat
        FROM expense e LEFT JOIN finance_category c ON c.id = e.category_id
       WHERE e.shop_id = ${shopId} AND e.spent_on >= ${range.from}::date
         AND e.spent_on <= ${range.to}::date AND e.deleted_at IS NULL
       GROUP BY e.spent_on, e.category_key, e.category_id`),
    db.execute<{ day: string; amount: string }>(sql`
      SELECT received_on::text AS day, sum(amount_satang) AS amount
        FROM other_income
       WHERE shop_id = ${shopId} AND received_on >= ${range.from}::date
         AND received_on <= ${range.to}::date AND deleted_at IS NULL
       GROUP BY received_on`),
  ]);
  return { expenses: expenses.rows, income: income.rows };
}

function totalsOf(
  sales: SaleAggregate[],
  returns: ReturnAggregate[],
  finance: Awaited<ReturnType<typeof financeAggregates>>,
  vatRegistered: boolean,
): PnlTotals {
  const s = sales.find((row) => row.g_day === 1 && row.g_hour === 1 && row.g_cashier === 1);
  const r = returns.find((row) => row.g_day === 1 && row.g_method === 1);
  const salesExVat = n(s?.ex_vat);
  const returnsExVat = n(r?.ex_vat);
  const salesCost = n(s?.cost);
  const returnedCost = n(r?.cost);
  const netRevenue = salesExVat - returnsExVat;
  const costOfGoods = salesCost - returnedCost;
  const grossProfit = netRevenue - costOfGoods;
  const otherIncome = finance.income.reduce((sum, row) => sum + n(row.amount), 0);
  const expenses = finance.expenses.reduce(
    (sum, row) => sum + n(row.amount) - (vatRegistered ? n(row.input_vat) : 0),
    0,
  );
  return {
    bills: n(s?.bills),
    grossSalesSatang: n(s?.gross),
    discountSatang: n(s?.discount),
    salesExVatSatang: salesExVat,
    returnsExVatSatang: returnsExVat,
    netRevenueSatang: netRevenue,
    salesCostSatang: salesCost,
    returnedCostSatang: returnedCost,
    costOfGoodsSatang: costOfGoods,
    grossProfitSatang: grossProfit,
    marginBasisPoints: marginOf(grossProfit, netRevenue),
    otherIncomeSatang: otherIncome,
    expensesSatang: expenses,
    netProfitSatang: grossProfit + otherIncome - expenses,
    voidBills: n(s?.void_bills),
    voidTotalSatang: n(s?.void_total),
    returnNotes: n(r?.notes),
  };
}

type LineAggregate = {
  item_id: string;
  name: string;
  category: string | null;
  qty_milli: string;
  ex_vat: string;
  cost: string;
};

/**
 * The range split for the item summaries: the calendar months it covers whole (first days,
 * both included) and the days outside them (at most one stretch at each end).
 */
export function monthsAndDays(range: ReportRange): {
  months: ReportRange | null;
  days: ReportRange[];
} {
  const [fy, fm, fd] = range.from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = range.to.split("-").map(Number) as [number, number, number];
  // The first month that starts inside the range, the last that ends inside it.
  const first = fd === 1 ? Date.UTC(fy, fm - 1, 1) : Date.UTC(fy, fm, 1);
  const lastDayOfTo = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  const last = td === lastDayOfTo ? Date.UTC(ty, tm - 1, 1) : Date.UTC(ty, tm - 2, 1);
  if (first > last) return { months: null, days: [range] };
  const lastEnd = Date.UTC(new Date(last).getUTCFullYear(), new Date(last).getUTCMonth() + 1, 0);
  const days: ReportRange[] = [];
  if (isoDay(first) > range.from) days.push({ from: range.from, to: isoDay(first - DAY_MS) });
  if (isoDay(lastEnd) < range.to) days.push({ from: isoDay(lastEnd + DAY_MS), to: range.to });
  return { months: { from: isoDay(first), to: isoDay(last) }, days };
}

async function itemAggregates(db: DbExecutor, shopId: string, range: ReportRange) {
  const { start, end } = bounds(range);
  // Sold lines of the period's bills (whole months from the monthly summary, the days at
  // either end from the daily one) less the lines that came back on the period's credit
  // notes, per item; the item's current category is looked up after the grouping.
  const split = monthsAndDays(range);
  const parts = [
    ...(split.months
      ? [
          sql`SELECT item_id, item_name, lines, qty, ex_vat_satang, cost_satang
                FROM report_items_month
               WHERE shop_id = ${shopId} AND month >= ${split.months.from}::date
                 AND month <= ${split.months.to}::date`,
        ]
      : []),
    ...split.days.map(
      (days) =>
        sql`SELECT item_id, item_name, lines, qty, ex_vat_satang, cost_satang
              FROM report_items_day
             WHERE shop_id = ${shopId} AND day >= ${days.from}::date AND day <= ${days.to}::date`,
    ),
  ];
  const result = await db.execute<LineAggregate>(sql`
    WITH sold AS (
      SELECT item_id, max(item_name) AS name, sum(qty) AS qty,
             sum(ex_vat_satang) AS ex_vat, sum(cost_satang) AS cost
        FROM (${sql.join(parts, sql` UNION ALL `)}) AS summary
       GROUP BY item_id
      HAVING sum(lines) > 0
    ), returned AS (
      -- Each returned line's item looked up by its key: a merge join here walked the whole
      -- sale_line table for a year's thousand returned lines. OFFSET 0 keeps the planner
      -- from flattening the LATERAL lookup back into that join.
      SELECT l.item_id, max(l.item_name) AS name, sum(cl.qty) AS qty,
             sum(cl.ex_vat_satang) AS ex_vat, sum(cl.cost_satang) AS cost
        FROM standing_credit_note c
        JOIN credit_note_line cl ON cl.credit_note_id = c.id
        CROSS JOIN LATERAL (SELECT item_id, item_name FROM sale_line
                             WHERE id = cl.sale_line_id OFFSET 0) AS l
       WHERE c.shop_id = ${shopId} AND c.created_at >= ${start.toISOString()}::timestamptz
         AND c.created_at < ${end.toISOString()}::timestamptz
       GROUP BY l.item_id
    )
    SELECT coalesce(sold.item_id, returned.item_id) AS item_id,
           coalesce(sold.name, returned.name) AS name, i.category,
           ((coalesce(sold.qty, 0) - coalesce(returned.qty, 0)) * 1000)::bigint AS qty_milli,
           coalesce(sold.ex_vat, 0) - coalesce(returned.ex_vat, 0) AS ex_vat,
           coalesce(sold.cost, 0) - coalesce(returned.cost, 0) AS cost
      FROM sold FULL JOIN returned ON returned.item_id = sold.item_id
      LEFT JOIN stock_item i ON i.id = coalesce(sold.item_id, returned.item_id)`);
  return result.rows;
}

/** Per cashier, the standing bills of the range sold with an approval of their discounts. */
async function approvalAggregates(db: DbExecutor, shopId: string, range: ReportRange) {
  const { start, end } = bounds(range);
  const result = await db.execute<{ cashier_id: string; approved: string }>(sql`
    SELECT s.cashier_id, count(*) AS approved
      FROM sale s
      JOIN discount_approval a ON a.shop_id = s.shop_id AND a.client_sale_id = s.client_sale_id
     WHERE s.shop_id = ${shopId} AND s.status <> 'void'
       AND s.created_at >= ${start.toISOString()}::timestamptz
       AND s.created_at < ${end.toISOString()}::timestamptz
     GROUP BY s.cashier_id`);
  return new Map(result.rows.map((row) => [row.cashier_id, n(row.approved)]));
}

type LevelAggregate = {
  level_id: string | null;
  name: string;
  bills: string;
  ex_vat: string;
  cost: string;
  returns_ex_vat: string;
  returned_cost: string;
};

/**
 * The bills of the range sold at a price level, by level, with the same definitions as the
 * totals: standing bills by their Bangkok day, less the standing credit notes of the range on
 * them. A level deleted since keeps the name the sale stored.
 */
async function levelAggregates(db: DbExecutor, shopId: string, range: ReportRange) {
  const { start, end } = bounds(range);
  const from = start.toISOString();
  const to = end.toISOString();
  const result = await db.execute<LevelAggregate>(sql`
    WITH sold AS (
      SELECT p.price_level_id, p.level_name, count(*) AS bills,
             sum(s.total_satang - s.vat_satang) AS ex_vat, sum(s.cost_satang) AS cost
        FROM sale_price_level p JOIN sale s ON s.id = p.sale_id
       WHERE p.shop_id = ${shopId} AND s.status <> 'void'
         AND s.created_at >= ${from}::timestamptz AND s.created_at < ${to}::timestamptz
       GROUP BY 1, 2
    ), returned AS (
      SELECT p.price_level_id, p.level_name, sum(c.ex_vat_satang) AS ex_vat,
             sum(c.cost_satang) AS cost
        FROM standing_credit_note c JOIN sale_price_level p ON p.sale_id = c.sale_id
       WHERE c.shop_id = ${shopId} AND c.created_at >= ${from}::timestamptz
         AND c.created_at < ${to}::timestamptz
       GROUP BY 1, 2
    ), both_ AS (
      SELECT coalesce(sold.price_level_id, returned.price_level_id) AS level_id,
             coalesce(sold.level_name, returned.level_name) AS level_name,
             coalesce(sold.bills, 0) AS bills, coalesce(sold.ex_vat, 0) AS ex_vat,
             coalesce(sold.cost, 0) AS cost, coalesce(returned.ex_vat, 0) AS returns_ex_vat,
             coalesce(returned.cost, 0) AS returned_cost
        FROM sold FULL JOIN returned
          ON returned.price_level_id IS NOT DISTINCT FROM sold.price_level_id
         AND returned.level_name = sold.level_name
    )
    SELECT b.level_id, max(coalesce(l.name, b.level_name)) AS name, sum(b.bills) AS bills,
           sum(b.ex_vat) AS ex_vat, sum(b.cost) AS cost, sum(b.returns_ex_vat) AS returns_ex_vat,
           sum(b.returned_cost) AS returned_cost
      FROM both_ b LEFT JOIN price_level l ON l.id = b.level_id
     GROUP BY b.level_id, CASE WHEN b.level_id IS NULL THEN b.level_name END`);
  return result.rows;
}

/** The levels' rows and ราคาปลีก first, the rest of the totals (none without a level's bill). */
function priceLevelRows(totals: PnlTotals, levels: LevelAggregate[]): PriceLevelRow[] {
  if (levels.length === 0) return [];
  const rows = levels
    .map((row) => {
      const net = n(row.ex_vat) - n(row.returns_ex_vat);
      return {
        levelId: row.level_id === null ? null : Number(row.level_id),
        name: row.name,
        bills: n(row.bills),
        salesExVatSatang: n(row.ex_vat),
        returnsExVatSatang: n(row.returns_ex_vat),
        netRevenueSatang: net,
        grossProfitSatang: net - (n(row.cost) - n(row.returned_cost)),
      };
    })
    .sort((a, b) => b.netRevenueSatang - a.netRevenueSatang || a.name.localeCompare(b.name));
  const sum = (key: keyof Omit<PriceLevelRow, "levelId" | "name">) =>
    rows.reduce((total, row) => total + row[key], 0);
  const retail: PriceLevelRow = {
    levelId: null,
    name: "",
    bills: totals.bills - sum("bills"),
    salesExVatSatang: totals.salesExVatSatang - sum("salesExVatSatang"),
    returnsExVatSatang: totals.returnsExVatSatang - sum("returnsExVatSatang"),
    netRevenueSatang: totals.netRevenueSatang - sum("netRevenueSatang"),
    grossProfitSatang: totals.grossProfitSatang - sum("grossProfitSatang"),
  };
  return [retail, ...rows];
}

/**
 * Per cashier, the lines of the range's standing bills sold at a price set in place of the list
 * (open prices are the item's price, not overrides), and their value against the list.
 */
async function priceOverrideAggregates(db: DbExecutor, shopId: string, range: ReportRange) {
  const { start, end } = bounds(range);
  const result = await db.execute<{ cashier_id: string; lines: string; value: string }>(sql`
    SELECT s.cashier_id, count(*) AS lines,
           sum(round((o.sold_satang - o.list_satang) * l.qty)) AS value
      FROM sale s
      JOIN sale_line_price_override o ON o.shop_id = s.shop_id AND o.sale_id = s.id
      JOIN sale_line l ON l.id = o.sale_line_id
     WHERE s.shop_id = ${shopId} AND s.status <> 'void' AND NOT o.open_price
       AND s.created_at >= ${start.toISOString()}::timestamptz
       AND s.created_at < ${end.toISOString()}::timestamptz
     GROUP BY s.cashier_id`);
  return new Map(
    result.rows.map((row) => [row.cashier_id, { lines: n(row.lines), value: n(row.value) }]),
  );
}

type PaymentAggregate = {
  method: string;
  payments: string;
  amount: string;
};

async function paymentAggregates(db: DbExecutor, shopId: string, range: ReportRange) {
  bounds(range);
  const result = await db.execute<PaymentAggregate>(sql`
    SELECT method, sum(payments) AS payments, sum(amount_satang) AS amount
      FROM report_payments_day
     WHERE shop_id = ${shopId} AND day >= ${range.from}::date AND day <= ${range.to}::date
     GROUP BY method
    HAVING sum(payments) > 0`);
  return result.rows;
}

function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** Every day (or month) of the range, empty ones too, so a chart's axis has no gaps. */
function periodKeys(range: ReportRange, granularity: "day" | "month"): string[] {
  const keys: string[] = [];
  const last = Date.parse(`${range.to}T00:00:00Z`);
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= last; t += DAY_MS) {
    const day = isoDay(t);
    const key = granularity === "day" ? day : monthOf(day);
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  return keys;
}

/** Profit and loss of the range, with the previous period of the same length beside it. */
export async function profitAndLoss(
  db: DbExecutor,
  shopId: string,
  range: ReportRange,
): Promise<ProfitAndLoss> {
  const days = rangeDays(range);
  if (!(days >= 1 && days <= MAX_REPORT_DAYS)) {
    throw new RangeError("profitAndLoss: a range of 1 to MAX_REPORT_DAYS days");
  }
  const before = previousRange(range);
  const [
    settings,
    sales,
    returns,
    finance,
    items,
    payments,
    approvals,
    levels,
    overrides,
    byCustomer,
    accountPayments,
    prevSales,
    prevReturns,
    prevFinance,
  ] = await Promise.all([
    getSalesSettings(db, shopId),
    saleAggregates(db, shopId, range, true),
    returnAggregates(db, shopId, range, true),
    financeAggregates(db, shopId, range),
    itemAggregates(db, shopId, range),
    paymentAggregates(db, shopId, range),
    approvalAggregates(db, shopId, range),
    levelAggregates(db, shopId, range),
    priceOverrideAggregates(db, shopId, range),
    customerAggregates(db, shopId, range),
    accountPaymentsReceived(db, shopId, range),
    saleAggregates(db, shopId, before, false),
    returnAggregates(db, shopId, before, false),
    financeAggregates(db, shopId, before),
  ]);
  const vatRegistered = settings.vatRegistered;
  const totals = totalsOf(sales, returns, finance, vatRegistered);
  const previous = totalsOf(prevSales, prevReturns, prevFinance, vatRegistered);

  const granularity = days <= DAYS_CHARTED_BY_DAY ? "day" : "month";
  const keyOf = (day: string) => (granularity === "day" ? day : monthOf(day));
  const periods = new Map<string, PeriodRow>(
    periodKeys(range, granularity).map((key) => [
      key,
      {
        key,
        netRevenueSatang: 0,
        grossProfitSatang: 0,
        otherIncomeSatang: 0,
        expensesSatang: 0,
        netProfitSatang: 0,
      },
    ]),
  );
  const at = (day: string) => periods.get(keyOf(day));
  for (const row of sales) {
    if (row.g_day !== 0 || !row.day) continue;
    const bucket = at(row.day);
    if (!bucket) continue;
    bucket.netRevenueSatang += n(row.ex_vat);
    bucket.grossProfitSatang += n(row.ex_vat) - n(row.cost);
  }
  for (const row of returns) {
    if (row.g_day !== 0 || !row.day) continue;
    const bucket = at(row.day);
    if (!bucket) continue;
    bucket.netRevenueSatang -= n(row.ex_vat);
    bucket.grossProfitSatang -= n(row.ex_vat) - n(row.cost);
  }
  for (const row of finance.income) {
    const bucket = at(row.day);
    if (bucket) bucket.otherIncomeSatang += n(row.amount);
  }
  for (const row of finance.expenses) {
    const bucket = at(row.day);
    if (bucket) bucket.expensesSatang += n(row.amount) - (vatRegistered ? n(row.input_vat) : 0);
  }
  const byPeriod = [...periods.values()].map((row) => ({
    ...row,
    netProfitSatang: row.grossProfitSatang + row.otherIncomeSatang - row.expensesSatang,
  }));

  const byItem: ItemRow[] = items
    .map((row) => ({
      itemId: Number(row.item_id),
      name: row.name,
      category: row.category ?? "",
      qtyMilli: n(row.qty_milli),
      netRevenueSatang: n(row.ex_vat),
      costSatang: n(row.cost),
      grossProfitSatang: n(row.ex_vat) - n(row.cost),
    }))
    .sort((a, b) => b.netRevenueSatang - a.netRevenueSatang || a.name.localeCompare(b.name));
  const categories = new Map<string, CategoryRow>();
  for (const item of byItem) {
    const row = categories.get(item.category) ?? {
      category: item.category,
      netRevenueSatang: 0,
      costSatang: 0,
      grossProfitSatang: 0,
    };
    row.netRevenueSatang += item.netRevenueSatang;
    row.costSatang += item.costSatang;
    row.grossProfitSatang += item.grossProfitSatang;
    categories.set(item.category, row);
  }
  const byCategory = [...categories.values()].sort(
    (a, b) => b.netRevenueSatang - a.netRevenueSatang || a.category.localeCompare(b.category),
  );

  const byCashier: CashierRow[] = sales
    .flatMap((row) =>
      row.g_cashier === 0 && row.cashier_id !== null && n(row.bills) > 0
        ? [{ ...row, cashier_id: row.cashier_id }]
        : [],
    )
    .map((row) => ({
      cashierId: row.cashier_id,
      name: row.cashier_name ?? "",
      bills: n(row.bills),
      salesExVatSatang: n(row.ex_vat),
      grossProfitSatang: n(row.ex_vat) - n(row.cost),
      discountSatang: n(row.discount),
      approvedBills: approvals.get(row.cashier_id) ?? 0,
      priceOverrides: overrides.get(row.cashier_id)?.lines ?? 0,
      priceOverrideSatang: overrides.get(row.cashier_id)?.value ?? 0,
    }))
    .sort((a, b) => b.salesExVatSatang - a.salesExVatSatang);

  const methods = new Map<string, PaymentRow>();
  const method = (name: string) => {
    const row = methods.get(name) ?? {
      method: name,
      payments: 0,
      receivedSatang: 0,
      refundedSatang: 0,
    };
    methods.set(name, row);
    return row;
  };
  for (const row of payments) {
    const found = method(row.method);
    found.payments += n(row.payments);
    found.receivedSatang += n(row.amount);
  }
  for (const row of returns) {
    if (row.g_method !== 0 || !row.method) continue;
    method(row.method).refundedSatang += n(row.total);
  }
  const byPayment = [...methods.values()].sort((a, b) => b.receivedSatang - a.receivedSatang);

  const byHour: HourRow[] = sales
    .filter((row) => row.g_hour === 0 && row.hour !== null && n(row.bills) > 0)
    .map((row) => ({
      hour: Number(row.hour),
      bills: n(row.bills),
      salesExVatSatang: n(row.ex_vat),
    }))
    .sort((a, b) => a.hour - b.hour);

  const expenseRows = new Map<string, ExpenseRow>();
  for (const row of finance.expenses) {
    const key = row.category_key ?? `#${row.category_id}`;
    const found = expenseRows.get(key) ?? {
      key: row.category_key,
      categoryId: row.category_id === null ? null : Number(row.category_id),
      name: row.name ?? "",
      amountSatang: 0,
    };
    found.amountSatang += n(row.amount) - (vatRegistered ? n(row.input_vat) : 0);
    expenseRows.set(key, found);
  }
  const expenses = [...expenseRows.values()].sort((a, b) => b.amountSatang - a.amountSatang);

  const totalSales = sales.find(
    (row) => row.g_day === 1 && row.g_hour === 1 && row.g_cashier === 1,
  );
  const totalReturns = returns.find((row) => row.g_day === 1 && row.g_method === 1);
  const outputVat = n(totalSales?.vat);
  const returnedVat = n(totalReturns?.vat);
  const inputVat = finance.expenses.reduce((sum, row) => sum + n(row.input_vat), 0);

  return {
    range,
    previousRange: before,
    totals,
    previous,
    granularity,
    byPeriod,
    byItem,
    byCategory,
    byCashier,
    byCustomer,
    byPayment,
    byHour,
    byPriceLevel: priceLevelRows(totals, levels),
    expenses,
    accountPayments,
    vat: {
      outputVatSatang: outputVat,
      returnedVatSatang: returnedVat,
      inputVatSatang: inputVat,
      payableSatang: outputVat - returnedVat - inputVat,
    },
    vatRegistered,
  };
}
