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
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const utc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day ||
    hour! > 23 ||
    minute! > 59
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
