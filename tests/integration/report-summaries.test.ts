import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase, type Database } from "~/db/client.server";
import { applyMigrations } from "~/db/migrate.server";
import { monthsAndDays, profitAndLoss } from "~/modules/reports/index.server";
import { sale } from "~/db/schema";
import { returnSaleLines, type SaleUndoActor, voidSale } from "~/modules/sales/index.server";
import { addShopMember, insertItem, insertShop } from "../setup/factories";
import {
  createSaleForTest,
  registerForVat,
  type TestSale,
  TEST_BUYER,
} from "../setup/sales-factory";
import { withDatabase } from "../setup/global-postgres";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// The profit-and-loss summaries (report_sales_hour, report_payments_day, report_items_day,
// report_items_month) are kept by triggers. After any mix of sales on days either side of a
// month's end, voids and returns, some of them at the same time, every summary row equals the
// same sum taken over the sales, lines and payments themselves, and the report's items over a
// range cut through months equal the lines' own sums.

const dialect = new PgDialect();
let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

/** Each row's values in column order (array rows: unnamed columns would share a name). */
async function rows(query: ReturnType<typeof sql>, on: Database = db): Promise<string[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await on.$client.query({ text, values: params, rowMode: "array" });
  return (result.rows as unknown[][]).map((row) => JSON.stringify(row.map(String))).sort();
}

/** Each summary beside the same figures summed from the rows themselves. */
async function summariesAndRows(shopId: string, on: Database = db) {
  const counted = sql.raw("s.status <> 'void'");
  return {
    salesHour: [
      await rows(
        sql`
        SELECT day::text, hour, cashier_id, bills, gross_satang, discount_satang, ex_vat_satang,
               vat_satang, cost_satang, void_bills, void_total_satang
          FROM report_sales_hour WHERE shop_id = ${shopId}`,
        on,
      ),
      await rows(
        sql`
        SELECT report_day(s.created_at)::text,
               extract(hour FROM s.created_at AT TIME ZONE 'Asia/Bangkok')::smallint,
               s.cashier_id, count(*) FILTER (WHERE ${counted})::int,
               coalesce(sum(s.gross_satang) FILTER (WHERE ${counted}), 0)::bigint,
               coalesce(sum(s.line_discount_satang + s.bill_discount_satang)
                          FILTER (WHERE ${counted}), 0)::bigint,
               coalesce(sum(s.total_satang - s.vat_satang) FILTER (WHERE ${counted}), 0)::bigint,
               coalesce(sum(s.vat_satang) FILTER (WHERE ${counted}), 0)::bigint,
               coalesce(sum(s.cost_satang) FILTER (WHERE ${counted}), 0)::bigint,
               count(*) FILTER (WHERE s.status = 'void')::int,
               coalesce(sum(s.total_satang) FILTER (WHERE s.status = 'void'), 0)::bigint
          FROM sale s WHERE s.shop_id = ${shopId} GROUP BY 1, 2, 3`,
        on,
      ),
    ],
    payments: [
      await rows(
        sql`
        SELECT day::text, method, payments, amount_satang FROM report_payments_day
         WHERE shop_id = ${shopId} AND payments <> 0`,
        on,
      ),
      await rows(
        sql`
        SELECT report_day(s.created_at)::text, p.method, count(*)::int,
               sum(p.amount_satang)::bigint
          FROM sale_payment p JOIN sale s ON s.id = p.sale_id
         WHERE s.shop_id = ${shopId} AND ${counted} GROUP BY 1, 2`,
        on,
      ),
    ],
    itemsDay: [
      await rows(
        sql`
        SELECT day::text, item_id, lines, (qty * 1000)::bigint, ex_vat_satang, cost_satang
          FROM report_items_day WHERE shop_id = ${shopId} AND lines <> 0`,
        on,
      ),
      await rows(
        sql`
        SELECT report_day(s.created_at)::text, l.item_id, count(*)::int,
               (sum(l.qty) * 1000)::bigint, sum(l.ex_vat_satang)::bigint,
               sum(l.cost_satang)::bigint
          FROM sale_line l JOIN sale s ON s.id = l.sale_id
         WHERE s.shop_id = ${shopId} AND ${counted} GROUP BY 1, 2`,
        on,
      ),
    ],
    itemsMonth: [
      await rows(
        sql`
        SELECT month::text, item_id, lines, (qty * 1000)::bigint, ex_vat_satang, cost_satang
          FROM report_items_month WHERE shop_id = ${shopId} AND lines <> 0`,
        on,
      ),
      await rows(
        sql`
        SELECT date_trunc('month', report_day(s.created_at))::date::text, l.item_id,
               count(*)::int, (sum(l.qty) * 1000)::bigint, sum(l.ex_vat_satang)::bigint,
               sum(l.cost_satang)::bigint
          FROM sale_line l JOIN sale s ON s.id = l.sale_id
         WHERE s.shop_id = ${shopId} AND ${counted} GROUP BY 1, 2`,
        on,
      ),
    ],
    // A row whose lines or payments all went (voids) sums to nothing.
    leftovers: await rows(
      sql`
      SELECT 'day', qty, ex_vat_satang, cost_satang FROM report_items_day
       WHERE shop_id = ${shopId} AND lines = 0 AND (qty <> 0 OR ex_vat_satang <> 0 OR cost_satang <> 0)
      UNION ALL
      SELECT 'month', qty, ex_vat_satang, cost_satang FROM report_items_month
       WHERE shop_id = ${shopId} AND lines = 0 AND (qty <> 0 OR ex_vat_satang <> 0 OR cost_satang <> 0)
      UNION ALL
      SELECT 'payment', 0, amount_satang, 0 FROM report_payments_day
       WHERE shop_id = ${shopId} AND payments = 0 AND amount_satang <> 0`,
      on,
    ),
  };
}

function expectInStep(found: Awaited<ReturnType<typeof summariesAndRows>>) {
  expect(found.salesHour[0]).toEqual(found.salesHour[1]);
  expect(found.payments[0]).toEqual(found.payments[1]);
  expect(found.itemsDay[0]).toEqual(found.itemsDay[1]);
  expect(found.itemsMonth[0]).toEqual(found.itemsMonth[1]);
  expect(found.leftovers).toEqual([]);
}

/** A Bangkok wall-clock time as an instant. */
const bkk = (local: string) => new Date(`${local}+07:00`);
// Days either side of January's and February's ends, and hours early and late.
const DAYS = ["2026-01-14", "2026-01-15", "2026-01-31", "2026-02-01", "2026-02-28", "2026-03-01"];
const RANGE = { from: "2026-01-15", to: "2026-02-28" };

type Op =
  | {
      kind: "sell";
      day: number;
      hour: number;
      cashier: 0 | 1;
      card: boolean;
      lines: { item: 0 | 1 | 2; qty: number }[];
    }
  | { kind: "void"; sale: number }
  | { kind: "return"; sale: number; line: number; qty: number };

const sellOp = fc.record({
  kind: fc.constant("sell" as const),
  day: fc.nat(DAYS.length - 1),
  hour: fc.constantFrom(0, 7, 13, 23),
  cashier: fc.constantFrom(0 as const, 1 as const),
  card: fc.boolean(),
  lines: fc.array(
    fc.record({
      item: fc.constantFrom(0 as const, 1 as const, 2 as const),
      qty: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: sellOp, weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("void" as const), sale: fc.nat(30) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("return" as const),
      sale: fc.nat(30),
      line: fc.nat(2),
      qty: fc.integer({ min: 1, max: 2 }),
    }),
    weight: 1,
  },
);

async function newShop() {
  const t = await insertShop(db);
  await registerForVat(db, t.shop.id);
  const opening = { qty: 500_000, locationId: t.defaultLocationId };
  const items = [
    await insertItem(db, t.shop.id, t.ownerId, { fields: { price: 3_333, cost: 1_111 }, opening }),
    await insertItem(db, t.shop.id, t.ownerId, { fields: { price: 999, cost: 457 }, opening }),
    await insertItem(db, t.shop.id, t.ownerId, { fields: { price: 10_700, cost: 0 }, opening }),
  ];
  const cashier = await addShopMember(db, t.shop.id, "cashier", { name: "แก้ว" });
  const owner: SaleUndoActor = { shopId: t.shop.id, userId: t.ownerId, role: "owner" };
  return { t, items, cashiers: [t.ownerId, cashier.id], owner };
}

type Shop = Awaited<ReturnType<typeof newShop>>;

async function run(shop: Shop, sales: TestSale[], step: Op): Promise<void> {
  if (step.kind === "sell") {
    const at = bkk(`${DAYS[step.day]}T${String(step.hour).padStart(2, "0")}:30:00`);
    const sold = await createSaleForTest(db, {
      shopId: shop.t.shop.id,
      userId: shop.cashiers[step.cashier]!,
      lines: step.lines.map((l) => ({ itemId: shop.items[l.item]!.id, qty: l.qty })),
      billDiscount: { kind: "amount", satang: 7 },
      at,
      // More than any bill here: the summaries sum what the payments say, whatever it is.
      ...(step.card ? { payments: [{ method: "card" as const, amountSatang: 100_000 }] } : {}),
    });
    sales.push(sold);
    return;
  }
  if (sales.length === 0) return;
  const target = sales[step.sale % sales.length]!;
  if (step.kind === "void") {
    await voidSale(db, shop.owner, { saleId: target.id, reason: "สุ่ม" });
    return;
  }
  const lineId = target.lineIds[step.line % target.lineIds.length]!;
  // Refusals (more than is out, a void sale) are part of the walk.
  await returnSaleLines(db, shop.owner, {
    saleId: target.id,
    lines: [{ saleLineId: lineId, qtyMilli: step.qty * 1000 }],
    reason: "สุ่ม",
    refundMethod: "cash",
    buyer: TEST_BUYER,
  });
}

/** The report's items over RANGE, summed straight from the lines and credit notes. */
async function itemsFromRows(shopId: string) {
  return rows(sql`
    WITH sold AS (
      SELECT l.item_id, sum(l.qty) AS qty, sum(l.ex_vat_satang) AS ex_vat, sum(l.cost_satang) AS cost
        FROM sale s JOIN sale_line l ON l.sale_id = s.id
       WHERE s.shop_id = ${shopId} AND s.status <> 'void'
         AND report_day(s.created_at) BETWEEN ${RANGE.from}::date AND ${RANGE.to}::date
       GROUP BY 1
    ), returned AS (
      SELECT l.item_id, sum(cl.qty) AS qty, sum(cl.ex_vat_satang) AS ex_vat,
             sum(cl.cost_satang) AS cost
        FROM credit_note c JOIN credit_note_line cl ON cl.credit_note_id = c.id
        JOIN sale_line l ON l.id = cl.sale_line_id
       WHERE c.shop_id = ${shopId}
         AND report_day(c.created_at) BETWEEN ${RANGE.from}::date AND ${RANGE.to}::date
       GROUP BY 1
    )
    SELECT coalesce(sold.item_id, returned.item_id)::int,
           ((coalesce(sold.qty, 0) - coalesce(returned.qty, 0)) * 1000)::bigint,
           (coalesce(sold.ex_vat, 0) - coalesce(returned.ex_vat, 0))::bigint,
           (coalesce(sold.cost, 0) - coalesce(returned.cost, 0))::bigint
      FROM sold FULL JOIN returned ON returned.item_id = sold.item_id`);
}

async function itemsFromReport(shopId: string) {
  const report = await profitAndLoss(db, shopId, RANGE);
  return report.byItem
    .map((row) =>
      JSON.stringify([row.itemId, row.qtyMilli, row.netRevenueSatang, row.costSatang].map(String)),
    )
    .sort();
}

describe("profit-and-loss summaries", () => {
  it("equal the sums of the sales, lines and payments through random sales, voids and returns", async () => {
    let voided = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 6 }),
        async (batches) => {
          const shop = await newShop();
          const sales: TestSale[] = [];
          // The steps of a batch run at the same time (two tills, a void from the office).
          for (const batch of batches) {
            await Promise.all(batch.map((step) => run(shop, sales, step)));
          }
          expectInStep(await summariesAndRows(shop.t.shop.id));
          expect(await itemsFromReport(shop.t.shop.id)).toEqual(
            await itemsFromRows(shop.t.shop.id),
          );
          voided += Number(
            (
              await db.execute<{ n: string }>(
                sql`SELECT count(*) AS n FROM sale WHERE shop_id = ${shop.t.shop.id} AND status = 'void'`,
              )
            ).rows[0]?.n ?? 0,
          );
        },
      ),
      { numRuns: 8, seed: 20261123 },
    );
    // The walk did void things (else it proved little).
    expect(voided).toBeGreaterThan(0);
  });

  it("stay exact when many tills sell the same items in opposite orders at once, and voids cross them", async () => {
    const shop = await newShop();
    const [a, b, c] = shop.items.map((item) => item.id) as [number, number, number];
    const first = await createSaleForTest(db, {
      shopId: shop.t.shop.id,
      userId: shop.t.ownerId,
      lines: [{ itemId: a, qty: 1 }],
      at: bkk("2026-02-01T09:00:00"),
    });
    const orders = [
      [a, b, c],
      [c, b, a],
      [b, a, c],
      [c, a, b],
    ];
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        createSaleForTest(db, {
          shopId: shop.t.shop.id,
          userId: shop.cashiers[i % 2]!,
          lines: orders[i % orders.length]!.map((itemId) => ({ itemId, qty: 1 + (i % 2) })),
          at: bkk("2026-02-01T10:00:00"),
        }),
      ),
      voidSale(db, shop.owner, { saleId: first.id, reason: "ลูกค้าเปลี่ยนใจ" }),
    ]);
    expectInStep(await summariesAndRows(shop.t.shop.id));
    const report = await profitAndLoss(db, shop.t.shop.id, {
      from: "2026-02-01",
      to: "2026-02-01",
    });
    expect(report.totals.bills).toBe(12);
    expect(report.totals.voidBills).toBe(1);
    // 6 sales of 1 and 6 of 2 of each item.
    expect(report.byItem.map((row) => row.qtyMilli)).toEqual([18_000, 18_000, 18_000]);
  });
});

describe("migration report_summary_triggers on a shop that already sold", () => {
  let name: string;
  let before: string;
  let old: Database;
  beforeAll(async () => {
    name = `m_${randomBytes(6).toString("hex")}`;
    const admin = createDatabase(inject("pgAdminUrl"), { max: 1 });
    try {
      await admin.$client.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.$client.end();
    }
    old = createDatabase(withDatabase(inject("pgAdminUrl"), name), { max: 4 });
    // The migrations before the summaries.
    before = mkdtempSync(path.join(tmpdir(), "migrations-before-summaries-"));
    cpSync(path.resolve("drizzle"), before, { recursive: true });
    const journalPath = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((entry) => entry.tag.endsWith("_report_summaries")),
    );
    writeFileSync(journalPath, JSON.stringify(journal));
    await applyMigrations(old, before);
  });
  afterAll(async () => {
    await old.$client.end();
    rmSync(before, { recursive: true, force: true });
    const admin = createDatabase(inject("pgAdminUrl"), { max: 1 });
    try {
      await admin.$client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.$client.end();
    }
  });

  it("sums the sales made before it, and the report reads them", async () => {
    const t = await insertShop(old);
    const item = await insertItem(old, t.shop.id, t.ownerId, {
      fields: { price: 10_700, cost: 5_000 },
      opening: { qty: 100_000, locationId: t.defaultLocationId },
    });
    const sell = (qty: number, at: string) =>
      createSaleForTest(old, {
        shopId: t.shop.id,
        userId: t.ownerId,
        lines: [{ itemId: item.id, qty }],
        at: bkk(at),
      });
    await sell(2, "2026-01-31T20:00:00");
    await sell(1, "2026-02-01T08:00:00");
    const voided = await sell(3, "2026-02-01T09:00:00");
    // Voided as the sale row records it (today's voidSale reads settings columns this old
    // database does not have yet).
    await old
      .update(sale)
      .set({ status: "void", voidedAt: bkk("2026-02-01T09:30:00"), voidedBy: t.ownerId })
      .where(eq(sale.id, voided.id));
    await applyMigrations(old, path.resolve("drizzle"));
    expectInStep(await summariesAndRows(t.shop.id, old));
    const report = await profitAndLoss(old, t.shop.id, { from: "2026-01-01", to: "2026-02-28" });
    expect(report.totals).toMatchObject({ bills: 2, voidBills: 1, netRevenueSatang: 32_100 });
    expect(report.byItem.map((row) => row.qtyMilli)).toEqual([3_000]);
  });
});

describe("monthsAndDays", () => {
  it("reads whole months from the monthly summary and only the days outside them day by day", () => {
    expect(monthsAndDays({ from: "2025-01-01", to: "2025-12-31" })).toEqual({
      months: { from: "2025-01-01", to: "2025-12-01" },
      days: [],
    });
    expect(monthsAndDays({ from: "2026-01-15", to: "2026-03-05" })).toEqual({
      months: { from: "2026-02-01", to: "2026-02-01" },
      days: [
        { from: "2026-01-15", to: "2026-01-31" },
        { from: "2026-03-01", to: "2026-03-05" },
      ],
    });
    expect(monthsAndDays({ from: "2026-11-01", to: "2026-11-23" })).toEqual({
      months: null,
      days: [{ from: "2026-11-01", to: "2026-11-23" }],
    });
    expect(monthsAndDays({ from: "2024-02-10", to: "2024-02-29" })).toEqual({
      months: null,
      days: [{ from: "2024-02-10", to: "2024-02-29" }],
    });
  });

  it("covers every day of any range exactly once", () => {
    const day = fc
      .integer({ min: Date.UTC(2023, 0, 1), max: Date.UTC(2027, 11, 31) })
      .map((t) => new Date(t - (t % 86_400_000)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (x, y) => {
        const range = x <= y ? { from: x, to: y } : { from: y, to: x };
        const split = monthsAndDays(range);
        const covered: string[] = [];
        const walk = (from: string, to: string) => {
          for (
            let t = Date.parse(`${from}T00:00:00Z`);
            t <= Date.parse(`${to}T00:00:00Z`);
            t += 86_400_000
          ) {
            covered.push(new Date(t).toISOString().slice(0, 10));
          }
        };
        if (split.months) {
          const last = new Date(`${split.months.to}T00:00:00Z`);
          walk(
            split.months.from,
            new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 0))
              .toISOString()
              .slice(0, 10),
          );
          expect(split.months.from.endsWith("-01") && split.months.to.endsWith("-01")).toBe(true);
        }
        for (const part of split.days) walk(part.from, part.to);
        covered.sort();
        const expected: string[] = [];
        const before = covered.length;
        walk(range.from, range.to);
        expected.push(...covered.splice(before));
        expect(covered).toEqual(expected);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
