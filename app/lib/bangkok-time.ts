// Bangkok's clock. Apart from bangkok-day.ts (the day's name) because the site's footer, which
// every page's script carries, needs only the year: the frame's script chunk holds every
// export of the modules the frame imports (the home page's script budget, issue 15).

// Thailand keeps UTC+7 all year (no daylight saving), so a fixed offset is exact.
export const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The Gregorian year in Bangkok (the footer's copyright line). */
export function bangkokYear(value: Date | string): number {
  return new Date(new Date(value).getTime() + BANGKOK_OFFSET_MS).getUTCFullYear();
}
