import { yearText } from "./bangkok-day";
import { BANGKOK_OFFSET_MS } from "./bangkok-time";
import type { Lang } from "./i18n";

// The calendar day, its name and the year live in bangkok-day.ts and bangkok-time.ts (what
// visitor pages need, without this module's Intl formatters).
export { bangkokIsoDate, formatDate } from "./bangkok-day";
export { bangkokYear } from "./bangkok-time";

// Every date a person reads goes through this module: Thai in the Buddhist era (พ.ศ.),
// English in the Gregorian calendar, both in Bangkok time whatever the server's or the
// browser's own time zone (so the server's HTML and the hydrated page agree).

const TIME_ZONE = "Asia/Bangkok";

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
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, lang: Lang): Intl.DateTimeFormat {
  const key = `${style}:${lang}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALES[lang], { ...STYLES[style], timeZone: TIME_ZONE });
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

/**
 * A date and time such as "12 ม.ค. 2569 09:30" or "12 Jan 2026, 09:30", in Bangkok time.
 * Written out like formatDate, with the text Intl gives (dates.test.ts): the till shows an
 * open shift's start while it hydrates.
 */
export function formatDateTime(value: Date | string, lang: Lang): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const bangkok = new Date(time + BANGKOK_OFFSET_MS);
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
  return new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 16);
}
