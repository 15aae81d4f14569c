// Storehub benchmark: `npm run bench:storehub [-- --items 100000 --movements 1000000
// --duration 10 --no-build]`. Starts the production app on a fresh embedded PostgreSQL, fills
// one shop with items and a ledger of movements, then measures
//   1. latency (p50/p95/p99) of the storehub overview and an item's ledger page, against the
//      bare React Router baseline page measured in the same run;
//   2. the rate of stock-out movements that 32 concurrent clients post on the SAME item,
//      through the app over HTTP and through the ledger function, against the bare
//      `UPDATE ... WHERE qty >= n` on the same database.
// See bench/README.md.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../app/lib/child-process.server.ts";
import { registerMember } from "./stock-writers.ts";
import {
  anyChildExited,
  BROWSER_HEADERS,
  buildAppAndBaseline,
  cleanup,
  fixed,
  percentile,
  printTable,
  root,
  runMain,
  start,
  startAppAndBaseline,
  waitReady,
  measureRate,
  type MeasuredRate,
} from "./harness.ts";

const WRITERS = 32;

function parseOptions() {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      build: { type: "boolean", default: true },
      items: { type: "string", default: "100000" },
      movements: { type: "string", default: "1000000" },
      duration: { type: "string", default: "10" },
      readers: { type: "string", default: "4" },
      only: { type: "string", default: "all" },
      profile: { type: "boolean", default: false },
      hold: { type: "boolean", default: false },
    },
  });
  const whole = (value: string, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`Expected a whole number between ${min} and ${max}, got "${value}"`);
    }
    return n;
  };
  const items = whole(values.items, 10, 10_000_000);
  if (!["all", "reads", "writes"].includes(values.only)) {
    throw new Error(`--only is all, reads or writes, not "${values.only}"`);
  }
  return {
    only: values.only as "all" | "reads" | "writes",
    // A CPU profile of the app (bench/results/profile/*.cpuprofile, open in Chrome DevTools).
    profile: values.profile,
    // Seed, then keep the app running for a look around (Ctrl-C stops it), measuring nothing.
    hold: values.hold,
    build: values.build,
    items,
    movements: whole(values.movements, items, 100_000_000),
    duration: whole(values.duration, 1, 300),
    readers: whole(values.readers, 1, 64),
  };
}

// ---- the data ---------------------------------------------------------------------------

interface Fixture {
  shopId: string;
  userId: string;
  locationId: number;
  /** An item with the average number of movements. */
  typicalItemId: number;
  /** The item the writers take stock from (it also gathers a long ledger). */
  hotItemId: number;
  hotSku: string;
  cookie: string;
}

/**
 * One shop with `items` items and `movements` ledger rows, written with set-based SQL (the
 * ledger function would take many minutes for a million rows). The rows obey the same
 * invariants the function keeps: running quantities, balances and values agree.
 */
async function seed(
  client: pg.Client,
  appUrl: string,
  options: { items: number; movements: number },
): Promise<Fixture> {
  const email = `bench-${Date.now()}@example.com`;
  const cookie = await registerMember(appUrl, email);
  const userId = (
    await client.query<{ id: string }>("SELECT id FROM app_user WHERE email = $1", [email])
  ).rows[0]?.id;
  if (!userId) throw new Error("the registered member is missing");
  const shopId = (
    await client.query<{ id: string }>(
      `INSERT INTO shop (name, business_type, address, phone)
       VALUES ('ร้านวัดความเร็ว', 'grocery', '1 ถนนทดสอบ กรุงเทพฯ', '+66812345678') RETURNING id`,
    )
  ).rows[0]?.id;
  if (!shopId) throw new Error("no shop");
  await client.query("INSERT INTO shop_member (shop_id, user_id, role) VALUES ($1, $2, 'owner')", [
    shopId,
    userId,
  ]);
  const locationId = Number(
    (
      await client.query<{ id: string }>(
        `INSERT INTO stock_location (shop_id, kind, name, is_default)
         VALUES ($1, 'warehouse', 'คลังหลัก', true) RETURNING id`,
        [shopId],
      )
    ).rows[0]?.id,
  );

  const perItem = Math.max(1, Math.floor(options.movements / options.items));
  const started = Date.now();
  console.log(`Seeding ${options.items} items and ${options.items * perItem} movements…`);
  await client.query(
    `INSERT INTO stock_item (shop_id, name, sku, category, unit, price_satang, cost_satang,
                             reorder_level, has_movements)
     SELECT $1,
            (ARRAY['น้ำดื่ม', 'กาแฟกระป๋อง', 'ขนมปังโฮลวีต', 'สบู่เหลว', 'ยาสีฟัน', 'ข้าวหอมมะลิ'])[1 + g % 6]
              || ' รุ่น ' || g,
            'SKU-' || lpad(g::text, 7, '0'),
            (ARRAY['เครื่องดื่ม', 'อาหารแห้ง', 'ของใช้ในบ้าน'])[1 + g % 3],
            'ชิ้น', 1500 + g % 5000, 1000 + g % 3000, g % 60, true
       FROM generate_series(1, $2::int) AS g`,
    [shopId, options.items],
  );
  const documents = Math.ceil((options.items * perItem) / 1000);
  await client.query(
    `INSERT INTO stock_document (shop_id, kind, number, reference, user_id, created_at)
     SELECT $1, 'receive', g, 'BENCH-' || g, $2, now() - interval '1 minute' * ($3::int - g)
       FROM generate_series(1, $3::int) AS g`,
    [shopId, userId, documents],
  );
  // The shop's receipts continue after the seeded ones (gapless numbers, decision 0011).
  await client.query(
    `INSERT INTO document_sequence (shop_id, kind, next_value) VALUES ($1, 'receive', $2 + 1)`,
    [shopId, documents],
  );
  // Movement n (ordered by step, then item) belongs to document n / 1000. Step 1 receives 50,
  // then issues and receipts alternate by 1-5 units, so quantities stay positive.
  await client.query(
    `WITH docs AS (
       SELECT array_agg(id ORDER BY id) AS ids FROM stock_document WHERE shop_id = $1
     ), items AS (
       SELECT id, cost_satang, row_number() OVER (ORDER BY id) AS rn
         FROM stock_item WHERE shop_id = $1
     ), steps AS (
       SELECT i.id AS item_id, i.cost_satang, s.step,
              (s.step - 1) * $3::bigint + i.rn - 1 AS n,
              CASE WHEN s.step = 1 THEN 50
                   WHEN s.step % 2 = 0 THEN -(1 + (i.rn + s.step) % 5)
                   ELSE 1 + (i.rn + s.step) % 5 END AS qty
         FROM items i CROSS JOIN generate_series(1, $4::int) AS s(step)
     ), running AS (
       SELECT *, sum(qty) OVER (PARTITION BY item_id ORDER BY step) AS after FROM steps
     )
     INSERT INTO stock_movement (shop_id, document_id, line_no, item_id, location_id, kind, qty,
                                 location_qty_after, item_qty_after, unit_cost_satang,
                                 value_satang, reference, user_id, created_at)
     SELECT $1, docs.ids[1 + r.n / 1000], 1 + r.n % 1000, r.item_id, $2,
            CASE WHEN r.qty > 0 THEN 'receive' ELSE 'issue' END, r.qty, r.after, r.after,
            r.cost_satang, r.qty * r.cost_satang, 'BENCH', $5,
            now() - interval '1 second' * ($6::bigint - r.n)
       FROM running r CROSS JOIN docs
      ORDER BY r.n`,
    [shopId, locationId, options.items, perItem, userId, options.items * perItem],
  );
  await client.query(
    `INSERT INTO stock_balance (shop_id, item_id, location_id, qty, value_satang)
     SELECT $1, item_id, $2, sum(qty), sum(value_satang)
       FROM stock_movement WHERE shop_id = $1 GROUP BY item_id`,
    [shopId, locationId],
  );
  await client.query(
    `UPDATE stock_item i
        SET on_hand = b.qty, stock_value_satang = b.qty * i.cost_satang,
            avg_cost_satang = i.cost_satang
       FROM stock_balance b
      WHERE b.item_id = i.id AND i.shop_id = $1`,
    [shopId],
  );
  const ids = await client.query<{ typical: string; hot: string; sku: string }>(
    `SELECT (SELECT id FROM stock_item WHERE shop_id = $1 ORDER BY id OFFSET $2 LIMIT 1) AS typical,
            id AS hot, sku
       FROM stock_item WHERE shop_id = $1 ORDER BY id LIMIT 1`,
    [shopId, Math.floor(options.items / 2)],
  );
  const row = ids.rows[0];
  if (!row) throw new Error("no items");
  // Enough stock on the hot item for every writer of every run.
  await client.query(
    `SELECT stock_post_document($1, 'receive', 'BENCH-HOT', '', $2,
              jsonb_build_array(jsonb_build_object('line', 1, 'item', $3::bigint,
                'location', $4::bigint, 'qty', 100000000, 'unitCost', 1000)))`,
    [shopId, userId, Number(row.hot), locationId],
  );
  await client.query("VACUUM ANALYZE");
  console.log(`Seeded in ${fixed((Date.now() - started) / 1000, 1)} s`);
  return {
    shopId,
    userId,
    locationId,
    typicalItemId: Number(row.typical),
    hotItemId: Number(row.hot),
    hotSku: row.sku,
    cookie,
  };
}

// ---- measurements ----------------------------------------------------------------------

interface LatencyRow {
  target: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

/** `clients` loops requesting `url` for `seconds`; latency of every answer, in ms. */
async function latency(
  target: string,
  url: string,
  headers: Record<string, string>,
  clients: number,
  seconds: number,
): Promise<LatencyRow> {
  if (anyChildExited()) throw new Error("A server exited; see its output above");
  const samples: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const began = performance.now();
        const response = await fetch(url, { headers, redirect: "manual" });
        await response.arrayBuffer();
        samples.push(performance.now() - began);
        if (response.status !== 200) failures += 1;
      }
    }),
  );
  samples.sort((a, b) => a - b);
  return {
    target,
    requests: samples.length,
    rps: samples.length / seconds,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    failures,
  };
}

type RateRow = MeasuredRate;

/** `WRITERS` workers run `once` in a loop for `seconds`; successful operations per second. */
const rate = (target: string, seconds: number, once: (worker: number) => Promise<boolean>) =>
  measureRate(target, seconds, WRITERS, once);

async function connectAll(url: string, count: number): Promise<pg.Client[]> {
  const clients = Array.from({ length: count }, () => {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    return client;
  });
  await Promise.all(clients.map((c) => c.connect()));
  return clients;
}

/** The connection string of the app's embedded PostgreSQL (it writes its port and password). */
async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const port = (await readFile(path.join(dataDir, "postgres.port"), "utf8")).trim();
  const password = (await readFile(path.join(dataDir, "postgres.password"), "utf8")).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/dptech`;
}

/** The form a browser without JavaScript posts on /storehub/inout for one stock-out line. */
function stockOutForm(fixture: Fixture): string {
  return new URLSearchParams({
    // Every shop form names the shop it was rendered for (app/ui/shop-form.tsx).
    shopId: fixture.shopId,
    intent: "post",
    kind: "issue",
    reference: "",
    reason: "ขายหน้าร้าน",
    note: "",
    scan: "",
    "lines[0].item": fixture.hotSku,
    "lines[0].location": String(fixture.locationId),
    "lines[0].qty": "1",
    "lines[0].reason": "",
  }).toString();
}

/**
 * Stock-outs on one item by WRITERS concurrent clients: bare SQL (before and after, so that a
 * machine slowing down mid-run skews less), the ledger function, and the app over HTTP.
 */
async function measureStockOuts(
  databaseUrl: string,
  [appUrl, secondUrl]: [string, string],
  fixture: Fixture,
  admin: pg.Client,
  seconds: number,
) {
  // Stock-out on one item by 32 writers: bare SQL, the ledger function, and the app over HTTP.
  const writers = await connectAll(databaseUrl, WRITERS);
  const bareSql = () =>
    rate("bare SQL UPDATE ... WHERE qty >= 1", seconds, async (worker) => {
      const result = await writers[worker]?.query(
        `UPDATE stock_balance SET qty = qty - 1
            WHERE item_id = $1 AND location_id = $2 AND qty >= 1`,
        [fixture.hotItemId, fixture.locationId],
      );
      return result?.rowCount === 1;
    });
  const lines = JSON.stringify([
    { line: 1, item: fixture.hotItemId, location: fixture.locationId, qty: 1, reason: "ขาย" },
  ]);
  const ledgerFunction = () =>
    rate("ledger function stock_post_document", seconds, async (worker) => {
      await writers[worker]?.query(
        "SELECT stock_post_document($1, 'issue', '', '', $2, $3::jsonb)",
        [fixture.shopId, fixture.userId, lines],
      );
      return true;
    });
  const form = stockOutForm(fixture);
  // autocannon keeps the client's own cost low (as node-pg does for the SQL rows): a heavier
  // client would take CPU from the app on a machine with few cores.
  const throughApp = async (target: string, urls: string[]): Promise<RateRow> => {
    const results = await Promise.all(
      urls.map((url) =>
        autocannon({
          url: `${url}/storehub/inout`,
          method: "POST",
          connections: WRITERS / urls.length,
          duration: seconds,
          headers: {
            cookie: fixture.cookie,
            origin: url,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: form,
        }),
      ),
    );
    let done = 0;
    let all = 0;
    for (const result of results) {
      for (const [status, stats] of Object.entries(result.statusCodeStats)) {
        all += stats.count;
        if (status === "302" || status === "303") done += stats.count;
      }
      all += result.errors;
    }
    return { target, done, refused: all - done, perSecond: done / seconds };
  };
  console.log(`Measuring stock-outs on one item: ${WRITERS} writers, ${seconds} s each…`);
  // Baseline before and after, so that a machine slowing down mid-run skews less.
  const bareBefore = await bareSql();
  const viaFunction = await ledgerFunction();
  const appStarted = new Date();
  const viaApp = await throughApp("app over HTTP, 1 instance", [appUrl]);
  const appCommits = await commitsOfHotItem(admin, fixture, appStarted);
  const viaTwoApps = await throughApp("app over HTTP, 2 instances", [appUrl, secondUrl]);
  const bareAfter = await bareSql();
  await Promise.all(writers.map((c) => c.end()));
  const bareRate = (bareBefore.perSecond + bareAfter.perSecond) / 2;

  // The ledger still agrees with the balance after the load. The bare UPDATEs bypass the
  // ledger on purpose (they are the yardstick), so exactly that many units are unaccounted.
  const drift = await admin.query<{ drift: string }>(
    `SELECT (SELECT sum(qty) FROM stock_movement WHERE item_id = $1)
            - (SELECT qty FROM stock_balance WHERE item_id = $1 AND location_id = $2) AS drift`,
    [fixture.hotItemId, fixture.locationId],
  );
  const ledgerAgrees = Number(drift.rows[0]?.drift) === bareBefore.done + bareAfter.done;
  return {
    bareBefore,
    viaFunction,
    viaApp,
    appCommits,
    viaTwoApps,
    bareAfter,
    bareRate,
    ledgerAgrees,
  };
}

/**
 * How many transactions wrote the hot item's movements since `since`: rows written by one
 * transaction share its start time (now()), while xmin would tell the subtransactions apart.
 * This is the app's group commit at work (docs/decisions/0010).
 */
async function commitsOfHotItem(admin: pg.Client, fixture: Fixture, since: Date) {
  const result = await admin.query<{ movements: string; commits: string }>(
    `SELECT count(*) AS movements, count(DISTINCT created_at) AS commits
       FROM stock_movement WHERE item_id = $1 AND created_at >= $2`,
    [fixture.hotItemId, since],
  );
  const movements = Number(result.rows[0]?.movements ?? 0);
  const commits = Number(result.rows[0]?.commits ?? 0);
  return { movements, commits, perCommit: commits > 0 ? movements / commits : 0 };
}

async function main(): Promise<number> {
  const options = parseOptions();
  if (options.build) await buildAppAndBaseline();
  const { appUrl, baseUrl, dataDir } = await startAppAndBaseline({
    folderPrefix: "dptech-bench-storehub-",
    nodeArgs: options.profile
      ? ["--cpu-prof", `--cpu-prof-dir=${path.join(root, "bench/results/profile")}`]
      : [],
  });
  const databaseUrl = await embeddedDatabaseUrl(dataDir);
  const admin = new pg.Client({ connectionString: databaseUrl });
  // The server may stop first on an error; a dropped connection must not crash the report.
  admin.on("error", () => {});
  await admin.connect();
  const fixture = await seed(admin, appUrl, options);
  const member = { ...BROWSER_HEADERS, cookie: fixture.cookie };
  // A second instance of the app on the same database, as a deployment with one instance per
  // CPU runs it (sessions, live events and the posting queues work across instances).
  const secondPort = await freePort();
  const secondApp = start("server/main.ts", {
    PORT: String(secondPort),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: "",
    PUBLIC_URL: "",
  });
  const secondUrl = `http://127.0.0.1:${secondPort}`;
  await waitReady(`${secondUrl}/healthz`, secondApp, 120_000);
  if (options.hold) {
    console.log(`App: ${appUrl} (session cookie: ${fixture.cookie})\nDatabase: ${databaseUrl}`);
    await new Promise(() => {});
  }

  const pages = [
    { target: "baseline /", url: `${baseUrl}/`, headers: BROWSER_HEADERS },
    { target: "app /storehub (overview)", url: `${appUrl}/storehub`, headers: member },
    {
      target: "app item ledger (typical item)",
      url: `${appUrl}/storehub/storage?item=${fixture.typicalItemId}`,
      headers: member,
    },
  ];
  for (const page of pages) {
    const response = await fetch(page.url, { headers: page.headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page.url} answered ${response.status}`);
  }
  const readPages = options.only === "writes" ? [] : pages;
  console.log("Warming up…");
  for (const page of readPages) {
    await latency(page.target, page.url, page.headers, options.readers, 2);
  }
  const latencyRows: LatencyRow[] = [];
  for (const page of readPages) {
    console.log(`Measuring ${page.target}: ${options.readers} clients, ${options.duration} s…`);
    latencyRows.push(
      await latency(page.target, page.url, page.headers, options.readers, options.duration),
    );
  }

  const writes =
    options.only === "reads"
      ? null
      : await measureStockOuts(databaseUrl, [appUrl, secondUrl], fixture, admin, options.duration);
  await admin.end();
  await cleanup();

  const base = latencyRows[0];
  console.log(
    `\nRead latency: ${options.readers} concurrent clients, ${options.duration} s per page; ` +
      `${options.items} items, ${options.movements} movements in the shop\n`,
  );
  printTable(
    ["target", "req/s", "p50 ms", "p95 ms", "p99 ms", "non-200", "p95 ×base"],
    latencyRows.map((r) => [
      r.target,
      fixed(r.rps, 0),
      fixed(r.p50, 1),
      fixed(r.p95, 1),
      fixed(r.p99, 1),
      String(r.failures),
      base ? fixed(r.p95 / base.p95) : "",
    ]),
  );
  if (writes) {
    const { bareBefore, viaFunction, viaApp, appCommits, viaTwoApps, bareAfter, bareRate } = writes;
    console.log(`\nStock-outs on one item, ${WRITERS} concurrent writers\n`);
    printTable(
      ["target", "done", "refused", "per s", "× bare SQL"],
      [bareBefore, viaFunction, viaApp, viaTwoApps, bareAfter].map((r) => [
        r.target,
        String(r.done),
        String(r.refused),
        fixed(r.perSecond, 0),
        fixed(r.perSecond / bareRate),
      ]),
    );
    console.log(
      `\nOver HTTP, 1 instance: ${appCommits.movements} stock-outs in ${appCommits.commits} commits ` +
        `(${fixed(appCommits.perCommit, 1)} per commit: the posting queue's group commit)`,
    );
    console.log(
      `Ledger after the load: ${writes.ledgerAgrees ? "agrees with the balance" : "MISMATCH"}`,
    );
  }

  await mkdir(path.join(root, "bench/results"), { recursive: true });
  const file = path.join(
    root,
    `bench/results/storehub-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  await writeFile(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavg: os.loadavg() },
        options,
        latency: latencyRows,
        stockOut: writes,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Results written to ${path.relative(root, file)}`);
  const failed =
    latencyRows.some((r) => r.failures > 0) ||
    (writes !== null &&
      (writes.viaApp.done === 0 || writes.viaTwoApps.done === 0 || !writes.ledgerAgrees));
  return failed ? 1 : 0;
}

runMain(main);
