import type { Lang } from "./i18n";

/**
 * Reads an amount of baht as typed by a person ("1,250", "1250.5", "฿ 99.75") into integer
 * satang. Null when it is not an amount with at most two decimals (or is negative, or is
 * larger than any price a shop will type).
 */
export function parseBahtToSatang(input: string): number | null {
  const cleaned = input
    .trim()
    .replace(/^฿\s*/, "")
    .replace(/\s*บาท$/, "")
    .replace(/,/g, "");
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const baht = Number(match[1]);
  const satang = Number((match[2] ?? "").padEnd(2, "0"));
  return baht * 100 + satang;
}

/** Satang as a plain baht amount for a form field ("1250.50"), without grouping. */
export function satangToBahtInput(satang: number): string {
  const sign = satang < 0 ? "-" : "";
  const abs = Math.abs(satang);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const LOCALES: Record<Lang, string> = { th: "th-TH", en: "en-GB" };
const bahtFormatters = new Map<Lang, Intl.NumberFormat>();
const numberFormatters = new Map<Lang, Intl.NumberFormat>();

/** "฿1,250.50" — baht with two decimals, grouped the way Thai readers expect. */
export function formatBaht(satang: number, lang: Lang): string {
  let formatter = bahtFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[lang], {
      style: "currency",
      currency: "THB",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    bahtFormatters.set(lang, formatter);
  }
  // Integer division keeps floats out of the arithmetic; only the display divides.
  return formatter.format(satang / 100);
}

/** A whole quantity with thousands grouping ("12,500"). */
export function formatQuantity(value: number, lang: Lang): string {
  let formatter = numberFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 });
    numberFormatters.set(lang, formatter);
  }
  return formatter.format(value);
}
