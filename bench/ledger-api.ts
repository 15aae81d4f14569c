// Ledger API benchmark: `npm run bench:ledger-api [-- --duration 10 --items 10]`. Starts a
// fresh embedded PostgreSQL with the app's migrations and measures 3-line "sales" (a header
// with a gapless per-shop number, three lines with the unit cost, a payment, and three stock
// movements of kind `sale`) written by 32 concurrent callers on a few shared items:
//   1. bare SQL: the same writes as ONE transaction per sale, sent as one multi-statement
//      query (one round trip), before and after the others (the yardstick);
//   2. the ledger API's SQL units (runLedgerStatement): each sale a call of a SQL function that
//      writes its rows and calls stock_post_movements; the shop's waiting sales go to the
//      database as ONE statement (stock_run_units), each sale a subtransaction;
//   3. the ledger API's TypeScript units (runLedgerWork): each sale a function of a Drizzle
//      transaction (rows through Drizzle, movements through postMovements), the shop's waiting
//      sales run one after the other in one transaction, one commit;
//   4. the same TypeScript units, each in a transaction of its own (what group commit buys).
// No HTTP: the till does not exist yet; this measures the database side the till will call.
// See bench/README.md ("Ledger API").
import { register } from "node:module";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { mkdtemp, chmod } from "node:fs/promises";
import pg from "pg";
import { fixed, measureRate, printTable, type MeasuredRate } from "./harness.ts";
import { seedSharedItems, sharedItemPicker } from "./shared-items.ts";

// The app's modules use the "~/" alias and extension-less imports (see alias-hooks.mjs).
register("./alias-hooks.mjs", import.meta.url);
const { createDatabase } = await import("../app/db/client.server.ts");
const { startEmbeddedPostgres } = await import("../app/db/embedded-postgres.server.ts");
const { applyMigrations } = await import("../app/db/migrate.server.ts");
const { postMovements, runLedgerStatement, runLedgerWork } =
  await import("../app/modules/stock/ledger-api.server.ts");
const { qtyToSql } = await import("../app/lib/quantity.ts");
const { sql } = await import("drizzle-orm");

type Database = ReturnType<typeof createDatabase>;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const WRITERS = 32;
const LINES = 3;
const PRICE = 1_000;
const COST = 600;
const YEAR = 2569;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "10" },
      items: { type: "string", default: "10" },
    },
  });
  const duration = Number(values.duration);
  const items = Number(values.items);
  if (!Number.isInteger(duration) || duration < 1 || duration > 300) {
    throw new Error(`--duration is 1-300 seconds, not "${values.duration}"`);
  }
  if (!Number.isInteger(items) || items < LINES || items > 10_000) {
    throw new Error(`--items is ${LINES}-10000, not "${values.items}"`);
  }
  return { duration, items };
}

interface Fixture {
  shopId: string;
  userId: string;
  locationId: number;
  itemIds: number[];
}

const SCHEMA = `
  CREATE TABLE bench_sale (
    id bigserial PRIMARY KEY, shop_id uuid NOT NULL, number bigint NOT NULL,
    total_satang bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE bench_sale_line (
    sale_id bigint NOT NULL REFERENCES bench_sale(id), line_no integer NOT NULL,
    item_id bigint NOT NULL, qty numeric(14, 3) NOT NULL, price_satang bigint NOT NULL,
    unit_cost_satang bigint NOT NULL, PRIMARY KEY (sale_id, line_no));
  CREATE TABLE bench_payment (
    sale_id bigint NOT NULL REFERENCES bench_sale(id), method text NOT NULL,
    amount_satang bigint NOT NULL);
  -- One sale as a SQL unit (runLedgerStatement): movements first (their cost), then its rows.
  CREATE FUNCTION bench_sale_post(p_shop uuid, p_sale jsonb) RETURNS jsonb
  LANGUAGE plpgsql AS $$
  DECLARE
    posted jsonb;
    sale_id bigint;
  BEGIN
    posted := stock_post_movements(p_shop, 'sale', 'bench', '', p_sale->>'user', p_sale->'lines');
    INSERT INTO bench_sale (shop_id, number, total_satang)
    VALUES (p_shop, next_document_number(p_shop, 'bench_invoice', ${YEAR}),
            (p_sale->>'total')::bigint)
    RETURNING id INTO sale_id;
    INSERT INTO bench_sale_line (sale_id, line_no, item_id, qty, price_satang, unit_cost_satang)
    SELECT sale_id, (m->>'line')::integer, (m->>'item')::bigint, -(m->>'qty')::numeric,
           ${PRICE}, (m->>'unitCost')::bigint
      FROM jsonb_array_elements(posted->'movements') AS m;
    INSERT INTO bench_payment (sale_id, method, amount_satang)
    VALUES (sale_id, 'cash', (p_sale->>'total')::bigint);
    RETURN jsonb_build_object('id', sale_id);
  END;
  $$;
`;

async function seed(db: Database, itemCount: number): Promise<Fixture> {
  const client = db.$client;
  await client.query(SCHEMA);
  const userId = "bench-ledger-user";
  await client.query(
    `INSERT INTO app_user (id, name, email, email_verified)
     VALUES ($1, 'แคชเชียร์ทดสอบ', 'ledger-bench@example.com', true)`,
    [userId],
  );
  const items = await seedSharedItems(
    client,
    userId,
    itemCount,
    { price: PRICE, cost: COST },
    { owner: false },
  );
  return { ...items, userId };
}

interface RateRow extends MeasuredRate {
  commits?: number;
}

/** `WRITERS` workers run `once` in a loop for `seconds`; successful operations per second. */
const rate = (target: string, seconds: number, once: (worker: number) => Promise<boolean>) =>
  measureRate(target, seconds, WRITERS, once);

/** The bare yardstick: the same rows written by one transaction per sale, one round trip. */
function bareSale(fixture: Fixture, items: number[]): string {
  const { shopId, userId, locationId } = fixture;
  const shop = `'${shopId}'::uuid`;
  const statements = ["BEGIN"];
  for (const item of items) {
    statements.push(`UPDATE stock_item SET on_hand = on_hand - 1,
      stock_value_satang = stock_value_satang - ${COST}, updated_at = now() WHERE id = ${item}`);
  }
  for (const item of items) {
    statements.push(`UPDATE stock_balance SET qty = qty - 1, value_satang = value_satang - ${COST},
      updated_at = now() WHERE item_id = ${item} AND location_id = ${locationId} AND qty >= 1`);
  }
  statements.push(`INSERT INTO stock_document (shop_id, kind, number, reference, user_id)
    VALUES (${shop}, 'sale', next_document_number(${shop}, 'sale'), 'bench', '${userId}')`);
  statements.push(`INSERT INTO stock_movement (shop_id, document_id, line_no, item_id,
      location_id, kind, qty, location_qty_after, item_qty_after, unit_cost_satang, value_satang,
      reference, user_id)
    VALUES ${items
      .map(
        (item, index) => `(${shop}, currval('stock_document_id_seq'), ${index + 1}, ${item},
          ${locationId}, 'sale', -1, 0, 0, ${COST}, -${COST}, 'bench', '${userId}')`,
      )
      .join(", ")}`);
  statements.push(`INSERT INTO bench_sale (shop_id, number, total_satang)
    VALUES (${shop}, next_document_number(${shop}, 'bench_invoice', ${YEAR}), ${PRICE * LINES})`);
  statements.push(`INSERT INTO bench_sale_line (sale_id, line_no, item_id, qty, price_satang,
      unit_cost_satang)
    VALUES ${items
      .map(
        (item, index) =>
          `(currval('bench_sale_id_seq'), ${index + 1}, ${item}, 1, ${PRICE}, ${COST})`,
      )
      .join(", ")}`);
  statements.push(`INSERT INTO bench_payment (sale_id, method, amount_satang)
    VALUES (currval('bench_sale_id_seq'), 'cash', ${PRICE * LINES})`);
  statements.push("COMMIT");
  return statements.join(";\n");
}

/** One sale as the till will write it: movements first (their cost), then its own rows. */
async function saleUnit(tx: Tx, fixture: Fixture, items: number[]): Promise<number> {
  const posted = await postMovements(tx, {
    shopId: fixture.shopId,
    userId: fixture.userId,
    kind: "sale",
    reference: "bench",
    // Quantities in thousandths: one piece is 1000.
    lines: items.map((itemId) => ({ itemId, locationId: fixture.locationId, qty: 1_000 })),
  });
  const header = await tx.execute<{ id: string }>(
    sql`INSERT INTO bench_sale (shop_id, number, total_satang)
        VALUES (${fixture.shopId}, next_document_number(${fixture.shopId}, 'bench_invoice',
                ${YEAR}), ${PRICE * LINES}) RETURNING id`,
  );
  const saleId = Number(header.rows[0]?.id);
  // Lines and payment in one statement (the till will do the same with Drizzle's insert).
  await tx.execute(
    sql`WITH l AS (INSERT INTO bench_sale_line (sale_id, line_no, item_id, qty, price_satang,
                     unit_cost_satang)
                   SELECT ${saleId}, m.line, m.item, -m.qty, ${PRICE}, m.cost
                     FROM jsonb_to_recordset(${JSON.stringify(
                       posted.movements.map((m) => ({
                         line: m.line,
                         item: m.itemId,
                         qty: qtyToSql(m.qty),
                         cost: m.unitCostSatang,
                       })),
                     )}::jsonb) AS m(line integer, item bigint, qty numeric, cost bigint))
        INSERT INTO bench_payment (sale_id, method, amount_satang)
        VALUES (${saleId}, 'cash', ${PRICE * LINES})`,
  );
  return saleId;
}

async function commitsSince(db: Database, since: Date): Promise<number> {
  const result = await db.$client.query<{ commits: number }>(
    "SELECT count(DISTINCT created_at)::int AS commits FROM bench_sale WHERE created_at >= $1",
    [since],
  );
  return result.rows[0]?.commits ?? 0;
}

async function main() {
  const options = parseOptions();
  const folder = await mkdtemp(path.join(os.tmpdir(), "ledger-bench-"));
  await chmod(folder, 0o711);
  const server = await startEmbeddedPostgres({ dataDir: path.join(folder, "postgres") });
  const db = createDatabase(server.adminUrl, { max: WRITERS + 4 });
  const writers: pg.Client[] = [];
  try {
    await applyMigrations(db, path.resolve(import.meta.dirname, "../drizzle"));
    const fixture = await seed(db, options.items);
    const pick = sharedItemPicker(fixture.itemIds, WRITERS, LINES);
    for (let index = 0; index < WRITERS; index++) {
      const client = new pg.Client({ connectionString: server.adminUrl });
      client.on("error", () => {});
      await client.connect();
      writers.push(client);
    }
    const seconds = options.duration;
    const timed = async (run: () => Promise<RateRow>): Promise<RateRow> => {
      const since = new Date();
      const row = await run();
      return { ...row, commits: await commitsSince(db, since) };
    };
    const bare = () =>
      timed(() =>
        rate("bare SQL, one transaction per sale", seconds, async (worker) => {
          await writers[worker]?.query(bareSale(fixture, pick(worker)));
          return true;
        }),
      );
    console.log(
      `Measuring 3-line sales on ${options.items} shared items: ${WRITERS} callers, ${seconds} s each…`,
    );
    const bareBefore = await bare();
    const viaApi = await timed(() =>
      rate("ledger API, TypeScript units (one transaction per batch)", seconds, async (worker) => {
        const items = pick(worker);
        await runLedgerWork(db, fixture.shopId, {
          items,
          run: (tx) => saleUnit(tx, fixture, items),
        });
        return true;
      }),
    );
    const alone = await timed(() =>
      rate("ledger API, one transaction per sale", seconds, async (worker) => {
        const items = pick(worker);
        await db.transaction(async (tx) => {
          // Items first, in id order, as the runner does.
          await tx.execute(
            sql`SELECT 1 FROM stock_item WHERE id = ANY(${`{${items.join(",")}}`}::bigint[])
                ORDER BY id FOR UPDATE`,
          );
          await saleUnit(tx, fixture, items);
        });
        return true;
      }),
    );
    const viaStatement = await timed(() =>
      rate("ledger API, SQL units (one statement per batch)", seconds, async (worker) => {
        const items = pick(worker);
        await runLedgerStatement(db, fixture.shopId, {
          fn: "bench_sale_post",
          items,
          payload: {
            user: fixture.userId,
            total: PRICE * LINES,
            lines: items.map((item, index) => ({
              line: index + 1,
              item,
              location: fixture.locationId,
              // A SQL unit's payload carries the ledger's decimals (units), as the till will.
              qty: 1,
            })),
          },
        });
        return true;
      }),
    );
    const bareAfter = await bare();
    const bareRate = (bareBefore.perSecond + bareAfter.perSecond) / 2;

    // The ledger still agrees with itself for every item (balances = sum of movements), apart
    // from the bare runs, which bypass the ledger's bookkeeping on purpose.
    const drift = await db.$client.query<{ drift: string }>(
      `SELECT coalesce(sum(abs(b.qty - m.total)), 0) AS drift FROM stock_balance b
         JOIN (SELECT item_id, location_id, sum(qty) AS total FROM stock_movement
                GROUP BY item_id, location_id) m USING (item_id, location_id)
        WHERE b.shop_id = $1`,
      [fixture.shopId],
    );
    const numbers = await db.$client.query<{ gaps: string }>(
      "SELECT max(number) - count(*) AS gaps FROM bench_sale WHERE shop_id = $1",
      [fixture.shopId],
    );
    printTable(
      ["target", "sales", "refused", "per s", "commits", "sales/commit", "× bare SQL"],
      [bareBefore, viaStatement, viaApi, alone, bareAfter].map((row) => [
        row.target,
        String(row.done),
        String(row.refused),
        fixed(row.perSecond, 0),
        String(row.commits ?? ""),
        row.commits ? fixed(row.done / row.commits, 1) : "",
        fixed(row.perSecond / bareRate),
      ]),
    );
    console.log(
      `\nLedger API ÷ bare SQL: SQL units ${fixed(viaStatement.perSecond / bareRate)}, ` +
        `TypeScript units ${fixed(viaApi.perSecond / bareRate)} (target ≥ 0.7); ` +
        `balances off the movements by ${drift.rows[0]?.drift} units; ` +
        `invoice number gaps: ${numbers.rows[0]?.gaps}`,
    );
    return 0;
  } finally {
    await Promise.all(writers.map((client) => client.end()));
    await db.$client.end();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

process.exitCode = await main();
