import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { pointsEntry, sale, saleFlag, saleLine } from "~/db/schema";
import {
  customerPointsBalance,
  customerPointsHistory,
  pointsFormSchema,
  salePoints,
  savePointsScheme,
} from "~/modules/customers/index.server";
import { readForm } from "~/lib/forms/read-form";
import { documentView } from "~/features/sales-documents/document-view";
import { createTranslate } from "~/lib/i18n";
import { th } from "~/lib/i18n/th";
import {
  completeSale,
  getSaleDocument,
  returnSaleLines,
  voidSale,
} from "~/modules/sales/index.server";
import { insertCustomer, shopWithItems } from "../setup/factories";
import { TEST_BUYER } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * The points ledger (issue 37, decision 0082): earned on what was paid, redeemed as a bill
 * discount before VAT, taken back by a void or a return in their own transactions, append-only,
 * a balance never below zero, and never another shop's customer.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const PRICE = 12_000;

const customerOf = (shopId: string, userId: string, phone: string) =>
  insertCustomer(db, { shopId, userId }, { phone, name: "คุณสมศรี" });

async function pointsShop() {
  const t = await shopWithItems(db, {
    items: { item: { fields: { price: PRICE, cost: 5_000 }, stock: 100_000 } },
  });
  const { item } = t.items;
  await savePointsScheme(db, t.shop.id, {
    enabled: true,
    satangPerPoint: 2_500,
    pointValueSatang: 100,
  });
  const actor = t.owner;
  const sell = (qty: number, options: { phone?: string; redeem?: number; total?: number } = {}) =>
    completeSale(db, actor, {
      clientSaleId: randomUUID(),
      till: "เครื่อง 1",
      lines: [{ itemId: item.id, qtyMilli: qty * 1000, unitPriceSatang: PRICE }],
      customerPhone: options.phone,
      redeemPoints: options.redeem,
      payments: [{ method: "cash", amountSatang: options.total ?? PRICE * qty }],
      expectedTotalSatang: options.total ?? PRICE * qty,
    });
  const sold = async (...args: Parameters<typeof sell>) => {
    const result = await sell(...args);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return result.sale;
  };
  return { t, item, actor, sell, sold };
}

const PHONE = "+66812345678";

describe("points", () => {
  it("earns on what was paid and redeems as a bill discount before VAT", async () => {
    const s = await pointsShop();
    const customer = await customerOf(s.t.shop.id, s.t.ownerId, "081-234-5678");
    // 120 baht: 4 points at 25 baht a point (4.8 rounded down).
    const first = await s.sold(1, { phone: PHONE });
    expect(await customerPointsBalance(db, s.t.shop.id, customer)).toBe(4);
    expect(await salePoints(db, s.t.shop.id, first.id)).toEqual({
      earned: 4,
      redeemed: 0,
      balance: 4,
    });

    // 3 points = 3 baht off: the bill is 117 baht, on which 4 points are earned.
    const second = await s.sold(1, { phone: PHONE, redeem: 3, total: PRICE - 300 });
    expect(second.totalSatang).toBe(11_700);
    expect(await customerPointsBalance(db, s.t.shop.id, customer)).toBe(5);
    expect(await salePoints(db, s.t.shop.id, second.id)).toEqual({
      earned: 4,
      redeemed: 3,
      balance: 5,
    });
    // Booked like a bill discount: the sale and its line carry it, VAT on the lower base.
    const [row] = await db
      .select({
        billDiscount: sale.billDiscountSatang,
        total: sale.totalSatang,
        vatBase: sale.vatBaseSatang,
        vat: sale.vatSatang,
        nonVat: sale.nonVatSatang,
      })
      .from(sale)
      .where(eq(sale.id, second.id));
    expect(row).toMatchObject({ billDiscount: 300, total: 11_700 });
    expect(row!.vatBase + row!.vat + row!.nonVat).toBe(11_700);
    const [line] = await db
      .select({ billDiscount: saleLine.billDiscountSatang, total: saleLine.totalSatang })
      .from(saleLine)
      .where(eq(saleLine.saleId, second.id));
    expect(line).toEqual({ billDiscount: 300, total: 11_700 });

    const history = await customerPointsHistory(db, s.t.shop.id, customer);
    expect(history.map((h) => [h.kind, h.points, h.balanceAfter])).toEqual([
      ["earn", 4, 5],
      ["redeem", -3, 1],
      ["earn", 4, 4],
    ]);
    expect(history[1]).toMatchObject({ valueSatang: 300, documentNumber: second.documentNumber });

    // The slip names the customer, the points used and earned, and the balance after it.
    const doc = await getSaleDocument(db, s.t.shop.id, { saleId: second.id, doc: "sale" });
    expect(doc?.customer).toEqual({
      name: "คุณสมศรี",
      pointsEarned: 4,
      pointsRedeemed: 3,
      pointsBalance: 5,
    });
    expect(documentView(doc!, createTranslate(th, undefined, "th"), "th").customer).toEqual([
      "ลูกค้า: คุณสมศรี",
      "ใช้แต้ม 3 แต้ม",
      "ได้แต้ม 4 แต้ม คงเหลือ 5 แต้ม",
    ]);
  });

  it("refuses a redemption past the balance or the bill, without a customer, or with points off", async () => {
    const s = await pointsShop();
    await customerOf(s.t.shop.id, s.t.ownerId, "081-234-5678");
    await s.sold(1, { phone: PHONE }); // 4 points
    expect(await s.sell(1, { phone: PHONE, redeem: 5, total: PRICE - 500 })).toMatchObject({
      ok: false,
      error: { code: "points", reason: "overBalance", balance: 4 },
    });
    expect(await s.sell(1, { redeem: 1, total: PRICE - 100 })).toMatchObject({
      ok: false,
      error: { code: "points", reason: "noCustomer" },
    });
    expect(await s.sell(1, { phone: "+66899999999", redeem: 1, total: PRICE - 100 })).toMatchObject(
      { ok: false, error: { code: "points", reason: "noCustomer" } },
    );
    // A point worth 50 baht: 4 points are 200 baht, past a bill of 120.
    await savePointsScheme(db, s.t.shop.id, {
      enabled: true,
      satangPerPoint: 2_500,
      pointValueSatang: 5_000,
    });
    expect(await s.sell(1, { phone: PHONE, redeem: 3, total: 0 })).toMatchObject({
      ok: false,
      error: { code: "points", reason: "overBill" },
    });
    await savePointsScheme(db, s.t.shop.id, {
      enabled: false,
      satangPerPoint: 2_500,
      pointValueSatang: 100,
    });
    expect(await s.sell(1, { phone: PHONE, redeem: 1, total: PRICE - 100 })).toMatchObject({
      ok: false,
      error: { code: "points", reason: "off" },
    });
    // Nothing was written by the refusals: still the 4 points of the one sale.
    const entries = await db
      .select({ id: pointsEntry.id })
      .from(pointsEntry)
      .where(eq(pointsEntry.shopId, s.t.shop.id));
    expect(entries).toHaveLength(1);
  });

  it("a void gives back the redeemed points and takes the earned ones, in its transaction", async () => {
    const s = await pointsShop();
    const customer = await customerOf(s.t.shop.id, s.t.ownerId, "081-234-5678");
    await s.sold(1, { phone: PHONE }); // +4
    const second = await s.sold(1, { phone: PHONE, redeem: 3, total: PRICE - 300 }); // −3 +4
    expect(await customerPointsBalance(db, s.t.shop.id, customer)).toBe(5);
    const undone = await voidSale(db, s.actor, { saleId: second.id, reason: "ลูกค้าเปลี่ยนใจ" });
    expect(undone.ok).toBe(true);
    expect(await customerPointsBalance(db, s.t.shop.id, customer)).toBe(4);
    const [last] = await customerPointsHistory(db, s.t.shop.id, customer, 1);
    expect(last).toMatchObject({ kind: "void", points: -1, balanceAfter: 4, saleId: second.id });
  });

  it("a return takes back earned points and gives back redeemed ones in proportion", async () => {
    const s = await pointsShop();
    const customer = await customerOf(s.t.shop.id, s.t.ownerId, "081-234-5678");
    await s.sold(1, { phone: PHONE }); // +4
    // 240 baht − 2 points: 238 baht, 9 points earned; balance 4 − 2 + 9 = 11.
    const big = await s.sold(2, { phone: PHONE, redeem: 2, total: 2 * PRICE - 200 });
    expect(await customerPointsBalance(db, s.t.shop.id, customer)).toBe(11);
    const [line] = await db
      .select({ id: saleLine.id })
      .from(saleLine)
      .where(eq(saleLine.saleId, big.id));
    const returned = await returnSaleLines(db, s.actor, {
      saleId: big.id,
      lines: [{ saleLineId: line!.id, qtyMilli: 1000 }],
      reason: "ชำรุด",
      refundMethod: "cash",
      buyer: TEST_BUYER,
    });
    if (!returned.ok) throw new Error(JSON.stringify(returned.error));
    // Half refunded: 4 of the 9 earned stay (4.5 down), 1 of the 2 redeemed comes back.
    // The sale's net goes from +7 to +3: −4.
    const [last] = await customerPointsHistory(db, s.t.shop.id, customer, 1);
    expect(last).toMatchObject({ kind: "return", points: -4, balanceAfter: 7 });
    expect(await customerPointsBalance(db, s.t.shop.id, customer)).toBe(7);
  });

  it("never takes the balance below zero: points spent already are taken back as far as it goes", async () => {
    const s = await pointsShop();
    const customer = await customerOf(s.t.shop.id, s.t.ownerId, "081-234-5678");
    const earning = await s.sold(1, { phone: PHONE }); // +4
    // A scheme that earns nothing on one bill, so the 4 points are spent to zero.
    await savePointsScheme(db, s.t.shop.id, {
      enabled: true,
      satangPerPoint: 1_000_000,
      pointValueSatang: 100,
    });
    await s.sold(1, { phone: PHONE, redeem: 4, total: PRICE - 400 });
    expect(await customerPointsBalance(db, s.t.shop.id, customer)).toBe(0);
    expect((await voidSale(db, s.actor, { saleId: earning.id, reason: "ผิด" })).ok).toBe(true);
    expect(await customerPointsBalance(db, s.t.shop.id, customer)).toBe(0);
    await expect(
      db.$client.query("UPDATE points_balance SET balance = -1 WHERE customer_id = $1", [customer]),
    ).rejects.toMatchObject({ code: "23514" });
  });

  it("keeps the ledger append-only", async () => {
    const s = await pointsShop();
    await customerOf(s.t.shop.id, s.t.ownerId, "081-234-5678");
    await s.sold(1, { phone: PHONE });
    await expect(
      db.$client.query("UPDATE points_entry SET points = 100 WHERE shop_id = $1", [s.t.shop.id]),
    ).rejects.toMatchObject({ code: "PT001" });
    await expect(
      db.$client.query("DELETE FROM points_entry WHERE shop_id = $1", [s.t.shop.id]),
    ).rejects.toMatchObject({ code: "PT001" });
  });

  it("limits and flags a queued redemption the balance no longer covers, never refusing it", async () => {
    const s = await pointsShop();
    const customer = await customerOf(s.t.shop.id, s.t.ownerId, "081-234-5678");
    const first = await s.sold(1, { phone: PHONE }); // +4
    // As sale_post calls it for a till's queued sale that redeemed 10 points meanwhile.
    await db.$client.query(
      `SELECT points_sale($1, $2, '{"redeemPoints": 10, "redeemSatang": 1000, "total": 0}')`,
      [s.t.shop.id, first.id],
    );
    expect(await customerPointsBalance(db, s.t.shop.id, customer)).toBe(0);
    const flags = await db
      .select({ reason: saleFlag.reason, detail: saleFlag.detail })
      .from(saleFlag)
      .where(and(eq(saleFlag.shopId, s.t.shop.id), eq(saleFlag.saleId, first.id)));
    expect(flags).toEqual([{ reason: "pointsShort", detail: { requested: 10, redeemed: 4 } }]);
  });

  it("never touches another shop's customer of the same number", async () => {
    const a = await pointsShop();
    const b = await pointsShop();
    const inA = await customerOf(a.t.shop.id, a.t.ownerId, "081-234-5678");
    const inB = await customerOf(b.t.shop.id, b.t.ownerId, "081-234-5678");
    await b.sold(1, { phone: PHONE }); // B's customer: 4
    const sold = await a.sold(2, { phone: PHONE }); // A's customer: 9
    expect(await customerPointsBalance(db, a.t.shop.id, inA)).toBe(9);
    expect(await customerPointsBalance(db, b.t.shop.id, inB)).toBe(4);
    // B's owner cannot void A's sale, and the undo function with B's shop moves nothing.
    expect((await voidSale(db, b.actor, { saleId: sold.id, reason: "x" })).ok).toBe(false);
    await db.$client.query("SELECT points_undo($1, $2, NULL)", [b.t.shop.id, sold.id]);
    expect(await customerPointsBalance(db, a.t.shop.id, inA)).toBe(9);
    expect(await customerPointsBalance(db, b.t.shop.id, inB)).toBe(4);
    expect(await customerPointsBalance(db, b.t.shop.id, inA)).toBe(0);
  });
});

describe("the points settings", () => {
  const read = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return readForm(form, pointsFormSchema);
  };

  it("reads baht into satang, and asks for both amounts only when points are on", () => {
    expect(
      read({ pointsEnabled: "on", pointsBahtPerPoint: "25", pointsValue: "0.50" }),
    ).toMatchObject({
      ok: true,
      data: { enabled: true, satangPerPoint: 2_500, pointValueSatang: 50 },
    });
    expect(read({})).toMatchObject({
      ok: true,
      data: { enabled: false, satangPerPoint: 2_500, pointValueSatang: 100 },
    });
    expect(
      read({ pointsEnabled: "on", pointsBahtPerPoint: "ยี่สิบ", pointsValue: "1" }),
    ).toMatchObject({
      ok: false,
      errors: { pointsBahtPerPoint: "shops.sellingSettings.points.error.rate" },
      values: { pointsBahtPerPoint: "ยี่สิบ" },
    });
    expect(read({ pointsEnabled: "on", pointsBahtPerPoint: "25", pointsValue: "" })).toMatchObject({
      ok: false,
      errors: { pointsValue: "shops.sellingSettings.points.error.valueRequired" },
    });
    expect(read({ pointsBahtPerPoint: "0" })).toMatchObject({
      ok: false,
      errors: { pointsBahtPerPoint: "shops.sellingSettings.points.error.rate" },
    });
  });
});
