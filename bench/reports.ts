// Profit and loss and the monthly tax reports, benchmark: `npm run bench:reports [-- --sales
// 100000 --runs 30 --explain]`. Starts a fresh embedded PostgreSQL with the app's migrations,
// writes a year of a busy shop with 3 tills straight into the till's tables with generate_series
// (100,000 sales, 300,000 lines, their payments, 1,000 credit notes, 200 full tax invoices,
// 2,000 expenses (a third with the supplier's tax invoice), 200 other incomes; about 1 sale in
// 200 void), then measures profitAndLoss (app/modules/reports/profit-and-loss.server.ts) for
// the whole year and for one month, with the previous period and every breakdown, and the
// month's sales tax report and ภ.พ.30 figures (sales-tax-report.server.ts, vat-return.server.ts),
// against a yardstick measured in the same run: a bare `SELECT sum(total_satang)` over the same
// rows. Prints p50 and p95 of each and the ratio to the yardstick. See bench/README.md
// ("Profit and loss", "The monthly tax reports").
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { register } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fixed, percentile, printTable } from "./harness.ts";

// The app's modules use the "~/" alias and extension-less imports (see alias-hooks.mjs).
register("./alias-hooks.mjs", import.meta.url);
const { createDatabase } = await import("../app/db/client.server.ts");
const { startEmbeddedPostgres } = await import("../app/db/embedded-postgres.server.ts");
const { applyMigrations } = await import("../app/db/migrate.server.ts");
const { profitAndLoss } = await import("../app/modules/reports/profit-and-loss.server.ts");
const { salesTaxReport } = await import("../app/modules/reports/sales-tax-report.server.ts");
const { vatReturn } = await import("../app/modules/reports/vat-return.server.ts");
const { taxMonthOf } = await import("../app/modules/reports/tax-month.ts");
const { salesTaxSheet } = await import("../app/modules/reports/tax-sheet.ts");
const { taxSheetXlsx } = await import("../app/modules/reports/tax-files.server.ts");
const { renderTaxSheetPdf } = await import("../app/routes/shophub/tax/tax-pdf.server.ts");
const { serverTranslate } = await import("../app/lib/i18n/messages.server.ts");

type Database = ReturnType<typeof createDatabase>;

const YEAR = { from: "2025-01-01", to: "2025-12-31" };
const MONTH = { from: "2025-06-01", to: "2025-06-30" };
const GOAL_MS = 300;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      sales: { type: "string", default: "100000" },
      runs: { type: "string", default: "30" },
      explain: { type: "boolean", default: false },
    },
  });
  const sales = Number(values.sales);
  const runs = Number(values.runs);
  if (!Number.isInteger(sales) || sales < 1_000 || sales > 2_000_000) {
    throw new Error(`--sales is 1000-2000000, not "${values.sales}"`);
  }
  if (!Number.isInteger(runs) || runs < 5 || runs > 1_000) {
    throw new Error(`--runs is 5-1000, not "${values.runs}"`);
  }
  return { sales, runs, explain: values.explain };
}

/**
 * `--explain`: every query one year's profitAndLoss sends, again under EXPLAIN (ANALYZE,
 * BUFFERS), each plan's execution time and its shape printed (the queries are caught at the
 * pool, so this is what the report really runs).
 */
async function explainQueries(db: Database, run: () => Promise<unknown>) {
  const pool = db.$client;
  const sent: { text: string; values: unknown[] }[] = [];
  const original = pool.query.bind(pool);
  const spy = ((config: unknown, values?: unknown[]) => {
    const text = typeof config === "string" ? config : (config as { text: string }).text;
    const params =
      values ??
      (typeof config === "string" ? [] : ((config as { values?: unknown[] }).values ?? []));
    sent.push({ text, values: params });
    return (original as (c: unknown, v?: unknown[]) => unknown)(config, values);
  }) as typeof pool.query;
  pool.query = spy;
  try {
    await run();
  } finally {
    pool.query = original;
  }
  for (const [i, query] of sent.entries()) {
    const plan = await pool.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${query.text}`,
      query.values,
    );
    const lines = plan.rows.map((row) => row["QUERY PLAN"]);
    console.log(`\n-- query ${i + 1}: ${query.text.replace(/\s+/g, " ").slice(0, 110)}…`);
    console.log(lines.filter((line) => /^\S|->|Execution|Buffers/.test(line)).join("\n"));
  }
}

/** A year of sales written in a few statements (the ledger is bypassed: reports read only). */
async function seed(db: Database, sales: number): Promise<string> {
  const client = db.$client;
  await client.query(
    `INSERT INTO app_user (id, name, email, email_verified) VALUES
       ('bench-owner', 'เจ้าของร้าน', 'reports-owner@example.com', true),
       ('bench-cashier-1', 'แคชเชียร์ 1', 'reports-c1@example.com', true),
       ('bench-cashier-2', 'แคชเชียร์ 2', 'reports-c2@example.com', true)`,
  );
  const shopId = String(
    (
      await client.query<{ id: string }>(
        `INSERT INTO shop (name, business_type, address, phone)
         VALUES ('ร้านขายดีทั้งปี', 'grocery', '1 ถนนทดสอบ กรุงเทพฯ', '+66812345678')
         RETURNING id`,
      )
    ).rows[0]?.id,
  );
  await client.query(`INSERT INTO shop_sales_setting (shop_id, vat_registered) VALUES ($1, true)`, [
    shopId,
  ]);
  await client.query(
    `INSERT INTO stock_item (shop_id, name, sku, category, unit, price_satang, cost_satang)
     SELECT $1, 'สินค้า ' || i, 'SKU-' || i, 'หมวด ' || (i % 12), 'ชิ้น', 10700 + i * 107, 6000 + i * 50
       FROM generate_series(1, 500) AS i`,
    [shopId],
  );
  // Sales spread evenly over the year in Bangkok, from 07:00 to 21:00; each has 3 lines of
  // 107.00-ish VAT-inclusive prices; one in 200 is void.
  await client.query(
    `INSERT INTO sale (shop_id, client_sale_id, document_kind, document_year, document_seq,
                       document_number, status, till, cashier_id, cashier_name, vat_mode,
                       vat_rate_bp, gross_satang, line_discount_satang, bill_discount_satang,
                       vat_base_satang, vat_satang, non_vat_satang, total_satang, cost_satang,
                       tendered_satang, change_satang, seller, voided_at, voided_by, void_reason,
                       created_at)
     SELECT $1, gen_random_uuid(), 'abbreviatedTaxInvoice', 2568, n, 'ABB2568-' || n,
            CASE WHEN n % 200 = 0 THEN 'void' ELSE 'completed' END, 'เครื่อง ' || (1 + n % 3),
            'bench-cashier-' || (1 + n % 2), 'แคชเชียร์ ' || (1 + n % 2), 'inclusive', 700,
            32100, 0, 0, 32100, 2100, 0, 32100, 18000, 32100, 0, '{}'::jsonb,
            CASE WHEN n % 200 = 0 THEN at END, CASE WHEN n % 200 = 0 THEN 'bench-owner' END,
            CASE WHEN n % 200 = 0 THEN 'ยกเลิก' END, at
       FROM generate_series(1, $2::int) AS n,
            LATERAL (SELECT timestamptz '2025-01-01 07:00+07'
                            + ((n - 1) % 365) * interval '1 day'
                            + ((n * 7919) % 50400) * interval '1 second' AS at) AS t`,
    [shopId, sales],
  );
  await client.query(
    `INSERT INTO sale_line (shop_id, sale_id, line_no, item_id, item_name, sku, unit, qty,
                            unit_price_satang, gross_satang, line_discount_satang,
                            bill_discount_satang, net_satang, vat_satang, ex_vat_satang,
                            total_satang, unit_cost_satang, cost_satang)
     SELECT s.shop_id, s.id, l, i.id, i.name, i.sku, i.unit, 1, 10700, 10700, 0, 0, 10700,
            700, 10000, 10700, 6000, 6000
       FROM sale s CROSS JOIN generate_series(1, 3) AS l
       JOIN LATERAL (SELECT id, name, sku, unit FROM stock_item
                      WHERE shop_id = s.shop_id AND sku = 'SKU-' || (1 + (s.document_seq * 3 + l) % 500)) i ON true
      WHERE s.shop_id = $1`,
    [shopId],
  );
  await client.query(
    `INSERT INTO sale_payment (shop_id, sale_id, payment_no, method, amount_satang, tendered_satang)
     SELECT shop_id, id, 1, (ARRAY['cash','promptpay','transfer','card'])[1 + document_seq % 4],
            total_satang, total_satang
       FROM sale WHERE shop_id = $1`,
    [shopId],
  );
  // A return every 100th sale: one line back on a credit note, a day later.
  await client.query(
    `WITH notes AS (
       INSERT INTO credit_note (shop_id, sale_id, document_year, document_seq, document_number,
                                reason, refund_method, ex_vat_satang, vat_satang, total_satang,
                                cost_satang, issued_by, created_at)
       SELECT shop_id, id, 2568, document_seq, 'CN2568-' || document_seq, 'คืนสินค้า', 'cash',
              10000, 700, 10700, 6000, 'bench-owner', created_at + interval '1 day'
         FROM sale WHERE shop_id = $1 AND document_seq % 100 = 1 AND status = 'completed'
       RETURNING id, sale_id, shop_id)
     INSERT INTO credit_note_line (shop_id, credit_note_id, sale_line_id, qty, ex_vat_satang,
                                   vat_satang, total_satang, cost_satang)
     SELECT n.shop_id, n.id, l.id, 1, 10000, 700, 10700, 6000
       FROM notes n JOIN sale_line l ON l.sale_id = n.sale_id AND l.line_no = 1`,
    [shopId],
  );
  // A full tax invoice for every 500th sale, written the same day (it replaces the slip).
  await client.query(
    `INSERT INTO full_tax_invoice (shop_id, sale_id, document_year, document_seq, document_number,
                                   buyer_name, buyer_address, buyer_tax_id, issued_by, created_at)
     SELECT shop_id, id, 2568, document_seq, 'INV2568-' || document_seq, 'บริษัท ลูกค้า จำกัด',
            '1 ถนนสีลม กรุงเทพฯ', '1101700207030', 'bench-owner', created_at + interval '5 minutes'
       FROM sale WHERE shop_id = $1 AND document_seq % 500 = 7`,
    [shopId],
  );
  // A third of the expenses carry the supplier's tax invoice: their VAT is input tax.
  await client.query(
    `INSERT INTO expense (shop_id, category_key, amount_satang, input_vat_satang, method,
                          created_by, spent_on, supplier, supplier_tax_id, supplier_branch,
                          tax_invoice_number, tax_invoice_date, value_before_vat_satang)
     SELECT $1, (ARRAY['rent','wages','utilities','transport','marketing','fees','other'])[1 + n % 7],
            53500 + n, CASE WHEN n % 3 = 0 THEN 3500 ELSE 0 END, 'transfer', 'bench-owner',
            date '2025-01-01' + (n % 365), 'ผู้ขาย ' || n,
            CASE WHEN n % 3 = 0 THEN '0105556123453' END, CASE WHEN n % 3 = 0 THEN '00000' END,
            CASE WHEN n % 3 = 0 THEN 'IV-' || n END,
            CASE WHEN n % 3 = 0 THEN date '2025-01-01' + (n % 365) END,
            CASE WHEN n % 3 = 0 THEN 50000 END
       FROM generate_series(1, 2000) AS n`,
    [shopId],
  );
  await client.query(
    `INSERT INTO other_income (shop_id, category_key, amount_satang, method, created_by, received_on)
     SELECT $1, 'service', 20000 + n, 'cash', 'bench-owner', date '2025-01-01' + (n % 365)
       FROM generate_series(1, 200) AS n`,
    [shopId],
  );
  await client.query("ANALYZE");
  return shopId;
}

async function timed(runs: number, once: () => Promise<unknown>): Promise<number[]> {
  // Two warm-up calls: plans cached, pages in shared buffers, as on a running server.
  await once();
  await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  const options = parseOptions();
  const folder = await mkdtemp(path.join(os.tmpdir(), "reports-bench-"));
  await chmod(folder, 0o711);
  const server = await startEmbeddedPostgres({ dataDir: path.join(folder, "postgres") });
  const db = createDatabase(server.adminUrl, { max: 12 });
  try {
    await applyMigrations(db, path.resolve(import.meta.dirname, "../drizzle"));
    const seeding = performance.now();
    const shopId = await seed(db, options.sales);
    const counts = await db.$client.query<{ sales: string; lines: string }>(
      `SELECT (SELECT count(*) FROM sale) AS sales, (SELECT count(*) FROM sale_line) AS lines`,
    );
    console.log(
      `seeded ${counts.rows[0]?.sales} sales, ${counts.rows[0]?.lines} lines in ` +
        `${fixed((performance.now() - seeding) / 1000)} s`,
    );
    const bare = (range: { from: string; to: string }) => () =>
      db.$client.query(
        `SELECT sum(total_satang) FROM sale
          WHERE shop_id = $1 AND created_at >= ($2::date)::timestamp AT TIME ZONE 'Asia/Bangkok'
            AND created_at < ($3::date + 1)::timestamp AT TIME ZONE 'Asia/Bangkok'`,
        [shopId, range.from, range.to],
      );
    const rows: string[][] = [];
    const results: { name: string; p95: number; ratio: number }[] = [];
    for (const [name, range] of [
      ["year", YEAR],
      ["month", MONTH],
    ] as const) {
      const yardstick = await timed(options.runs, bare(range));
      const report = await timed(options.runs, () => profitAndLoss(db, shopId, range));
      const p95 = percentile(report, 95);
      const bareP95 = percentile(yardstick, 95);
      rows.push([`bare sum, ${name}`, fixed(percentile(yardstick, 50)), fixed(bareP95), ""]);
      rows.push([
        `profitAndLoss, ${name}`,
        fixed(percentile(report, 50)),
        fixed(p95),
        fixed(p95 / bareP95),
      ]);
      results.push({ name, p95, ratio: p95 / bareP95 });
    }
    // The monthly tax reports of June: the sales tax report (3 tills, 30 days: about 90 lines
    // of abbreviated invoices, the month's full tax invoices and credit notes), and the ภ.พ.30
    // figures (both reports and the chain of the months before for box 10).
    const june = taxMonthOf(MONTH.from.slice(0, 7));
    const monthYardstick = await timed(options.runs, bare(MONTH));
    const t = serverTranslate("th");
    const head = { name: "ร้านขายดีทั้งปี", address: "1 ถนนทดสอบ", taxId: null, branchCode: "00000" };
    const sheetOf = async () =>
      salesTaxSheet(await salesTaxReport(db, shopId, june), head, t, "th");
    for (const [name, once] of [
      ["salesTaxReport, month", () => salesTaxReport(db, shopId, june)],
      // What the page's loader does (tax-data.server.ts): the report and the sheet drawn from it.
      ["sales tax report page, month", sheetOf],
      ["vatReturn (PP.30), month", () => vatReturn(db, shopId, june)],
      ["sales tax report as XLSX", async () => taxSheetXlsx(await sheetOf())],
      ["sales tax report as PDF", async () => renderTaxSheetPdf(await sheetOf(), String)],
    ] as const) {
      const report = await timed(options.runs, once);
      const p95 = percentile(report, 95);
      const bareP95 = percentile(monthYardstick, 95);
      rows.push([name, fixed(percentile(report, 50)), fixed(p95), fixed(p95 / bareP95)]);
      // The files are downloads, timed for the record; the goal is the report's page.
      if (!name.includes(" as ")) results.push({ name, p95, ratio: p95 / bareP95 });
    }
    printTable(["query", "p50 ms", "p95 ms", "p95 ÷ bare"], rows);
    if (options.explain) {
      await explainQueries(db, () => profitAndLoss(db, shopId, YEAR));
      await explainQueries(db, () => salesTaxReport(db, shopId, june));
    }
    const pnl = await profitAndLoss(db, shopId, YEAR);
    console.log(
      `\nyear: ${pnl.totals.bills} bills, net revenue ${pnl.totals.netRevenueSatang} satang, ` +
        `net profit ${pnl.totals.netProfitSatang} satang, ${pnl.byItem.length} items`,
    );
    const tax = await salesTaxReport(db, shopId, june);
    console.log(
      `June: ${tax.lines.length} lines of the sales tax report, output VAT ` +
        `${tax.totals.vatSatang} satang, ${tax.counts.fullTaxInvoices} full tax invoices`,
    );
    for (const result of results) {
      const name = result.name.includes(",") ? result.name : `profitAndLoss ${result.name}`;
      console.log(
        `${name}: p95 ${fixed(result.p95)} ms (goal < ${GOAL_MS} ms), ` +
          `${fixed(result.ratio)} × the bare sum`,
      );
    }
    return results.every((result) => result.p95 < GOAL_MS) ? 0 : 1;
  } finally {
    await db.$client.end();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

process.exitCode = await main();
