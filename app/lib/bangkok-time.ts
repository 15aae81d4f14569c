// Thailand keeps UTC+7 all year (no daylight saving), so a fixed offset is exact.
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
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

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** A date and time such as "12 ม.ค. 2569 09:30" or "12 Jan 2026, 09:30", in Bangkok time. */
export function formatDateTime(value: Date | string, lang: "th" | "en"): string {
  let formatter = dateTimeFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang === "th" ? "th-TH-u-ca-buddhist" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "Asia/Bangkok",
    });
    dateTimeFormatters.set(lang, formatter);
  }
  return formatter.format(new Date(value));
}
