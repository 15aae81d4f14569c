import type { Lang } from "~/lib/i18n";

/** The highest asking price a listing may carry: 9,999,999,999.99 baht. */
export const MAX_PRICE_SATANG = 999_999_999_999;

/**
 * Reads a price typed in baht ("1,250,000", "1 250 000", "4500.50") as integer satang;
 * null when it is not a plain amount with at most two decimals.
 */
export function parseBahtToSatang(input: string): number | null {
  const cleaned = input.replace(/[\s,฿]/g, "").replace(/บาท$/, "");
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const satang = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return satang <= MAX_PRICE_SATANG ? satang : null;
}

/** Satang as a baht amount to type into the form again: "1250000" or "4500.50". */
export function satangToBahtInput(satang: number): string {
  const baht = Math.floor(satang / 100);
  const rest = satang % 100;
  return rest === 0 ? String(baht) : `${baht}.${String(rest).padStart(2, "0")}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** "฿1,250,000", or "฿4,500.50" when there are satang. */
export function formatPrice(satang: number, lang: Lang): string {
  const whole = satang % 100 === 0;
  const key = `${lang}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(lang === "th" ? "th-TH" : "en-GB", {
      style: "currency",
      currency: "THB",
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(satang / 100);
}
