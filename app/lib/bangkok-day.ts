import { BANGKOK_OFFSET_MS } from "./bangkok-time";
import type { Lang } from "./i18n";

/*
 * The calendar day in Bangkok and its name ("12 มกราคม 2569", "12 January 2026"): what the
 * visitor pages show (article and listing dates). Kept apart from dates.ts, whose Intl
 * formatters and date-input helpers only member pages use: a page's script chunk holds every
 * export of the modules it imports that any page uses.
 * No Intl here: the first Intl object a browser tab makes costs it 35-50 ms of main thread
 * (ICU's start) while the page hydrates (docs/decisions/0049-raster-illustrations.md).
 */

const MONTHS: Record<Lang, readonly string[]> = {
  th: [
    "มกราคม",
    "กุมภาพันธ์",
    "มีนาคม",
    "เมษายน",
    "พฤษภาคม",
    "มิถุนายน",
    "กรกฎาคม",
    "สิงหาคม",
    "กันยายน",
    "ตุลาคม",
    "พฤศจิกายน",
    "ธันวาคม",
  ],
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
};

/** The month's full name, 1 = January. */
export const monthName = (month: number, lang: Lang): string => MONTHS[lang][month - 1] ?? "";

/** The year as each language counts it: the Buddhist era (พ.ศ.) in Thai. */
export const yearText = (year: number, lang: Lang): string =>
  String(lang === "th" ? year + 543 : year);

/**
 * The Bangkok calendar day as YYYY-MM-DD (Gregorian) for machine-readable places: `<time
 * dateTime>`, sitemaps, file names. 23:30 UTC is already the next day in Bangkok.
 */
export function bangkokIsoDate(value: Date | string): string {
  return new Date(new Date(value).getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A calendar date such as "12 มกราคม 2569" or "12 January 2026", in Bangkok time: the text
 * Intl gives for these two languages (dates.test.ts compares them over two years).
 */
export function formatDate(value: Date | string, lang: Lang): string {
  const day = new Date(new Date(value).getTime() + BANGKOK_OFFSET_MS);
  if (Number.isNaN(day.getTime())) throw new RangeError("Invalid time value");
  return `${day.getUTCDate()} ${monthName(day.getUTCMonth() + 1, lang)} ${yearText(day.getUTCFullYear(), lang)}`;
}
