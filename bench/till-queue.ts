// A registered till's queue sent to the server (issue 34, decision 0071):
// `npm run bench:till-queue [-- --sales 1000 --crash --kills 3 --no-build]`.
// Starts the production app on a fresh embedded PostgreSQL, makes a shop whose first till is
// bound to a "device", and sends a queue of sales the way the till's sender does: in order,
// one at a time, each with its till number, the same entry again until the server answers.
// Without --crash it times the whole queue against the same number of plain online sales
// posted in the same run (the ratio), with the 20 s goal for 1,000 sales. With --crash it
// SIGKILLs the app at random moments while the queue is being sent, restarts it, and checks
// that every sale is there exactly once, the till's numbers run 1..n with no gap, the flags
// are none, and every balance equals its movements. Exits 1 when a check fails.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, stopChildProcess } from "../app/lib/child-process.server.ts";
import { tempFolderForPostgres } from "../tests/setup/temp-folder.ts";
import { buildAppUnlessBuilt, fixed, printTable, spawnEmbeddedApp } from "./harness.ts";
import { addSaleItems, postSale, SALE_PRICE, salePicker, tillSale } from "./sale-writers.ts";
import { checkLedger, createStockShop, embeddedDatabaseUrl } from "./stock-writers.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface App {
  child: ChildProcess;
  url: string;
}

function startApp(dataDir: string, port: number): App {
  const child = spawnEmbeddedApp(dataDir, port, ["ignore", "ignore", "pipe"]);
  return { child, url: `http://127.0.0.1:${port}` };
}

async function waitHealthy(app: App, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`the app exited (${app.child.exitCode})`);
    const ok = await fetch(`${app.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`the app was not healthy within ${timeoutMs / 1000} s`);
}

/** Binds the shop's first till to a made-up device, as /shophub/tills does (its token hashed). */
async function bindFirstTill(databaseUrl: string, shopId: string) {
  const token = randomBytes(32).toString("base64url");
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const row = await client.query<{ id: string }>(
      `UPDATE till SET device_token_hash = $2, device_label = 'bench', device_bound_at = now()
        WHERE shop_id = $1 AND code = 'P01' RETURNING id`,
      [shopId, createHash("sha256").update(token).digest("base64url")],
    );
    const tillId = row.rows[0]?.id;
    if (!tillId) throw new Error("the shop has no first till");
    return { tillId, token };
  } finally {
    await client.end();
  }
}

/** The queue as the device holds it: each sale numbered in order, sold a moment apart. */
function makeQueue(shopId: string, itemIds: number[], count: number) {
  const pick = salePicker(itemIds, 34);
  const year = new Date().getUTCFullYear() + 543;
  const start = Date.now() - count * 1000;
  return Array.from({ length: count }, (_, index) => {
    const sale = tillSale(shopId, randomUUID(), pick(), "เครื่อง 1");
    return {
      sale: {
        ...sale,
        lines: sale.lines.map((line) => ({ ...line, unitPriceSatang: SALE_PRICE })),
      },
      seq: index + 1,
      year,
      soldAt: new Date(start + index * 1000).toISOString(),
    };
  });
}

type Entry = ReturnType<typeof makeQueue>[number];

/** One try of one entry, as the till's sender makes it; null when no answer came. */
async function sendOnce(
  target: { url: string },
  cookie: string,
  shopId: string,
  device: { tillId: string; token: string },
  entry: Entry,
): Promise<true | null> {
  try {
    const response = await fetch(`${target.url}/shophub/sell/sync?shop=${shopId}`, {
      method: "POST",
      headers: { cookie, origin: target.url, "content-type": "application/json" },
      body: JSON.stringify({
        shopId,
        sale: {
          ...entry.sale,
          device: {
            ...device,
            kind: "receipt",
            prefix: "RC",
            year: entry.year,
            seq: entry.seq,
            soldAt: entry.soldAt,
            sentAt: new Date().toISOString(),
          },
        },
      }),
    });
    if (response.status !== 200 && response.status !== 422) {
      await response.arrayBuffer();
      return null;
    }
    const answer = (await response.json()) as { kind: string; code?: string };
    if (answer.kind === "refused") throw new Error(`refused for good: ${answer.code}`);
    return true;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("refused")) throw error;
    return null;
  }
}

/** Sends the queue in order; an entry without an answer is sent again until it has one. */
async function sendQueue(
  target: { url: string },
  cookie: string,
  shopId: string,
  device: { tillId: string; token: string },
  queue: Entry[],
) {
  let retries = 0;
  for (const entry of queue) {
    while (!(await sendOnce(target, cookie, shopId, device, entry))) {
      retries++;
      await sleep(50);
    }
  }
  return retries;
}

interface QueueCheck {
  sales: number;
  duplicates: number;
  missing: number;
  numbersInOrder: boolean;
  flags: number;
  balanceMismatches: number;
  onHandMismatches: number;
}

async function checkQueue(
  databaseUrl: string,
  shopId: string,
  queue: Entry[],
): Promise<QueueCheck> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const rows = await client.query<{ client: string; n: string }>(
      `SELECT client_sale_id::text AS client, count(*) AS n FROM sale
        WHERE shop_id = $1 AND till_id IS NOT NULL GROUP BY client_sale_id`,
      [shopId],
    );
    const present = new Map(rows.rows.map((r) => [r.client, Number(r.n)]));
    const seqs = await client.query<{ seq: string }>(
      `SELECT document_seq AS seq FROM sale WHERE shop_id = $1 AND till_id IS NOT NULL
        ORDER BY created_at, id`,
      [shopId],
    );
    const flags = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM sale_flag WHERE shop_id = $1",
      [shopId],
    );
    const ledger = await checkLedger(databaseUrl, { shopId }, []);
    const sequence = seqs.rows.map((r) => Number(r.seq));
    return {
      sales: sequence.length,
      duplicates: [...present.values()].filter((n) => n > 1).length,
      missing: queue.filter((entry) => !present.has(entry.sale.clientSaleId)).length,
      numbersInOrder: sequence.every((seq, index) => seq === index + 1),
      flags: Number(flags.rows[0]?.n ?? 0),
      balanceMismatches: ledger.balanceMismatches,
      onHandMismatches: ledger.onHandMismatches,
    };
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sales: { type: "string" },
      crash: { type: "boolean", default: false },
      kills: { type: "string", default: "3" },
      "no-build": { type: "boolean", default: false },
    },
  });
  const crash = values.crash;
  const count = Number(values.sales ?? (crash ? 200 : 1000));
  const kills = Number(values.kills);
  await buildAppUnlessBuilt(!values["no-build"]);
  const folder = await tempFolderForPostgres("dptech-till-queue-");
  const dataDir = path.join(folder, "data");
  let app = startApp(dataDir, await freePort());
  try {
    await waitHealthy(app);
    const databaseUrl = await embeddedDatabaseUrl(dataDir);
    const shop = await createStockShop(databaseUrl, app.url);
    const itemIds = [shop.itemId, ...(await addSaleItems(databaseUrl, shop, 9))];
    const device = await bindFirstTill(databaseUrl, shop.shopId);
    const queue = makeQueue(shop.shopId, itemIds, count);
    const target = { url: app.url };

    if (!crash) {
      // The same number of plain online sales first, in the same run: the ratio's baseline.
      const pick = salePicker(itemIds, 7);
      const onlineStart = performance.now();
      for (let index = 0; index < count; index++) {
        const sale = tillSale(shop.shopId, randomUUID(), pick(), "เครื่อง 2");
        const posted = await postSale(app.url, shop.cookie, sale);
        if (posted.outcome !== "acknowledged") throw new Error(`online sale ${posted.outcome}`);
      }
      const onlineMs = performance.now() - onlineStart;
      const queueStart = performance.now();
      const retries = await sendQueue(target, shop.cookie, shop.shopId, device, queue);
      const queueMs = performance.now() - queueStart;
      const check = await checkQueue(databaseUrl, shop.shopId, queue);
      printTable(
        ["sales", "online s", "queue s", "queue/online", "per sale ms", "retries", "goal"],
        [
          [
            String(count),
            fixed(onlineMs / 1000),
            fixed(queueMs / 1000),
            fixed(queueMs / onlineMs),
            fixed(queueMs / count),
            String(retries),
            `${fixed((queueMs / 1000) * (1000 / count))} s per 1,000 (goal 20 s)`,
          ],
        ],
      );
      return check.missing === 0 && check.duplicates === 0 && check.numbersInOrder ? 0 : 1;
    }

    // --crash: the app is killed while the queue is being sent, `kills` times.
    const sending = sendQueue(target, shop.cookie, shop.shopId, device, queue);
    let done = false;
    void sending.finally(() => (done = true));
    let killed = 0;
    while (killed < kills && !done) {
      await sleep(100 + Math.floor(Math.random() * 500));
      if (done) break;
      app.child.kill("SIGKILL");
      await new Promise((resolve) => app.child.once("exit", resolve));
      app = startApp(dataDir, await freePort());
      target.url = app.url;
      await waitHealthy(app);
      killed++;
    }
    const retries = await sending;
    // The restarted app may have started its PostgreSQL again on another port.
    const check = await checkQueue(await embeddedDatabaseUrl(dataDir), shop.shopId, queue);
    const ok =
      check.sales === count &&
      check.missing === 0 &&
      check.duplicates === 0 &&
      check.numbersInOrder &&
      check.flags === 0 &&
      check.balanceMismatches === 0 &&
      check.onHandMismatches === 0;
    printTable(
      ["sales", "kills", "retries", "on server", "missing", "doubled", "numbers 1..n", "ledger"],
      [
        [
          String(count),
          String(killed),
          String(retries),
          String(check.sales),
          String(check.missing),
          String(check.duplicates),
          check.numbersInOrder ? "yes" : "NO",
          check.balanceMismatches + check.onHandMismatches === 0 ? "adds up" : "BROKEN",
        ],
      ],
    );
    return ok ? 0 : 1;
  } finally {
    await stopChildProcess(app.child, "SIGTERM");
    await rm(folder, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error);
  return 1;
});
