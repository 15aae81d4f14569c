import { DAY_MS } from "~/lib/dates";

// Ranges of Bangkok calendar days: pure and client-safe (the page's period picker checks them).
// A day's moments are Bangkok time's (~/lib/dates); the arithmetic here is the calendar's.

/** A range longer than this is charted by month rather than by day. */
export const DAYS_CHARTED_BY_DAY = 62;
/** A report spans at most about ten years (keeps the day buckets bounded). */
export const MAX_REPORT_DAYS = 3700;

export interface ReportRange {
  /** Bangkok calendar days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
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

/** The last day of a month (1–12) of a year: 28 to 31. */
function monthLength(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

interface Day {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

function dayOf(iso: string): Day {
  return {
    year: Number(iso.slice(0, 4)),
    month: Number(iso.slice(5, 7)),
    day: Number(iso.slice(8, 10)),
  };
}

function isoOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The month `count` months before (negative: after) a month, as year and month 1–12. */
function monthsBefore(year: number, month: number, count: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) - count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The period a report compares with (decision 0063):
 * - whole months (a month, a quarter, a year: from the 1st to a month's last day) — the same
 *   number of whole months just before: November → all of October, 2026 → all of 2025;
 * - part of one month from its 1st (month to date, 1–15 November) — the same days of the month
 *   before, to its end when shorter (1–30 March → 1–28 February);
 * - any other range of days — the same number of days ending the day before it starts.
 */
export function previousRange(range: ReportRange): ReportRange {
  const from = dayOf(range.from);
  const to = dayOf(range.to);
  if (from.day === 1) {
    const months = (to.year - from.year) * 12 + (to.month - from.month) + 1;
    if (to.day === monthLength(to.year, to.month)) {
      const start = monthsBefore(from.year, from.month, months);
      const end = monthsBefore(from.year, from.month, 1);
      return {
        from: isoOf(start.year, start.month, 1),
        to: isoOf(end.year, end.month, monthLength(end.year, end.month)),
      };
    }
    if (months === 1) {
      const before = monthsBefore(from.year, from.month, 1);
      const last = Math.min(to.day, monthLength(before.year, before.month));
      return {
        from: isoOf(before.year, before.month, 1),
        to: isoOf(before.year, before.month, last),
      };
    }
  }
  const days = rangeDays(range);
  const start = Date.parse(`${range.from}T00:00:00Z`);
  return { from: isoDay(start - days * DAY_MS), to: isoDay(start - DAY_MS) };
}
