// Crash test: `npm run bench:crash [-- --rounds 5 --writers 16 --no-build --keep-data]`.
// Starts the production app on a fresh embedded PostgreSQL, has concurrent writers post stock
// documents (sales join once the till exists), and in each round SIGKILLs the app, its
// PostgreSQL or both at a random moment, restarts what has to be restarted, and checks that
// every acknowledged write is in the ledger and that every balance equals its movements.
// Prints one table row per round; exits 1 when any round lost a write or broke an invariant.
// See bench/README.md.
import { tempFolderForPostgres } from "../tests/setup/temp-folder.ts";
import type { ChildProcess } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort, stopChildProcess } from "../app/lib/child-process.server.ts";
import { buildAppUnlessBuilt, fixed, printTable, spawnEmbeddedApp } from "./harness.ts";
import {
  checkLedger,
  createStockShop,
  embeddedDatabaseUrl,
  postStockOut,
  type StockShop,
} from "./stock-writers.ts";

type Victim = "app" | "database" | "both";

function parseOptions() {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "5" },
      writers: { type: "string", default: "16" },
      victim: { type: "string" },
      "no-build": { type: "boolean", default: false },
      "keep-data": { type: "boolean", default: false },
    },
  });
  const rounds = Number(values.rounds);
  const writers = Number(values.writers);
  if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(writers) || writers < 1) {
    throw new Error("--rounds and --writers take whole numbers from 1");
  }
  const victim = values.victim;
  if (victim !== undefined && !["app", "database", "both"].includes(victim)) {
    throw new Error("--victim is app, database or both (default: each in turn)");
  }
  return {
    rounds,
    writers,
    victim: victim as Victim | undefined,
    build: !values["no-build"],
    keepData: values["keep-data"],
  };
}

interface App {
  child: ChildProcess;
  url: string;
  log: string[];
}

function startApp(dataDir: string, port: number): App {
  const child = spawnEmbeddedApp(dataDir, port, ["ignore", "pipe", "pipe"]);
  const log: string[] = [];
  const keep = (chunk: Buffer) => log.push(chunk.toString("utf8"));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, url: `http://127.0.0.1:${port}`, log };
}

async function waitHealthy(app: App, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) {
      throw new Error(`the app exited (${app.child.exitCode}): ${app.log.join("").slice(-2000)}`);
    }
    if (
      await fetch(`${app.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error(`the app was not healthy within ${timeoutMs / 1000} s`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function postmasterPid(dataDir: string): Promise<number> {
  const text = await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8");
  return Number(text.split("\n")[0]);
}

function waitExit(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

function restartsLogged(app: App): number {
  return app.log.join("").split("PostgreSQL runs again").length - 1;
}

interface RoundRow {
  round: number;
  victim: Victim;
  killedAfterMs: number;
  acknowledged: number;
  refused: number;
  serverErrors: number;
  noAnswer: number;
  recoveryMs: number;
  lost: number;
  balanceMismatches: number;
  onHandMismatches: number;
}

async function main(): Promise<number> {
  const options = parseOptions();
  await buildAppUnlessBuilt(options.build);
  const folder = await tempFolderForPostgres("dptech-crash-");
  const dataDir = path.join(folder, "data");
  let app = startApp(dataDir, await freePort());
  const cleanup = async () => {
    await stopChildProcess(app.child, "SIGTERM");
    if (!options.keepData) await rm(folder, { recursive: true, force: true });
    else console.log(`Data kept in ${dataDir}`);
  };
  process.once("SIGINT", () => void cleanup().finally(() => process.exit(130)));
  try {
    await waitHealthy(app);
    const shop: StockShop = await createStockShop(await embeddedDatabaseUrl(dataDir), app.url);
    const acknowledged: string[] = [];
    const rows: RoundRow[] = [];
    const victims: Victim[] = ["database", "app", "both"];

    for (let round = 1; round <= options.rounds; round++) {
      const victim = options.victim ?? victims[(round - 1) % victims.length] ?? "app";
      const counts = { acknowledged: 0, refused: 0, serverErrors: 0, noAnswer: 0 };
      let writing = true;
      const target = { url: app.url };
      const writers = Array.from({ length: options.writers }, async (_, writer) => {
        for (let n = 0; writing; n++) {
          const reference = `R${round}-W${writer}-${n}`;
          const result = await postStockOut(target.url, shop, reference);
          if (result.outcome === "acknowledged") {
            acknowledged.push(reference);
            counts.acknowledged++;
          } else if (result.outcome === "refused") {
            // 503 is the expected answer during an outage; any other 5xx is a defect.
            if (result.status !== 503 && (result.status ?? 0) >= 500) counts.serverErrors++;
            else counts.refused++;
          } else {
            counts.noAnswer++;
            // Nobody listens while the app is down: do not spin.
            await sleep(50);
          }
        }
      });

      const killedAfterMs = 500 + Math.floor(Math.random() * 2500);
      await sleep(killedAfterMs);
      const postmaster = await postmasterPid(dataDir);
      const restartsBefore = restartsLogged(app);
      if (victim === "app" || victim === "both") app.child.kill("SIGKILL");
      if (victim === "database" || victim === "both") process.kill(postmaster, "SIGKILL");
      const killedAt = Date.now();
      if (victim !== "database") {
        await waitExit(app.child);
        app = startApp(dataDir, await freePort());
        target.url = app.url;
      } else {
        // The app restarts its PostgreSQL itself; /healthz may still say ok before it noticed.
        while (restartsLogged(app) === restartsBefore) {
          if (app.child.exitCode !== null) throw new Error("the app exited instead of recovering");
          await sleep(20);
        }
      }
      await waitHealthy(app);
      const recoveryMs = Date.now() - killedAt;
      // Writes must succeed again after the recovery, not only before the kill.
      const before = counts.acknowledged;
      while (counts.acknowledged < before + options.writers) await sleep(20);
      writing = false;
      await Promise.all(writers);

      const ledger = await checkLedger(await embeddedDatabaseUrl(dataDir), shop, acknowledged);
      rows.push({
        round,
        victim,
        killedAfterMs,
        ...counts,
        recoveryMs,
        lost: ledger.lost.length,
        balanceMismatches: ledger.balanceMismatches,
        onHandMismatches: ledger.onHandMismatches,
      });
      const last = rows.at(-1);
      console.log(
        `round ${round}: killed ${victim} after ${killedAfterMs} ms, ` +
          `${last?.acknowledged} acknowledged, recovered in ${fixed(recoveryMs / 1000, 1)} s, ` +
          `${ledger.lost.length} lost`,
      );
    }

    console.log("");
    printTable(
      [
        "round",
        "killed",
        "after ms",
        "acknowledged",
        "refused",
        "other 5xx",
        "no answer",
        "recovery s",
        "lost",
        "balance≠moves",
        "on hand≠balances",
      ],
      rows.map((r) => [
        String(r.round),
        r.victim,
        String(r.killedAfterMs),
        String(r.acknowledged),
        String(r.refused),
        String(r.serverErrors),
        String(r.noAnswer),
        fixed(r.recoveryMs / 1000, 1),
        String(r.lost),
        String(r.balanceMismatches),
        String(r.onHandMismatches),
      ]),
    );
    const failed = rows.filter((r) => r.lost + r.balanceMismatches + r.onHandMismatches > 0);
    console.log(
      failed.length === 0
        ? `\nAll ${rows.length} rounds: every acknowledged write is there and every invariant holds.`
        : `\n${failed.length} of ${rows.length} rounds lost writes or broke an invariant.`,
    );
    return failed.length === 0 ? 0 : 1;
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
