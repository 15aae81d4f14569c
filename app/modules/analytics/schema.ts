import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/*
 * First-party analytics (issue 36, decision 0076). Nothing here names a person: no IP address,
 * no user id, no full URL. A visitor is a hash of their address and browser with the day's
 * random salt (analytics_salt), which is deleted when the day ends, so a hash cannot be traced
 * back nor linked to the next day's. Raw rows are kept 30 days; the roll-ups stay.
 */

/** One page view: the route's pattern (`/asset/:id`), never the address with its ids. */
export const analyticsPageView = pgTable(
  "analytics_page_view",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** When the server received it (the browser's clock is not trusted). */
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    route: text("route").notNull(),
    /** The host of another site the visitor came from, '' when none or our own. */
    referrerHost: text("referrer_host").notNull().default(""),
    device: text("device", { enum: ["mobile", "tablet", "desktop"] }).notNull(),
    lang: text("lang", { enum: ["th", "en"] }).notNull(),
    /** The day's salted hash of the visitor's address and browser (base64url). */
    visitor: text("visitor").notNull(),
  },
  (table) => [
    index("analytics_page_view_at_idx").on(table.at),
    check(
      "analytics_page_view_device_check",
      sql`${table.device} in ('mobile', 'tablet', 'desktop')`,
    ),
    check("analytics_page_view_lang_check", sql`${table.lang} in ('th', 'en')`),
  ],
);

/** One Web Vitals measurement of a page load. */
export const analyticsVital = pgTable(
  "analytics_vital",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    route: text("route").notNull(),
    metric: text("metric", { enum: ["LCP", "INP", "CLS", "FCP", "TTFB"] }).notNull(),
    /** Milliseconds, or the layout shift score for CLS. */
    value: doublePrecision("value").notNull(),
  },
  (table) => [
    index("analytics_vital_at_idx").on(table.at),
    check(
      "analytics_vital_metric_check",
      sql`${table.metric} in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`,
    ),
    check("analytics_vital_value_check", sql`${table.value} >= 0`),
  ],
);

/** The salt of one Bangkok day for the visitor hash; a past day's is deleted. */
export const analyticsSalt = pgTable("analytics_salt", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});

/** Page views per hour or Bangkok day, route, device and language. */
export const analyticsPageRollup = pgTable(
  "analytics_page_rollup",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    granularity: text("granularity", { enum: ["hour", "day"] }).notNull(),
    start: timestamp("start", { withTimezone: true }).notNull(),
    route: text("route").notNull(),
    device: text("device").notNull(),
    lang: text("lang").notNull(),
    pageViews: integer("page_views").notNull(),
  },
  (table) => [
    uniqueIndex("analytics_page_rollup_key").on(
      table.granularity,
      table.start,
      table.route,
      table.device,
      table.lang,
    ),
  ],
);

/** Page views per hour or day by the other site visitors came from. */
export const analyticsReferrerRollup = pgTable(
  "analytics_referrer_rollup",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    granularity: text("granularity", { enum: ["hour", "day"] }).notNull(),
    start: timestamp("start", { withTimezone: true }).notNull(),
    referrerHost: text("referrer_host").notNull(),
    pageViews: integer("page_views").notNull(),
  },
  (table) => [
    uniqueIndex("analytics_referrer_rollup_key").on(
      table.granularity,
      table.start,
      table.referrerHost,
    ),
  ],
);

/** Unique visitors per hour or day (not additive: a day's are counted from its raw rows). */
export const analyticsVisitorRollup = pgTable(
  "analytics_visitor_rollup",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    granularity: text("granularity", { enum: ["hour", "day"] }).notNull(),
    start: timestamp("start", { withTimezone: true }).notNull(),
    visitors: integer("visitors").notNull(),
  },
  (table) => [uniqueIndex("analytics_visitor_rollup_key").on(table.granularity, table.start)],
);

/**
 * Web Vitals per hour or day, route and metric as a histogram: samples per rating (good, needs
 * improvement, poor) and logarithmic bucket (5 % wide), so that the 75th percentile of any
 * period is read from the sum of its rows within 2.5 %, and each rating's count is exact.
 */
export const analyticsVitalRollup = pgTable(
  "analytics_vital_rollup",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    granularity: text("granularity", { enum: ["hour", "day"] }).notNull(),
    start: timestamp("start", { withTimezone: true }).notNull(),
    route: text("route").notNull(),
    metric: text("metric").notNull(),
    rating: text("rating", { enum: ["good", "ni", "poor"] }).notNull(),
    bucket: smallint("bucket").notNull(),
    samples: integer("samples").notNull(),
  },
  (table) => [
    uniqueIndex("analytics_vital_rollup_key").on(
      table.granularity,
      table.start,
      table.route,
      table.metric,
      table.rating,
      table.bucket,
    ),
  ],
);
