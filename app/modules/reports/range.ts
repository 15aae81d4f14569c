// Ranges of Bangkok calendar days: pure and client-safe (the page's period picker checks them).

export const DAY_MS = 24 * 60 * 60 * 1000;
export const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
/** A range longer than this is charted by month rather than by day. */
export const DAYS_CHARTED_BY_DAY = 62;
/** A report spans at most about ten years (keeps the day buckets bounded). */
export const MAX_REPORT_DAYS = 3700;

export interface ReportRange {
  /** Bangkok calendar days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

/** The start of a Bangkok day as an instant, or null for a date that is no day. */
export function reportDayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return null;
  if (check.getUTCDate() !== date) return null;
  return new Date(utc - BANGKOK_OFFSET_MS);
}

export function isoDay(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

/** Number of days in a range (both ends included). */
export function rangeDays(range: ReportRange): number {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  return Math.round((to - from) / DAY_MS) + 1;
}

/** The period of the same length that ends the day before this one starts. */
export function previousRange(range: ReportRange): ReportRange {
  const days = rangeDays(range);
  const from = Date.parse(`${range.from}T00:00:00Z`);
  return { from: isoDay(from - days * DAY_MS), to: isoDay(from - DAY_MS) };
}
