// Where the server's CPU goes while it answers one page under load: starts the production app
// with the inspector open, signs a shop owner in, loads the page with autocannon while V8's
// sampling profiler runs, and prints the CPU time per request split by package and the
// functions that took the most of it. Not a test and not a ratio: a tool for finding what to
// make cheaper (bench/README.md, "Profiling a page").
//
//   node bench/lab/profile-page.ts                          # /shophub/sell, signed in
//   node bench/lab/profile-page.ts --path /storehub --duration 10
//   node bench/lab/profile-page.ts --path /article --visitor --no-build
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import {
  BROWSER_HEADERS,
  buildAppUnlessBuilt,
  cleanup,
  fixed,
  printTable,
  removeOnCleanup,
  root,
  runMain,
  start,
  waitReady,
} from "../harness.ts";
import { InspectorSession, type CpuProfile } from "../inspector.ts";
import { fetchRaw } from "../page-assets.ts";
import { embeddedDatabaseUrl, ownSpeedTestShop, registerMember } from "../stock-writers.ts";
import { freePort } from "../../app/lib/child-process.server.ts";
import { tempFolderForPostgres } from "../../tests/setup/temp-folder.ts";

function parseOptions() {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      build: { type: "boolean", default: true },
      path: { type: "string", default: "/shophub/sell" },
      visitor: { type: "boolean", default: false },
      duration: { type: "string", default: "8" },
      connections: { type: "string", default: "20" },
      // What the client accepts (the default is a browser's: the server answers in brotli).
      "accept-encoding": { type: "string" },
    },
  });
  const whole = (value: string, name: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 300) throw new Error(`--${name}: 1 to 300`);
    return n;
  };
  return {
    build: values.build,
    pathname: values.path,
    visitor: values.visitor,
    duration: whole(values.duration, "duration"),
    connections: whole(values.connections, "connections"),
    acceptEncoding: values["accept-encoding"],
  };
}

/** The package (or Node's own module, or V8's pseudo-node) a profile node's code belongs to. */
export function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : `(native) ${functionName}`;
  const modules = url.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const [first, second] = url.slice(modules + "/node_modules/".length).split("/");
    return first?.startsWith("@") ? `${first}/${second}` : (first ?? url);
  }
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/").slice(0, 2).join("/")}`;
  return path
    .relative(root, url.replace(/^file:\/\//, ""))
    .split("/")
    .slice(0, 2)
    .join("/");
}

/** Self time in milliseconds per owner and per function, from a profile's samples. */
export function selfTimes(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (!node) return;
    const { url, functionName, lineNumber } = node.callFrame;
    const owner = ownerOf(url, functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const name = `${functionName || "(anonymous)"} ${owner}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  });
  return { owners, functions };
}

async function main(): Promise<number> {
  const { build, pathname, visitor, duration, connections, acceptEncoding } = parseOptions();
  await buildAppUnlessBuilt(build);
  const [port, inspectPort] = await Promise.all([freePort(), freePort()]);
  const dataDir = await tempFolderForPostgres("dptech-profile-");
  removeOnCleanup(dataDir);
  const app = start(
    "server/main.ts",
    { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", PUBLIC_URL: "" },
    [`--inspect=127.0.0.1:${inspectPort}`],
  );
  const appUrl = `http://127.0.0.1:${port}`;
  await waitReady(`${appUrl}/healthz`, app, 120_000);
  let headers: Record<string, string> = {
    ...BROWSER_HEADERS,
    ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }),
  };
  if (!visitor) {
    const cookie = await registerMember(appUrl, `profile-${Date.now()}@example.com`);
    await ownSpeedTestShop(await embeddedDatabaseUrl(dataDir));
    headers = { ...headers, cookie };
  }
  const url = `${appUrl}${pathname}`;
  const [plainPage, brotliPage, browserPage] = await Promise.all([
    fetchRaw(url, { ...headers, "accept-encoding": "identity" }),
    fetchRaw(url, { ...headers, "accept-encoding": "br" }),
    fetchRaw(url, headers),
  ]);
  if (plainPage.status !== 200) throw new Error(`${url} answered ${plainPage.status}`);
  console.log(
    `${pathname}: ${fixed(plainPage.body.length / 1024, 1)} KiB of HTML, ` +
      `${fixed(brotliPage.body.length / 1024, 1)} KiB in brotli, ` +
      `${fixed(browserPage.body.length / 1024, 1)} KiB as the load gets it ` +
      `(${String(browserPage.headers["content-encoding"] ?? "identity")})`,
  );
  console.log(
    `Warming up ${url} for 3 s, then profiling ${duration} s at ${connections} connections…`,
  );
  await autocannon({ url, connections, duration: 3, headers });

  const inspector = await InspectorSession.connect(inspectPort);
  // First without the profiler (it slows the process down): the CPU time of every thread of
  // the server (compression runs on libuv's threads) per request.
  const cpuBefore = await inspector.cpuTime();
  const plain = await autocannon({ url, connections, duration, headers });
  const cpuPerRequest = ((await inspector.cpuTime()) - cpuBefore) / plain.requests.total;
  console.log(
    `Without the profiler: ${plain.requests.total} requests (${fixed(plain.requests.average, 0)}/s), ` +
      `${fixed(cpuPerRequest, 2)} ms of the server's CPU per request (all its threads)`,
  );
  await inspector.startProfiling();
  const result = await autocannon({ url, connections, duration, headers });
  const profile = await inspector.stopProfiling();
  inspector.close();
  if (result.non2xx + plain.non2xx > 0 || result.errors + plain.errors > 0) {
    throw new Error("some requests failed");
  }

  const file = path.join(
    root,
    `bench/results/profile-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`,
  );
  await writeFile(file, JSON.stringify(profile));
  const requests = result.requests.total;
  const { owners, functions } = selfTimes(profile);
  const busy = [...owners]
    .filter(([owner]) => owner !== "(idle)")
    .reduce((sum, [, ms]) => sum + ms, 0);
  const perRequest = (ms: number) => fixed(ms / requests, 3);
  console.log(
    `\nProfiled: ${requests} requests (${fixed(result.requests.average, 0)}/s); the main thread was busy ` +
      `${fixed(busy, 0)} ms: ${perRequest(busy)} ms of CPU per request (idle ${fixed(owners.get("(idle)") ?? 0, 0)} ms)\n`,
  );
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .filter(([name]) => name !== "(idle)")
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => [name, perRequest(ms), `${fixed((100 * ms) / busy, 1)} %`]);
  printTable(["self time by package", "ms/request", "share"], top(owners, 20));
  console.log("");
  printTable(["self time by function", "ms/request", "share"], top(functions, 25));
  console.log(`\nProfile written to ${path.relative(root, file)} (open it in Chrome's DevTools).`);
  await cleanup();
  return 0;
}

runMain(main);
