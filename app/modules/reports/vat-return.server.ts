import { sql } from "drizzle-orm";
import { BANGKOK_ZONE } from "~/db/bangkok-zone";
import type { DbExecutor } from "~/db/client.server";
import { getSalesSettings } from "~/modules/sales/index.server";
import { purchaseTaxReport, type PurchaseTaxReport } from "./purchase-tax-report.server";
import { monthBounds, salesTaxReport, type SalesTaxReport } from "./sales-tax-report.server";
import { monthBefore, type TaxMonth } from "./tax-month";

/*
 * The figures of the monthly VAT return (ภ.พ.30) as its boxes are numbered, for the shop's
 * accountant to copy (decision 0068; the box names are the Department's form's):
 *
 *   1 ยอดขายในเดือนนี้             the sales tax report's value, net of credit notes
 *   2 ยอดขายที่เสียภาษีอัตรา 0     a shop at the till sells nothing at 0 % (exports): 0
 *   3 ยอดขายที่ได้รับยกเว้น         the exempt part of the lines (vat_exempt)
 *   4 ยอดขายที่ต้องเสียภาษี         1 − 2 − 3
 *   5 ภาษีขายเดือนนี้              the sales tax report's VAT
 *   6 ยอดซื้อที่มีสิทธินำภาษีซื้อมาหัก the purchase tax report's value
 *   7 ภาษีซื้อเดือนนี้              the purchase tax report's VAT
 *   8 ภาษีที่ต้องชำระเดือนนี้        5 − 7 when 5 is more
 *   9 ภาษีที่ชำระเกินเดือนนี้        7 − 5 when 7 is more
 *  10 ภาษีที่ชำระเกินยกมา           last month's box 12
 *  11 ภาษีสุทธิที่ต้องชำระ          8 − 10 when 8 is more
 *  12 ภาษีสุทธิที่ชำระเกิน          9 + 10, or 10 − 8 when 10 is more
 *
 * Box 10 is worked out from the shop's own months in shophub, from its first month with VAT:
 * each month's balance (last month's credit + input VAT − output VAT) carried while it stays a
 * credit, as the form does when the shop does not ask for a refund in cash (ticking "refund"
 * is the shop's choice, which we do not know: the page says so). Surcharges and penalties
 * (boxes 13–16) belong to a late return and are not ours to work out.
 */

export const VAT_RETURN_BOXES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type VatReturnBox = (typeof VAT_RETURN_BOXES)[number];

export interface VatReturn {
  month: TaxMonth;
  vatRegistered: boolean;
  boxes: Record<VatReturnBox, number>;
  /** The first month box 10's chain starts from (YYYY-MM), or null when nothing came before. */
  carriedSince: string | null;
  sales: SalesTaxReport;
  purchases: PurchaseTaxReport;
}

type MonthRow = { month: string; vat: string | null };

/**
 * Output VAT less returned VAT and input VAT of every month before `month`, by month
 * (YYYY-MM): the sales from the summaries the database keeps beside them (decision 0039),
 * which count the same sales as the sales tax report.
 */
async function monthsBefore(db: DbExecutor, shopId: string, month: TaxMonth) {
  const { start } = monthBounds(month);
  const [sold, returned, bought] = await Promise.all([
    db.execute<MonthRow>(sql`
      SELECT to_char(day, 'YYYY-MM') AS month, sum(vat_satang) AS vat
        FROM report_sales_hour
       WHERE shop_id = ${shopId} AND day < ${month.range.from}::date
       GROUP BY 1`),
    db.execute<MonthRow>(sql`
      SELECT to_char(created_at AT TIME ZONE ${BANGKOK_ZONE}, 'YYYY-MM') AS month,
             sum(vat_satang) AS vat
        FROM standing_credit_note
       WHERE shop_id = ${shopId} AND created_at < ${start.toISOString()}::timestamptz
       GROUP BY 1`),
    db.execute<MonthRow>(sql`
      SELECT to_char(spent_on, 'YYYY-MM') AS month, sum(input_vat_satang) AS vat
        FROM expense
       WHERE shop_id = ${shopId} AND spent_on < ${month.range.from}::date
         AND deleted_at IS NULL AND tax_invoice_number IS NOT NULL
       GROUP BY 1`),
  ]);
  const months = new Map<string, { output: number; input: number }>();
  const at = (key: string) => {
    const found = months.get(key) ?? { output: 0, input: 0 };
    months.set(key, found);
    return found;
  };
  for (const row of sold.rows) at(row.month).output += Number(row.vat ?? 0);
  for (const row of returned.rows) at(row.month).output -= Number(row.vat ?? 0);
  for (const row of bought.rows) at(row.month).input += Number(row.vat ?? 0);
  return months;
}

/**
 * The credit carried into `month` (box 10): month by month from the first with any VAT, the
 * credit grows by what input exceeds output and shrinks by what output exceeds it, never
 * below nothing (a month that owed paid it).
 */
export function carriedCredit(
  months: ReadonlyMap<string, { output: number; input: number }>,
  month: string,
): { satang: number; since: string | null } {
  const keys = [...months.keys()].filter((key) => key < month).sort();
  const first = keys[0];
  if (first === undefined) return { satang: 0, since: null };
  let credit = 0;
  for (let key = first; key < month; key = monthBefore(key, -1)) {
    const figures = months.get(key);
    if (figures) credit = Math.max(0, credit + figures.input - figures.output);
  }
  return { satang: credit, since: first };
}

/** The ภ.พ.30 figures of a month of the shop, with the two reports they come from. */
export async function vatReturn(
  db: DbExecutor,
  shopId: string,
  month: TaxMonth,
): Promise<VatReturn> {
  const [settings, sales, purchases, before] = await Promise.all([
    getSalesSettings(db, shopId),
    salesTaxReport(db, shopId, month),
    purchaseTaxReport(db, shopId, month),
    monthsBefore(db, shopId, month),
  ]);
  const carried = carriedCredit(before, month.month);
  const output = sales.totals.vatSatang;
  const input = purchases.totals.vatSatang;
  const balance = carried.satang + input - output;
  const boxes: Record<VatReturnBox, number> = {
    1: sales.totals.valueSatang,
    2: 0,
    3: sales.totals.exemptSatang,
    4: sales.totals.valueSatang - sales.totals.exemptSatang,
    5: output,
    6: purchases.totals.valueSatang,
    7: input,
    8: Math.max(0, output - input),
    9: Math.max(0, input - output),
    10: carried.satang,
    11: Math.max(0, -balance),
    12: Math.max(0, balance),
  };
  return {
    month,
    vatRegistered: settings.vatRegistered,
    boxes,
    carriedSince: carried.since,
    sales,
    purchases,
  };
}
