import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { creditNote, fullTaxInvoice, sale, saleLine, stockItem, stockMovement } from "~/db/schema";
import {
  getSaleDetail,
  issueFullTaxInvoice,
  listSales,
  returnSaleLines,
  type SaleUndoActor,
  voidSale,
} from "~/modules/sales/index.server";
import { postMovements } from "~/modules/stock/index.server";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import {
  createSaleForTest,
  registerForVat,
  setSalesSettings,
  TEST_BUYER,
} from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(async () => {
  await test.drop();
});

const BUYER = {
  name: "บริษัท ลูกค้า จำกัด",
  address: "1 ถนนสีลม บางรัก กรุงเทพฯ 10500",
  taxId: "1101700207030",
  branchCode: "00000",
};

async function itemState(itemId: number) {
  const [row] = await db
    .select({
      onHand: stockItem.onHand,
      value: stockItem.stockValueSatang,
      avg: stockItem.avgCostSatang,
    })
    .from(stockItem)
    .where(eq(stockItem.id, itemId));
  // On hand in whole pieces, as these tests count (the column is thousandths).
  return { ...row!, onHand: row!.onHand / 1_000 };
}

async function receive(t: TestShop, itemId: number, qty: number, unitCostSatang: number) {
  await db.transaction((tx) =>
    postMovements(tx, {
      shopId: t.shop.id,
      userId: t.ownerId,
      kind: "receive",
      lines: [{ itemId, locationId: t.defaultLocationId, qty: qty * 1_000, unitCostSatang }],
    }),
  );
}

/** A new shop with one item (opening stock in thousandths) and one sale of `qty` pieces of it. */
async function shopWithOneSale(openingMilli: number, qty: number) {
  const t = await insertShop(db);
  const item = await insertItem(db, t.shop.id, t.ownerId, {
    opening: { qty: openingMilli, locationId: t.defaultLocationId },
  });
  const sold = await createSaleForTest(db, {
    shopId: t.shop.id,
    userId: t.ownerId,
    lines: [{ itemId: item.id, qty }],
  });
  return { t, item, sold };
}

const ownerOf = (t: TestShop): SaleUndoActor => ({
  shopId: t.shop.id,
  userId: t.ownerId,
  role: "owner",
});

describe("voidSale", () => {
  it("gives the stock back at the cost it left with, marks the sale and keeps its number", async () => {
    const t = await insertShop(db);
    const item = await insertItem(db, t.shop.id, t.ownerId, {
      fields: { cost: 700 },
      opening: { qty: 10_000, locationId: t.defaultLocationId },
    });
    await receive(t, item.id, 10, 1_000); // average 850
    const sold = await createSaleForTest(db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines: [{ itemId: item.id, qty: 4 }],
    });
    await receive(t, item.id, 6, 1_300); // the average moves on after the sale
    const before = await itemState(item.id);

    const result = await voidSale(db, ownerOf(t), { saleId: sold.id, reason: "ลูกค้าเปลี่ยนใจ" });
    expect(result).toMatchObject({ ok: true, saleId: sold.id });

    const after = await itemState(item.id);
    expect(after.onHand).toBe(before.onHand + 4);
    // 4 × 850 came back, not 4 × today's average.
    expect(after.value - before.value).toBe(3_400);
    const [back] = await db
      .select()
      .from(stockMovement)
      .where(and(eq(stockMovement.shopId, t.shop.id), eq(stockMovement.kind, "sale_void")));
    expect(back).toMatchObject({
      qty: 4_000,
      unitCostSatang: 850,
      reversesMovementId: sold.movementIds[0],
    });

    const [row] = await db.select().from(sale).where(eq(sale.id, sold.id));
    expect(row).toMatchObject({
      status: "void",
      voidReason: "ลูกค้าเปลี่ยนใจ",
      voidedBy: t.ownerId,
      documentNumber: sold.documentNumber,
    });
    expect(row!.voidStockDocumentId).toBe(back!.documentId);
    expect(row!.voidedAt).toBeInstanceOf(Date);

    // The number stays taken: the next sale gets the one after it.
    const next = await createSaleForTest(db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines: [{ itemId: item.id, qty: 1 }],
    });
    expect(Number(next.documentNumber.slice(-6))).toBe(Number(sold.documentNumber.slice(-6)) + 1);
  });

  it("refuses a second void and an empty reason, changing nothing", async () => {
    const { t, item, sold } = await shopWithOneSale(5_000, 2);
    expect(await voidSale(db, ownerOf(t), { saleId: sold.id, reason: "   " })).toEqual({
      ok: false,
      error: "reason-required",
    });
    expect(await voidSale(db, ownerOf(t), { saleId: sold.id, reason: "ผิด" })).toMatchObject({
      ok: true,
    });
    const onHand = (await itemState(item.id)).onHand;
    expect(onHand).toBe(5);
    expect(await voidSale(db, ownerOf(t), { saleId: sold.id, reason: "อีกครั้ง" })).toEqual({
      ok: false,
      error: "already-void",
    });
    expect((await itemState(item.id)).onHand).toBe(5);
    const [row] = await db.select().from(sale).where(eq(sale.id, sold.id));
    expect(row!.voidReason).toBe("ผิด");
  });

  it("two voids at the same moment: one wins, the stock comes back once", async () => {
    const { t, item, sold } = await shopWithOneSale(5_000, 3);
    const results = await Promise.all([
      voidSale(db, ownerOf(t), { saleId: sold.id, reason: "หนึ่ง" }),
      voidSale(db, ownerOf(t), { saleId: sold.id, reason: "สอง" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: "already-void" }]);
    expect((await itemState(item.id)).onHand).toBe(5);
  });

  it("after a return, refuses the void: the rest comes back on another credit note", async () => {
    const { t, item, sold } = await shopWithOneSale(10_000, 3);
    const giveBack = (qty: number) =>
      returnSaleLines(db, ownerOf(t), {
        saleId: sold.id,
        lines: [{ saleLineId: sold.lineIds[0]!, qtyMilli: qty * 1000 }],
        reason: "ชำรุด",
        refundMethod: "cash",
        buyer: TEST_BUYER,
      });
    expect((await giveBack(1)).ok).toBe(true);
    expect((await itemState(item.id)).onHand).toBe(8);
    // Voiding now would count the returned piece's refund twice (issue 31): refused, and
    // nothing changes.
    expect(await voidSale(db, ownerOf(t), { saleId: sold.id, reason: "ยกเลิก" })).toEqual({
      ok: false,
      error: "has-returns",
    });
    const [row] = await db.select({ status: sale.status }).from(sale).where(eq(sale.id, sold.id));
    expect(row?.status).toBe("completed");
    expect((await itemState(item.id)).onHand).toBe(8);
    // The rest comes back on a second credit note.
    expect((await giveBack(2)).ok).toBe(true);
    const state = await itemState(item.id);
    expect(state.onHand).toBe(10);
    expect(state.value).toBe(10 * 700);
  });

  it("lets a manager void; a cashier only their own sale, the same day, when the shop allows", async () => {
    const t = await insertShop(db);
    const item = await insertItem(db, t.shop.id, t.ownerId, {
      opening: { qty: 50_000, locationId: t.defaultLocationId },
    });
    const manager = await addShopMember(db, t.shop.id, "manager");
    const cashier = await addShopMember(db, t.shop.id, "cashier");
    const other = await addShopMember(db, t.shop.id, "cashier");
    const sell = (userId: string, at?: Date) =>
      createSaleForTest(db, {
        shopId: t.shop.id,
        userId,
        lines: [{ itemId: item.id, qty: 1 }],
        ...(at ? { at } : {}),
      });
    const as = (userId: string, role: SaleUndoActor["role"]): SaleUndoActor => ({
      shopId: t.shop.id,
      userId,
      role,
    });

    const own = await sell(cashier.id);
    // Off by default.
    expect(await voidSale(db, as(cashier.id, "cashier"), { saleId: own.id, reason: "x" })).toEqual({
      ok: false,
      error: "not-allowed",
    });
    await setSalesSettings(db, t.shop.id, { cashierMayVoidOwn: true });
    const others = await sell(other.id);
    expect(
      await voidSale(db, as(cashier.id, "cashier"), { saleId: others.id, reason: "x" }),
    ).toEqual({ ok: false, error: "not-allowed" });
    const yesterday = await sell(cashier.id, new Date(Date.now() - 26 * 3600 * 1000));
    expect(
      await voidSale(db, as(cashier.id, "cashier"), { saleId: yesterday.id, reason: "x" }),
    ).toEqual({ ok: false, error: "not-allowed" });
    expect(
      await voidSale(db, as(cashier.id, "cashier"), { saleId: own.id, reason: "x" }),
    ).toMatchObject({ ok: true });
    expect(
      await voidSale(db, as(manager.id, "manager"), { saleId: yesterday.id, reason: "x" }),
    ).toMatchObject({ ok: true });
    const stockClerk = await addShopMember(db, t.shop.id, "stock");
    expect(
      await voidSale(db, as(stockClerk.id, "stock"), { saleId: others.id, reason: "x" }),
    ).toEqual({ ok: false, error: "not-allowed" });
  });

  it("does not see another shop's sale", async () => {
    const a = await insertShop(db);
    const b = await insertShop(db);
    const item = await insertItem(db, b.shop.id, b.ownerId, {
      opening: { qty: 5_000, locationId: b.defaultLocationId },
    });
    const sold = await createSaleForTest(db, {
      shopId: b.shop.id,
      userId: b.ownerId,
      lines: [{ itemId: item.id, qty: 1 }],
    });
    expect(await voidSale(db, ownerOf(a), { saleId: sold.id, reason: "x" })).toEqual({
      ok: false,
      error: "not-found",
    });
    expect(await getSaleDetail(db, a.shop.id, sold.id)).toBeNull();
    expect(
      await returnSaleLines(db, ownerOf(a), {
        saleId: sold.id,
        lines: [{ saleLineId: sold.lineIds[0]!, qtyMilli: 1000 }],
        reason: "x",
        refundMethod: "cash",
        buyer: TEST_BUYER,
      }),
    ).toEqual({ ok: false, error: { code: "not-found" } });
    expect(await issueFullTaxInvoice(db, ownerOf(a), { saleId: sold.id, buyer: BUYER })).toEqual({
      ok: false,
      error: { code: "not-found" },
    });
    const [row] = await db.select().from(sale).where(eq(sale.id, sold.id));
    expect(row!.status).toBe("completed");
  });
});

describe("returnSaleLines", () => {
  it("issues gapless credit notes whose money adds up to the line exactly, VAT included", async () => {
    const t = await insertShop(db);
    await registerForVat(db, t.shop.id);
    const item = await insertItem(db, t.shop.id, t.ownerId, {
      fields: { price: 3_333 },
      opening: { qty: 10_000, locationId: t.defaultLocationId },
    });
    const other = await insertItem(db, t.shop.id, t.ownerId, {
      fields: { price: 1_000 },
      opening: { qty: 10_000, locationId: t.defaultLocationId },
    });
    // 3 × 33.33 + 1 × 10.00 = 109.99, minus 1.00 spread over the lines: odd satang everywhere.
    const sold = await createSaleForTest(db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines: [
        { itemId: item.id, qty: 3 },
        { itemId: other.id, qty: 1 },
      ],
      billDiscount: { kind: "amount", satang: 100 },
    });
    const [line] = await db.select().from(saleLine).where(eq(saleLine.id, sold.lineIds[0]!));
    const notes = [];
    for (let i = 0; i < 3; i++) {
      const result = await returnSaleLines(db, ownerOf(t), {
        saleId: sold.id,
        lines: [{ saleLineId: line!.id, qtyMilli: 1000 }],
        reason: "ชำรุด",
        refundMethod: "cash",
        buyer: TEST_BUYER,
      });
      if (!result.ok) throw new Error(JSON.stringify(result));
      notes.push(result.creditNote);
    }
    const year = sold.documentNumber.slice(3, 7);
    expect(notes.map((n) => n.documentNumber)).toEqual([
      `CN${year}-000001`,
      `CN${year}-000002`,
      `CN${year}-000003`,
    ]);
    expect(notes.reduce((s, n) => s + n.totalSatang, 0)).toBe(line!.totalSatang);
    expect(notes.reduce((s, n) => s + n.vatSatang, 0)).toBe(line!.vatSatang);
    // Each third within a satang of the exact third.
    for (const n of notes) expect(Math.abs(n.totalSatang * 3 - line!.totalSatang)).toBeLessThan(3);

    const [after] = await db.select().from(saleLine).where(eq(saleLine.id, line!.id));
    expect(after!.returnedQty).toBe(3_000);
    expect((await itemState(item.id)).onHand).toBe(10);

    // Nothing more of that line; the other line still comes back.
    expect(
      await returnSaleLines(db, ownerOf(t), {
        saleId: sold.id,
        lines: [{ saleLineId: line!.id, qtyMilli: 1000 }],
        reason: "อีก",
        refundMethod: "cash",
        buyer: TEST_BUYER,
      }),
    ).toEqual({
      ok: false,
      error: { code: "more-than-sold", saleLineId: line!.id, availableMilli: 0 },
    });
    const detail = await getSaleDetail(db, t.shop.id, sold.id);
    expect(detail!.creditNotes).toHaveLength(3);
    expect(detail!.lines.map((l) => l.returnedMilli)).toEqual([3000, 0]);
  });

  it("refuses more than sold, a void sale, and a bad quantity without taking a number", async () => {
    const { t, item, sold } = await shopWithOneSale(10_000, 2);
    const lineId = sold.lineIds[0]!;
    const ask = (qtyMilli: number) =>
      returnSaleLines(db, ownerOf(t), {
        saleId: sold.id,
        lines: [{ saleLineId: lineId, qtyMilli }],
        reason: "ชำรุด",
        refundMethod: "transfer",
        buyer: TEST_BUYER,
      });
    expect(await ask(3000)).toEqual({
      ok: false,
      error: { code: "more-than-sold", saleLineId: lineId, availableMilli: 2000 },
    });
    expect(await ask(0)).toEqual({ ok: false, error: { code: "nothing-to-return" } });
    expect(await ask(-1000)).toEqual({
      ok: false,
      error: { code: "bad-quantity", saleLineId: lineId },
    });
    const first = await ask(2000);
    expect(first).toMatchObject({ ok: true, creditNote: { totalSatang: sold.totalSatang } });
    if (first.ok) expect(first.creditNote.documentNumber).toMatch(/^CN\d{4}-000001$/);
    expect((await itemState(item.id)).onHand).toBe(10);

    const second = await createSaleForTest(db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines: [{ itemId: item.id, qty: 1 }],
    });
    await voidSale(db, ownerOf(t), { saleId: second.id, reason: "ยกเลิก" });
    expect(
      await returnSaleLines(db, ownerOf(t), {
        saleId: second.id,
        lines: [{ saleLineId: second.lineIds[0]!, qtyMilli: 1000 }],
        reason: "x",
        refundMethod: "cash",
        buyer: TEST_BUYER,
      }),
    ).toEqual({ ok: false, error: { code: "void" } });
    const notes = await db.select().from(creditNote).where(eq(creditNote.shopId, t.shop.id));
    expect(notes.map((n) => n.documentSeq)).toEqual([1]);
  });
});

describe("issueFullTaxInvoice", () => {
  it("issues once per sale with gapless numbers and refuses a bad buyer tax ID", async () => {
    const t = await insertShop(db);
    await registerForVat(db, t.shop.id);
    const item = await insertItem(db, t.shop.id, t.ownerId, {
      opening: { qty: 10_000, locationId: t.defaultLocationId },
    });
    const sell = () =>
      createSaleForTest(db, {
        shopId: t.shop.id,
        userId: t.ownerId,
        lines: [{ itemId: item.id, qty: 1 }],
      });
    const a = await sell();
    const b = await sell();
    expect(a.documentNumber).toMatch(/^ABB/);

    const refused = await issueFullTaxInvoice(db, ownerOf(t), {
      saleId: a.id,
      buyer: { ...BUYER, taxId: "1101700207031", branchCode: "12" },
    });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: "bad-buyer",
        fields: {
          buyerTaxId: "shops.invoices.error.buyerTaxIdInvalid",
          buyerBranchCode: "shops.invoices.error.buyerBranchInvalid",
        },
      },
    });

    const first = await issueFullTaxInvoice(db, ownerOf(t), {
      saleId: a.id,
      buyer: { ...BUYER, taxId: "1-1017-00207-03-0", branchCode: "" },
    });
    if (!first.ok) throw new Error(JSON.stringify(first));
    const year = a.documentNumber.slice(3, 7);
    expect(first).toMatchObject({ existing: false });
    expect(first.invoice.documentNumber).toBe(`INV${year}-000001`);
    const again = await issueFullTaxInvoice(db, ownerOf(t), {
      saleId: a.id,
      buyer: { ...BUYER, name: "คนอื่น" },
    });
    expect(again).toEqual({ ok: true, existing: true, invoice: first.invoice });
    const forB = await issueFullTaxInvoice(db, ownerOf(t), { saleId: b.id, buyer: BUYER });
    expect(forB).toMatchObject({ ok: true, invoice: { documentNumber: `INV${year}-000002` } });

    const [row] = await db
      .select()
      .from(fullTaxInvoice)
      .where(eq(fullTaxInvoice.id, first.invoice.id));
    expect(row).toMatchObject({
      buyerName: BUYER.name,
      buyerTaxId: "1101700207030",
      buyerBranchCode: "00000",
      saleId: a.id,
    });
    const detail = await getSaleDetail(db, t.shop.id, a.id);
    expect(detail!.fullTaxInvoice?.documentNumber).toBe(`INV${year}-000001`);
  });

  it("refuses a shop not registered for VAT and a void sale", async () => {
    const plain = await insertShop(db);
    const item = await insertItem(db, plain.shop.id, plain.ownerId, {
      opening: { qty: 10_000, locationId: plain.defaultLocationId },
    });
    const receipt = await createSaleForTest(db, {
      shopId: plain.shop.id,
      userId: plain.ownerId,
      lines: [{ itemId: item.id, qty: 1 }],
    });
    expect(receipt.documentNumber).toMatch(/^RC/);
    expect(
      await issueFullTaxInvoice(db, ownerOf(plain), { saleId: receipt.id, buyer: BUYER }),
    ).toEqual({ ok: false, error: { code: "not-vat" } });

    const vat = await insertShop(db);
    await registerForVat(db, vat.shop.id);
    const vatItem = await insertItem(db, vat.shop.id, vat.ownerId, {
      opening: { qty: 10_000, locationId: vat.defaultLocationId },
    });
    const voided = await createSaleForTest(db, {
      shopId: vat.shop.id,
      userId: vat.ownerId,
      lines: [{ itemId: vatItem.id, qty: 1 }],
    });
    await voidSale(db, ownerOf(vat), { saleId: voided.id, reason: "ผิด" });
    expect(
      await issueFullTaxInvoice(db, ownerOf(vat), { saleId: voided.id, buyer: BUYER }),
    ).toEqual({ ok: false, error: { code: "void" } });
    // Refusals take no number: the next invoice of the shop is still the first.
    const good = await createSaleForTest(db, {
      shopId: vat.shop.id,
      userId: vat.ownerId,
      lines: [{ itemId: vatItem.id, qty: 1 }],
    });
    const issued = await issueFullTaxInvoice(db, ownerOf(vat), { saleId: good.id, buyer: BUYER });
    expect(issued).toMatchObject({ ok: true });
    if (issued.ok) expect(issued.invoice.documentNumber).toMatch(/-000001$/);
  });
});

describe("document numbers under concurrency", () => {
  it("credit notes and full tax invoices issued at once take distinct consecutive numbers", async () => {
    const t = await insertShop(db);
    await registerForVat(db, t.shop.id);
    const item = await insertItem(db, t.shop.id, t.ownerId, {
      opening: { qty: 50_000, locationId: t.defaultLocationId },
    });
    const sales = [];
    for (let i = 0; i < 6; i++) {
      sales.push(
        await createSaleForTest(db, {
          shopId: t.shop.id,
          userId: t.ownerId,
          lines: [{ itemId: item.id, qty: 2 }],
        }),
      );
    }
    const results = await Promise.all(
      sales.flatMap((sold) => [
        returnSaleLines(db, ownerOf(t), {
          saleId: sold.id,
          lines: [{ saleLineId: sold.lineIds[0]!, qtyMilli: 1000 }],
          reason: "ชำรุด",
          refundMethod: "cash",
          buyer: TEST_BUYER,
        }),
        issueFullTaxInvoice(db, ownerOf(t), { saleId: sold.id, buyer: BUYER }),
      ]),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const notes = await db.select().from(creditNote).where(eq(creditNote.shopId, t.shop.id));
    const invoices = await db
      .select()
      .from(fullTaxInvoice)
      .where(eq(fullTaxInvoice.shopId, t.shop.id));
    const seqs = (rows: { documentSeq: number }[]) =>
      rows.map((r) => r.documentSeq).sort((a, b) => a - b);
    expect(seqs(notes)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seqs(invoices)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await itemState(item.id)).onHand).toBe(50 - 12 + 6);
  });
});

describe("listSales", () => {
  it("filters by number, Bangkok day, method, cashier and status, 20 a page with totals", async () => {
    const t = await insertShop(db);
    const item = await insertItem(db, t.shop.id, t.ownerId, {
      fields: { price: 1_000 },
      opening: { qty: 100_000, locationId: t.defaultLocationId },
    });
    const cashier = await addShopMember(db, t.shop.id, "cashier", { name: "แคชเชียร์ ก" });
    // 17:30 UTC on 22 November is already 23 November in Bangkok.
    const lateNight = new Date("2026-11-22T17:30:00Z");
    const earlier = new Date("2026-11-22T10:00:00Z");
    const sales = [];
    for (let i = 0; i < 22; i++) {
      sales.push(
        await createSaleForTest(db, {
          shopId: t.shop.id,
          userId: t.ownerId,
          lines: [{ itemId: item.id, qty: 1 }],
          at: new Date(earlier.getTime() + i * 60_000),
        }),
      );
    }
    const byCashier = await createSaleForTest(db, {
      shopId: t.shop.id,
      userId: cashier.id,
      lines: [{ itemId: item.id, qty: 2 }],
      payments: [
        { method: "promptpay", amountSatang: 1_500 },
        { method: "cash", amountSatang: 500 },
      ],
      at: lateNight,
    });
    await voidSale(db, ownerOf(t), { saleId: sales[0]!.id, reason: "ผิด" });

    const all = await listSales(db, t.shop.id, {});
    expect(all.page.rows).toHaveLength(20);
    expect(all.page.pageCount).toBe(2);
    expect(all.page.rows[0]!.id).toBe(byCashier.id);
    expect(all.totals).toEqual({
      count: 23,
      voidCount: 1,
      // 21 standing sales of 10.00 and one of 20.00; the void one is not summed.
      totalSatang: 21 * 1_000 + 2_000,
      vatSatang: 0,
      returnedSatang: 0,
    });
    const second = await listSales(db, t.shop.id, { page: 2 });
    expect(second.page.rows.map((r) => r.id)).toEqual([sales[2]!.id, sales[1]!.id, sales[0]!.id]);

    const day23 = await listSales(db, t.shop.id, { from: "2026-11-23", to: "2026-11-23" });
    expect(day23.page.rows.map((r) => r.id)).toEqual([byCashier.id]);
    const day22 = await listSales(db, t.shop.id, { from: "2026-11-22", to: "2026-11-22" });
    expect(day22.totals.count).toBe(22);

    const promptpay = await listSales(db, t.shop.id, { method: "promptpay" });
    expect(promptpay.page.rows.map((r) => r.id)).toEqual([byCashier.id]);
    expect(promptpay.page.rows[0]!.methods.sort()).toEqual(["cash", "promptpay"]);
    expect((await listSales(db, t.shop.id, { cashierId: cashier.id })).totals.count).toBe(1);
    const voided = await listSales(db, t.shop.id, { status: "void" });
    expect(voided.page.rows.map((r) => r.id)).toEqual([sales[0]!.id]);
    expect(voided.totals.totalSatang).toBe(0);

    const number = sales[5]!.documentNumber;
    const found = await listSales(db, t.shop.id, { q: number.slice(-6) });
    expect(found.page.rows.map((r) => r.documentNumber)).toEqual([number]);
    expect((await listSales(db, t.shop.id, { q: "100%" })).totals.count).toBe(0);

    // Another shop's list knows none of these.
    const other = await insertShop(db);
    expect((await listSales(db, other.shop.id, {})).totals.count).toBe(0);
  });
});
