import { monthName, yearText } from "./dates";
import { parseDayInput, parseMonthInput } from "./day-input";
import type { Lang } from "./i18n";

/*
 * A picked date, month or range of days spelled out with the month's full name, Buddhist-era
 * years in Thai: "1–30 พฤศจิกายน 2569". Shown under the date fields (day-input.ts), so what was
 * typed ("1/11/2569") is read back in words as it is typed. Built from fixed month names rather
 * than Intl, so the server's and the browser's ICU cannot render it differently (the text
 * hydrates).
 */

interface Parts {
  year: number;
  month: number;
  day: number;
}

/** A date field's value (typed or YYYY-MM-DD) or a month field's that is a real date, else null. */
function partsOf(value: string, withDay: boolean): Parts | null {
  const iso = withDay ? parseDayInput(value) : parseMonthInput(value);
  if (!iso) return null;
  return {
    year: Number(iso.slice(0, 4)),
    month: Number(iso.slice(5, 7)),
    day: withDay ? Number(iso.slice(8, 10)) : 0,
  };
}

/** "3 ตุลาคม 2569" for "3/10/2569" or "2026-10-03"; null for anything that is not a date. */
export function dateText(value: string, lang: Lang): string | null {
  const p = partsOf(value, true);
  return p ? `${p.day} ${monthName(p.month, lang)} ${yearText(p.year, lang)}` : null;
}

/** "ตุลาคม 2569" for "10/2569" or "2026-10"; null for anything that is not a month. */
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
