/** Where the browser sends its batches (app/routes/api/analytics.ts). */
export const BEACON_PATH = "/api/analytics";

/** The Web Vitals the site measures. */
export const METRICS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type MetricName = (typeof METRICS)[number];

/**
 * One event of a batch, in short keys (a batch is a few hundred bytes): a page view (`pv`) with
 * its path, referrer host, device class (mobile, tablet, desktop) and page language, or one
 * Web Vital of the page load whose path it names.
 */
export type BeaconEvent =
  | { t: "pv"; p: string; r: string; d: "m" | "t" | "d"; l: string }
  | { t: MetricName; p: string; v: number };
