/*
 * The core of Bangkok time that every page's frame needs (the footer's year): kept apart from
 * app/lib/dates.ts, which re-exports it, so that the frame's script does not carry the month
 * and weekday tables of the whole date module (decision 0067).
 */

/** Thailand keeps UTC+7 all year (no daylight saving), so a fixed offset is exact. */
export const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The Gregorian year in Bangkok (the footer's copyright line, a document number's year). */
export function bangkokYear(value: Date | string): number {
  return new Date(new Date(value).getTime() + BANGKOK_OFFSET_MS).getUTCFullYear();
}
