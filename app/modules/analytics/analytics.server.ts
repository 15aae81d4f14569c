import { createHash, randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { addDays, bangkokDayStart, bangkokIsoDate } from "~/lib/dates";
import {
  hitRateLimit,
  type RateLimitResult,
  type RateLimitRule,
} from "~/modules/platform/index.server";
import { METRICS, type MetricName } from "./beacon-format";
import { ALL_ROUTES, type Period } from "./periods";
import { BUCKET_BASE, summarise, THRESHOLDS, type Rating, type VitalSummary } from "./vitals";

/*
 * The server's half of the site's own analytics (issue 36, decision 0076): reading a batch,
 * the visitor's daily hash, storing, rolling up per hour and Bangkok day, forgetting after 30
 * days, and the figures of /admin/analytics.
 */

/** The largest batch body read (the path's body limit in server/http/body-limit.ts). */
export const BEACON_MAX_BYTES = 8 * 1024;
/** Events in one batch at most (the browser sends 10). */
export const BEACON_MAX_EVENTS = 20;
/** Batches one visitor may send in ten minutes (a busy reader sends a few per page). */
export const BEACON_RATE_LIMIT: RateLimitRule = {
  name: "analytics",
  limit: 120,
  windowSeconds: 600,
};
/** Raw rows are kept this long; the roll-ups stay. */
export const RAW_RETENTION_DAYS = 30;
/** Hourly roll-ups are kept this long; the daily ones stay. */
export const HOURLY_RETENTION_DAYS = 90;

const path = z.string().min(1).max(512).startsWith("/");
const metricValue = z.number().finite().min(0).max(600_000);
const eventSchema = z.discriminatedUnion("t", [
  z.strictObject({
    t: z.literal("pv"),
    p: path,
    // A host name with an optional port, or '' (no other site).
    r: z
      .string()
      .max(253)
      .regex(/^([a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?)?$/i),
    d: z.enum(["m", "t", "d"]),
    l: z.enum(["th", "en"]),
  }),
  ...METRICS.map((metric) =>
    z.strictObject({
      t: z.literal(metric),
      p: path,
      v: metric === "CLS" ? z.number().finite().min(0).max(100) : metricValue,
    }),
  ),
]);
const batchSchema = z.strictObject({
  v: z.literal(1),
  e: z.array(eventSchema).min(1).max(BEACON_MAX_EVENTS),
});

export type BeaconBatch = z.infer<typeof batchSchema>;

/** A batch as the browser sent it, or null when it is not one (bad JSON, unknown fields, …). */
export function readBeacon(text: string): BeaconBatch | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const read = batchSchema.safeParse(value);
  return read.success ? read.data : null;
}

const DEVICE = { m: "mobile", t: "tablet", d: "desktop" } as const;

// The day's salt, kept in memory by each instance (the table holds it for all of them).
let saltCache: { day: string; salt: string } | null = null;

async function saltOf(db: Database, day: string): Promise<string> {
  if (saltCache?.day === day) return saltCache.salt;
  await db.execute(sql`
    INSERT INTO analytics_salt (day, salt) VALUES (${day}, ${randomBytes(32).toString("base64")})
    ON CONFLICT (day) DO NOTHING`);
  const { rows } = await db.execute<{ salt: string }>(
    sql`SELECT salt FROM analytics_salt WHERE day = ${day}`,
  );
  const salt = rows[0]?.salt;
  if (!salt) throw new Error("the day's analytics salt was not found");
  saltCache = { day, salt };
  return salt;
}

/**
 * The visitor of a request, as the day knows them: the salted hash of their address and
 * browser. The address is not stored anywhere; the salt is deleted when the Bangkok day ends.
 */
export async function visitorOf(
  db: Database,
  request: { address: string; userAgent: string },
  now = new Date(),
): Promise<string> {
  const salt = await saltOf(db, bangkokIsoDate(now));
  return createHash("sha256")
    .update(`${salt}\n${request.address}\n${request.userAgent}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** Counts a batch against the visitor's limit (keyed by their hash, never their address). */
export function beaconWithinLimit(db: Database, visitor: string): Promise<RateLimitResult> {
  return hitRateLimit(db, BEACON_RATE_LIMIT, visitor);
}

/**
 * Stores a batch. `routeOf` turns a path into its route's pattern (`/asset/:id`), or null for
 * a page that is not counted (the till); the path itself is never stored.
 */
export async function recordBeacon(
  db: Database,
  batch: BeaconBatch,
  options: { visitor: string; routeOf: (path: string) => string | null },
): Promise<{ pageViews: number; vitals: number }> {
  const views: SQL[] = [];
  const vitals: SQL[] = [];
  for (const event of batch.e) {
    const route = options.routeOf(event.p);
    if (route === null) continue;
    if (event.t === "pv") {
      views.push(
        sql`(${route}, ${event.r.toLowerCase()}, ${DEVICE[event.d]}, ${event.l}, ${options.visitor})`,
      );
    } else {
      vitals.push(sql`(${route}, ${event.t}, ${event.v})`);
    }
  }
  if (views.length > 0)
    await db.execute(sql`
      INSERT INTO analytics_page_view (route, referrer_host, device, lang, visitor)
      VALUES ${sql.join(views, sql`, `)}`);
  if (vitals.length > 0)
    await db.execute(sql`
      INSERT INTO analytics_vital (route, metric, value) VALUES ${sql.join(vitals, sql`, `)}`);
  return { pageViews: views.length, vitals: vitals.length };
}

type Granularity = "hour" | "day";

/** The start of the hour or Bangkok day an expression's time falls in. */
function truncated(granularity: Granularity, time: SQL): SQL {
  return granularity === "hour"
    ? sql`date_trunc('hour', ${time})`
    : sql`(date_trunc('day', ${time} AT TIME ZONE 'Asia/Bangkok') AT TIME ZONE 'Asia/Bangkok')`;
}

/** The rating of a raw vital, by the thresholds of vitals.ts. */
function ratingSql(): SQL {
  const cases = METRICS.map(
    (metric) =>
      sql`WHEN ${metric} THEN CASE WHEN value <= ${THRESHOLDS[metric].good}::float8 THEN 'good' WHEN value <= ${THRESHOLDS[metric].poor}::float8 THEN 'ni' ELSE 'poor' END`,
  );
  return sql`CASE metric ${sql.join(cases, sql` `)} END`;
}

/** The histogram bucket of a raw vital, as vitals.ts's bucketOf. */
function bucketSql(): SQL {
  const units = sql`(value * CASE WHEN metric = 'CLS' THEN 1000 ELSE 1 END)`;
  return sql`CASE WHEN ${units} < 1 THEN 0 ELSE 1 + floor(ln(${units}) / ln(${BUCKET_BASE}::float8))::int END`;
}

const ROLLUP_LOCK = sql`pg_advisory_xact_lock(hashtext('analytics_roll_up'))`;

/**
 * Rolls the raw rows up into every hour and Bangkok day from `since`'s on, computing each
 * bucket again from its raw rows (the current, partial ones too), so a run is idempotent and
 * the roll-ups always equal the raw counts. One run at a time across instances.
 */
export async function rollUpAnalytics(db: Database, since: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${ROLLUP_LOCK}`);
    for (const g of ["hour", "day"] as const) {
      const start = truncated(g, sql`at`);
      const from = truncated(g, sql`${since.toISOString()}::timestamptz`);
      await tx.execute(sql`
        INSERT INTO analytics_page_rollup (granularity, start, route, device, lang, page_views)
        SELECT ${g}, ${start} AS s, route, device, lang, count(*)::int
        FROM analytics_page_view WHERE at >= ${from}
        GROUP BY s, route, device, lang ORDER BY s, route, device, lang
        ON CONFLICT (granularity, start, route, device, lang)
        DO UPDATE SET page_views = excluded.page_views`);
      await tx.execute(sql`
        INSERT INTO analytics_referrer_rollup (granularity, start, referrer_host, page_views)
        SELECT ${g}, ${start} AS s, referrer_host, count(*)::int
        FROM analytics_page_view WHERE at >= ${from}
        GROUP BY s, referrer_host ORDER BY s, referrer_host
        ON CONFLICT (granularity, start, referrer_host)
        DO UPDATE SET page_views = excluded.page_views`);
      await tx.execute(sql`
        INSERT INTO analytics_visitor_rollup (granularity, start, visitors)
        SELECT ${g}, ${start} AS s, count(DISTINCT visitor)::int
        FROM analytics_page_view WHERE at >= ${from}
        GROUP BY s ORDER BY s
        ON CONFLICT (granularity, start) DO UPDATE SET visitors = excluded.visitors`);
      await tx.execute(sql`
        INSERT INTO analytics_vital_rollup (granularity, start, route, metric, rating, bucket, samples)
        SELECT ${g}, s, route, metric, rating, bucket, count(*)::int
        FROM (
          SELECT ${start} AS s, route, metric, ${ratingSql()} AS rating, ${bucketSql()} AS bucket
          FROM analytics_vital WHERE at >= ${from}
        ) v
        GROUP BY s, route, metric, rating, bucket ORDER BY s, route, metric, rating, bucket
        ON CONFLICT (granularity, start, route, metric, rating, bucket)
        DO UPDATE SET samples = excluded.samples`);
    }
  });
}

/** The roll-up after a start: from the last hour rolled up (30 days at most), else all there is. */
export async function catchUpAnalytics(db: Database, now = new Date()): Promise<void> {
  const { rows } = await db.execute<{ last: string | null }>(sql`
    SELECT max(start)::text AS last FROM analytics_page_rollup WHERE granularity = 'hour'`);
  const last = rows[0]?.last ? new Date(rows[0].last) : null;
  const floor = new Date(now.getTime() - RAW_RETENTION_DAYS * 86_400_000);
  const recent = new Date(now.getTime() - 70 * 60_000);
  const since = last
    ? new Date(Math.max(floor.getTime(), Math.min(last.getTime(), recent.getTime())))
    : floor;
  await rollUpAnalytics(db, since);
}

/**
 * Forgets what is no longer needed: past days' salts (their hashes can no longer be
 * recomputed), raw rows older than 30 days (rolled up first) and hourly roll-ups older than 90.
 */
export async function purgeAnalytics(db: Database, now = new Date()): Promise<void> {
  const today = bangkokIsoDate(now);
  await rollUpAnalytics(db, new Date(now.getTime() - 70 * 60_000));
  const rawBefore = new Date(now.getTime() - RAW_RETENTION_DAYS * 86_400_000).toISOString();
  const hourlyBefore = new Date(now.getTime() - HOURLY_RETENTION_DAYS * 86_400_000).toISOString();
  await db.execute(sql`DELETE FROM analytics_salt WHERE day < ${today}`);
  if (saltCache && saltCache.day < today) saltCache = null;
  await db.execute(sql`DELETE FROM analytics_page_view WHERE at < ${rawBefore}::timestamptz`);
  await db.execute(sql`DELETE FROM analytics_vital WHERE at < ${rawBefore}::timestamptz`);
  for (const table of [
    "analytics_page_rollup",
    "analytics_referrer_rollup",
    "analytics_visitor_rollup",
    "analytics_vital_rollup",
  ]) {
    await db.execute(
      sql`DELETE FROM ${sql.identifier(table)} WHERE granularity = 'hour' AND start < ${hourlyBefore}::timestamptz`,
    );
  }
}

/** The buckets a period's charts show: 24 hours, or 7 or 30 Bangkok days up to now. */
export function periodBuckets(
  period: Period,
  now = new Date(),
): { granularity: Granularity; starts: Date[] } {
  if (period === "day") {
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    return {
      granularity: "hour",
      starts: Array.from({ length: 24 }, (_, i) => new Date(hour.getTime() - (23 - i) * 3_600_000)),
    };
  }
  const days = period === "week" ? 7 : 30;
  const today = bangkokIsoDate(now);
  return {
    granularity: "day",
    starts: Array.from(
      { length: days },
      (_, i) => bangkokDayStart(addDays(today, i - days + 1)) ?? new Date(Number.NaN),
    ),
  };
}

export interface AnalyticsReport {
  period: Period;
  granularity: Granularity;
  series: { start: string; pageViews: number; visitors: number }[];
  totals: { pageViews: number; visitors: number };
  pages: { route: string; pageViews: number }[];
  referrers: { host: string; pageViews: number }[];
  devices: { device: string; pageViews: number }[];
  langs: { lang: string; pageViews: number }[];
  /** Per route (all routes first, as "*all*"), each metric's summary. */
  vitals: { route: string; metrics: Partial<Record<MetricName, VitalSummary>> }[];
}

/** The figures of /admin/analytics for a period, rolled up to the second first. */
export async function analyticsReport(
  db: Database,
  period: Period,
  now = new Date(),
): Promise<AnalyticsReport> {
  await rollUpAnalytics(db, new Date(now.getTime() - 70 * 60_000));
  const { granularity, starts } = periodBuckets(period, now);
  const from = (starts[0] ?? now).toISOString();
  const range = sql`granularity = ${granularity} AND start >= ${from}::timestamptz`;
  const [views, visitors, pages, referrers, devices, langs, vitals] = await Promise.all([
    db.execute<{ start: string; n: number }>(sql`
      SELECT start::text, sum(page_views)::int AS n FROM analytics_page_rollup WHERE ${range} GROUP BY start`),
    db.execute<{ start: string; n: number }>(sql`
      SELECT start::text, visitors AS n FROM analytics_visitor_rollup WHERE ${range}`),
    db.execute<{ route: string; n: number }>(sql`
      SELECT route, sum(page_views)::int AS n FROM analytics_page_rollup WHERE ${range}
      GROUP BY route ORDER BY n DESC, route LIMIT 20`),
    db.execute<{ host: string; n: number }>(sql`
      SELECT referrer_host AS host, sum(page_views)::int AS n FROM analytics_referrer_rollup WHERE ${range}
      GROUP BY referrer_host ORDER BY n DESC, referrer_host LIMIT 20`),
    db.execute<{ key: string; n: number }>(sql`
      SELECT device AS key, sum(page_views)::int AS n FROM analytics_page_rollup WHERE ${range}
      GROUP BY device ORDER BY n DESC`),
    db.execute<{ key: string; n: number }>(sql`
      SELECT lang AS key, sum(page_views)::int AS n FROM analytics_page_rollup WHERE ${range}
      GROUP BY lang ORDER BY n DESC`),
    db.execute<{
      route: string;
      metric: MetricName;
      rating: Rating;
      bucket: number;
      samples: number;
    }>(sql`
      SELECT route, metric, rating, bucket, sum(samples)::int AS samples FROM analytics_vital_rollup
      WHERE ${range} GROUP BY route, metric, rating, bucket`),
  ]);
  const at = (rows: { start: string; n: number }[]) =>
    new Map(rows.map((row) => [new Date(row.start).getTime(), row.n]));
  const viewsAt = at(views.rows);
  const visitorsAt = at(visitors.rows);
  const series = starts.map((start) => ({
    start: start.toISOString(),
    pageViews: viewsAt.get(start.getTime()) ?? 0,
    visitors: visitorsAt.get(start.getTime()) ?? 0,
  }));
  const byRoute = new Map<string, typeof vitals.rows>();
  for (const row of vitals.rows) {
    for (const route of [ALL_ROUTES, row.route]) {
      const list = byRoute.get(route) ?? [];
      list.push(row);
      byRoute.set(route, list);
    }
  }
  const vitalRoutes = [...byRoute.keys()].sort((a, b) =>
    a === ALL_ROUTES ? -1 : b === ALL_ROUTES ? 1 : a.localeCompare(b),
  );
  return {
    period,
    granularity,
    series,
    totals: {
      pageViews: series.reduce((sum, s) => sum + s.pageViews, 0),
      visitors: series.reduce((sum, s) => sum + s.visitors, 0),
    },
    pages: pages.rows.map((row) => ({ route: row.route, pageViews: row.n })),
    referrers: referrers.rows.map((row) => ({ host: row.host, pageViews: row.n })),
    devices: devices.rows.map((row) => ({ device: row.key, pageViews: row.n })),
    langs: langs.rows.map((row) => ({ lang: row.key, pageViews: row.n })),
    vitals: vitalRoutes.map((route) => {
      const rows = byRoute.get(route) ?? [];
      const metrics: Partial<Record<MetricName, VitalSummary>> = {};
      for (const metric of METRICS) {
        const summary = summarise(
          metric,
          rows.filter((row) => row.metric === metric),
        );
        if (summary) metrics[metric] = summary;
      }
      return { route, metrics };
    }),
  };
}
