import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BEACON_MAX_BYTES,
  BEACON_RATE_LIMIT,
  purgeAnalytics,
  rollUpAnalytics,
  visitorOf,
} from "~/modules/analytics/index.server";
import { bucketOf, METRICS, ratingOf, summarise, type Rating } from "~/modules/analytics";
import * as endpoint from "~/routes/api/analytics";
import * as consentPage from "~/routes/site/consent";
import { bodyLimitFor } from "../../server/http/body-limit";
import { callRoute, outcomeOf, routeContext, runRoute } from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// The site's own analytics (issue 36, decision 0076): nothing is stored without the opt-in, nor
// with Do Not Track or Global Privacy Control; only well-formed, small batches within the rate
// limit are; the roll-ups equal the raw counts; raw rows and old salts are forgotten.

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

const CONSENTED = "consent=1.1.0";
let address = 0;

const batch = (
  events: unknown[] = [
    { t: "pv", p: "/asset/123", r: "www.google.com", d: "m", l: "th" },
    { t: "LCP", p: "/asset/123", v: 1234.5 },
    { t: "CLS", p: "/asset/123", v: 0.02 },
  ],
) => JSON.stringify({ v: 1, e: events });

async function send(
  body: string,
  headers: Record<string, string> = { cookie: CONSENTED },
  clientAddress = `198.51.100.${(address++ % 250) + 1}`,
) {
  const request = new Request("http://localhost/api/analytics", {
    method: "POST",
    body,
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": "test", ...headers },
  });
  const context = routeContext(test.db, null, { clientAddress });
  return outcomeOf(runRoute(endpoint.action, request, context));
}

async function counts() {
  const { rows } = await test.db.execute<{ views: number; vitals: number }>(sql`
    SELECT (SELECT count(*)::int FROM analytics_page_view) AS views,
           (SELECT count(*)::int FROM analytics_vital) AS vitals`);
  return rows[0];
}

beforeEach(async () => {
  await test.db.execute(sql`TRUNCATE analytics_page_view, analytics_vital, analytics_page_rollup,
    analytics_referrer_rollup, analytics_visitor_rollup, analytics_vital_rollup, rate_limit_bucket`);
});

describe("the analytics endpoint", () => {
  it("stores a batch with the opt-in: the route's pattern, no address, no user", async () => {
    const outcome = await send(batch());
    expect(outcome.status).toBe(202);
    const { rows } = await test.db.execute<Record<string, unknown>>(
      sql`SELECT * FROM analytics_page_view`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      route: "/asset/:id",
      referrer_host: "www.google.com",
      device: "mobile",
      lang: "th",
    });
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ["at", "device", "id", "lang", "referrer_host", "route", "visitor"].sort(),
    );
    expect(JSON.stringify(rows)).not.toMatch(/198\.51\.100|123/);
    expect(await counts()).toEqual({ views: 1, vitals: 2 });
  });

  it("stores nothing without the opt-in, with analytics refused, with DNT or with GPC", async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { cookie: "consent=1.0.1" },
      { cookie: "consent=2.1.1" },
      { cookie: CONSENTED, dnt: "1" },
      { cookie: CONSENTED, "sec-gpc": "1" },
    ]) {
      const outcome = await send(batch(), headers);
      expect(outcome.status, JSON.stringify(headers)).toBe(204);
    }
    expect(await counts()).toEqual({ views: 0, vitals: 0 });
  });

  it("refuses malformed batches", async () => {
    const bad = [
      "",
      "not json",
      "[]",
      JSON.stringify({ v: 2, e: [{ t: "pv", p: "/", r: "", d: "m", l: "th" }] }),
      batch([]),
      batch([{ t: "pv", p: "/", r: "", d: "m", l: "th", ip: "1.2.3.4" }]),
      batch([{ t: "pv", p: "relative", r: "", d: "m", l: "th" }]),
      batch([{ t: "pv", p: "/", r: "evil.example/path?x", d: "m", l: "th" }]),
      batch([{ t: "pv", p: "/", r: "", d: "watch", l: "th" }]),
      batch([{ t: "LCP", p: "/", v: -1 }]),
      batch([{ t: "LCP", p: "/", v: "fast" }]),
      batch([{ t: "FID", p: "/", v: 10 }]),
      batch([{ t: "CLS", p: "/", v: 1e9 }]),
      batch(Array.from({ length: 21 }, () => ({ t: "TTFB", p: "/", v: 10 }))),
    ];
    for (const body of bad) {
      const outcome = await send(body);
      expect(outcome.status, body.slice(0, 80)).toBe(400);
    }
    expect(await counts()).toEqual({ views: 0, vitals: 0 });
  });

  it("refuses an oversized batch, here and at the path's body limit", async () => {
    expect(bodyLimitFor("/api/analytics")).toBe(BEACON_MAX_BYTES);
    const big = batch([{ t: "pv", p: `/${"a".repeat(BEACON_MAX_BYTES)}`, r: "", d: "d", l: "en" }]);
    expect((await send(big)).status).toBe(413);
    expect(await counts()).toEqual({ views: 0, vitals: 0 });
  });

  it("limits each visitor's batches", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < BEACON_RATE_LIMIT.limit + 2; i++) {
      statuses.push(
        (await send(batch([{ t: "TTFB", p: "/", v: 80 }]), undefined, "203.0.113.7")).status,
      );
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(BEACON_RATE_LIMIT.limit);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    const refused = await send(batch([{ t: "TTFB", p: "/", v: 80 }]), undefined, "203.0.113.7");
    const retryAfter = Number(refused.response?.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(BEACON_RATE_LIMIT.windowSeconds);
    // Another visitor is not held back; no address is in the limiter's keys either.
    expect(
      (await send(batch([{ t: "TTFB", p: "/", v: 80 }]), undefined, "203.0.113.8")).status,
    ).toBe(202);
    const { rows } = await test.db.execute<{ key: string }>(sql`SELECT key FROM rate_limit_bucket`);
    expect(rows.map((row) => row.key).join(" ")).not.toMatch(/203\.0\.113/);
  });

  it("counts no page of the till", async () => {
    await send(
      batch([
        { t: "pv", p: "/shophub/sell", r: "", d: "d", l: "th" },
        { t: "INP", p: "/shophub/sell", v: 40 },
      ]),
    );
    expect(await counts()).toEqual({ views: 0, vitals: 0 });
  });
});

describe("the consent page", () => {
  it("sets the cookie for the choice and goes back; anything unreadable is a no", async () => {
    const context = () => routeContext(test.db, null);
    const all = await outcomeOf(
      callRoute(consentPage.action, "/consent", {
        context: context(),
        form: { intent: "all", redirectTo: "/article" },
      }),
    );
    expect(all.status).toBe(302);
    expect(all.location).toBe("/article");
    expect(all.setCookie).toMatch(/^consent=1\.1\.1; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const custom = await outcomeOf(
      callRoute(consentPage.action, "/consent", {
        context: context(),
        form: { intent: "custom", analytics: "1" },
      }),
    );
    expect(custom.setCookie).toMatch(/^consent=1\.1\.0;/);
    expect(custom.location).toBe("/consent?saved=1");
    const odd = await outcomeOf(
      callRoute(consentPage.action, "/consent", {
        context: context(),
        form: { intent: "maybe", analytics: "yes", redirectTo: "//evil.example" },
      }),
    );
    expect(odd.setCookie).toMatch(/^consent=1\.0\.0;/);
    expect(odd.location).toBe("/consent?saved=1");
  });
});

describe("roll-ups", () => {
  it("equal the raw counts per hour and day, route, referrer and visitor, and the vitals' histograms", async () => {
    const now = Date.now();
    const routes = ["/", "/asset/:id", "/article/:slug"];
    const views: string[] = [];
    const vitals: string[] = [];
    for (let i = 0; i < 400; i++) {
      const at = new Date(now - ((i * 7919) % (3 * 86_400_000))).toISOString();
      views.push(
        `('${at}', '${routes[i % 3]}', '${i % 5 === 0 ? "www.google.com" : ""}', '${["mobile", "tablet", "desktop"][i % 3]}', '${i % 4 ? "th" : "en"}', 'v${i % 37}')`,
      );
      const metric = METRICS[i % 5]!;
      const value = metric === "CLS" ? (i % 40) / 100 : (i * 37) % 6000;
      vitals.push(`('${at}', '${routes[i % 3]}', '${metric}', ${value})`);
    }
    await test.db.execute(
      sql.raw(
        `INSERT INTO analytics_page_view (at, route, referrer_host, device, lang, visitor) VALUES ${views.join(",")}`,
      ),
    );
    await test.db.execute(
      sql.raw(`INSERT INTO analytics_vital (at, route, metric, value) VALUES ${vitals.join(",")}`),
    );
    await rollUpAnalytics(test.db, new Date(now - 4 * 86_400_000));
    // Twice: a run again changes nothing (each bucket is computed afresh from its raw rows).
    await rollUpAnalytics(test.db, new Date(now - 2 * 3_600_000));

    const same = async (rollup: string, raw: string) => {
      const [a, b] = await Promise.all([
        test.db.execute(sql.raw(rollup)),
        test.db.execute(sql.raw(raw)),
      ]);
      expect(a.rows.length).toBeGreaterThan(0);
      expect(a.rows).toEqual(b.rows);
    };
    for (const [g, trunc] of [
      ["hour", "date_trunc('hour', at)"],
      ["day", "(date_trunc('day', at AT TIME ZONE 'Asia/Bangkok') AT TIME ZONE 'Asia/Bangkok')"],
    ] as const) {
      await same(
        `SELECT start::text AS s, route, sum(page_views)::int AS n FROM analytics_page_rollup WHERE granularity = '${g}' GROUP BY 1, 2 ORDER BY 1, 2`,
        `SELECT ${trunc}::text AS s, route, count(*)::int AS n FROM analytics_page_view GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      await same(
        `SELECT start::text AS s, referrer_host AS h, page_views AS n FROM analytics_referrer_rollup WHERE granularity = '${g}' ORDER BY 1, 2`,
        `SELECT ${trunc}::text AS s, referrer_host AS h, count(*)::int AS n FROM analytics_page_view GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      await same(
        `SELECT start::text AS s, visitors AS n FROM analytics_visitor_rollup WHERE granularity = '${g}' ORDER BY 1`,
        `SELECT ${trunc}::text AS s, count(DISTINCT visitor)::int AS n FROM analytics_page_view GROUP BY 1 ORDER BY 1`,
      );
      await same(
        `SELECT start::text AS s, route, metric, sum(samples)::int AS n FROM analytics_vital_rollup WHERE granularity = '${g}' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        `SELECT ${trunc}::text AS s, route, metric, count(*)::int AS n FROM analytics_vital GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      );
    }
    // Each rating's count is exact, and the 75th percentile within 2.5 % of the raw one.
    const { rows: raw } = await test.db.execute<{ metric: string; value: number }>(
      sql`SELECT metric, value FROM analytics_vital`,
    );
    const { rows: histogram } = await test.db.execute<{
      metric: string;
      rating: Rating;
      bucket: number;
      samples: number;
    }>(
      sql`SELECT metric, rating, bucket, sum(samples)::int AS samples FROM analytics_vital_rollup
          WHERE granularity = 'day' GROUP BY 1, 2, 3`,
    );
    for (const metric of METRICS) {
      const values = raw
        .filter((row) => row.metric === metric)
        .map((row) => row.value)
        .sort((a, b) => a - b);
      const rows = histogram.filter((row) => row.metric === metric);
      const summary = summarise(metric, rows);
      expect(summary?.samples).toBe(values.length);
      for (const rating of ["good", "ni", "poor"] as const)
        expect(summary?.[rating], `${metric} ${rating}`).toBe(
          values.filter((v) => ratingOf(metric, v) === rating).length,
        );
      for (const row of rows) expect(row.bucket).toBeGreaterThanOrEqual(0);
      const exact = values[Math.ceil(values.length * 0.75) - 1]!;
      expect(Math.abs(summary!.p75 - exact), `${metric} p75`).toBeLessThanOrEqual(
        exact * 0.025 + 1e-9,
      );
      expect(bucketOf(metric, exact)).toBeGreaterThanOrEqual(0);
    }
  });

  it("keep the counts when the raw rows are gone after 30 days, and the day's salt goes with the day", async () => {
    const old = new Date(Date.now() - 35 * 86_400_000);
    await test.db.execute(sql`INSERT INTO analytics_page_view (at, route, device, lang, visitor)
      VALUES (${old.toISOString()}::timestamptz, '/', 'desktop', 'th', 'x')`);
    await rollUpAnalytics(test.db, new Date(old.getTime() - 86_400_000));
    await test.db.execute(sql`INSERT INTO analytics_salt (day, salt) VALUES ('2020-01-01', 'old')`);
    const first = await visitorOf(test.db, { address: "192.0.2.1", userAgent: "a" });
    expect(await visitorOf(test.db, { address: "192.0.2.1", userAgent: "a" })).toBe(first);
    expect(await visitorOf(test.db, { address: "192.0.2.2", userAgent: "a" })).not.toBe(first);
    await purgeAnalytics(test.db);
    const { rows } = await test.db.execute<{ raw: number; days: number; salts: string }>(sql`
      SELECT (SELECT count(*)::int FROM analytics_page_view) AS raw,
             (SELECT sum(page_views)::int FROM analytics_page_rollup WHERE granularity = 'day') AS days,
             (SELECT string_agg(day::text, ',') FROM analytics_salt) AS salts`);
    expect(rows[0]?.raw).toBe(0);
    expect(rows[0]?.days).toBe(1);
    expect(rows[0]?.salts).not.toContain("2020-01-01");
  });
});
