import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import type { TaxMonth } from "./tax-month";

/*
 * The purchase tax report (รายงานภาษีซื้อ, Revenue Code section 87) of one month: the shop's
 * expenses that carry the supplier's full tax invoice, each a line with the invoice's date and
 * number, the supplier, its tax ID and branch, the value before VAT and the VAT (decision 0068).
 * An expense without a tax invoice is no input tax. The month is the expense's own day (the
 * day the shop books and claims it; the form keeps the invoice's date at most six months
 * before), the same day the P&L counts it on, so the totals are its input VAT to the satang.
 */

export interface PurchaseTaxLine {
  no: number;
  expenseId: number;
  /** The expense's day (the month it is claimed in), YYYY-MM-DD. */
  day: string;
  /** The day printed on the tax invoice, YYYY-MM-DD. */
  invoiceDate: string;
  invoiceNumber: string;
  supplier: string;
  supplierTaxId: string;
  supplierBranch: string;
  valueSatang: number;
  vatSatang: number;
}

export interface PurchaseTaxReport {
  month: TaxMonth;
  lines: PurchaseTaxLine[];
  totals: { valueSatang: number; vatSatang: number };
}

type Row = {
  id: string;
  day: string;
  invoice_date: string;
  invoice_number: string;
  supplier: string;
  supplier_tax_id: string;
  supplier_branch: string;
  value: string;
  vat: string;
};

/** The purchase tax report of a month of the shop (expenses not deleted, with a tax invoice). */
export async function purchaseTaxReport(
  db: DbExecutor,
  shopId: string,
  month: TaxMonth,
): Promise<PurchaseTaxReport> {
  const result = await db.execute<Row>(sql`
    SELECT id, spent_on::text AS day, tax_invoice_date::text AS invoice_date,
           tax_invoice_number AS invoice_number, supplier, supplier_tax_id, supplier_branch,
           value_before_vat_satang AS value, input_vat_satang AS vat
      FROM expense
     WHERE shop_id = ${shopId} AND spent_on >= ${month.range.from}::date
       AND spent_on <= ${month.range.to}::date AND deleted_at IS NULL
       AND tax_invoice_number IS NOT NULL
     ORDER BY spent_on, tax_invoice_date, id`);
  const lines = result.rows.map((row, index) => ({
    no: index + 1,
    expenseId: Number(row.id),
    day: row.day,
    invoiceDate: row.invoice_date,
    invoiceNumber: row.invoice_number,
    supplier: row.supplier,
    supplierTaxId: row.supplier_tax_id,
    supplierBranch: row.supplier_branch,
    valueSatang: Number(row.value),
    vatSatang: Number(row.vat),
  }));
  return {
    month,
    lines,
    totals: {
      valueSatang: lines.reduce((sum, line) => sum + line.valueSatang, 0),
      vatSatang: lines.reduce((sum, line) => sum + line.vatSatang, 0),
    },
  };
}
