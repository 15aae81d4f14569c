import type { Lang } from "./i18n";

/*
 * Bangkok time, in one place: the offset, a calendar day's start and range, the year, and every
 * date a person reads (Thai in the Buddhist era, พ.ศ., English in the Gregorian calendar), in
 * Bangkok time whatever the server's or the browser's own time zone, so the server's HTML and
 * the hydrated page agree. SQL that needs the zone takes BANGKOK_TIME_ZONE.
 *
 * Day names, months and the short forms are written out rather than asked of Intl (dates.test.ts
 * compares them with Intl's text over two years): a page that shows only a date makes no Intl
 * object, the first of which costs a browser tab ICU's start while it hydrates
 * (docs/decisions/0049-raster-illustrations.md). Only formatDateTimeLong and formatDocumentDate
 * build Intl formatters, once each, when first used.
 */

import { BANGKOK_OFFSET_MS } from "./bangkok-clock";

export { BANGKOK_OFFSET_MS, bangkokYear } from "./bangkok-clock";
/** The zone's name, for Intl and for SQL (`AT TIME ZONE`). */
export const BANGKOK_TIME_ZONE = "Asia/Bangkok";
export const DAY_MS = 24 * 60 * 60 * 1000;
/** A Buddhist-era year (พ.ศ.) is the Gregorian year plus this. */
export const BUDDHIST_ERA_OFFSET = 543;

/** The moment as Bangkok's wall clock, read with the getUTC… methods. */
const bangkokClock = (value: Date | string | number): Date =>
  new Date(new Date(value).getTime() + BANGKOK_OFFSET_MS);

/**
 * The Bangkok calendar day as YYYY-MM-DD (Gregorian) for machine-readable places: `<time
 * dateTime>`, sitemaps, file names, a report's days. 23:30 UTC is already the next day in Bangkok.
 */
export function bangkokIsoDate(value: Date | string | number): string {
  return bangkokClock(value).toISOString().slice(0, 10);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The moment a Bangkok calendar day (YYYY-MM-DD) starts, or null when it is no real day. */
export function bangkokDayStart(day: string): Date | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return null;
  if (check.getUTCDate() !== date) return null;
  return new Date(utc - BANGKOK_OFFSET_MS);
}

/**
 * The moments Bangkok days span, `from` to `to` both included: from the first's start to the
 * start of the day after the last (`end` is excluded). Null when either is no real day or they
 * are the wrong way round.
 */
export function bangkokDays(from: string, to: string = from): { start: Date; end: Date } | null {
  const start = bangkokDayStart(from);
  const last = bangkokDayStart(to);
  if (!start || !last || last < start) return null;
  return { start, end: new Date(last.getTime() + DAY_MS) };
}

/** The Bangkok day `days` after `day` (YYYY-MM-DD; negative: before). */
export function addDays(day: string, days: number): string {
  const start = bangkokDayStart(day);
  if (!start) throw new RangeError(`${day} is no day`);
  return bangkokIsoDate(start.getTime() + days * DAY_MS);
}

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
  String(lang === "th" ? year + BUDDHIST_ERA_OFFSET : year);

const LOCALES: Record<Lang, string> = {
  th: "th-TH-u-ca-buddhist",
  en: "en-GB",
};

const STYLES = {
  /** "12 มกราคม 2569", "12 January 2026" */
  date: { day: "numeric", month: "long", year: "numeric" },
  /** "12 มกราคม 2569 เวลา 09:30:15", "12 January 2026 at 09:30:15" */
  dateTimeLong: { dateStyle: "long", timeStyle: "medium" },
  /** The parts of a document date (see formatDocumentDate). */
  document: {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof STYLES;

// Building an Intl formatter is costly (it showed in server profiles); build each once.
const formatters = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, lang: Lang): Intl.DateTimeFormat {
  const key = `${style}:${lang}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALES[lang], {
      ...STYLES[style],
      timeZone: BANGKOK_TIME_ZONE,
    });
    formatters.set(key, found);
  }
  return found;
}

// Intl's abbreviated months for these locales (en-GB writes September "Sept").
const SHORT_MONTHS: Record<Lang, readonly string[]> = {
  th: [
    "ม.ค.",
    "ก.พ.",
    "มี.ค.",
    "เม.ย.",
    "พ.ค.",
    "มิ.ย.",
    "ก.ค.",
    "ส.ค.",
    "ก.ย.",
    "ต.ค.",
    "พ.ย.",
    "ธ.ค.",
  ],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
};

const twoDigits = (value: number) => String(value).padStart(2, "0");

const WEEKDAYS: Record<Lang, readonly string[]> = {
  th: ["วันอาทิตย์", "วันจันทร์", "วันอังคาร", "วันพุธ", "วันพฤหัสบดี", "วันศุกร์", "วันเสาร์"],
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
};

/**
 * A calendar date such as "12 มกราคม 2569" or "12 January 2026", in Bangkok time: the text
 * Intl gives for these two languages.
 */
export function formatDate(value: Date | string, lang: Lang): string {
  const day = bangkokClock(value);
  if (Number.isNaN(day.getTime())) throw new RangeError("Invalid time value");
  return `${day.getUTCDate()} ${monthName(day.getUTCMonth() + 1, lang)} ${yearText(day.getUTCFullYear(), lang)}`;
}

/** A Bangkok calendar day (YYYY-MM-DD) as people read it: "12 มกราคม 2569". */
export function formatDay(day: string, lang: Lang): string {
  const start = bangkokDayStart(day);
  if (!start) throw new RangeError(`${day} is no day`);
  return formatDate(start, lang);
}

/** A month (YYYY-MM) in short: "พ.ย. 2569", "Nov 2026". */
export function formatMonth(month: string, lang: Lang): string {
  const [year = 0, number = 0] = month.split("-").map(Number);
  const name = SHORT_MONTHS[lang][number - 1];
  if (!name) throw new RangeError(`${month} is no month`);
  return `${name} ${yearText(year, lang)}`;
}

/** The weekday of a Bangkok calendar day (YYYY-MM-DD): "วันจันทร์", "Monday". */
export function weekdayName(day: string, lang: Lang): string {
  const start = bangkokDayStart(day);
  if (!start) throw new RangeError(`${day} is no day`);
  return WEEKDAYS[lang][bangkokClock(start).getUTCDay()] ?? "";
}

/**
 * A date and time such as "12 ม.ค. 2569 09:30" or "12 Jan 2026, 09:30", in Bangkok time.
 * Written out like formatDate, with the text Intl gives (dates.test.ts): the till shows an
 * open shift's start while it hydrates.
 */
export function formatDateTime(value: Date | string, lang: Lang): string {
  const bangkok = bangkokClock(value);
  if (Number.isNaN(bangkok.getTime())) throw new RangeError("Invalid time value");
  const day = `${bangkok.getUTCDate()} ${SHORT_MONTHS[lang][bangkok.getUTCMonth()]} ${yearText(bangkok.getUTCFullYear(), lang)}`;
  const clock = `${twoDigits(bangkok.getUTCHours())}:${twoDigits(bangkok.getUTCMinutes())}`;
  return lang === "th" ? `${day} ${clock}` : `${day}, ${clock}`;
}

/** With the month's full name and seconds: "12 มกราคม 2569 เวลา 09:30:15". */
export function formatDateTimeLong(value: Date | string, lang: Lang): string {
  return formatter("dateTimeLong", lang).format(new Date(value));
}

/**
 * The date a document prints (receipts, invoices, stock documents): "23 พ.ย. 2569 14:05" or
 * "23 Nov 2026 14:05", in Bangkok time, 24-hour clock. Put together from its parts so the
 * layout stays fixed whatever separators a future ICU puts between them.
 */
export function formatDocumentDate(value: Date | string, lang: Lang): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter("document", lang).formatToParts(new Date(value))) {
    parts[part.type] = part.value;
  }
  return `${parts.day} ${parts.month} ${parts.year} ${parts.hour}:${parts.minute}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Reads the value of an `<input type="datetime-local">` ("2026-01-12T09:30") as Bangkok time.
 * Returns null for an empty or malformed value, or a date that does not exist (31 February).
 */
export function parseBangkokLocal(value: string): Date | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  return new Date(utc - BANGKOK_OFFSET_MS);
}

/** The value for an `<input type="datetime-local">` showing this moment in Bangkok time. */
export function toBangkokLocalInput(value: Date | string | null | undefined): string {
  if (value == null) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return bangkokClock(date).toISOString().slice(0, 16);
}
