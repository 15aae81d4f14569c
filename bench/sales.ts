// Completing a sale, benchmark: `npm run bench:sales [-- --duration 10 --items 10 --no-build]`.
// Starts the production app on a fresh embedded PostgreSQL, registers a member who owns a shop
// with a few shared items, and measures 3-line cash sales written by 32 concurrent callers
// into the till's real tables (sale, sale_line, sale_payment) with their `sale` stock
// movements, all on that one database:
//   1. bare SQL: the same rows as ONE transaction per sale, sent as one multi-statement query
//      (one round trip), first, between the others and last (the yardstick; no ledger rules,
//      no moving average, no pricing, no HTTP);
//   2. completeSale (app/modules/sales/complete-sale.server.ts) called in this process: the
//      request validated, the items, the shop and its settings read, the bill computed, then
//      the shop's waiting sales posted as ONE statement through the ledger API (sale_post units
//      in stock_run_units), one commit per batch;
//   3. the till over HTTP: 32 tills post the JSON the till sends to the real server
//      (`POST /shophub/sell.data`, signed in, the gates, the action, single-fetch's answer).
// See bench/README.md ("Completing a sale").
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { register } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, stopChildProcess } from "../app/lib/child-process.server.ts";
import { tempFolderForPostgres } from "../tests/setup/temp-folder.ts";
import {
  buildAppUnlessBuilt,
  fixed,
  measureRate,
  printTable,
  spawnEmbeddedApp,
  waitReady,
  type MeasuredRate,
} from "./harness.ts";
import { postSale, tillSale } from "./sale-writers.ts";
import { seedSharedItems, sharedItemPicker } from "./shared-items.ts";
import { embeddedDatabaseUrl, registerMember } from "./stock-writers.ts";

// The app's modules use the "~/" alias and extension-less imports (see alias-hooks.mjs).
register("./alias-hooks.mjs", import.meta.url);
const { createDatabase } = await import("../app/db/client.server.ts");
const { completeSale } = await import("../app/modules/sales/complete-sale.server.ts");
const { buddhistYear } = await import("../app/modules/sales/document-number.ts");

type Database = ReturnType<typeof createDatabase>;

const WRITERS = 32;
const LINES = 3;
const PRICE = 1_000;
const COST = 600;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "10" },
      items: { type: "string", default: "10" },
      "no-build": { type: "boolean", default: false },
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
  return { duration, items, build: !values["no-build"] };
}

interface Fixture {
  shopId: string;
  userId: string;
  locationId: number;
  itemIds: number[];
}

/** The shop of the member registered as `email` (its owner), its till's place and items. */
async function seed(db: Database, email: string, itemCount: number): Promise<Fixture> {
  const client = db.$client;
  const userId = (
    await client.query<{ id: string }>("SELECT id FROM app_user WHERE email = $1", [email])
  ).rows[0]?.id;
  if (!userId) throw new Error("the registered member is missing");
  const items = await seedSharedItems(
    client,
    userId,
    itemCount,
    { price: PRICE, cost: COST },
    { owner: true },
  );
  return { ...items, userId };
}

/** Recipe items of the shop (decision 0087), each made of 3 of the shared items. */
const RECIPE_PARTS = 3;

async function seedRecipes(db: Database, fixture: Fixture): Promise<Map<number, number[]>> {
  const client = db.$client;
  const recipes = new Map<number, number[]>();
  const ids = fixture.itemIds;
  for (let index = 0; index < ids.length; index++) {
    const parts = Array.from(
      { length: RECIPE_PARTS },
      (_, k) => ids[(index + k) % ids.length] ?? 0,
    ).sort((a, b) => a - b);
    const id = (
      await client.query<{ id: string }>(
        `INSERT INTO stock_item (shop_id, name, sku, unit, price_satang, cost_satang)
         VALUES ($1, $2, $3, 'แก้ว', $4, 0) RETURNING id`,
        [fixture.shopId, `ลาเต้ทดสอบ ${index + 1}`, `RECIPE-${index + 1}`, PRICE],
      )
    ).rows[0]?.id;
    await client.query(
      `INSERT INTO stock_recipe_component (shop_id, item_id, component_item_id, qty, position)
       SELECT $1, $2, part, 1, ord FROM unnest($3::bigint[]) WITH ORDINALITY AS p(part, ord)`,
      [fixture.shopId, id, parts],
    );
    recipes.set(Number(id), parts);
  }
  return recipes;
}

/**
 * The yardstick of a sale of 3 recipe items: the same writes as bareSale for their 9
 * ingredients (stock totals, balances, movements), the sale, its 3 lines without a movement of
 * their own and the 9 links from the lines to the ingredients' movements.
 */
function bareRecipeSale(
  fixture: Fixture,
  recipeIds: number[],
  recipes: Map<number, number[]>,
  year: number,
): string {
  const { shopId, userId, locationId } = fixture;
  const shop = `'${shopId}'::uuid`;
  const total = PRICE * recipeIds.length;
  const moved = recipeIds.flatMap((recipe, index) =>
    (recipes.get(recipe) ?? []).map((item) => ({ line: index + 1, item })),
  );
  const byItem = [...moved].sort((a, b) => a.item - b.item);
  const statements = ["BEGIN"];
  for (const { item } of byItem) {
    statements.push(`UPDATE stock_item SET on_hand = on_hand - 1,
      stock_value_satang = stock_value_satang - ${COST}, updated_at = now() WHERE id = ${item}`);
  }
  for (const { item } of byItem) {
    statements.push(`UPDATE stock_balance SET qty = qty - 1, value_satang = value_satang - ${COST},
      updated_at = now() WHERE item_id = ${item} AND location_id = ${locationId} AND qty >= 1`);
  }
  statements.push(`INSERT INTO stock_document (shop_id, kind, number, reference, user_id)
    VALUES (${shop}, 'sale', next_document_number(${shop}, 'sale'), 'bench', '${userId}')`);
  statements.push(`INSERT INTO stock_movement (shop_id, document_id, line_no, item_id,
      location_id, kind, qty, location_qty_after, item_qty_after, unit_cost_satang, value_satang,
      reference, user_id)
    VALUES ${moved
      .map(
        ({ line, item }) => `(${shop}, currval('stock_document_id_seq'), ${line}, ${item},
          ${locationId}, 'sale', -1, 0, 0, ${COST}, -${COST}, 'bench', '${userId}')`,
      )
      .join(", ")}`);
  statements.push(`WITH n AS (SELECT next_document_number(${shop}, 'receipt', ${year}) AS seq)
    INSERT INTO sale (shop_id, client_sale_id, document_kind, document_year, document_seq,
      document_number, till, cashier_id, cashier_name, stock_document_id, vat_mode, vat_rate_bp,
      gross_satang, line_discount_satang, bill_discount_satang, vat_base_satang, vat_satang,
      non_vat_satang, total_satang, cost_satang, tendered_satang, change_satang, seller)
    SELECT ${shop}, gen_random_uuid(), 'receipt', ${year}, n.seq,
      'RC${year}-' || lpad(n.seq::text, 6, '0'), 'bench', '${userId}', 'แคชเชียร์ทดสอบ',
      currval('stock_document_id_seq'), 'none', 0, ${total}, 0, 0, 0, 0, ${total}, ${total},
      ${COST * moved.length}, ${total}, 0, '${SELLER}'::jsonb FROM n`);
  statements.push(`INSERT INTO sale_line (shop_id, sale_id, line_no, item_id, item_name, sku,
      unit, qty, unit_price_satang, gross_satang, line_discount_satang, bill_discount_satang,
      net_satang, vat_satang, ex_vat_satang, total_satang, unit_cost_satang, cost_satang,
      movement_id)
    VALUES ${recipeIds
      .map(
        (recipe, index) => `(${shop}, currval('sale_id_seq'), ${index + 1}, ${recipe},
          'ลาเต้', 'RECIPE', 'แก้ว', 1, ${PRICE}, ${PRICE}, 0, 0, ${PRICE}, 0, ${PRICE}, ${PRICE},
          ${COST * RECIPE_PARTS}, ${COST * RECIPE_PARTS}, NULL)`,
      )
      .join(", ")}`);
  statements.push(`INSERT INTO sale_line_ingredient (shop_id, sale_line_id, movement_id)
    SELECT ${shop}, l.id, m.id FROM stock_movement m
      JOIN sale_line l ON l.sale_id = currval('sale_id_seq') AND l.line_no = m.line_no
     WHERE m.document_id = currval('stock_document_id_seq')`);
  statements.push(`INSERT INTO sale_payment (shop_id, sale_id, payment_no, method,
      amount_satang, tendered_satang)
    VALUES (${shop}, currval('sale_id_seq'), 1, 'cash', ${total}, ${total})`);
  statements.push("COMMIT");
  return statements.join(";\n");
}

interface RateRow extends MeasuredRate {
  commits?: number;
}

const rate = (target: string, seconds: number, once: (worker: number) => Promise<boolean>) =>
  measureRate(target, seconds, WRITERS, once);

const SELLER = JSON.stringify({
  name: "ร้านทดสอบการขาย",
  address: "1 ถนนทดสอบ กรุงเทพฯ",
  phone: "+66812345678",
  taxId: null,
  branchCode: "00000",
  posRegistrationNo: "",
  receiptHeader: "",
  receiptFooter: "",
  logoKey: null,
});

/**
 * The yardstick: the rows completeSale writes for a 3-line cash sale, written by one bare
 * transaction in one round trip: stock totals and balances, the stock document and its
 * movements, the sale with a gapless number, its lines (with their movement) and payment.
 */
function bareSale(fixture: Fixture, items: number[], year: number): string {
  const { shopId, userId, locationId } = fixture;
  const shop = `'${shopId}'::uuid`;
  const total = PRICE * LINES;
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
  statements.push(`WITH n AS (SELECT next_document_number(${shop}, 'receipt', ${year}) AS seq)
    INSERT INTO sale (shop_id, client_sale_id, document_kind, document_year, document_seq,
      document_number, till, cashier_id, cashier_name, stock_document_id, vat_mode, vat_rate_bp,
      gross_satang, line_discount_satang, bill_discount_satang, vat_base_satang, vat_satang,
      non_vat_satang, total_satang, cost_satang, tendered_satang, change_satang, seller)
    SELECT ${shop}, gen_random_uuid(), 'receipt', ${year}, n.seq,
      'RC${year}-' || lpad(n.seq::text, 6, '0'), 'bench', '${userId}', 'แคชเชียร์ทดสอบ',
      currval('stock_document_id_seq'), 'none', 0, ${total}, 0, 0, 0, 0, ${total}, ${total},
      ${COST * LINES}, ${total}, 0, '${SELLER}'::jsonb FROM n`);
  statements.push(`INSERT INTO sale_line (shop_id, sale_id, line_no, item_id, item_name, sku,
      unit, qty, unit_price_satang, gross_satang, line_discount_satang, bill_discount_satang,
      net_satang, vat_satang, ex_vat_satang, total_satang, unit_cost_satang, cost_satang,
      movement_id)
    SELECT ${shop}, currval('sale_id_seq'), m.line_no, m.item_id, 'สินค้า', 'HOT', 'ขวด', 1,
      ${PRICE}, ${PRICE}, 0, 0, ${PRICE}, 0, ${PRICE}, ${PRICE}, ${COST}, ${COST}, m.id
      FROM stock_movement m WHERE m.document_id = currval('stock_document_id_seq')`);
  statements.push(`INSERT INTO sale_payment (shop_id, sale_id, payment_no, method,
      amount_satang, tendered_satang)
    VALUES (${shop}, currval('sale_id_seq'), 1, 'cash', ${total}, ${total})`);
  statements.push("COMMIT");
  return statements.join(";\n");
}

async function commitsSince(db: Database, shopId: string, since: Date): Promise<number> {
  const result = await db.$client.query<{ commits: number }>(
    `SELECT count(DISTINCT created_at)::int AS commits FROM sale
      WHERE shop_id = $1 AND created_at >= $2`,
    [shopId, since],
  );
  return result.rows[0]?.commits ?? 0;
}

async function main() {
  const options = parseOptions();
  await buildAppUnlessBuilt(options.build);
  const folder = await tempFolderForPostgres("sales-bench-");
  const dataDir = path.join(folder, "data");
  const port = await freePort();
  const app = spawnEmbeddedApp(dataDir, port, ["ignore", "inherit", "inherit"]);
  const appUrl = `http://127.0.0.1:${port}`;
  let db: Database | undefined;
  const writers: pg.Client[] = [];
  try {
    await waitReady(`${appUrl}/healthz`, app, 120_000);
    // The app migrated its database; this process writes into the same one.
    const databaseUrl = await embeddedDatabaseUrl(dataDir);
    db = createDatabase(databaseUrl, { max: WRITERS + 4 });
    const email = `sales-${Date.now()}@example.com`;
    const cookie = await registerMember(appUrl, email);
    const fixture = await seed(db, email, options.items);
    const pick = sharedItemPicker(fixture.itemIds, WRITERS, LINES);
    const recipes = await seedRecipes(db, fixture);
    const pickRecipes = sharedItemPicker([...recipes.keys()], WRITERS, LINES);
    const year = buddhistYear(new Date());
    for (let index = 0; index < WRITERS; index++) {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on("error", () => {});
      await client.connect();
      writers.push(client);
    }
    const seconds = options.duration;
    const database = db;
    const timed = async (run: () => Promise<RateRow>): Promise<RateRow> => {
      const since = new Date();
      const row = await run();
      return { ...row, commits: await commitsSince(database, fixture.shopId, since) };
    };
    const bare = () =>
      timed(() =>
        rate("bare SQL, one transaction per sale", seconds, async (worker) => {
          await writers[worker]?.query(bareSale(fixture, pick(worker), year));
          return true;
        }),
      );
    const actor = {
      shopId: fixture.shopId,
      userId: fixture.userId,
      cashierName: "แคชเชียร์ทดสอบ",
      role: "owner" as const,
    };
    const inProcess = (worker: number) =>
      completeSale(database, actor, {
        clientSaleId: randomUUID(),
        till: `เครื่อง ${worker + 1}`,
        lines: pick(worker).map((itemId) => ({ itemId, qtyMilli: 1_000 })),
        payments: [{ method: "cash", amountSatang: PRICE * LINES }],
        expectedTotalSatang: PRICE * LINES,
      }).then((result) => result.ok);
    const bareRecipes = () =>
      timed(() =>
        rate("bare SQL, 3 recipe items (9 ingredients)", seconds, async (worker) => {
          await writers[worker]?.query(bareRecipeSale(fixture, pickRecipes(worker), recipes, year));
          return true;
        }),
      );
    const inProcessRecipes = (worker: number) =>
      completeSale(database, actor, {
        clientSaleId: randomUUID(),
        till: `เครื่อง ${worker + 1}`,
        lines: pickRecipes(worker).map((itemId) => ({ itemId, qtyMilli: 1_000 })),
        payments: [{ method: "cash", amountSatang: PRICE * LINES }],
        expectedTotalSatang: PRICE * LINES,
      }).then((result) => result.ok);
    const overHttp = (worker: number) =>
      postSale(
        appUrl,
        cookie,
        tillSale(fixture.shopId, randomUUID(), pick(worker), `เครื่อง ${worker + 1}`),
      ).then((answer) => answer.outcome === "acknowledged");
    console.log(
      `Measuring 3-line sales on ${options.items} shared items: ${WRITERS} callers, ${seconds} s each…`,
    );
    // Both ways warm up first (JIT, prepared statements, the server's connection pool); these
    // sales count in the number check below but not in the rates.
    await rate("warm-up", 2, inProcess);
    await rate("warm-up", 2, overHttp);
    const bareFirst = await bare();
    const viaCompleteSale = await timed(() =>
      rate("completeSale in process (sale_post units)", seconds, inProcess),
    );
    const bareMiddle = await bare();
    const viaHttp = await timed(() =>
      rate("till over HTTP (POST /shophub/sell.data)", seconds, overHttp),
    );
    const bareLast = await bare();
    // Recipe items (decision 0087): each of the 3 lines moves its 3 ingredients.
    await rate("warm-up", 2, inProcessRecipes);
    const bareRecipesFirst = await bareRecipes();
    const viaRecipes = await timed(() =>
      rate("completeSale, 3 recipe items (sale_post units)", seconds, inProcessRecipes),
    );
    const bareRecipesLast = await bareRecipes();
    const recipesBare = (bareRecipesFirst.perSecond + bareRecipesLast.perSecond) / 2;
    // Each way is compared with the mean of the bare runs on either side of it.
    const inProcessBare = (bareFirst.perSecond + bareMiddle.perSecond) / 2;
    const httpBare = (bareMiddle.perSecond + bareLast.perSecond) / 2;
    const allBare = (bareFirst.perSecond + bareMiddle.perSecond + bareLast.perSecond) / 3;

    // The app's sales went through the ledger: their balances equal their movements (the bare
    // runs bypass the ledger's bookkeeping on purpose, so only the totals of the items are
    // compared with the sum of ALL movements). Numbers: 1..n, bare runs included.
    const numbers = await db.$client.query<{ gaps: string; sales: string }>(
      `SELECT max(document_seq) - count(*) AS gaps, count(*) AS sales FROM sale
        WHERE shop_id = $1 AND document_kind = 'receipt' AND document_year = $2`,
      [fixture.shopId, year],
    );
    const drift = await db.$client.query<{ drift: string }>(
      `SELECT coalesce(sum(abs(i.on_hand - m.total)), 0) AS drift FROM stock_item i
         JOIN (SELECT item_id, sum(qty) AS total FROM stock_movement GROUP BY item_id) m
           ON m.item_id = i.id
        WHERE i.shop_id = $1`,
      [fixture.shopId],
    );
    const rows: [RateRow, number][] = [
      [bareFirst, allBare],
      [viaCompleteSale, inProcessBare],
      [bareMiddle, allBare],
      [viaHttp, httpBare],
      [bareLast, allBare],
      [bareRecipesFirst, recipesBare],
      [viaRecipes, recipesBare],
      [bareRecipesLast, recipesBare],
    ];
    printTable(
      ["target", "sales", "refused", "per s", "commits", "sales/commit", "× bare SQL"],
      rows.map(([row, yardstick]) => [
        row.target,
        String(row.done),
        String(row.refused),
        fixed(row.perSecond, 0),
        String(row.commits ?? ""),
        row.commits ? fixed(row.done / row.commits, 1) : "",
        fixed(row.perSecond / yardstick),
      ]),
    );
    console.log(
      `\nbare SQL runs: ${[bareFirst, bareMiddle, bareLast].map((r) => fixed(r.perSecond, 0)).join(", ")} per s` +
        `\ncompleteSale in process ÷ bare SQL: ${fixed(viaCompleteSale.perSecond / inProcessBare)}; ` +
        `till over HTTP ÷ bare SQL: ${fixed(viaHttp.perSecond / httpBare)} (goal ≥ 0.7)` +
        `\nrecipe items, completeSale ÷ bare SQL: ${fixed(viaRecipes.perSecond / recipesBare)} (goal ≥ 0.7)` +
        `\nitems' stock off the movements by ${drift.rows[0]?.drift} units; ` +
        `${numbers.rows[0]?.sales} receipts, number gaps: ${numbers.rows[0]?.gaps}`,
    );
    return viaCompleteSale.refused + viaHttp.refused + viaRecipes.refused === 0 ? 0 : 1;
  } finally {
    await Promise.all(writers.map((client) => client.end()));
    await db?.$client.end();
    await stopChildProcess(app, "SIGTERM");
    await rm(folder, { recursive: true, force: true });
  }
}

process.exitCode = await main();
