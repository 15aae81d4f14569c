import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "~/db/client.server";
import {
  sale,
  saleLine,
  salePayment,
  shopSalesSetting,
  stockBalance,
  stockDocument,
  stockItem,
  stockMovement,
} from "~/db/schema";
import {
  buddhistYear,
  completeSale,
  scaleLabelCode,
  type CompleteSaleRequest,
  type SaleActor,
  type SaleLineRequest,
  type SaleError,
} from "~/modules/sales/index.server";
import { postStockDocument, runLedgerWork, voidSaleMovements } from "~/modules/stock/index.server";
import { insertItem, insertShop, type TestShop } from "../setup/factories";
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

const YEAR = buddhistYear(new Date());

interface Fixture extends TestShop {
  actor: SaleActor;
}

async function newShop(
  options: { vat?: "inclusive" | "exclusive"; allowNegativeStock?: boolean } = {},
): Promise<Fixture> {
  const made = await insertShop(db, {
    allowNegativeStock: options.allowNegativeStock ?? false,
    taxId: options.vat ? "0105561000013" : null,
  });
  if (options.vat) {
    await db.insert(shopSalesSetting).values({
      shopId: made.shop.id,
      vatRegistered: true,
      pricesIncludeVat: options.vat === "inclusive",
      branchCode: "00001",
      posRegistrationNo: "E0123456789",
      receiptHeader: "ขอบคุณที่อุดหนุน",
    });
  }
  return {
    ...made,
    actor: { shopId: made.shop.id, userId: made.ownerId, cashierName: "สมใจ ขายดี", role: "owner" },
  };
}

async function item(f: Fixture, price: number, qty: number, cost = 700) {
  return insertItem(db, f.shop.id, f.ownerId, {
    fields: { price, cost },
    // The ledger holds thousandths; these tests count whole pieces.
    opening: qty > 0 ? { qty: qty * 1_000, locationId: f.defaultLocationId } : undefined,
  });
}

function request(
  lines: SaleLineRequest[],
  expectedTotalSatang: number,
  extra: Partial<CompleteSaleRequest> = {},
): CompleteSaleRequest {
  return {
    clientSaleId: randomUUID(),
    till: "เครื่อง 1",
    lines,
    payments: [{ method: "cash", amountSatang: expectedTotalSatang }],
    expectedTotalSatang,
    ...extra,
  };
}

async function onHand(itemId: number): Promise<number> {
  const [row] = await db
    .select({ onHand: stockItem.onHand })
    .from(stockItem)
    .where(eq(stockItem.id, itemId));
  // In whole units, as the tests count them (the column is thousandths).
  return row ? row.onHand / 1_000 : Number.NaN;
}

async function salesOf(shopId: string) {
  return db.select().from(sale).where(eq(sale.shopId, shopId)).orderBy(asc(sale.documentSeq));
}

async function linesOf(saleId: number) {
  return db
    .select()
    .from(saleLine)
    .where(eq(saleLine.saleId, saleId))
    .orderBy(asc(saleLine.lineNo));
}

async function paymentsOf(saleId: number) {
  return db
    .select()
    .from(salePayment)
    .where(eq(salePayment.saleId, saleId))
    .orderBy(asc(salePayment.paymentNo));
}

function errorOf(result: Awaited<ReturnType<typeof completeSale>>): SaleError {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.sale)}`);
  return result.error;
}

function saleOf(result: Awaited<ReturnType<typeof completeSale>>) {
  if (!result.ok) throw new Error(`expected a sale, got ${JSON.stringify(result.error)}`);
  return result.sale;
}

describe("worked examples (figures computed by hand)", () => {
  it("a shop without VAT: line and bill discounts, a plain receipt", async () => {
    const f = await newShop();
    const rice = await item(f, 3_500, 10); // 35.00
    const eggs = await item(f, 1_250, 10); // 12.50
    // Rice 2 × 35.00 = 70.00; eggs 3 × 12.50 = 37.50 less 10 % = 33.75; subtotal 103.75.
    // Bill discount 5.00 spread 70.00 : 33.75 → 3.37 and 1.63 (largest remainder); total 98.75.
    const result = await completeSale(
      db,
      f.actor,
      request(
        [
          { itemId: rice.id, qtyMilli: 2_000 },
          { itemId: eggs.id, qtyMilli: 3_000, discount: { kind: "percent", basisPoints: 1_000 } },
        ],
        9_875,
        {
          billDiscount: { kind: "amount", satang: 500 },
          payments: [{ method: "cash", amountSatang: 10_000 }],
        },
      ),
    );
    const done = saleOf(result);
    expect(done).toMatchObject({
      documentKind: "receipt",
      documentNumber: `RC${YEAR}-000001`,
      totalSatang: 9_875,
      changeSatang: 125,
      replayed: false,
    });
    const [row] = await salesOf(f.shop.id);
    expect(row).toMatchObject({
      id: done.id,
      vatMode: "none",
      vatRateBasisPoints: 0,
      vatMethod: "per_bill",
      grossSatang: 10_750,
      lineDiscountSatang: 375,
      billDiscountKind: "amount",
      billDiscountValue: 500,
      billDiscountSatang: 500,
      vatBaseSatang: 0,
      vatSatang: 0,
      nonVatSatang: 9_875,
      totalSatang: 9_875,
      tenderedSatang: 10_000,
      changeSatang: 125,
      cashierId: f.ownerId,
      cashierName: "สมใจ ขายดี",
      till: "เครื่อง 1",
      documentYear: YEAR,
      documentSeq: 1,
    });
    expect(row?.seller).toMatchObject({ name: f.shop.name, taxId: null, branchCode: "00000" });
    const lines = await linesOf(done.id);
    expect(
      lines.map((l) => [
        l.qty,
        l.grossSatang,
        l.lineDiscountSatang,
        l.billDiscountSatang,
        l.netSatang,
      ]),
    ).toEqual([
      [2_000, 7_000, 0, 337, 6_663],
      [3_000, 3_750, 375, 163, 3_212],
    ]);
    expect(lines[1]).toMatchObject({ discountKind: "percent", discountValue: 1_000 });
    expect(await onHand(rice.id)).toBe(8);
    expect(await onHand(eggs.id)).toBe(7);
  });

  it("prices including 7 % VAT: an abbreviated tax invoice with the VAT taken out", async () => {
    const f = await newShop({ vat: "inclusive" });
    const a = await item(f, 10_700, 5); // 107.00 with VAT
    const b = await item(f, 5_350, 5); // 53.50 with VAT
    // 107.00 + 2 × 53.50 = 214.00 with VAT; VAT = 214.00 × 7 / 107 = 14.00; base 200.00.
    const done = saleOf(
      await completeSale(
        db,
        f.actor,
        request(
          [
            { itemId: a.id, qtyMilli: 1_000 },
            { itemId: b.id, qtyMilli: 2_000 },
          ],
          21_400,
        ),
      ),
    );
    expect(done.documentKind).toBe("abbreviatedTaxInvoice");
    expect(done.documentNumber).toBe(`ABB${YEAR}-000001`);
    const [row] = await salesOf(f.shop.id);
    expect(row).toMatchObject({
      vatMode: "inclusive",
      vatRateBasisPoints: 700,
      vatBaseSatang: 20_000,
      vatSatang: 1_400,
      nonVatSatang: 0,
      totalSatang: 21_400,
    });
    expect(row?.seller).toMatchObject({
      taxId: "0105561000013",
      branchCode: "00001",
      posRegistrationNo: "E0123456789",
      receiptHeader: "ขอบคุณที่อุดหนุน",
    });
    const lines = await linesOf(done.id);
    expect(lines.map((l) => [l.vatSatang, l.exVatSatang, l.totalSatang])).toEqual([
      [700, 10_000, 10_700],
      [700, 10_000, 10_700],
    ]);
  });

  it("prices excluding VAT: 7 % added on top after a 10 % bill discount", async () => {
    const f = await newShop({ vat: "exclusive" });
    const a = await item(f, 10_000, 5); // 100.00 before VAT
    // 3 × 100.00 = 300.00, less 10 % = 270.00; VAT 18.90; total 288.90.
    const done = saleOf(
      await completeSale(
        db,
        f.actor,
        request([{ itemId: a.id, qtyMilli: 3_000 }], 28_890, {
          billDiscount: { kind: "percent", basisPoints: 1_000 },
        }),
      ),
    );
    const [row] = await salesOf(f.shop.id);
    expect(row).toMatchObject({
      id: done.id,
      vatMode: "exclusive",
      billDiscountSatang: 3_000,
      vatBaseSatang: 27_000,
      vatSatang: 1_890,
      totalSatang: 28_890,
    });
  });

  it("a total other than the till showed is refused with the server's total", async () => {
    const f = await newShop();
    const a = await item(f, 1_000, 5);
    const refused = errorOf(
      await completeSale(db, f.actor, request([{ itemId: a.id, qtyMilli: 2_000 }], 1_500)),
    );
    expect(refused).toEqual({ code: "totalChanged", totalSatang: 2_000 });
    expect(await salesOf(f.shop.id)).toHaveLength(0);
    expect(await onHand(a.id)).toBe(5);
  });
});

describe("cost and stock", () => {
  it("each line keeps the moving average when it sold; the stock falls; the document is a sale", async () => {
    const f = await newShop();
    const a = await item(f, 1_500, 10, 600); // 10 at 6.00
    const received = await postStockDocument(db, {
      shopId: f.shop.id,
      userId: f.ownerId,
      kind: "receive",
      lines: [{ itemId: a.id, locationId: f.defaultLocationId, qty: 10_000, unitCostSatang: 800 }],
    });
    expect(received.ok).toBe(true);
    // 10 at 6.00 and 10 at 8.00: the average is 7.00.
    const done = saleOf(
      await completeSale(db, f.actor, request([{ itemId: a.id, qtyMilli: 4_000 }], 6_000)),
    );
    const [line] = await linesOf(done.id);
    expect(line).toMatchObject({ unitCostSatang: 700, costSatang: 2_800 });
    const [row] = await salesOf(f.shop.id);
    expect(row?.costSatang).toBe(2_800);
    expect(await onHand(a.id)).toBe(16);

    const [doc] = await db
      .select()
      .from(stockDocument)
      .where(eq(stockDocument.id, row?.stockDocumentId ?? -1));
    expect(doc).toMatchObject({ kind: "sale", reference: done.documentNumber });
    const [movement] = await db
      .select()
      .from(stockMovement)
      .where(eq(stockMovement.id, line?.movementId ?? -1));
    expect(movement).toMatchObject({
      kind: "sale",
      qty: -4_000,
      itemId: a.id,
      documentId: doc?.id,
    });
  });

  it("selling more than is in stock is refused with what is there, and nothing is written", async () => {
    const f = await newShop();
    const a = await item(f, 1_000, 5);
    const b = await item(f, 1_000, 3);
    const refused = errorOf(
      await completeSale(
        db,
        f.actor,
        request(
          [
            { itemId: a.id, qtyMilli: 1_000 },
            { itemId: b.id, qtyMilli: 4_000 },
          ],
          5_000,
        ),
      ),
    );
    expect(refused).toEqual({ code: "notEnoughStock", line: 1, availableMilli: 3_000 });
    expect(await salesOf(f.shop.id)).toHaveLength(0);
    expect([await onHand(a.id), await onHand(b.id)]).toEqual([5, 3]);
    // The refused sale gave its number back: the next one is 000001.
    const done = saleOf(
      await completeSale(db, f.actor, request([{ itemId: b.id, qtyMilli: 3_000 }], 3_000)),
    );
    expect(done.documentNumber).toBe(`RC${YEAR}-000001`);
  });

  it("a shop that allows negative stock sells beyond it", async () => {
    const f = await newShop({ allowNegativeStock: true });
    const a = await item(f, 1_000, 1);
    saleOf(await completeSale(db, f.actor, request([{ itemId: a.id, qtyMilli: 3_000 }], 3_000)));
    expect(await onHand(a.id)).toBe(-2);
  });

  it("a fraction of a whole-unit item is refused (fractions: enabled with measured items)", async () => {
    const f = await newShop();
    const a = await item(f, 1_000, 5);
    const refused = errorOf(
      await completeSale(db, f.actor, request([{ itemId: a.id, qtyMilli: 1_500 }], 1_500)),
    );
    expect(refused).toEqual({ code: "badQuantity", line: 0 });
  });

  it("a weight label of a measured item sells 1.255 kg at the price per kilogram", async () => {
    const f = await newShop();
    const layout = { prefixes: ["20"], itemCodeDigits: 5 as const, value: "weight" as const };
    await db.insert(shopSalesSetting).values({ shopId: f.shop.id, scaleLabelLayout: layout });
    const pork = await insertItem(db, f.shop.id, f.ownerId, {
      fields: { sku: "00456", price: 12_000, cost: 8_000, unit: "กก." },
      opening: { qty: 10_000, locationId: f.defaultLocationId },
    });
    await db.execute(sql`UPDATE stock_item SET measured = true WHERE id = ${pork.id}`);
    // 1.255 kg × 120.00 = 150.60.
    const label = scaleLabelCode(layout, "20", "00456", 1_255);
    const done = saleOf(
      await completeSale(
        db,
        f.actor,
        request([{ itemId: pork.id, qtyMilli: 1_255, scaleLabel: label }], 15_060),
      ),
    );
    const [line] = await linesOf(done.id);
    expect(line).toMatchObject({ qty: 1_255, grossSatang: 15_060 });
    const left = await db.execute<{ qty: string }>(
      sql`SELECT on_hand::text AS qty FROM stock_item WHERE id = ${pork.id}`,
    );
    expect(Number(left.rows[0]?.qty)).toBe(8.745);
  });

  it("a scale price label is read again with the shop's layout; another item's label is refused", async () => {
    const f = await newShop();
    const layout = { prefixes: ["21"], itemCodeDigits: 5 as const, value: "price" as const };
    await db.insert(shopSalesSetting).values({ shopId: f.shop.id, scaleLabelLayout: layout });
    const pork = await insertItem(db, f.shop.id, f.ownerId, {
      fields: { sku: "00123", price: 12_000, cost: 8_000, unit: "แพ็ก" },
      opening: { qty: 10_000, locationId: f.defaultLocationId },
    });
    // The label says 240.00: two packs at 120.00, whatever quantity the till sent.
    const label = scaleLabelCode(layout, "21", "00123", 24_000);
    const done = saleOf(
      await completeSale(
        db,
        f.actor,
        request([{ itemId: pork.id, qtyMilli: 1_000, scaleLabel: label }], 24_000),
      ),
    );
    const [line] = await linesOf(done.id);
    expect(line).toMatchObject({ qty: 2_000, labelAmountSatang: 24_000, grossSatang: 24_000 });
    expect(await onHand(pork.id)).toBe(8);

    const other = scaleLabelCode(layout, "21", "00999", 24_000);
    const refused = errorOf(
      await completeSale(
        db,
        f.actor,
        request([{ itemId: pork.id, qtyMilli: 2_000, scaleLabel: other }], 24_000),
      ),
    );
    expect(refused).toEqual({ code: "badQuantity", line: 0 });
  });
});

describe("refusals", () => {
  it("an empty cart, an archived item, another shop's item", async () => {
    const f = await newShop();
    const other = await newShop();
    const mine = await item(f, 1_000, 5);
    const theirs = await item(other, 1_000, 5);
    const archived = await item(f, 1_000, 5);
    await db.update(stockItem).set({ status: "archived" }).where(eq(stockItem.id, archived.id));

    expect(errorOf(await completeSale(db, f.actor, request([], 0)))).toEqual({ code: "empty" });
    expect(
      errorOf(
        await completeSale(
          db,
          f.actor,
          request(
            [
              { itemId: mine.id, qtyMilli: 1_000 },
              { itemId: theirs.id, qtyMilli: 1_000 },
            ],
            2_000,
          ),
        ),
      ),
    ).toEqual({ code: "itemUnavailable", line: 1 });
    expect(
      errorOf(
        await completeSale(db, f.actor, request([{ itemId: archived.id, qtyMilli: 1_000 }], 1_000)),
      ),
    ).toEqual({ code: "itemUnavailable", line: 0 });
    expect(await onHand(theirs.id)).toBe(5);
    expect(await salesOf(f.shop.id)).toHaveLength(0);
    expect(await salesOf(other.shop.id)).toHaveLength(0);
  });

  it("a card's last 4 digits that are not 4 digits; a request that is not a sale", async () => {
    const f = await newShop();
    const a = await item(f, 1_000, 5);
    const card = request([{ itemId: a.id, qtyMilli: 1_000 }], 1_000, {
      payments: [{ method: "card", amountSatang: 1_000, cardLast4: "12a4", approvalCode: "A1" }],
    });
    expect(errorOf(await completeSale(db, f.actor, card))).toEqual({
      code: "badPaymentDetail",
      payment: 0,
    });
    const noId = { ...request([{ itemId: a.id, qtyMilli: 1_000 }], 1_000), clientSaleId: "x" };
    expect(errorOf(await completeSale(db, f.actor, noId))).toEqual({ code: "badRequest" });
    // What a forged JSON body may hold: a number where the till sends text.
    const forged = request([{ itemId: a.id, qtyMilli: 1_000 }], 1_000, {
      payments: [{ method: "transfer", amountSatang: 1_000, reference: 5 as unknown as string }],
    });
    expect(errorOf(await completeSale(db, f.actor, forged))).toEqual({ code: "badRequest" });
    expect(await salesOf(f.shop.id)).toHaveLength(0);
  });
});

describe("payments", () => {
  it("split cash and PromptPay: each row says what it put towards the bill", async () => {
    const f = await newShop();
    const a = await item(f, 9_875, 5);
    const done = saleOf(
      await completeSale(
        db,
        f.actor,
        request([{ itemId: a.id, qtyMilli: 1_000 }], 9_875, {
          payments: [
            { method: "promptpay", amountSatang: 5_000, reference: "BAY123" },
            { method: "cash", amountSatang: 10_000 },
          ],
        }),
      ),
    );
    expect(done.changeSatang).toBe(5_125);
    const payments = await paymentsOf(done.id);
    expect(payments.map((p) => [p.method, p.amountSatang, p.tenderedSatang, p.reference])).toEqual([
      ["promptpay", 5_000, 5_000, "BAY123"],
      ["cash", 4_875, 10_000, ""],
    ]);
    const card = saleOf(
      await completeSale(
        db,
        f.actor,
        request([{ itemId: a.id, qtyMilli: 1_000 }], 9_875, {
          payments: [
            { method: "card", amountSatang: 9_875, cardLast4: "4242", approvalCode: "AB12" },
          ],
        }),
      ),
    );
    expect(await paymentsOf(card.id)).toMatchObject([
      { method: "card", amountSatang: 9_875, cardLast4: "4242", approvalCode: "AB12" },
    ]);
  });

  it("payments that do not cover the total are refused and nothing is written", async () => {
    const f = await newShop();
    const a = await item(f, 9_875, 5);
    const refused = errorOf(
      await completeSale(
        db,
        f.actor,
        request([{ itemId: a.id, qtyMilli: 1_000 }], 9_875, {
          payments: [
            { method: "promptpay", amountSatang: 5_000 },
            { method: "cash", amountSatang: 4_000 },
          ],
        }),
      ),
    );
    expect(refused).toEqual({
      code: "payment",
      error: { code: "notCovered", remainingSatang: 875 },
    });
    expect(await salesOf(f.shop.id)).toHaveLength(0);
    expect(await onHand(a.id)).toBe(5);
  });
});

describe("idempotency", () => {
  it("the same sale id twice is one sale and the same answer; another bill under it is refused", async () => {
    const f = await newShop();
    const a = await item(f, 1_000, 10);
    const asked = request([{ itemId: a.id, qtyMilli: 2_000 }], 2_000);
    const first = saleOf(await completeSale(db, f.actor, asked));
    // Even after the price changed, the retry answers the sale that was made.
    await db.update(stockItem).set({ priceSatang: 1_200 }).where(eq(stockItem.id, a.id));
    const again = saleOf(await completeSale(db, f.actor, asked));
    expect(again).toEqual({ ...first, replayed: true });
    expect(await salesOf(f.shop.id)).toHaveLength(1);
    expect(await onHand(a.id)).toBe(8);

    const other = {
      ...asked,
      lines: [{ itemId: a.id, qtyMilli: 3_000 }],
      expectedTotalSatang: 3_600,
    };
    expect(errorOf(await completeSale(db, f.actor, other))).toEqual({ code: "replayMismatch" });
    expect(await onHand(a.id)).toBe(8);
  });

  it("the same sale id sent by several requests at once is one sale", async () => {
    const f = await newShop();
    const a = await item(f, 1_000, 10);
    const asked = request([{ itemId: a.id, qtyMilli: 1_000 }], 1_000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => completeSale(db, f.actor, asked)),
    );
    const sales = answers.map(saleOf);
    expect(new Set(sales.map((s) => s.documentNumber))).toEqual(new Set([`RC${YEAR}-000001`]));
    expect(sales.filter((s) => !s.replayed)).toHaveLength(1);
    expect(await salesOf(f.shop.id)).toHaveLength(1);
    expect(await onHand(a.id)).toBe(9);
  });

  it("the same sale id racing through two app instances is one sale", async () => {
    const f = await newShop();
    const a = await item(f, 1_000, 10);
    // A second pool is a second instance: its own posting queue, so the two requests reach
    // the database in different transactions and only the unique index can stop the second.
    const other = createDatabase(test.url, { max: 4 });
    try {
      for (let round = 0; round < 5; round++) {
        const asked = request([{ itemId: a.id, qtyMilli: 1_000 }], 1_000);
        const answers = await Promise.all([
          completeSale(db, f.actor, asked),
          completeSale(other, f.actor, asked),
        ]);
        const [first, second] = answers.map(saleOf);
        expect(second?.documentNumber).toBe(first?.documentNumber);
        expect([first?.replayed, second?.replayed].sort()).toEqual([false, true]);
      }
      // Two different bills under one id, on different items: nothing orders them but the
      // unique index on the sale id; one is written, the other is told the id is taken.
      const b = await item(f, 1_000, 10);
      for (let round = 0; round < 5; round++) {
        const clientSaleId = randomUUID();
        const answers = await Promise.all([
          completeSale(db, f.actor, {
            ...request([{ itemId: a.id, qtyMilli: 1_000 }], 1_000),
            clientSaleId,
          }),
          completeSale(other, f.actor, {
            ...request([{ itemId: b.id, qtyMilli: 2_000 }], 2_000),
            clientSaleId,
          }),
        ]);
        expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
        expect(answers.flatMap((answer) => (answer.ok ? [] : [answer.error]))).toEqual([
          { code: "replayMismatch" },
        ]);
      }
    } finally {
      await other.$client.end();
    }
    expect(await salesOf(f.shop.id)).toHaveLength(10);
  });

  it("the same sale id in another shop is another sale", async () => {
    const f = await newShop();
    const g = await newShop();
    const a = await item(f, 1_000, 10);
    const b = await item(g, 1_000, 10);
    const clientSaleId = randomUUID();
    saleOf(
      await completeSale(db, f.actor, {
        ...request([{ itemId: a.id, qtyMilli: 1_000 }], 1_000),
        clientSaleId,
      }),
    );
    const there = saleOf(
      await completeSale(db, g.actor, {
        ...request([{ itemId: b.id, qtyMilli: 1_000 }], 1_000),
        clientSaleId,
      }),
    );
    expect(there.replayed).toBe(false);
  });
});

describe("concurrency", () => {
  it("32 tills at once on shared items: distinct consecutive numbers, never oversold", async () => {
    const f = await newShop();
    const stock = [20, 15, 10];
    const items = await Promise.all(stock.map((qty) => item(f, 1_000, qty)));
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, till) => {
        const lines = items.map((it, index) => ({
          itemId: it.id,
          qtyMilli: (((till + index) % 2) + 1) * 1_000,
        }));
        const total = lines.reduce((sum, line) => sum + line.qtyMilli, 0);
        return completeSale(db, f.actor, { ...request(lines, total), till: `เครื่อง ${till}` });
      }),
    );
    const done = answers.filter((a) => a.ok);
    const refused = answers.flatMap((a) => (a.ok ? [] : [a.error]));
    expect(done.length).toBeGreaterThan(0);
    for (const error of refused) expect(error.code).toBe("notEnoughStock");
    const numbers = done.map((a) => saleOf(a).documentNumber).sort();
    expect(numbers).toEqual(
      Array.from({ length: done.length }, (_, i) => `RC${YEAR}-${String(i + 1).padStart(6, "0")}`),
    );
    for (const [index, it] of items.entries()) {
      const [sold] = await db
        .select({ qty: sql<string>`coalesce(sum(${saleLine.qty}), 0)` })
        .from(saleLine)
        .where(eq(saleLine.itemId, it.id));
      expect(Number(sold?.qty)).toBeLessThanOrEqual(stock[index] ?? 0);
      expect(await onHand(it.id)).toBe((stock[index] ?? 0) - Number(sold?.qty));
      expect(await onHand(it.id)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("property: after random sales and voids the books agree", () => {
  it("stock equals the movements, revenue equals the payments, numbers are 1..n", async () => {
    const saleArb = fc.record({
      lines: fc.array(
        fc.record({
          item: fc.integer({ min: 0, max: 2 }),
          qty: fc.integer({ min: 1, max: 4 }),
          discount: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: undefined }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      billPercent: fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: undefined }),
      promptpayShare: fc.integer({ min: 0, max: 100 }),
      extraCash: fc.integer({ min: 0, max: 100_000 }),
      voidIt: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<"inclusive" | "exclusive" | undefined>("inclusive", "exclusive", undefined),
        fc.array(saleArb, { minLength: 1, maxLength: 8 }),
        async (vat, sales) => {
          const f = await newShop({ vat });
          const items = await Promise.all([
            item(f, 1_999, 12, 1_234),
            item(f, 4_550, 8, 3_001),
            item(f, 105, 20, 77),
          ]);
          let expectedOk = 0;
          for (const s of sales) {
            const lines = s.lines.map((line) => ({
              itemId: items[line.item]?.id ?? 0,
              qtyMilli: line.qty * 1_000,
              discount:
                line.discount === undefined
                  ? null
                  : { kind: "percent" as const, basisPoints: line.discount },
            }));
            const billDiscount =
              s.billPercent === undefined
                ? null
                : { kind: "percent" as const, basisPoints: s.billPercent };
            // Ask once for the total (a wrong guess answers the server's), then pay it.
            const probe = await completeSale(db, f.actor, {
              ...request(lines, -1),
              billDiscount,
            });
            const probeError = errorOf(probe);
            if (probeError.code !== "totalChanged") throw new Error(JSON.stringify(probeError));
            const total = probeError.totalSatang;
            const promptpay = Math.floor((total * s.promptpayShare) / 100);
            const payments = [
              ...(promptpay > 0 ? [{ method: "promptpay" as const, amountSatang: promptpay }] : []),
              ...(total - promptpay + s.extraCash > 0
                ? [{ method: "cash" as const, amountSatang: total - promptpay + s.extraCash }]
                : []),
            ];
            const result = await completeSale(db, f.actor, {
              ...request(lines, total),
              billDiscount,
              payments,
            });
            if (!result.ok) {
              expect(result.error.code).toBe("notEnoughStock");
              continue;
            }
            expectedOk++;
            if (s.voidIt) {
              const saleLines = await linesOf(result.sale.id);
              await runLedgerWork(db, f.shop.id, {
                items: [...new Set(saleLines.map((l) => l.itemId))],
                run: (tx) =>
                  voidSaleMovements(tx, {
                    shopId: f.shop.id,
                    userId: f.ownerId,
                    reference: result.sale.documentNumber,
                    lines: saleLines.map((l) => ({ movementId: l.movementId ?? 0 })),
                  }),
              });
            }
          }

          // Stock balances and the items' totals equal the sum of their movements.
          const drift = await db.execute<{ drift: string }>(sql`
            SELECT coalesce(sum(abs(b.qty - coalesce(m.total, 0))), 0) AS drift
              FROM ${stockBalance} b
              LEFT JOIN (SELECT item_id, location_id, sum(qty) AS total FROM ${stockMovement}
                          GROUP BY item_id, location_id) m USING (item_id, location_id)
             WHERE b.shop_id = ${f.shop.id}`);
          expect(Number(drift.rows[0]?.drift)).toBe(0);
          for (const it of items) {
            const [moved] = await db
              .select({ total: sql<string>`coalesce(sum(${stockMovement.qty}), 0)` })
              .from(stockMovement)
              .where(eq(stockMovement.itemId, it.id));
            expect(await onHand(it.id)).toBe(Number(moved?.total));
          }

          // Revenue equals the payments, and equals what was handed over minus the change.
          const rows = await salesOf(f.shop.id);
          expect(rows).toHaveLength(expectedOk);
          const revenue = rows.reduce((sum, r) => sum + r.totalSatang, 0);
          const [paid] = await db
            .select({
              amount: sql<string>`coalesce(sum(${salePayment.amountSatang}), 0)`,
              tendered: sql<string>`coalesce(sum(${salePayment.tenderedSatang}), 0)`,
            })
            .from(salePayment)
            .where(eq(salePayment.shopId, f.shop.id));
          const change = rows.reduce((sum, r) => sum + r.changeSatang, 0);
          expect(Number(paid?.amount)).toBe(revenue);
          expect(Number(paid?.tendered) - change).toBe(revenue);

          // Numbers per kind and year are 1..n with no gap.
          const kind = vat ? "abbreviatedTaxInvoice" : "receipt";
          const numbered = await db
            .select({ seq: sale.documentSeq })
            .from(sale)
            .where(
              and(
                eq(sale.shopId, f.shop.id),
                eq(sale.documentKind, kind),
                eq(sale.documentYear, YEAR),
              ),
            )
            .orderBy(asc(sale.documentSeq));
          expect(numbered.map((r) => r.seq)).toEqual(
            Array.from({ length: expectedOk }, (_, i) => i + 1),
          );
        },
      ),
      { numRuns: 12 },
    );
  });
});
