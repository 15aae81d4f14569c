import { parseDayInput } from "~/lib/day-input";
import { parseBahtToSatang } from "~/lib/money";
import { normalizeThaiTaxId } from "~/modules/shops";

/*
 * The supplier's full tax invoice of an expense (issue 35, decision 0068): only an expense
 * that carries one counts as input tax (ภาษีซื้อ) in the purchase tax report, ภ.พ.30 and the
 * P&L. Pure and client-safe: the expense form's schema runs it, and the page shows the same
 * rules. Each problem names the field it belongs to and the message shown next to it.
 */

/** "00000": the supplier's head office (สำนักงานใหญ่); a branch is its 5-digit number. */
export const HEAD_OFFICE = "00000";
export const TAX_INVOICE_NUMBER_MAX = 40;
/**
 * Input tax is claimed in the month of the tax invoice, or (with cause) in a later month
 * within six months after it (Director-General's VAT notification No. 4, under section 82/3);
 * section 82/3 now allows up to three years, but the notification's six months is the
 * stricter reading and is what we check.
 */
export const CLAIM_MONTHS = 6;
/**
 * How far the VAT may stand from 7 % of the value, in satang: a supplier rounds VAT per line
 * or per bill, half a satang a line at most. One baht covers two hundred lines; more is a typo
 * (the total typed as the value, the VAT of another invoice).
 */
export const VAT_TOLERANCE_SATANG = 100;
const VAT_RATE_BASIS_POINTS = 700;

export interface SupplierTaxInvoice {
  supplierTaxId: string;
  supplierBranch: string;
  number: string;
  /** YYYY-MM-DD, as printed on the invoice. */
  date: string;
  valueBeforeVatSatang: number;
}

/** The expense form's fields the rule reads, as typed (money already read as satang). */
export interface TaxInvoiceFields {
  amount: number;
  inputVat: number;
  /** The expense's own day, YYYY-MM-DD. */
  day: string;
  supplier: string;
  supplierTaxId: string;
  supplierBranch: string;
  taxInvoiceNumber: string;
  taxInvoiceDate: string;
  valueBeforeVat: string;
}

export type TaxInvoiceError =
  | "shops.finance.error.taxInvoice.supplier"
  | "shops.finance.error.taxInvoice.taxIdRequired"
  | "shops.finance.error.taxInvoice.taxIdInvalid"
  | "shops.finance.error.taxInvoice.branch"
  | "shops.finance.error.taxInvoice.number"
  | "shops.finance.error.taxInvoice.dateRequired"
  | "shops.finance.error.taxInvoice.dateAfterDay"
  | "shops.finance.error.taxInvoice.dateTooOld"
  | "shops.finance.error.taxInvoice.value"
  | "shops.finance.error.taxInvoice.valueOverAmount"
  | "shops.finance.error.taxInvoice.vatRequired"
  | "shops.finance.error.taxInvoice.vatNotRate";

export type TaxInvoiceReading =
  | { ok: true; invoice: SupplierTaxInvoice | null }
  | { ok: false; problems: [field: keyof TaxInvoiceFields, message: TaxInvoiceError][] };

/** Months from one YYYY-MM-DD's month to another's (2026-01-31 → 2026-07-01 is 6). */
function monthsBetween(from: string, to: string): number {
  const month = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
  return month(to) - month(from);
}

/**
 * Reads the tax invoice part of an expense: none when every field of it (and the input VAT)
 * is empty; otherwise every field is needed and checked. Input VAT without a tax invoice is
 * refused: it would be a claim with nothing to show for it.
 */
export function readSupplierTaxInvoice(fields: TaxInvoiceFields): TaxInvoiceReading {
  const typed = [
    fields.supplierTaxId,
    fields.supplierBranch,
    fields.taxInvoiceNumber,
    fields.taxInvoiceDate,
    fields.valueBeforeVat,
  ].some((value) => value.trim() !== "");
  if (!typed && fields.inputVat === 0) return { ok: true, invoice: null };

  const problems: [keyof TaxInvoiceFields, TaxInvoiceError][] = [];
  if (fields.supplier.trim() === "") {
    problems.push(["supplier", "shops.finance.error.taxInvoice.supplier"]);
  }
  const taxId = normalizeThaiTaxId(fields.supplierTaxId.trim());
  if (fields.supplierTaxId.trim() === "") {
    problems.push(["supplierTaxId", "shops.finance.error.taxInvoice.taxIdRequired"]);
  } else if (taxId === null) {
    problems.push(["supplierTaxId", "shops.finance.error.taxInvoice.taxIdInvalid"]);
  }
  const branchTyped = fields.supplierBranch.trim();
  const branch = branchTyped === "" ? HEAD_OFFICE : branchTyped;
  if (!/^\d{5}$/.test(branch)) {
    problems.push(["supplierBranch", "shops.finance.error.taxInvoice.branch"]);
  }
  const number = fields.taxInvoiceNumber.trim();
  if (number === "" || [...number].length > TAX_INVOICE_NUMBER_MAX) {
    problems.push(["taxInvoiceNumber", "shops.finance.error.taxInvoice.number"]);
  }
  const date = parseDayInput(fields.taxInvoiceDate);
  // The expense's own day and amount have rules of their own: a refused one is not compared.
  const day = parseDayInput(fields.day);
  if (date === null) {
    problems.push(["taxInvoiceDate", "shops.finance.error.taxInvoice.dateRequired"]);
  } else if (day === null) {
    // Nothing to compare with until the expense's day is right.
  } else if (date > day) {
    problems.push(["taxInvoiceDate", "shops.finance.error.taxInvoice.dateAfterDay"]);
  } else if (monthsBetween(date, day) > CLAIM_MONTHS) {
    problems.push(["taxInvoiceDate", "shops.finance.error.taxInvoice.dateTooOld"]);
  }
  const value =
    fields.valueBeforeVat.trim() === "" ? null : parseBahtToSatang(fields.valueBeforeVat);
  if (value === null || value <= 0) {
    problems.push(["valueBeforeVat", "shops.finance.error.taxInvoice.value"]);
  } else if (fields.amount > 0 && value + fields.inputVat > fields.amount) {
    problems.push(["valueBeforeVat", "shops.finance.error.taxInvoice.valueOverAmount"]);
  }
  if (fields.inputVat <= 0) {
    problems.push(["inputVat", "shops.finance.error.taxInvoice.vatRequired"]);
  } else if (value !== null && value > 0) {
    const expected = Math.round((value * VAT_RATE_BASIS_POINTS) / 10_000);
    if (Math.abs(fields.inputVat - expected) > VAT_TOLERANCE_SATANG) {
      problems.push(["inputVat", "shops.finance.error.taxInvoice.vatNotRate"]);
    }
  }
  if (problems.length > 0 || taxId === null || date === null || value === null) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    invoice: {
      supplierTaxId: taxId,
      supplierBranch: branch,
      number,
      date,
      valueBeforeVatSatang: value,
    },
  };
}
