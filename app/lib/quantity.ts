import type { Lang } from "~/lib/i18n";
import { groupDigits } from "~/lib/i18n/format-message";

/**
 * Quantities are integer thousandths of the item's unit ("milli-units") everywhere in
 * TypeScript: 1 piece is 1000, 1.255 kg is 1255, 0.5 m is 500. Three decimals is what the till
 * accepts and what a scale label carries (grams of a kilogram), and an integer keeps floats
 * out of the sums. The stock ledger keeps them as numeric(14,3) (exact decimals); the one
 * boundary is qtyToSql / qtyFromSql here and the `quantity` column type
 * (app/db/quantity-column.ts). docs/decisions/0023-fractional-stock-quantities.md.
 */
export const QTY_SCALE = 1000;

/** 1,000,000 units: far above any line a small shop rings up, far below float trouble. */
export const MAX_QTY_MILLI = 1_000_000 * QTY_SCALE;

/** Whole units (the stock ledger's pieces today) as thousandths. */
export function qtyFromUnits(units: number): number {
  return units * QTY_SCALE;
}

/**
 * Reads a quantity as typed at the till ("2", "1.255", "0.5", "1,250.5") into thousandths.
 * Null when it is not a positive number with at most 3 decimals, or above MAX_QTY_MILLI.
 */
export function parseQuantity(input: string): number | null {
  const milli = readQuantity(input);
  return milli !== null && milli > 0 ? milli : null;
}

/**
 * Reads a quantity of 0 or more as typed (a count may find nothing on the shelf) into
 * thousandths; null when it is not a number with at most 3 decimals, or above MAX_QTY_MILLI.
 * Whether the item takes fractions at all is the caller's rule (isWholeQuantity).
 */
export function readQuantity(input: string): number | null {
  const cleaned = input.trim().replace(/,/g, "");
  const match = /^(\d{1,7})(?:\.(\d{0,3}))?$/.exec(cleaned) ?? /^()\.(\d{1,3})$/.exec(cleaned);
  if (!match) return null;
  const milli = Number(match[1] || "0") * QTY_SCALE + Number((match[2] ?? "").padEnd(3, "0"));
  return milli <= MAX_QTY_MILLI ? milli : null;
}

/** A whole number of units (what an item not sold by weight or length takes). */
export function isWholeQuantity(milli: number): boolean {
  return milli % QTY_SCALE === 0;
}

/**
 * Thousandths as the exact decimal the database reads ("1.255", "-0.5", "12"): for jsonb
 * payloads of the ledger functions and numeric parameters. Built from the integer's digits,
 * never by dividing a float (0.1 + 0.2 never reaches the ledger).
 */
export function qtyToSql(milli: number): string {
  if (!Number.isSafeInteger(milli)) throw new RangeError(`not a quantity in thousandths: ${milli}`);
  const sign = milli < 0 ? "-" : "";
  const abs = Math.abs(milli);
  const fraction = String(abs % QTY_SCALE)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${sign}${Math.floor(abs / QTY_SCALE)}${fraction ? `.${fraction}` : ""}`;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A quantity as PostgreSQL answers it, in thousandths: a numeric column arrives as its exact
 * text ("0.755", "-12.000"), a numeric inside jsonb as a JS number (JSON.parse), read back
 * through its shortest decimal text, which is the decimal the database wrote. Throws on more
 * than 3 decimals that are not zeros (a quantity the ledger cannot hold) or non-numbers.
 */
export function qtyFromSql(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "bigint") return Number(value) * QTY_SCALE;
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) {
    // Exponent notation (a huge or tiny JS number): never produced for a numeric(14,3).
    if (typeof value === "number" && Number.isFinite(value)) {
      return Math.round(value * QTY_SCALE);
    }
    throw new RangeError(`not a quantity: ${text}`);
  }
  const decimals = match[3] ?? "";
  if (/[1-9]/.test(decimals.slice(3))) throw new RangeError(`more than 3 decimals: ${text}`);
  const milli = Number(match[2]) * QTY_SCALE + Number(decimals.slice(0, 3).padEnd(3, "0"));
  return match[1] === "-" && milli !== 0 ? -milli : milli;
}

/**
 * Thousandths for display: "2", "1.255", "0.5", "1,250.5" (trailing zeros dropped). Both
 * languages group by commas; written out rather than with Intl (see money.ts).
 */
export function formatQuantityMilli(milli: number, _lang: Lang): string {
  const sign = milli < 0 ? "-" : "";
  const abs = Math.abs(milli);
  const whole = groupDigits(Math.floor(abs / QTY_SCALE));
  const fraction = String(abs % QTY_SCALE)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * Reads a percentage as typed ("10", "12.5", "7.25%") into basis points (1 % = 100), so
 * discounts and VAT rates stay integers. Null above 100 % or with more than 2 decimals.
 */
export function parsePercent(input: string): number | null {
  const cleaned = input.trim().replace(/\s*%$/, "");
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= 10_000 ? bp : null;
}
