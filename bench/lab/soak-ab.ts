// Memory A/B soak: `node bench/lab/soak-ab.ts [--variants control,arena2 --rate 4 --duration 1200]`.
// Starts one production app per variant (each on its own embedded PostgreSQL), sends every
// one of them the same request at the same moment (the soak's mix, at --rate per second per
// app), and samples each app's memory every --every seconds: RSS and anonymous memory from
// /proc, and V8's heap total / used, external and array buffers from process.memoryUsage()
// (through the inspector, without forcing a collection). The apps share the machine and the
// load, so a difference between their curves comes from the variant, not from a neighbour
// taking the CPU. Writes every sample to a CSV file and prints a table per --window.
// See bench/README.md ("Memory A/B").
import { tempFolderForPostgres } from "../../tests/setup/temp-folder.ts";
import { appendFile, readFile, rm, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort, stopChildProcess } from "../../app/lib/child-process.server.ts";
import {
  BROWSER_HEADERS,
  buildAppUnlessBuilt,
  fixed,
  percentile,
  printTable,
  spawnEmbeddedApp,
} from "../harness.ts";
import { InspectorSession } from "../inspector.ts";
import {
  createStockShop,
  embeddedDatabaseUrl,
  postStockOut,
  type StockShop,
} from "../stock-writers.ts";
import { pickSoakEntry, type SoakEntry } from "../soak-mix.ts";

interface Variant {
  /** Environment added to the app's. */
  env: Record<string, string>;
  nodeArgs: string[];
  /** Whether page requests ask for compression (off: the compression control). */
  compressed: boolean;
  what: string;
}

// `npm run serve` (and spawnEmbeddedApp) set MALLOC_ARENA_MAX=2 unless a variant sets an
// allocator variable itself; glibc's own default on 64-bit is
// 8 arenas per CPU, so the variants "as before" set that explicitly.
const GLIBC_DEFAULT = { MALLOC_ARENA_MAX: String(8 * cpus().length) };

const VARIANTS: Record<string, Variant> = {
  control: {
    env: GLIBC_DEFAULT,
    nodeArgs: [],
    compressed: true,
    what: "as before: glibc's default arenas (8 per CPU)",
  },
  start: {
    env: {},
    nodeArgs: [],
    compressed: true,
    what: "as `npm run serve` starts it (MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=131072)",
  },
  arena2: {
    env: { MALLOC_ARENA_MAX: "2" },
    nodeArgs: [],
    compressed: true,
    what: "MALLOC_ARENA_MAX=2",
  },
  identity: {
    env: GLIBC_DEFAULT,
    nodeArgs: [],
    compressed: false,
    what: "control without Accept-Encoding: no zlib/brotli streams",
  },
  "arena2-mmap": {
    env: { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" },
    nodeArgs: [],
    compressed: true,
    what: "MALLOC_ARENA_MAX=2 and a fixed 128 KiB mmap threshold",
  },
  semi8: {
    env: GLIBC_DEFAULT,
    nodeArgs: ["--max-semi-space-size=8"],
    compressed: true,
    what: "control with V8's semi-space capped at 8 MiB",
  },
  "start-semi8": {
    env: {},
    nodeArgs: ["--max-semi-space-size=8"],
    compressed: true,
    what: "as `npm start` now, with V8's semi-space capped at 8 MiB",
  },
};

function parseOptions() {
  const { values } = parseArgs({
    options: {
      variants: { type: "string", default: "control,arena2,start" },
      duration: { type: "string", default: "1200" },
      rate: { type: "string", default: "4" },
      every: { type: "string", default: "5" },
      window: { type: "string", default: "120" },
      csv: { type: "string", default: "bench/results/soak-ab.csv" },
      "no-build": { type: "boolean", default: false },
    },
  });
  const names = values.variants.split(",").filter(Boolean);
  for (const name of names) if (!VARIANTS[name]) throw new Error(`unknown variant ${name}`);
  return {
    names,
    duration: Number(values.duration),
    rate: Number(values.rate),
    every: Number(values.every),
    window: Number(values.window),
    csv: values.csv,
    build: !values["no-build"],
  };
}

interface Instance {
  name: string;
  variant: Variant;
  url: string;
  pid: number;
  shop: StockShop;
  inspector: InspectorSession;
  requests: number;
  errors: number;
  /** Milliseconds per answered request. */
  times: number[];
  samples: MemorySample[];
  /** Heap used + external after two full collections, at the start and the end. */
  live: [number, number];
  stop(): Promise<void>;
}

interface MemorySample {
  t: number;
  rss: number;
  anonymous: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const MiB = 1024 * 1024;

async function procMemory(pid: number): Promise<{ rss: number; anonymous: number }> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(rollup)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb("Rss"), anonymous: kb("Anonymous") };
}

async function sample(instance: Instance, t: number): Promise<MemorySample> {
  const usage = await instance.inspector.memoryUsage();
  const proc = await procMemory(instance.pid);
  return { t, ...proc, ...usage };
}

let writeCounter = 0;
/** A request that gets no answer in this time counts as an error (an overloaded machine). */
const TIMEOUT_MS = 60_000;

async function send(instance: Instance, entry: SoakEntry, reference: string) {
  const { shop } = instance;
  instance.requests++;
  const started = performance.now();
  if (entry.kind === "write") {
    const result = await postStockOut(
      instance.url,
      shop,
      reference,
      AbortSignal.timeout(TIMEOUT_MS),
    );
    if (result.outcome !== "acknowledged") instance.errors++;
    instance.times.push(performance.now() - started);
    return;
  }
  const { "accept-encoding": encodings, ...browser } = BROWSER_HEADERS;
  const headers: Record<string, string> = instance.variant.compressed
    ? { ...browser, "accept-encoding": encodings }
    : browser;
  if (entry.kind !== "visitor") headers.cookie = shop.cookie;
  try {
    const response = await fetch(`${instance.url}${entry.path}`, {
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.arrayBuffer();
    instance.times.push(performance.now() - started);
    if (response.status !== 200) instance.errors++;
  } catch {
    instance.errors++;
  }
}

async function startInstance(name: string): Promise<Instance> {
  const variant = VARIANTS[name] as Variant;
  const folder = await tempFolderForPostgres(`dptech-soak-ab-${name}-`);
  const dataDir = path.join(folder, "data");
  const [port, inspectPort] = [await freePort(), await freePort()];
  const app = spawnEmbeddedApp(
    dataDir,
    port,
    ["ignore", "ignore", "inherit"],
    [`--inspect=127.0.0.1:${inspectPort}`, ...variant.nodeArgs],
    variant.env,
  );
  const url = `http://127.0.0.1:${port}`;
  let inspector: InspectorSession | undefined;
  const stop = async () => {
    inspector?.close();
    await stopChildProcess(app, "SIGTERM");
    await rm(folder, { recursive: true, force: true });
  };
  try {
    for (;;) {
      if (app.exitCode !== null) throw new Error(`${name}: the app exited (${app.exitCode})`);
      const ready = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const shop = await createStockShop(await embeddedDatabaseUrl(dataDir), url);
    inspector = await InspectorSession.connect(inspectPort);
    return {
      name,
      variant,
      url,
      pid: app.pid ?? 0,
      shop,
      inspector,
      requests: 0,
      errors: 0,
      times: [],
      samples: [],
      live: [0, 0],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main(): Promise<number> {
  const options = parseOptions();
  await buildAppUnlessBuilt(options.build);
  const instances: Instance[] = [];
  const stopAll = () => Promise.all(instances.map((i) => i.stop()));
  process.once("SIGINT", () => void stopAll().finally(() => process.exit(130)));
  try {
    for (const name of options.names) instances.push(await startInstance(name));
    for (const instance of instances) {
      console.log(`${instance.name} (pid ${instance.pid}): ${instance.variant.what}`);
    }
    for (const instance of instances) {
      const start = await instance.inspector.liveMemory();
      instance.live[0] = start.heapUsed + start.external;
    }
    const begun = performance.now();
    const elapsed = () => (performance.now() - begun) / 1000;
    // Written as they come, so that a run cut short still leaves its curves.
    await writeFile(
      options.csv,
      "variant,t,rss,anonymous,heapTotal,heapUsed,external,arrayBuffers\n",
    );
    const takeSamples = async () => {
      const t = elapsed();
      for (const instance of instances) {
        const s = await sample(instance, t);
        instance.samples.push(s);
        const fields = [s.rss, s.anonymous, s.heapTotal, s.heapUsed, s.external, s.arrayBuffers];
        await appendFile(options.csv, `${instance.name},${fixed(t, 0)},${fields.join(",")}\n`);
      }
    };
    const loadAverage = async () =>
      (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
    await takeSamples();
    let sampling = Promise.resolve();
    const timer = setInterval(() => {
      sampling = sampling.then(takeSamples);
    }, options.every * 1000);
    console.log(
      `${instances.length} apps, ${options.rate} req/s each, ${options.duration} s; ` +
        `load average ${await loadAverage()}`,
    );
    // Open loop: every tick sends the same request to every app, in a rotating order.
    const pending = new Set<Promise<void>>();
    let sent = 0;
    while (elapsed() < options.duration) {
      const due = Math.floor(elapsed() * options.rate);
      for (; sent < due; sent++) {
        const entry = pickSoakEntry();
        const reference = `SOAK-AB-${++writeCounter}`;
        for (let k = 0; k < instances.length; k++) {
          const instance = instances[(sent + k) % instances.length] as Instance;
          const task: Promise<void> = send(instance, entry, reference).then(() => {
            pending.delete(task);
          });
          pending.add(task);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(pending);
    clearInterval(timer);
    await sampling;
    await takeSamples();
    for (const instance of instances) {
      const end = await instance.inspector.liveMemory();
      instance.live[1] = end.heapUsed + end.external;
    }

    console.log(`samples: ${options.csv}; load average at the end ${await loadAverage()}`);

    for (const instance of instances) {
      const times = instance.times.sort((a, b) => a - b);
      const [liveStart, liveEnd] = instance.live;
      console.log(
        `${instance.name}: ${instance.requests} requests, ${instance.errors} errors, ` +
          `p50 ${fixed(percentile(times, 50), 0)} ms, p99 ${fixed(percentile(times, 99), 0)} ms; ` +
          `live memory (heap used + external after GC) ${fixed(liveStart / MiB, 1)} → ` +
          `${fixed(liveEnd / MiB, 1)} MiB`,
      );
    }
    // The sample nearest each window's end, side by side: the A/B curves.
    const windows = Math.ceil(options.duration / options.window);
    const nearest = (list: MemorySample[], at: number) =>
      list.reduce((best, x) => (Math.abs(x.t - at) < Math.abs(best.t - at) ? x : best));
    const curves = (title: string, value: (s: MemorySample) => number) => {
      console.log("");
      console.log(title);
      printTable(
        ["t", ...instances.map((i) => i.name)],
        Array.from({ length: windows + 1 }, (_, w) => [
          `${w * options.window} s`,
          ...instances.map((i) => fixed(value(nearest(i.samples, w * options.window)) / MiB, 0)),
        ]),
      );
    };
    curves("RSS, MiB", (s) => s.rss);
    curves("V8 heap total (what V8 holds), MiB", (s) => s.heapTotal);
    curves(
      "RSS less V8 heap total (native: allocator, code, buffers), MiB",
      (s) => s.rss - s.heapTotal,
    );
    return 0;
  } finally {
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
