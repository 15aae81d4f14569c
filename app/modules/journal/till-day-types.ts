// What a till's day summary holds (issue 35, decision 0072): the X report (the day so far) and
// the Z report (the day closed, numbered and kept) read the same figures. Client-safe.

/** `account` (decision 0083): sold on account, owed by the customer, not money taken in. */
export const PAYMENT_METHODS_IN_ORDER = [
  "cash",
  "promptpay",
  "transfer",
  "card",
  "account",
] as const;

export interface TillDayPayment {
  method: string;
  /** Taken in on the day's standing sales. */
  salesSatang: number;
  /** Paid back on the day's standing credit notes (a positive number). */
  refundsSatang: number;
  netSatang: number;
}

export interface TillDayReport {
  kind: "X" | "Z";
  shop: { name: string; taxId: string | null; branchCode: string };
  till: { id: string; code: string; name: string; posNumber: string };
  /** The Bangkok day, YYYY-MM-DD. */
  businessDate: string;
  /** When the X was read or the Z closed (ISO). */
  at: string;
  /** The Z's own number; null on an X. */
  number: string | null;
  auto: boolean;
  note: string;
  closedByName: string;
  /** The till's slips (receipts, abbreviated tax invoices) issued that day, voided ones too. */
  documents: { count: number; first: string | null; last: string | null };
  /** The day's standing sales (not voided). */
  sales: {
    bills: number;
    grossSatang: number;
    discountSatang: number;
    totalSatang: number;
    vatSatang: number;
    exVatSatang: number;
  };
  /** Credit notes issued that day for sales of this till (positive amounts). */
  returns: {
    count: number;
    totalSatang: number;
    vatSatang: number;
    exVatSatang: number;
    numbers: string[];
  };
  /** Sales minus returns, as the P&L and the tax reports count the day. */
  net: { totalSatang: number; vatSatang: number; exVatSatang: number };
  voids: { count: number; totalSatang: number; numbers: string[] };
  fullTaxInvoices: { count: number; numbers: string[] };
  payments: TillDayPayment[];
  /** Cash taken in minus cash paid back (the drawer's float and pay-ins/outs are the shift's). */
  cashExpectedSatang: number;
  grandTotal: { beforeSatang: number; afterSatang: number };
  /** The hash of the till's journal where it stood (a Z prints it). */
  journalHash: string | null;
}

/** "Z-P01-000001": the till's own series of Z reports. */
export function zReportNumber(tillCode: string, seq: number): string {
  return `Z-${tillCode}-${seq < 1_000_000 ? String(seq).padStart(6, "0") : String(seq)}`;
}
