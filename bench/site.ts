// Load benchmark: `npm run bench [-- --duration 10 --warmup 3 --no-build --check-budget]`.
// Builds and starts the production app and a bare React Router page served by the same stack
// (bench/baseline), loads each page with 50 connections over loopback, prints requests/s and
// latency with the ratios app/baseline, and measures the JavaScript and CSS the home page ships.
// See bench/README.md.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import {
  anyChildExited,
  baselineBuild,
  BROWSER_HEADERS,
  buildAppAndBaseline,
  cleanup,
  fixed,
  mean,
  printTable,
  root,
  runMain,
  processTreeCpuMs,
  startAppAndBaseline,
} from "./harness.ts";
import { fetchRaw, pageAssets } from "./page-assets.ts";
import { embeddedDatabaseUrl, ownSpeedTestShop, registerMember } from "./stock-writers.ts";
const CONNECTIONS = 50;
// Generous: on a busy 2-core machine the app's p99 nears 10 s, and a timeout counts as an error.
const TIMEOUT_S = 30;
const KiB = 1024;
const BUDGET = { js: 120 * KiB, css: 40 * KiB };
/**
 * Issue 15: the site's own JavaScript on the home page, i.e. the home page's gzipped JS minus
 * what the bare React Router page ships (React, React DOM, the router), at most 10 KiB.
 */
const OWN_JS_BUDGET = 10 * KiB;

function parseOptions() {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      build: { type: "boolean", default: true },
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "3" },
      "check-budget": { type: "boolean", default: false },
      // Visitor pages rendered on every request, as before the render cache: each request
      // carries a cookie the pages do not know, which makes it bypass the cache.
      uncached: { type: "boolean", default: false },
      // Only the asset sizes and budgets (seconds, not minutes: no load runs).
      "assets-only": { type: "boolean", default: false },
      // Only the signed-in pages (and the baseline around them): a quicker run while working on them.
      "signed-in-only": { type: "boolean", default: false },
      // The bare page's body compressed in one piece as the app's are (bench/README.md,
      // 28 November 2026): a comparison, not the yardstick the goals were set against.
    },
  });
  return {
    build: values.build,
    duration: seconds(values.duration, 1),
    warmup: seconds(values.warmup, 0),
    checkBudget: values["check-budget"],
    uncached: values.uncached,
    assetsOnly: values["assets-only"],
    signedInOnly: values["signed-in-only"],
  };
}

function seconds(value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > 300) {
    throw new Error(`Expected whole seconds between ${min} and 300, got "${value}"`);
  }
  return n;
}

// ---- HTTP and assets -------------------------------------------------------------------

// ---- load ------------------------------------------------------------------------------

interface Row {
  target: string;
  url: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

async function load(
  target: string,
  url: string,
  durationS: number,
  headers: Record<string, string> = BROWSER_HEADERS,
): Promise<Row> {
  if (anyChildExited()) {
    throw new Error("A server exited; see its output above");
  }
  const r: Result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: durationS,
    headers,
    timeout: TIMEOUT_S,
  });
  return {
    target,
    url,
    rps: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
  };
}

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

// ---- main ------------------------------------------------------------------------------

async function main(): Promise<number> {
  const { build, duration, warmup, checkBudget, uncached, assetsOnly, signedInOnly } =
    parseOptions();
  if (build) await buildAppAndBaseline();
  for (const file of ["build/server/index.js", `${baselineBuild}/server/index.js`]) {
    if (!existsSync(path.resolve(root, file)))
      throw new Error(`${file} is missing: run without --no-build`);
  }

  const { app, baseline, appUrl, baseUrl, dataDir } = await startAppAndBaseline({
    folderPrefix: "dptech-bench-",
  });

  // The owner of a shop, signed in: the pages that are theirs alone (never kept).
  const cookie = await registerMember(appUrl, `bench-${Date.now()}@example.com`);
  await ownSpeedTestShop(await embeddedDatabaseUrl(dataDir));
  const member = { ...BROWSER_HEADERS, cookie };
  const visitor = uncached ? { ...BROWSER_HEADERS, cookie: "bench-uncached=1" } : BROWSER_HEADERS;
  const listingId = await firstListingId(await embeddedDatabaseUrl(dataDir));

  const basePage = {
    target: "baseline /",
    url: `${baseUrl}/`,
    headers: BROWSER_HEADERS,
    pid: baseline.pid ?? 0,
  };
  // The visitor pages of issue 15's render cache (server/http/render-cache.ts).
  const visitorPaths = [
    "/",
    "/article",
    "/article/ai",
    "/contact",
    "/shophub",
    "/asset",
    `/asset/${listingId}`,
    // No keyword: a keyword search is rate-limited per address (one address loads here).
    "/search",
    "/terms",
  ];
  const pages = [
    ...(signedInOnly ? [] : visitorPaths).map((pathname) => ({
      target: `app ${pathname.length > 24 ? `${pathname.slice(0, 21)}…` : pathname}`,
      url: `${appUrl}${pathname}`,
      headers: visitor,
      pid: app.pid ?? 0,
    })),
    { target: "member /storehub", url: `${appUrl}/storehub`, headers: member, pid: app.pid ?? 0 },
    {
      target: "member /shophub/sell",
      url: `${appUrl}/shophub/sell`,
      headers: member,
      pid: app.pid ?? 0,
    },
  ];
  for (const { url, headers } of [basePage, ...pages]) {
    const res = await fetchRaw(url, headers);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} before the load`);
  }
  // Assets first: another `react-router build` in this checkout would replace build/client.
  const home = await pageAssets(`${appUrl}/`);
  const bare = await pageAssets(`${baseUrl}/`);
  if (assetsOnly) {
    await cleanup();
    return reportBudget(home, bare, checkBudget);
  }
  if (warmup > 0) {
    console.log(`Warming up: ${warmup} s per page…`);
    for (const { target, url, headers } of [basePage, ...pages]) {
      await load(target, url, warmup, headers);
    }
  }

  // The baseline runs before and after every page (B A B A B A B), and each page is compared
  // with the mean of its two neighbours, so a machine that slows down mid-run skews less.
  // Each run also reads the server's CPU time (the app's with its PostgreSQL processes): the
  // CPU per request is what the server would need on a machine with nothing else running,
  // where the request rate also depends on what autocannon and other processes take.
  const measure = async ({
    target,
    url,
    headers,
    pid,
  }: {
    target: string;
    url: string;
    headers: Record<string, string>;
    pid: number;
  }): Promise<Row & { cpuMsPerRequest: number }> => {
    console.log(`Measuring ${target}: ${CONNECTIONS} connections, ${duration} s…`);
    const cpuBefore = processTreeCpuMs(pid);
    const row = await load(target, url, duration, headers);
    const cpuMs = processTreeCpuMs(pid) - cpuBefore;
    return { ...row, cpuMsPerRequest: row.requests > 0 ? cpuMs / row.requests : Number.NaN };
  };
  const loadavgBefore = os.loadavg();
  const baseRuns = [await measure(basePage)];
  const appRows: (Row & {
    cpuMsPerRequest: number;
    rpsRatio: number;
    p99Ratio: number;
    cpuRatio: number;
  })[] = [];
  for (const page of pages) {
    const row = await measure(page);
    const before = baseRuns[baseRuns.length - 1] ?? row;
    const after = await measure(basePage);
    baseRuns.push(after);
    appRows.push({
      ...row,
      rpsRatio: row.rps / mean([before.rps, after.rps]),
      p99Ratio: row.p99 / mean([before.p99, after.p99]),
      // The rate the page would have against the bare page if CPU were all that limited both.
      cpuRatio: mean([before.cpuMsPerRequest, after.cpuMsPerRequest]) / row.cpuMsPerRequest,
    });
  }
  const loadavgAfter = os.loadavg();

  await cleanup();

  console.log(
    `\nLoad: ${CONNECTIONS} connections, ${duration} s per run; ratios against the baseline runs` +
      ` just before and after each page\n`,
  );
  const baseMean = (pick: (r: Row) => number) => fixed(mean(baseRuns.map(pick)), 0);
  printTable(
    ["target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "req/s ×base", "p99 ×base"].concat(
      ["CPU ms/req", "by CPU ×base"],
    ),
    [
      [
        `baseline / (mean of ${baseRuns.length})`,
        baseMean((r) => r.rps),
        baseMean((r) => r.p50),
        baseMean((r) => r.p99),
        String(baseRuns.reduce((s, r) => s + r.non2xx, 0)),
        String(baseRuns.reduce((s, r) => s + r.errors, 0)),
        "1.00",
        "1.00",
        fixed(mean(baseRuns.map((r) => r.cpuMsPerRequest))),
        "1.00",
      ],
      ...appRows.map((r) => [
        r.target,
        fixed(r.rps, 0),
        String(r.p50),
        String(r.p99),
        String(r.non2xx),
        String(r.errors),
        fixed(r.rpsRatio),
        fixed(r.p99Ratio),
        fixed(r.cpuMsPerRequest),
        fixed(r.cpuRatio),
      ]),
    ],
  );
  console.log(
    `baseline runs, req/s: ${baseRuns.map((r) => fixed(r.rps, 0)).join(", ")}; ` +
      `p99 ms: ${baseRuns.map((r) => r.p99).join(", ")}; ` +
      `load average before/after: ${fixed(loadavgBefore[0] ?? 0)}/${fixed(loadavgAfter[0] ?? 0)}`,
  );

  const { jsOver, cssOver, ownJsOver } = printBudget(home, bare);

  await mkdir(path.join(root, "bench/results"), { recursive: true });
  const file = path.join(
    root,
    `bench/results/site-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / KiB ** 3),
      loadavg1mBeforeAfter: [loadavgBefore[0], loadavgAfter[0]],
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    options: {
      connections: CONNECTIONS,
      duration,
      warmup,
      timeoutS: TIMEOUT_S,
      headers: BROWSER_HEADERS,
      uncached,
    },
    baselineRuns: baseRuns,
    pages: appRows,
    assets: {
      budget: { ...BUDGET, ownJs: OWN_JS_BUDGET },
      home,
      baseline: bare,
      jsOver,
      cssOver,
      ownJsOver,
    },
  };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(root, file)}`);

  const failed = [...baseRuns, ...appRows].filter(
    (r) => r.non2xx > 0 || r.errors > 0 || r.requests === 0,
  );
  if (failed.length > 0) {
    const names = [...new Set(failed.map((r) => r.target))].join(", ");
    console.error(`Invalid run: non-2xx answers, errors or no completed requests for ${names}`);
    return 1;
  }
  return checkBudget && (jsOver || cssOver || ownJsOver) ? 1 : 0;
}

type PageAssets = Awaited<ReturnType<typeof pageAssets>>;

/** Prints the home page's assets against the budgets; says which are over. */
function printBudget(home: PageAssets, bare: PageAssets) {
  const jsOver = home.js.served > BUDGET.js;
  const cssOver = home.css.served > BUDGET.css;
  console.log(
    "\nHome page assets: gzip as served for Accept-Encoding: gzip (budgeted), and node:zlib level 9\n",
  );
  printTable(
    ["", "files", "raw", "gzip served", "gzip -9", "budget", ""],
    (["js", "css"] as const).map((kind) => [
      kind.toUpperCase(),
      String(home[kind].files),
      kib(home[kind].raw),
      kib(home[kind].served),
      kib(home[kind].gzip9),
      kib(BUDGET[kind]),
      (kind === "js" ? jsOver : cssOver) ? "OVER" : "PASS",
    ]),
  );
  // File by file, so that a change over budget shows which chunk grew.
  for (const asset of [
    ...home.assets,
    ...bare.assets.map((a) => ({ ...a, url: `bare ${a.url}` })),
  ]) {
    if (asset.kind === "js") console.log(`  ${kib(asset.served).padStart(10)}  ${asset.url}`);
  }
  const ownJs = home.js.served - bare.js.served;
  const ownJsOver = ownJs > OWN_JS_BUDGET;
  console.log(
    `Site's own JS (home page's JS minus the bare page's): ${kib(ownJs)} (${ownJs} B) ` +
      `(budget ${kib(OWN_JS_BUDGET)}): ${ownJsOver ? "OVER" : "PASS"}`,
  );
  console.log(
    `HTML ${kib(home.html.raw)} (${kib(home.html.gzip9)} gzip -9); ` +
      `the bare baseline page ships ${kib(bare.js.served)} JS, ${kib(bare.css.served)} CSS (gzip)`,
  );

  return { jsOver, cssOver, ownJsOver };
}

function reportBudget(home: PageAssets, bare: PageAssets, checkBudget: boolean): number {
  const { jsOver, cssOver, ownJsOver } = printBudget(home, bare);
  return checkBudget && (jsOver || cssOver || ownJsOver) ? 1 : 0;
}

/** A shop owned by the one registered member, with its default stock location. */
async function firstListingId(databaseUrl: string): Promise<string> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      "SELECT id FROM listing WHERE status = 'published' AND hidden_at IS NULL LIMIT 1",
    );
    if (!rows[0]) throw new Error("no demo listing to load");
    return rows[0].id;
  } finally {
    await client.end();
  }
}

runMain(main);
