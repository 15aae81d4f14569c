import { monthName, yearText } from "./bangkok-day";
import type { Lang } from "./i18n";

/*
 * A picked date, month or range of days spelled out with the month's full name, Buddhist-era
 * years in Thai: "1–30 พฤศจิกายน 2569". Shown beside the browser's date and month inputs, which
 * display the browser's locale (an English browser shows "11/01/2026"), so the period is
 * unmistakable whatever the browser. Built from fixed month names rather than Intl, so the
 * server's and the browser's ICU cannot render it differently (the text hydrates).
 */

interface Parts {
  year: number;
  month: number;
  day: number;
}

/** YYYY-MM-DD (or YYYY-MM with day 0) that is a real calendar date, else null. */
function partsOf(value: string, withDay: boolean): Parts | null {
  const match = (withDay ? /^(\d{4})-(\d{2})-(\d{2})$/ : /^(\d{4})-(\d{2})$/).exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = withDay ? Number(match[3]) : 1;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return null;
  if (check.getUTCDate() !== day) return null;
  return { year, month, day: withDay ? day : 0 };
}

/** "3 ตุลาคม 2569" for "2026-10-03"; null for anything that is not a date. */
export function dateText(value: string, lang: Lang): string | null {
  const p = partsOf(value, true);
  return p ? `${p.day} ${monthName(p.month, lang)} ${yearText(p.year, lang)}` : null;
}

/** "ตุลาคม 2569" for "2026-10"; null for anything that is not a month. */
export function monthText(value: string, lang: Lang): string | null {
  const p = partsOf(value, false);
  return p ? `${monthName(p.month, lang)} ${yearText(p.year, lang)}` : null;
}

/**
 * A range of days as short as it reads clearly: "1–30 พฤศจิกายน 2569", "28 กุมภาพันธ์ –
 * 3 มีนาคม 2569", "30 ธันวาคม 2568 – 2 มกราคม 2569"; one end alone when only one is a date.
 */
export function rangeText(from: string, to: string, lang: Lang): string | null {
  const a = partsOf(from, true);
  const b = partsOf(to, true);
  if (!a || !b) return dateText(from, lang) ?? dateText(to, lang);
  if (a.year === b.year && a.month === b.month) {
    if (a.day === b.day) return dateText(from, lang);
    return `${a.day}–${b.day} ${monthName(b.month, lang)} ${yearText(b.year, lang)}`;
  }
  if (a.year === b.year) {
    return `${a.day} ${monthName(a.month, lang)} – ${b.day} ${monthName(b.month, lang)} ${yearText(b.year, lang)}`;
  }
  return `${dateText(from, lang)} – ${dateText(to, lang)}`;
}
