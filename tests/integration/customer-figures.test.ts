import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { bangkokIsoDate } from "~/lib/dates";
import { customerPurchases } from "~/modules/customers/index.server";
import { pnlCsv, profitAndLoss, topCustomers } from "~/modules/reports/index.server";
import * as reportsRoute from "~/routes/shophub/reports/route";
import { insertItem, insertShop, type TestShop } from "../setup/factories";
import { callRoute, outcomeOf, routeContext } from "../setup/route-call";
import { insertCreditNote, insertSaleRows } from "../setup/sale-rows";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Sales by customer and top customers (issue 37): the P&L's own money, so the customers' rows
 * add up to its net revenue and gross profit to the satang, sales without a customer being one
 * row ("ลูกค้าทั่วไป").
 */

let test: TestDatabase;
let mine: TestShop;
let item: number;
const today = bangkokIsoDate(new Date());

async function customerOf(shopId: string, ownerId: string, phone: string, name: string) {
  const { rows } = await test.db.execute<{ id: string }>(sql`
    INSERT INTO customer (shop_id, phone, name, consent_at, consent_by)
    VALUES (${shopId}, ${phone}, ${name}, now(), ${ownerId}) RETURNING id`);
  return rows[0]!.id;
}

async function soldTo(saleId: number, customerId: string, name: string) {
  await test.db.execute(sql`
    INSERT INTO sale_customer (shop_id, sale_id, customer_id, customer_name)
    VALUES (${mine.shop.id}, ${saleId}, ${customerId}, ${name})`);
}

beforeAll(async () => {
  test = await createTestDatabase();
  mine = await insertShop(test.db, { taxId: "0105558012345" });
  item = (await insertItem(test.db, mine.shop.id, mine.ownerId)).id;
});
afterAll(() => test.drop());

describe("sales by customer", () => {
  it("adds up to the P&L's net revenue and gross profit, walk-in sales as one row", async () => {
    const somchai = await customerOf(mine.shop.id, mine.ownerId, "+66811111111", "คุณสมชาย");
    const malee = await customerOf(mine.shop.id, mine.ownerId, "+66822222222", "คุณมาลี");
    // สมชาย: two bills, one with goods back; มาลี: one bill; two bills without a customer; a
    // voided bill of มาลี's counts nothing.
    const a = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: item });
    const b = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: item });
    await soldTo(a.sale.id, somchai, "คุณสมชาย");
    await soldTo(b.sale.id, somchai, "คุณสมชาย");
    await insertCreditNote(test.db, mine.shop.id, b.sale.id, b.lines[0]!.id);
    const c = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: item, vat: false });
    await soldTo(c.sale.id, malee, "คุณมาลี");
    const voided = await insertSaleRows(test.db, {
      shopId: mine.shop.id,
      itemId: item,
      status: "void",
    });
    await soldTo(voided.sale.id, malee, "คุณมาลี");
    await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: item });
    await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: item, method: "promptpay" });

    const pnl = await profitAndLoss(test.db, mine.shop.id, { from: today, to: today });
    const rows = pnl.byCustomer;
    expect(rows.map((row) => [row.customerId === null ? "walk-in" : row.name, row.bills])).toEqual([
      ["walk-in", 2],
      ["คุณสมชาย", 2],
      ["คุณมาลี", 1],
    ]);
    const sum = (pick: (row: (typeof rows)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    expect(sum((row) => row.netRevenueSatang)).toBe(pnl.totals.netRevenueSatang);
    expect(sum((row) => row.grossProfitSatang)).toBe(pnl.totals.grossProfitSatang);
    expect(sum((row) => row.bills)).toBe(pnl.totals.bills);
    // สมชาย's return comes off his own figures.
    const somchaiRow = rows.find((row) => row.customerId === somchai)!;
    const maleeRow = rows.find((row) => row.customerId === malee)!;
    const { rows: notes } = await test.db.execute<{ ex_vat: string }>(
      sql`SELECT ex_vat_satang AS ex_vat FROM credit_note WHERE sale_id = ${b.sale.id}`,
    );
    expect(somchaiRow.netRevenueSatang).toBe(
      a.sale.totalSatang -
        a.sale.vatSatang +
        b.sale.totalSatang -
        b.sale.vatSatang -
        Number(notes[0]!.ex_vat),
    );
    expect(maleeRow.netRevenueSatang).toBe(c.sale.totalSatang - c.sale.vatSatang);
    expect(maleeRow.lastSaleAt).not.toBeNull();

    // Top customers: named customers only, the most revenue first.
    expect(topCustomers(rows).map((row) => row.name)).toEqual(
      [somchaiRow, maleeRow]
        .sort((x, y) => y.netRevenueSatang - x.netRevenueSatang)
        .map((row) => row.name),
    );

    const csv = pnlCsv(pnl, "customers", "th");
    expect(csv).toContain("ลูกค้าทั่วไป");
    expect(csv).toContain("คุณสมชาย");
    expect(pnlCsv(pnl, "topCustomers", "en")).not.toContain("Walk-in");
  });

  it("shows both tables on the reports page to the owner", async () => {
    const owner: SessionUser = {
      id: mine.ownerId,
      name: "เจ้าของ",
      email: "owner@example.com",
      emailVerified: true,
      image: null,
      phone: null,
      role: "member",
    };
    const outcome = await outcomeOf<Awaited<ReturnType<typeof reportsRoute.loader>>>(
      callRoute(reportsRoute.loader, `/shophub/reports?shop=${mine.shop.id}&day=${today}`, {
        context: routeContext(test.db, owner),
      }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.data!.pnl.byCustomer.length).toBeGreaterThan(0);
    expect(outcome.data!.top.every((row) => row.customerId !== null)).toBe(true);
  });

  it("gives the customer's page what came back beside what they bought", async () => {
    const customer = await customerOf(mine.shop.id, mine.ownerId, "+66833333333", "คุณคืนของ");
    const sold = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: item });
    await soldTo(sold.sale.id, customer, "คุณคืนของ");
    const note = await insertCreditNote(test.db, mine.shop.id, sold.sale.id, sold.lines[0]!.id);
    const history = await customerPurchases(test.db, mine.shop.id, customer);
    expect(history.totalSatang).toBe(sold.sale.totalSatang);
    expect(history.returnedSatang).toBe(note.totalSatang);
    expect(history.lastVisit).not.toBeNull();
  });
});
