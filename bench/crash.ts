// Crash test: `npm run bench:crash [-- --rounds 5 --writers 8 --tills 16 --no-build]`.
// Starts the production app on a fresh embedded PostgreSQL, has concurrent writers post stock
// documents and tills complete sales over HTTP, and in each round SIGKILLs the app, its
// PostgreSQL or both at a random moment, restarts what has to be restarted, and checks that
// every acknowledged write is in the ledger, that a sale sent again after a lost answer was
// made once, that document numbers are 1..n and that every balance equals its movements.
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
  addSaleItems,
  checkSales,
  postSale,
  salePicker,
  tillSale,
  type PostedSale,
} from "./sale-writers.ts";
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
      writers: { type: "string", default: "8" },
      tills: { type: "string", default: "16" },
      victim: { type: "string" },
      "no-build": { type: "boolean", default: false },
      "keep-data": { type: "boolean", default: false },
    },
  });
  const rounds = Number(values.rounds);
  const writers = Number(values.writers);
  const tills = Number(values.tills);
  if (
    !Number.isInteger(rounds) ||
    rounds < 1 ||
    !Number.isInteger(writers) ||
    writers < 0 ||
    !Number.isInteger(tills) ||
    tills < 0 ||
    writers + tills < 1
  ) {
    throw new Error("--rounds takes a whole number from 1, --writers and --tills from 0");
  }
  const victim = values.victim;
  if (victim !== undefined && !["app", "database", "both"].includes(victim)) {
    throw new Error("--victim is app, database or both (default: each in turn)");
  }
  return {
    rounds,
    writers,
    tills,
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
  sales: number;
  salesRefused: number;
  salesNoAnswer: number;
  /** Sales sent again with the same id after an answer was lost or refused. */
  salesRetried: number;
  /** Retries answered with the sale made by an earlier, unanswered attempt. */
  salesReplayed: number;
  recoveryMs: number;
  lost: number;
  salesLost: number;
  duplicateSales: number;
  numberGaps: number;
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
    const databaseUrl = await embeddedDatabaseUrl(dataDir);
    const shop: StockShop = await createStockShop(databaseUrl, app.url);
    // The sales share the stock-outs' item and nine more, so both kinds of writer lock the
    // same rows; the member owns the shop, and owners sell.
    const itemIds = [shop.itemId, ...(await addSaleItems(databaseUrl, shop, 9))];
    const acknowledged: string[] = [];
    const acknowledgedSales: string[] = [];
    const gapsSeen: string[] = [];
    const rows: RoundRow[] = [];
    const victims: Victim[] = ["database", "app", "both"];

    for (let round = 1; round <= options.rounds; round++) {
      const victim = options.victim ?? victims[(round - 1) % victims.length] ?? "app";
      const counts = {
        acknowledged: 0,
        refused: 0,
        serverErrors: 0,
        noAnswer: 0,
        sales: 0,
        salesRefused: 0,
        salesNoAnswer: 0,
        salesRetried: 0,
        salesReplayed: 0,
      };
      let writing = true;
      const target = { url: app.url };
      const stockWriters = Array.from({ length: options.writers }, async (_, writer) => {
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
      // Each till behaves like the real one: a sale without a success answer keeps its bill
      // and its id and is sent again (the till offers exactly that) until it is answered; only
      // then does the till start the next sale. It stops between sales once the round ends.
      const tills = Array.from({ length: options.tills }, async (_, till) => {
        const pick = salePicker(itemIds, round * 1000 + till);
        const deadline = () => !writing && Date.now() > stopAt + 60_000;
        let stopAt = Number.POSITIVE_INFINITY;
        while (writing) {
          const body = tillSale(shop.shopId, crypto.randomUUID(), pick(), `เครื่อง ${till + 1}`);
          let answer: PostedSale;
          for (let attempt = 0; ; attempt++) {
            if (attempt === 1) counts.salesRetried++;
            answer = await postSale(target.url, shop.cookie, body);
            if (answer.outcome === "acknowledged") break;
            if (answer.outcome === "refused") {
              if (answer.status !== 503 && (answer.status ?? 0) >= 500) counts.serverErrors++;
              else counts.salesRefused++;
            } else counts.salesNoAnswer++;
            if (!writing && stopAt === Number.POSITIVE_INFINITY) stopAt = Date.now();
            if (deadline())
              throw new Error(`till ${till + 1}: no answer for a minute after the round`);
            await sleep(50);
          }
          acknowledgedSales.push(body.clientSaleId);
          counts.sales++;
          if (answer.replayed) counts.salesReplayed++;
        }
      });
      const writers = [...stockWriters, ...tills];

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
      const salesBefore = counts.sales;
      while (
        counts.acknowledged < before + options.writers ||
        counts.sales < salesBefore + options.tills
      ) {
        await sleep(20);
      }
      writing = false;
      await Promise.all(writers);

      const url = await embeddedDatabaseUrl(dataDir);
      const ledger = await checkLedger(url, shop, acknowledged);
      const sales = await checkSales(url, shop.shopId, acknowledgedSales);
      for (const gap of sales.numberGaps) gapsSeen.push(`round ${round}: ${gap}`);
      rows.push({
        round,
        victim,
        killedAfterMs,
        ...counts,
        recoveryMs,
        lost: ledger.lost.length,
        salesLost: sales.lost.length,
        duplicateSales: sales.duplicates + sales.unlinkedLines,
        numberGaps: sales.numberGaps.length,
        balanceMismatches: ledger.balanceMismatches,
        onHandMismatches: ledger.onHandMismatches,
      });
      const last = rows.at(-1);
      console.log(
        `round ${round}: killed ${victim} after ${killedAfterMs} ms, ` +
          `${last?.acknowledged} stock-outs and ${last?.sales} sales acknowledged ` +
          `(${last?.salesRetried} sent again, ${last?.salesReplayed} of them already made), ` +
          `recovered in ${fixed(recoveryMs / 1000, 1)} s, ` +
          `${ledger.lost.length + sales.lost.length} lost; ${sales.sales} sales in all`,
      );
    }

    console.log("");
    printTable(
      [
        "round",
        "killed",
        "after ms",
        "stock-outs",
        "sales",
        "refused",
        "other 5xx",
        "no answer",
        "sent again",
        "replayed",
        "recovery s",
        "lost",
        "twice",
        "number gaps",
        "balance≠moves",
        "on hand≠balances",
      ],
      rows.map((r) => [
        String(r.round),
        r.victim,
        String(r.killedAfterMs),
        String(r.acknowledged),
        String(r.sales),
        String(r.refused + r.salesRefused),
        String(r.serverErrors),
        String(r.noAnswer + r.salesNoAnswer),
        String(r.salesRetried),
        String(r.salesReplayed),
        fixed(r.recoveryMs / 1000, 1),
        String(r.lost + r.salesLost),
        String(r.duplicateSales),
        String(r.numberGaps),
        String(r.balanceMismatches),
        String(r.onHandMismatches),
      ]),
    );
    for (const gap of gapsSeen) console.log(`number gap: ${gap}`);
    const failed = rows.filter(
      (r) =>
        r.lost +
          r.salesLost +
          r.duplicateSales +
          r.numberGaps +
          r.serverErrors +
          r.balanceMismatches +
          r.onHandMismatches >
        0,
    );
    console.log(
      failed.length === 0
        ? `\nAll ${rows.length} rounds: every acknowledged write is there, no sale was made ` +
            `twice, every number sequence is 1..n and the ledger equals the balances.`
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
