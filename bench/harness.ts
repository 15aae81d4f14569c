// Process and measurement helpers shared by the benchmarks (site.ts, storehub.ts, listings.ts).
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { freePort, stopChildProcess } from "../app/lib/child-process.server.ts";
import { tempFolderForPostgres } from "../tests/setup/temp-folder.ts";

export const root = path.resolve(import.meta.dirname, "..");

/** What a browser sends: compression (brotli for this header) and streaming SSR are part of the cost. */
export const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "th,en;q=0.8",
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
};
export const baselineBuild = path.join(root, "bench/results/baseline-build");

const children: ChildProcess[] = [];
const folders: string[] = [];
let stopping = false;

/** Runs a command to completion in the project folder, failing on a non-zero exit. */
export function run(command: string, commandArgs: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${commandArgs.join(" ")} exited with ${code}`)),
    );
  });
}

/** Builds the app and the bare baseline page with react-router. */
export async function buildAppAndBaseline(): Promise<void> {
  const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  console.log("Building the app and the baseline…");
  await run(process.execPath, [cli, "build", "--logLevel", "warn"]);
  await buildBaseline();
}

/** Builds the bare React Router page of the load benchmark into `baselineBuild`. */
export async function buildBaseline(): Promise<void> {
  const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  await run(process.execPath, [
    cli,
    "build",
    "bench/baseline",
    "--logLevel",
    "warn",
    "--emptyOutDir",
  ]);
}

/** Builds the app unless asked not to and a build is already there (crash and soak tests). */
export async function buildAppUnlessBuilt(force: boolean): Promise<void> {
  if (!force && existsSync(path.join(root, "build/server/index.js"))) return;
  console.log("Building…");
  const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  await run(process.execPath, [cli, "build", "--logLevel", "warn"]);
}

/**
 * The C allocator's settings `npm run serve` starts the app with (package.json; README,
 * "Memory: the C allocator's settings"): every benchmark measures the app as it is deployed.
 */
export const SERVE_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };

/**
 * Starts the production app on its own embedded PostgreSQL in `dataDir` (DATABASE_URL
 * unset), for the tests that kill and restart it themselves (crash and soak tests).
 */
export function spawnEmbeddedApp(
  dataDir: string,
  port: number,
  stdio: StdioOptions,
  nodeArgs: string[] = [],
  extraEnv: Record<string, string> = {},
): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // A caller that sets an allocator variable (bench/lab/soak-ab.ts's variants) sets all it wants.
    ...(Object.keys(extraEnv).some((name) => name.startsWith("MALLOC_")) ? {} : SERVE_ENV),
    ...extraEnv,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SMTP_URL: "",
  };
  delete env.DATABASE_URL;
  return spawn(process.execPath, [...nodeArgs, path.join(root, "server/main.ts")], {
    cwd: root,
    env,
    stdio,
  });
}

/** Starts a server script in production mode; it is stopped by `cleanup()`. */
export function start(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, script)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`${script} exited during the benchmark (${signal ?? code})`);
  });
  children.push(child);
  return child;
}

/** A folder deleted by `cleanup()`. */
export function removeOnCleanup(folder: string): void {
  folders.push(folder);
}

export function anyChildExited(): boolean {
  return children.some((c) => c.exitCode !== null || c.signalCode !== null);
}

/**
 * Stops every started server (SIGTERM), the last started first (a later one may use an
 * earlier one's database), and deletes the temporary folders.
 */
export async function cleanup(): Promise<void> {
  stopping = true;
  for (const child of children.splice(0).reverse()) await stopChildProcess(child);
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
}

/** Stops everything on Ctrl-C / SIGTERM, and runs `main` with a proper exit code. */
export function runMain(main: () => Promise<number>): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }
  main()
    .then((code) => {
      process.exitCode = code;
    })
    .catch(async (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      await cleanup();
      process.exitCode = 1;
    });
}

export async function waitReady(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

export const fixed = (n: number, digits = 2) => n.toFixed(digits);
export const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The value below which `p` percent of the samples fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)));
  console.log(line(header).join("  "));
  for (const row of rows) console.log(line(row).join("  "));
}

/**
 * Starts the production app on a fresh embedded PostgreSQL (in a temporary folder named after
 * `folderPrefix`) and the bare baseline page, and waits until both answer.
 */
export async function startAppAndBaseline(options: {
  folderPrefix: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<{
  app: ChildProcess;
  baseline: ChildProcess;
  appUrl: string;
  baseUrl: string;
  dataDir: string;
}> {
  const [appPort, basePort] = await Promise.all([freePort(), freePort()]);
  const dataDir = await tempFolderForPostgres(options.folderPrefix);
  removeOnCleanup(dataDir);
  const app = start(
    "server/main.ts",
    {
      ...SERVE_ENV,
      PORT: String(appPort),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      PUBLIC_URL: "",
      ...options.env,
    },
    options.nodeArgs ?? [],
  );
  const baseline = start("bench/baseline/server.ts", {
    PORT: String(basePort),
    BASELINE_BUILD_DIR: baselineBuild,
  });
  const appUrl = `http://127.0.0.1:${appPort}`;
  const baseUrl = `http://127.0.0.1:${basePort}`;
  console.log("Starting the app (embedded PostgreSQL in a fresh folder) and the baseline…");
  await Promise.all([
    waitReady(`${appUrl}/healthz`, app, 120_000),
    waitReady(`${baseUrl}/`, baseline, 30_000),
  ]);
  return { app, baseline, appUrl, baseUrl, dataDir };
}

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ, 100 on every Linux port). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time, in milliseconds, that a process and all its descendants alive now have used
 * (user and system, every thread), read from /proc: for the app, its embedded PostgreSQL's
 * server processes are included. NaN where there is no /proc (not Linux). Reaped children
 * count only through their parent's totals, so read it around a run, not across restarts.
 */
export function processTreeCpuMs(rootPid: number): number {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return Number.NaN;
  }
  const parentOf = new Map<number, number>();
  const ticksOf = new Map<number, number>();
  for (const name of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // The command name (field 2) may hold spaces and parentheses: fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 4 (ppid), 14 (utime) and 15 (stime) of proc(5), counted from field 3 here.
    parentOf.set(Number(name), Number(fields[1]));
    ticksOf.set(Number(name), Number(fields[11]) + Number(fields[12]));
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 0; p = parentOf.get(p)) {
      if (p === rootPid) return true;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, own] of ticksOf) if (inTree(pid)) ticks += own;
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export interface MeasuredRate {
  target: string;
  done: number;
  refused: number;
  perSecond: number;
}

/** `writers` workers run `once` in a loop for `seconds`; successful operations per second. */
export async function measureRate(
  target: string,
  seconds: number,
  writers: number,
  once: (worker: number) => Promise<boolean>,
): Promise<MeasuredRate> {
  let done = 0;
  let refused = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, worker) => {
      while (performance.now() < deadline) {
        if (await once(worker)) done += 1;
        else refused += 1;
      }
    }),
  );
  return { target, done, refused, perSecond: done / seconds };
}
