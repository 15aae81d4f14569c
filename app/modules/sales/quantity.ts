import type { Lang } from "~/lib/i18n";

/**
 * Quantities sold are integer thousandths of the item's unit ("milli-units"): 1 piece is
 * 1000, 1.255 kg is 1255, 0.5 m is 500. Three decimals is what the till accepts and what a
 * scale label carries (grams of a kilogram), and an integer keeps floats out of the sums; the
 * database column can be numeric(…, 3) or bigint thousandths and maps 1:1.
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
  const cleaned = input.trim().replace(/,/g, "");
  const match = /^(\d{1,7})(?:\.(\d{0,3}))?$/.exec(cleaned) ?? /^()\.(\d{1,3})$/.exec(cleaned);
  if (!match) return null;
  const milli = Number(match[1] || "0") * QTY_SCALE + Number((match[2] ?? "").padEnd(3, "0"));
  return milli > 0 && milli <= MAX_QTY_MILLI ? milli : null;
}

const groupers = new Map<Lang, Intl.NumberFormat>();

/** Thousandths for display: "2", "1.255", "0.5", "1,250.5" (trailing zeros dropped). */
export function formatQuantityMilli(milli: number, lang: Lang): string {
  let grouper = groupers.get(lang);
  if (!grouper) {
    grouper = new Intl.NumberFormat(lang === "th" ? "th-TH" : "en-GB", {
      maximumFractionDigits: 0,
    });
    groupers.set(lang, grouper);
  }
  const sign = milli < 0 ? "-" : "";
  const abs = Math.abs(milli);
  const whole = grouper.format(Math.floor(abs / QTY_SCALE));
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
