// Soak test: `npm run bench:soak [-- --duration 600 --rate 20 --no-build]`. Starts the
// production app on a fresh embedded PostgreSQL, measures how many requests per second it
// answers over a mix of visitor pages, storehub pages and stock-out writes, then keeps it at
// half that rate (or --rate) for --duration seconds. Reports errors (goal 0), p50/p99 per
// window over time, and the app's memory at the start and the end: the live heap after a full
// garbage collection (read through the inspector; goal: under 10 % growth) and the RSS per
// window (goal: the last window's mean under 10 % above the first's). Before the measured
// minutes: --warmup seconds at the soak's rate, the live reading, --settle more seconds (the
// reading's forced GC shrinks V8's heap; RSS starts once it has grown back). `--heap-detail` adds heap snapshots at both ends and lists what grew. See
// bench/README.md.
import { tempFolderForPostgres } from "../tests/setup/temp-folder.ts";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort, stopChildProcess } from "../app/lib/child-process.server.ts";
import {
  BROWSER_HEADERS,
  buildAppUnlessBuilt,
  fixed,
  percentile,
  printTable,
  spawnEmbeddedApp,
} from "./harness.ts";
import { heapGrowth, measureLiveHeap } from "./heap-snapshot.ts";
import { InspectorSession, type LiveMemory } from "./inspector.ts";
import {
  checkLedger,
  createStockShop,
  embeddedDatabaseUrl,
  postStockOut,
  type StockShop,
} from "./stock-writers.ts";
import { pickSoakEntry, type SoakKind } from "./soak-mix.ts";

function parseOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "600" },
      calibrate: { type: "string", default: "20" },
      warmup: { type: "string", default: "180" },
      settle: { type: "string", default: "180" },
      concurrency: { type: "string", default: "16" },
      rate: { type: "string" },
      window: { type: "string", default: "60" },
      "no-build": { type: "boolean", default: false },
      "heap-detail": { type: "boolean", default: false },
    },
  });
  const numbers = {
    duration: Number(values.duration),
    calibrate: Number(values.calibrate),
    warmup: Number(values.warmup),
    settle: Number(values.settle),
    concurrency: Number(values.concurrency),
    window: Number(values.window),
    rate: values.rate === undefined ? undefined : Number(values.rate),
  };
  for (const [name, value] of Object.entries(numbers)) {
    if (
      value !== undefined &&
      !(value > 0 || ((name === "warmup" || name === "settle") && value === 0))
    ) {
      throw new Error(`--${name} must be above 0`);
    }
  }
  return { ...numbers, build: !values["no-build"], heapDetail: values["heap-detail"] };
}

type Kind = SoakKind;

interface Sample {
  at: number;
  kind: Kind;
  ms: number;
  ok: boolean;
  status: number | "no answer";
}

let writeCounter = 0;
const acknowledged: string[] = [];

async function request(appUrl: string, shop: StockShop): Promise<Sample> {
  const entry = pickSoakEntry();
  const started = performance.now();
  const at = Date.now();
  if (entry.kind === "write") {
    const reference = `SOAK-${++writeCounter}`;
    const result = await postStockOut(appUrl, shop, reference);
    if (result.outcome === "acknowledged") acknowledged.push(reference);
    return {
      at,
      kind: entry.kind,
      ms: performance.now() - started,
      ok: result.outcome === "acknowledged",
      status: result.status ?? "no answer",
    };
  }
  try {
    const response = await fetch(`${appUrl}${entry.path}`, {
      headers:
        entry.kind === "storehub" ? { ...BROWSER_HEADERS, cookie: shop.cookie } : BROWSER_HEADERS,
      redirect: "manual",
    });
    await response.arrayBuffer();
    return {
      at,
      kind: entry.kind,
      ms: performance.now() - started,
      ok: response.status === 200,
      status: response.status,
    };
  } catch {
    return {
      at,
      kind: entry.kind,
      ms: performance.now() - started,
      ok: false,
      status: "no answer",
    };
  }
}

/** Resident memory of a process, in MiB, from /proc. */
async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** The glibc variables the app runs with (`npm run serve` and the harness set them). */
async function allocatorSettings(pid: number): Promise<string> {
  const environ = await readFile(`/proc/${pid}/environ`, "utf8");
  const set = environ.split("\0").filter((entry) => entry.startsWith("MALLOC_"));
  return set.length ? set.join(" ") : "glibc defaults";
}

async function calibrate(appUrl: string, shop: StockShop, concurrency: number, seconds: number) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await request(appUrl, shop);
        done++;
      }
    }),
  );
  return done / seconds;
}

/** Open loop: requests start at `rate` per second whatever the answers' speed. */
async function soak(appUrl: string, shop: StockShop, rate: number, seconds: number) {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  const begun = performance.now();
  let sent = 0;
  while (performance.now() - begun < seconds * 1000) {
    const due = Math.floor(((performance.now() - begun) / 1000) * rate);
    for (; sent < due; sent++) {
      const task: Promise<void> = request(appUrl, shop).then((sample) => {
        samples.push(sample);
        pending.delete(task);
      });
      pending.add(task);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  return samples;
}

async function main(): Promise<number> {
  const options = parseOptions();
  await buildAppUnlessBuilt(options.build);
  const folder = await tempFolderForPostgres("dptech-soak-");
  const dataDir = path.join(folder, "data");
  const port = await freePort();
  const inspectPort = await freePort();
  const app = spawnEmbeddedApp(
    dataDir,
    port,
    ["ignore", "ignore", "inherit"],
    [
      `--inspect=127.0.0.1:${inspectPort}`,
      ...(options.heapDetail
        ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${folder}`]
        : []),
    ],
  );
  const appUrl = `http://127.0.0.1:${port}`;
  const cleanup = async () => {
    await stopChildProcess(app, "SIGTERM");
    await rm(folder, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanup().finally(() => process.exit(130)));
  try {
    for (;;) {
      if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode})`);
      if (
        await fetch(`${appUrl}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const shop = await createStockShop(await embeddedDatabaseUrl(dataDir), appUrl);
    console.log(
      `Measuring capacity: ${options.concurrency} clients for ${options.calibrate} s over the mix…`,
    );
    const capacity = await calibrate(appUrl, shop, options.concurrency, options.calibrate);
    const rate = options.rate ?? Math.max(1, capacity / 2);
    // The first minutes at the soak's rate grow V8's heap and the allocator's pools to their
    // working size (bench/README.md, "Memory A/B": RSS levels off after about three minutes).
    // That growth is not a leak, so the baseline is taken after it; its requests are not
    // reported (its stock-outs are checked with the rest).
    if (options.warmup > 0) {
      console.log(`Warming up at ${fixed(rate, 1)} req/s for ${options.warmup} s…`);
      await soak(appUrl, shop, rate, options.warmup);
    }
    const inspector = await InspectorSession.connect(inspectPort);
    const liveStart = await inspector.liveMemory();
    // The live-memory reading forces two full collections, which shrink V8's heap far below
    // the size it keeps under this load; RSS read right after it would count V8 growing back
    // as growth. So RSS starts after the app has run at the soak's rate again for a while.
    if (options.settle > 0) {
      console.log(`Settling at ${fixed(rate, 1)} req/s for ${options.settle} s after the GC…`);
      await soak(appUrl, shop, rate, options.settle);
    }
    const memoryStart = await rssMiB(app.pid ?? 0);
    // Writing a snapshot makes the process grow: with --heap-detail, RSS includes that.
    const heapStart = options.heapDetail ? await measureLiveHeap(app.pid ?? 0, folder) : undefined;
    console.log(
      `Capacity ${fixed(capacity, 1)} req/s; soaking at ${fixed(rate, 1)} req/s for ` +
        `${options.duration} s (app RSS ${fixed(memoryStart, 1)} MiB)…`,
    );
    // RSS moves with every collection: sampled every 5 s, reported as each window's mean.
    const rssSamples: { at: number; mib: number }[] = [];
    const soakStart = Date.now();
    const rssTimer = setInterval(() => {
      void rssMiB(app.pid ?? 0).then((mib) => rssSamples.push({ at: Date.now() - soakStart, mib }));
    }, 5000);
    const samples = await soak(appUrl, shop, rate, options.duration);
    clearInterval(rssTimer);
    const sums: { total: number; count: number }[] = [];
    for (const { at, mib } of rssSamples) {
      const index = Math.floor(at / (options.window * 1000));
      const sum = (sums[index] ??= { total: 0, count: 0 });
      sum.total += mib;
      sum.count += 1;
    }
    const rss = Array.from(sums, (sum) => (sum ? sum.total / sum.count : Number.NaN));
    const memoryEnd = await rssMiB(app.pid ?? 0);
    const liveEnd = await inspector.liveMemory();
    inspector.close();
    const heapEnd = heapStart ? await measureLiveHeap(app.pid ?? 0, folder) : undefined;

    const first = samples.reduce((min, s) => Math.min(min, s.at), Number.POSITIVE_INFINITY);
    const windows = new Map<number, Sample[]>();
    for (const sample of samples) {
      const index = Math.floor((sample.at - first) / (options.window * 1000));
      windows.set(index, [...(windows.get(index) ?? []), sample]);
    }
    const row = (label: string, group: Sample[]) => {
      const sorted = group.map((s) => s.ms).sort((a, b) => a - b);
      return [
        label,
        String(group.length),
        String(group.filter((s) => !s.ok).length),
        fixed(percentile(sorted, 50), 0),
        fixed(percentile(sorted, 99), 0),
      ];
    };
    console.log("");
    printTable(
      ["window", "requests", "errors", "p50 ms", "p99 ms"],
      [...windows.entries()]
        .sort(([a], [b]) => a - b)
        .map(([index, group]) =>
          row(`${index * options.window}-${(index + 1) * options.window} s`, group),
        ),
    );
    console.log("");
    printTable(
      ["kind", "requests", "errors", "p50 ms", "p99 ms"],
      (["visitor", "storehub", "write"] as const).map((kind) =>
        row(
          kind,
          samples.filter((s) => s.kind === kind),
        ),
      ),
    );
    const errors = samples.filter((s) => !s.ok);
    const byStatus = new Map<string, number>();
    for (const e of errors)
      byStatus.set(String(e.status), (byStatus.get(String(e.status)) ?? 0) + 1);
    const live = (memory: LiveMemory) => memory.heapUsed + memory.external;
    const growth = (live(liveEnd) - live(liveStart)) / live(liveStart);
    const rssGrowth = (memoryEnd - memoryStart) / memoryStart;
    // One RSS reading moves with every collection: the goal compares the first window's mean
    // with the last one's.
    const rssFirst = rss.find((m) => Number.isFinite(m)) ?? Number.NaN;
    const rssLast = rss.findLast((m) => Number.isFinite(m)) ?? Number.NaN;
    const rssWindowGrowth = (rssLast - rssFirst) / rssFirst;
    const mib = (bytes: number) => fixed(bytes / 1024 / 1024, 1);
    const ledger = await checkLedger(await embeddedDatabaseUrl(dataDir), shop, acknowledged);
    console.log("");
    console.log(
      `errors: ${errors.length} of ${samples.length}` +
        (byStatus.size ? ` (${[...byStatus].map(([s, n]) => `${s}: ${n}`).join(", ")})` : "") +
        " (goal 0)",
    );
    const signed = (ratio: number) => `${ratio >= 0 ? "+" : ""}${fixed(ratio * 100, 1)} %`;
    console.log(
      `app live memory after a full GC (heap + external): ${mib(live(liveStart))} MiB at the ` +
        `start, ${mib(live(liveEnd))} MiB at the end (${signed(growth)}, goal under 10 %)`,
    );
    console.log(
      `app RSS: ${fixed(memoryStart, 1)} MiB at the start, ${fixed(memoryEnd, 1)} MiB at the end ` +
        `(${signed(rssGrowth)}); mean per window: ${rss.map((m) => fixed(m, 0)).join(", ")} MiB; ` +
        `last window's mean against the first's: ${signed(rssWindowGrowth)} (goal under 10 %)`,
    );
    console.log(`app allocator settings: ${await allocatorSettings(app.pid ?? 0)}`);
    if (heapStart && heapEnd) {
      console.log(
        `heap snapshots: ${mib(heapStart.bytes)} then ${mib(heapEnd.bytes)} MiB; grew most:`,
      );
      printTable(
        ["kind", "bytes", "objects"],
        heapGrowth(heapStart, heapEnd, 8).map((g) => [g.name, String(g.bytes), String(g.count)]),
      );
    }
    console.log(
      `ledger: ${acknowledged.length} acknowledged stock-outs, ${ledger.lost.length} missing, ` +
        `${ledger.balanceMismatches + ledger.onHandMismatches} invariant breaks`,
    );
    const passed =
      errors.length === 0 &&
      growth < 0.1 &&
      rssWindowGrowth < 0.1 &&
      ledger.lost.length + ledger.balanceMismatches + ledger.onHandMismatches === 0;
    console.log(passed ? "PASS" : "FAIL");
    return passed ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
