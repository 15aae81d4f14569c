/**
 * What a page costs the browser's main thread while it loads, read from Chromium's own trace:
 * for changes too small for Lighthouse to show through its simulation's spread (it multiplies
 * what it observes on this shared machine by four). Each page is loaded in a fresh browser
 * context on a phone-sized screen (412 × 823, 1.75 device pixels per CSS pixel), unthrottled,
 * and traced for its first 3 seconds. The bare React Router page of the load benchmark is
 * measured in the same run, interleaved, as the baseline; `--compare` adds another build of
 * the site (an older commit started by hand), interleaved too.
 *
 *   node bench/lab/main-thread.ts [--runs 6] [--no-build] [--base URL] [--compare URL] [path…]
 *
 * Per page (medians of the runs): main-thread busy time, the part of it spent in SVG images'
 * isolated documents, and the blocking excess (each task's time beyond 50 ms, the unthrottled
 * counterpart of Lighthouse's Total Blocking Time), then the page's busy time over the bare
 * page's. Paths default to the six public pages of bench/lighthouse.ts.
 */
import { parseArgs } from "node:util";
import { chromium, type Browser } from "playwright-core";
import {
  baselineBuild,
  buildAppAndBaseline,
  cleanup,
  printTable,
  removeOnCleanup,
  runMain,
  start,
  waitReady,
} from "../harness.ts";
import { CHROMIUM, SITE_PAGES, firstListingPath } from "../lighthouse.ts";
import { freePort } from "../../app/lib/child-process.server.ts";
import { tempFolderForPostgres } from "../../tests/setup/temp-folder.ts";

const TRACED_MS = 3_000;
const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

interface MainThread {
  busyMs: number;
  svgMs: number;
  blockingMs: number;
}

const TASK = new Set(["ThreadControllerImpl::RunTask", "RunTask"]);

/** The page's renderer main thread: the CrRendererMain with the most complete events. */
function mainThreadOf(events: TraceEvent[]): TraceEvent[] {
  const mains = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  const complete = events.filter((e) => e.ph === "X" && e.dur !== undefined);
  let best: TraceEvent[] = [];
  for (const main of mains) {
    const mine = complete.filter((e) => e.pid === main.pid && e.tid === main.tid);
    if (mine.length > best.length) best = mine;
  }
  return best;
}

/** Sum of the outermost events matching `match` (nested ones of the same kind counted once). */
function outermostMs(events: TraceEvent[], match: (e: TraceEvent) => boolean): number {
  let total = 0;
  let end = 0;
  for (const e of events.filter(match).sort((a, b) => a.ts - b.ts)) {
    if (e.ts < end) continue;
    total += e.dur ?? 0;
    end = e.ts + (e.dur ?? 0);
  }
  return total / 1000;
}

async function traceLoad(browser: Browser, url: string, bare = false): Promise<MainThread> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  });
  // The bare page has no icon: its server would log the browser's request as an error.
  if (bare) await context.route("**/favicon.ico", (route) => route.fulfill({ status: 204 }));
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink"],
    });
    const started = Date.now();
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(Math.max(0, TRACED_MS - (Date.now() - started)));
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const main = mainThreadOf(trace.traceEvents);
    const tasks = main.filter((e) => TASK.has(e.name));
    return {
      busyMs: outermostMs(main, (e) => TASK.has(e.name)),
      svgMs: outermostMs(main, (e) => e.name === "SVGImage::DataChanged"),
      blockingMs: tasks.reduce(
        (sum, e) => sum + Math.max(0, (e.dur ?? 0) / 1000 - LONG_TASK_MS),
        0,
      ),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: "string", default: "6" },
      base: { type: "string" },
      compare: { type: "string" },
      "no-build": { type: "boolean", default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number");
  if (!values["no-build"]) await buildAppAndBaseline();

  const [barePort, appPort] = await Promise.all([freePort(), freePort()]);
  const bare = start("bench/baseline/server.ts", {
    PORT: String(barePort),
    BASELINE_BUILD_DIR: baselineBuild,
  });
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  let appUrl = values.base?.replace(/\/$/, "");
  if (!appUrl) {
    const dataDir = await tempFolderForPostgres("main-thread-bench-");
    removeOnCleanup(dataDir);
    const app = start("server/main.ts", {
      PORT: String(appPort),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      PUBLIC_URL: "",
    });
    appUrl = `http://127.0.0.1:${appPort}`;
    console.log("Starting the app (embedded PostgreSQL in a fresh folder) and the bare page…");
    await waitReady(`${appUrl}/healthz`, app, 120_000);
  }
  await waitReady(bareUrl, bare, 30_000);
  const compareUrl = values.compare?.replace(/\/$/, "");

  const paths =
    positionals.length > 0
      ? positionals
      : await Promise.all(
          SITE_PAGES.map((page) => (page === "LISTING" ? firstListingPath(appUrl) : page)),
        );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const rows: string[][] = [];
    for (const path of paths) {
      const measured: Record<"site" | "compare" | "bare", MainThread[]> = {
        site: [],
        compare: [],
        bare: [],
      };
      for (let run = 0; run < runs; run++) {
        measured.site.push(await traceLoad(browser, `${appUrl}${path}`));
        if (compareUrl) measured.compare.push(await traceLoad(browser, `${compareUrl}${path}`));
        measured.bare.push(await traceLoad(browser, bareUrl, true));
      }
      const of = (list: MainThread[], key: keyof MainThread) =>
        median(list.map((entry) => entry[key]));
      const bareBusy = of(measured.bare, "busyMs");
      const row = [
        path,
        of(measured.site, "busyMs").toFixed(0),
        of(measured.site, "svgMs").toFixed(0),
        of(measured.site, "blockingMs").toFixed(0),
        bareBusy.toFixed(0),
        (of(measured.site, "busyMs") / bareBusy).toFixed(2),
      ];
      if (compareUrl) {
        row.push(
          of(measured.compare, "busyMs").toFixed(0),
          of(measured.compare, "svgMs").toFixed(0),
          of(measured.compare, "blockingMs").toFixed(0),
          (of(measured.site, "busyMs") / of(measured.compare, "busyMs")).toFixed(2),
        );
      }
      rows.push(row);
    }
    printTable(
      [
        "page",
        "busy ms",
        "SVG ms",
        "blocking ms",
        "bare busy ms",
        "× bare",
        ...(compareUrl ? ["compare busy", "compare SVG", "compare blocking", "× compare"] : []),
      ],
      rows,
    );
    const loads = (await import("node:os")).loadavg().map((load) => load.toFixed(1));
    console.log(`Medians of ${runs} runs each; load average at the end: ${loads.join(" ")}`);
    return 0;
  } finally {
    await browser.close();
    await cleanup();
  }
}

runMain(main);
