import { QTY_SCALE } from "./quantity";

/*
 * The one place where the till's thousandths meet the stock ledger's quantities. The ledger
 * on this branch still counts whole units; when it moves to numeric(14,3) (the fractional
 * quantities change), only ledgerQtyOf changes.
 */

/** A quantity in thousandths as the ledger takes it (whole units), or null if it has a fraction. */
export function ledgerQtyOf(qtyMilli: number): number | null {
  if (!Number.isSafeInteger(qtyMilli) || qtyMilli % QTY_SCALE !== 0) return null;
  return qtyMilli / QTY_SCALE;
}

/** The ledger's quantity (whole units) as thousandths. */
export function qtyMilliOfLedger(qty: number): number {
  return Math.round(qty * QTY_SCALE);
}

/** A numeric(14,3) column's text ("1.255", "2", "2.000") as thousandths, without floats. */
export function qtyMilliOfNumeric(value: string | number): number {
  const text = typeof value === "number" ? value.toFixed(3) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{0,3}))?$/.exec(text);
  if (!match) throw new RangeError(`not a quantity: ${text}`);
  const milli = Number(match[2]) * QTY_SCALE + Number((match[3] ?? "").padEnd(3, "0"));
  return match[1] === "-" ? -milli : milli;
}

/** Thousandths as a numeric(14,3) value ("1.255"). */
export function numericOfQtyMilli(qtyMilli: number): string {
  const sign = qtyMilli < 0 ? "-" : "";
  const abs = Math.abs(qtyMilli);
  return `${sign}${Math.floor(abs / QTY_SCALE)}.${String(abs % QTY_SCALE).padStart(3, "0")}`;
}
