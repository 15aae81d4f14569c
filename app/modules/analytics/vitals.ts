import type { MetricName } from "./beacon-format";

/**
 * The thresholds of "good" and "poor" of each Web Vital (web.dev, the same as the Chrome UX
 * Report and web-vitals' own `*Thresholds`): a value up to `good` is good, above `poor` is poor,
 * between them needs improvement. Milliseconds, except CLS (a score). A route's rating is that of
 * its 75th percentile.
 */
export const THRESHOLDS: Record<MetricName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export type Rating = "good" | "ni" | "poor";

export function ratingOf(metric: MetricName, value: number): Rating {
  const { good, poor } = THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "ni" : "poor";
}

/**
 * The roll-ups keep each metric as a histogram of logarithmic buckets 5 % wide (in milliseconds,
 * CLS in thousandths): bucket 0 holds values under 1, bucket b ≥ 1 holds [1.05^(b-1), 1.05^b).
 * The SQL of the roll-up (analytics.server.ts) computes the same.
 */
export const BUCKET_BASE = 1.05;
export const unitScale = (metric: MetricName): number => (metric === "CLS" ? 1000 : 1);

export function bucketOf(metric: MetricName, value: number): number {
  const units = value * unitScale(metric);
  return units < 1 ? 0 : 1 + Math.floor(Math.log(units) / Math.log(BUCKET_BASE));
}

/** A bucket's middle value (geometric), in the metric's own unit. */
export function bucketValue(metric: MetricName, bucket: number): number {
  if (bucket <= 0) return 0;
  return BUCKET_BASE ** (bucket - 0.5) / unitScale(metric);
}

export interface VitalSummary {
  samples: number;
  /** The 75th percentile read from the histogram (within 2.5 %). */
  p75: number;
  /** Exact counts per rating. */
  good: number;
  ni: number;
  poor: number;
  /** The rating of the 75th percentile, from the exact counts. */
  rating: Rating;
}

/** A metric's summary from its histogram rows (bucket, rating, samples) of any period. */
export function summarise(
  metric: MetricName,
  rows: readonly { bucket: number; rating: Rating; samples: number }[],
): VitalSummary | null {
  const counts = { good: 0, ni: 0, poor: 0 };
  const byBucket = new Map<number, number>();
  for (const row of rows) {
    counts[row.rating] += row.samples;
    byBucket.set(row.bucket, (byBucket.get(row.bucket) ?? 0) + row.samples);
  }
  const samples = counts.good + counts.ni + counts.poor;
  if (samples === 0) return null;
  // The nearest-rank 75th percentile: the smallest value with at least 75 % at or below it.
  const rank = Math.ceil(samples * 0.75);
  let seen = 0;
  let p75 = 0;
  for (const bucket of [...byBucket.keys()].sort((a, b) => a - b)) {
    seen += byBucket.get(bucket) ?? 0;
    if (seen >= rank) {
      p75 = bucketValue(metric, bucket);
      break;
    }
  }
  const rating: Rating =
    counts.good >= rank ? "good" : counts.good + counts.ni >= rank ? "ni" : "poor";
  return { samples, p75, ...counts, rating };
}
