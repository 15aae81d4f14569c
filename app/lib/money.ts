import type { Lang } from "./i18n";
import { groupDigits } from "./i18n/format-message";

// Money is integer satang (1 baht = 100 satang) everywhere: in the database, in forms once
// read, and in every sum. Only the display divides by 100.

/** The largest amount a person may type: 9,999,999,999.99 baht (10 digits of baht). */
export const MAX_SATANG = 999_999_999_999;
const MAX_BAHT_DIGITS = 10;

// Digits as typed: plain ("1250000"), or grouped by threes with commas ("1,250,000") or with
// spaces ("1 250 000"), one kind of separator per amount; at most two decimals.
const AMOUNT = /^(\d+|\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+)(?:\.(\d{1,2}))?$/;

/**
 * Reads an amount of baht as a person types it into integer satang: "1,234.50", "1234.5",
 * "1 250 000", "฿1,234.5", "฿ 99.75", "12 บาท". Null for anything else: a negative amount,
 * more than two decimals, separators that are not groups of three ("1,2,3"), a "฿" anywhere
 * but in front, Thai digits, exponents, or more than 10 digits of baht.
 *
 * This is the stricter of the two readers the code had (storehub's and the listings'): the
 * listings' one also dropped spaces and "฿" anywhere inside the number.
 */
export function parseBahtToSatang(input: string): number | null {
  const cleaned = input
    .trim()
    .replace(/^฿\s*/, "")
    .replace(/\s*บาท$/, "");
  const match = AMOUNT.exec(cleaned);
  if (!match) return null;
  const digits = (match[1] ?? "").replace(/[, ]/g, "");
  if (digits.length > MAX_BAHT_DIGITS) return null;
  // Whole baht and satang are read as two integers: no float ever holds an amount.
  return Number(digits) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * Satang as a baht amount to put back into a form field, without grouping: "1250.50", or with
 * `dropZeroSatang` "1250000" for a whole amount (the listings' price field).
 */
export function satangToBahtInput(
  satang: number,
  options: { dropZeroSatang?: boolean } = {},
): string {
  const sign = satang < 0 ? "-" : "";
  const abs = Math.abs(satang);
  const baht = Math.floor(abs / 100);
  const rest = abs % 100;
  if (options.dropZeroSatang && rest === 0) return `${sign}${baht}`;
  return `${sign}${baht}.${String(rest).padStart(2, "0")}`;
}

/** "1,234.50": grouped baht with two decimals, the same in both languages (documents, totals). */
export function formatSatang(satang: number): string {
  const sign = satang < 0 ? "-" : "";
  const abs = Math.abs(satang);
  return `${sign}${groupDigits(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/*
 * The amounts below are written out rather than formatted with Intl.NumberFormat, which gives
 * the same text (money.test.ts compares them over a range of amounts): the first Intl object a
 * browser tab makes costs it 35-50 ms of main thread (ICU's start), and the till, storehub and
 * the listings format amounts while they hydrate (decision 0049).
 */

/** "฿1,250.50" (English: "THB 1,250.50", a no-break space) — baht with two decimals, for stock and tills. */
export function formatBaht(satang: number, lang: Lang): string {
  const sign = satang < 0 ? "-" : "";
  return `${sign}${lang === "th" ? "฿" : "THB\u00a0"}${formatSatang(Math.abs(satang))}`;
}

/** An asking price: "฿1,250,000", or "฿4,500.50" when there are satang (listings). */
export function formatPrice(satang: number, _lang: Lang): string {
  // The same in both languages: the baht sign, as on a price tag.
  const sign = satang < 0 ? "-" : "";
  const abs = Math.abs(satang);
  const amount = abs % 100 === 0 ? groupDigits(abs / 100) : formatSatang(abs);
  return `${sign}฿${amount}`;
}

/** A whole quantity with thousands grouping ("12,500"); a fraction is rounded half away from zero. */
export function formatQuantity(value: number, _lang: Lang): string {
  // Both languages group by commas.
  const rounded = Math.round(Math.abs(value));
  return `${value < 0 && rounded !== 0 ? "-" : ""}${groupDigits(rounded)}`;
}

// ---------------------------------------------------------------------------------------
// Arithmetic in satang. Rates are basis points (7% VAT = 700) so they are integers too.

/** Thailand's VAT rate in basis points (7%). */
export const THAI_VAT_BASIS_POINTS = 700;

/** Throws when a value is not a whole number of satang (a float slipped into a sum). */
export function assertSatang(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole satang amount: ${value}`);
  return value;
}

/**
 * numerator / denominator rounded half up (a half goes away from zero, as on a Thai tax
 * invoice), in BigInt so products beyond 2^53 stay exact. The denominator must be positive.
 */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (abs * 2n + denominator) / (denominator * 2n);
  return Number(negative ? -rounded : rounded);
}

/** `basisPoints` per 10,000 of an amount, rounded half up to the satang (a discount, a fee). */
export function percentOfSatang(amount: number, basisPoints: number): number {
  assertSatang(amount);
  assertSatang(basisPoints);
  return divideHalfUp(BigInt(amount) * BigInt(basisPoints), 10_000n);
}

/** The VAT to add on top of a price without VAT (7%: 100.00 → 7.00). */
export function vatOnTop(netSatang: number, basisPoints = THAI_VAT_BASIS_POINTS): number {
  return percentOfSatang(netSatang, basisPoints);
}

/** The VAT inside a price that includes it (7%: 107.00 → 7.00); the rest is the net price. */
export function vatIncluded(grossSatang: number, basisPoints = THAI_VAT_BASIS_POINTS): number {
  assertSatang(grossSatang);
  assertSatang(basisPoints);
  return divideHalfUp(BigInt(grossSatang) * BigInt(basisPoints), 10_000n + BigInt(basisPoints));
}

/** The sum of satang amounts; throws on a value that is not whole satang. */
export function sumSatang(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) total += assertSatang(amount);
  return assertSatang(total);
}

/** A unit price times a whole quantity (a line total). */
export function lineTotal(unitSatang: number, quantity: number): number {
  return assertSatang(assertSatang(unitSatang) * assertSatang(quantity));
}
