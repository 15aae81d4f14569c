import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { sale, saleFlag, stockBalance, stockItem } from "~/db/schema";
import {
  buddhistYear,
  type CompleteSaleRequest,
  completeSale,
  computeBill,
  flaggedSales,
  getSaleDocument,
  getSalesSettings,
  receiptDocument,
  type SaleActor,
  settlePayments,
  vatSettingOf,
} from "~/modules/sales/index.server";
import { shopSalesSetting, till } from "~/db/schema";
import { closeOverdueDays, listZReports } from "~/modules/journal/index.server";
import {
  bindTillDevice,
  listTills,
  recordTillCaughtUp,
  registerTill,
  tillSeriesPositions,
} from "~/modules/tills/index.server";
import { insertItem, insertShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * A registered till's sale happened already (issue 34, decision 0071): the customer paid the
 * price it shows and took the goods. The server keeps it as sold — at the till's price, with
 * stock going below zero, for an item archived since — and flags what changed for the owner;
 * the same bill from a till that is no registered till is refused as before. What it never
 * keeps: a bill whose total does not follow from its own lines (a tampered entry).
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const PRICE = 5_000;
const YEAR = buddhistYear(new Date());

async function shopWithTills(onHandMilli: number) {
  const t = await insertShop(db);
  const item = await insertItem(db, t.shop.id, t.ownerId, {
    fields: { price: PRICE, cost: 2_000 },
    opening: { qty: onHandMilli, locationId: t.defaultLocationId },
  });
  const owner = { shopId: t.shop.id, userId: t.ownerId, role: "owner" as const };
  const second = await registerTill(db, owner, { name: "เครื่อง 2", posNumber: "" });
  if (!second.ok) throw new Error(second.error);
  const tills = [];
  for (const row of await listTills(db, t.shop.id)) {
    const bound = await bindTillDevice(db, owner, { tillId: row.id, deviceLabel: row.code });
    if (!bound.ok) throw new Error(bound.error);
    tills.push(bound.value);
  }
  const actor: SaleActor = {
    shopId: t.shop.id,
    userId: t.ownerId,
    cashierName: "เจ้าของ",
    role: "owner",
  };
  return { t, item, actor, tills };
}

type Shop = Awaited<ReturnType<typeof shopWithTills>>;

function bill(
  s: Shop,
  sold: { unitPriceSatang: number; qty: number; total?: number; clientSaleId?: string },
): CompleteSaleRequest {
  const total = sold.total ?? sold.unitPriceSatang * sold.qty;
  return {
    clientSaleId: sold.clientSaleId ?? randomUUID(),
    till: "เครื่อง 1",
    lines: [
      { itemId: s.item.id, qtyMilli: sold.qty * 1000, unitPriceSatang: sold.unitPriceSatang },
    ],
    payments: [{ method: "cash", amountSatang: total }],
    expectedTotalSatang: total,
  };
}

/** The bill as a registered till sends it: its number, token and clock. */
function fromTill(s: Shop, request: CompleteSaleRequest, till: number, seq: number) {
  const now = new Date();
  const bound = s.tills[till]!;
  return completeSale(db, s.actor, {
    ...request,
    device: {
      tillId: bound.tillId,
      token: bound.token,
      kind: "receipt",
      prefix: "RC",
      year: YEAR,
      seq,
      soldAt: new Date(now.getTime() - 10 * 60_000).toISOString(),
      sentAt: now.toISOString(),
    },
  });
}

async function flagsOf(saleId: number) {
  return db
    .select({ reason: saleFlag.reason, lineNo: saleFlag.lineNo, detail: saleFlag.detail })
    .from(saleFlag)
    .where(eq(saleFlag.saleId, saleId));
}

async function onHand(s: Shop): Promise<string> {
  const [row] = await db
    .select({ qty: stockBalance.qty })
    .from(stockBalance)
    .where(
      and(eq(stockBalance.itemId, s.item.id), eq(stockBalance.locationId, s.t.defaultLocationId)),
    );
  return String(row?.qty);
}

describe("a registered till's sale, kept as it was sold", () => {
  it("keeps the till's price when the list price changed meanwhile, and flags it", async () => {
    const s = await shopWithTills(10_000);
    const sold = await fromTill(s, bill(s, { unitPriceSatang: 4_500, qty: 2 }), 0, 1);
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    expect(sold.sale.totalSatang).toBe(9_000);
    expect(await flagsOf(sold.sale.id)).toEqual([
      { reason: "priceChanged", lineNo: 1, detail: { listSatang: PRICE, soldSatang: 4_500 } },
    ]);
    // The same bill from a browser that is no registered till is priced from the list.
    expect(await completeSale(db, s.actor, bill(s, { unitPriceSatang: 4_500, qty: 2 }))).toEqual({
      ok: false,
      error: { code: "totalChanged", totalSatang: 10_000 },
    });
    // The owner reads it on the tills page.
    expect(await flaggedSales(db, s.t.shop.id)).toMatchObject([
      { saleId: sold.sale.id, reason: "priceChanged", listSatang: PRICE, soldSatang: 4_500 },
    ]);
  });

  it("keeps a sale that took the stock below zero in a shop that forbids it, flagged", async () => {
    const s = await shopWithTills(1_000);
    const sold = await fromTill(s, bill(s, { unitPriceSatang: PRICE, qty: 3 }), 0, 1);
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    // The ledger keeps thousandths of a unit: two below zero.
    expect(await onHand(s)).toBe("-2000");
    expect(await flagsOf(sold.sale.id)).toMatchObject([
      { reason: "negativeStock", lineNo: 1, detail: { item: s.item.id, balance: -2 } },
    ]);
    // A sale being made is still held to the rule.
    expect(await completeSale(db, s.actor, bill(s, { unitPriceSatang: PRICE, qty: 1 }))).toEqual({
      ok: false,
      error: { code: "notEnoughStock", line: 0, availableMilli: 0 },
    });
  });

  it("keeps both tills' sales of the last unit, the balance negative and the second flagged", async () => {
    const s = await shopWithTills(1_000);
    const first = await fromTill(s, bill(s, { unitPriceSatang: PRICE, qty: 1 }), 0, 1);
    const second = await fromTill(s, bill(s, { unitPriceSatang: PRICE, qty: 1 }), 1, 1);
    if (!first.ok || !second.ok) throw new Error("a till's sale was refused");
    expect([first.sale.documentNumber, second.sale.documentNumber]).toEqual([
      `RC-P01-${YEAR}-000001`,
      `RC-P02-${YEAR}-000001`,
    ]);
    expect(await onHand(s)).toBe("-1000");
    expect(await flagsOf(first.sale.id)).toEqual([]);
    expect((await flagsOf(second.sale.id)).map((f) => f.reason)).toEqual(["negativeStock"]);
  });

  it("keeps a sale of an item archived since, flagged", async () => {
    const s = await shopWithTills(10_000);
    await db.update(stockItem).set({ status: "archived" }).where(eq(stockItem.id, s.item.id));
    const sold = await fromTill(s, bill(s, { unitPriceSatang: PRICE, qty: 1 }), 0, 1);
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    expect((await flagsOf(sold.sale.id)).map((f) => f.reason)).toEqual(["itemArchived"]);
    expect(await completeSale(db, s.actor, bill(s, { unitPriceSatang: PRICE, qty: 1 }))).toEqual({
      ok: false,
      error: { code: "itemUnavailable", line: 0 },
    });
  });

  it("refuses a tampered entry whose total does not follow from its lines, taking no number", async () => {
    const s = await shopWithTills(10_000);
    const tampered = bill(s, { unitPriceSatang: PRICE, qty: 2, total: 1_000 });
    expect(await fromTill(s, tampered, 0, 1)).toEqual({
      ok: false,
      error: { code: "totalChanged", totalSatang: 10_000 },
    });
    const sales = await db.select().from(sale).where(eq(sale.shopId, s.t.shop.id));
    expect(sales).toEqual([]);
    const positions = await tillSeriesPositions(
      db,
      s.t.shop.id,
      s.tills[0]!.tillId,
      s.tills[0]!.token,
    );
    expect(positions?.receipt ?? null).toBeNull();
  });

  it("answers a queue sent twice with the same sales, never a second one", async () => {
    const s = await shopWithTills(10_000);
    const queue = [1, 2, 3].map(() => bill(s, { unitPriceSatang: PRICE, qty: 1 }));
    const first = [];
    for (const [i, r] of queue.entries()) first.push(await fromTill(s, r, 0, i + 1));
    const again = [];
    for (const [i, r] of queue.entries()) again.push(await fromTill(s, r, 0, i + 1));
    expect(first.every((r) => r.ok)).toBe(true);
    expect(again.map((r) => r.ok && r.sale.replayed)).toEqual([true, true, true]);
    expect(await db.$count(sale, eq(sale.shopId, s.t.shop.id))).toBe(3);
  });

  it("prints the same slip from the till's own bill as the server's document of the sale", async () => {
    const s = await shopWithTills(10_000);
    await db
      .insert(shopSalesSetting)
      .values({ shopId: s.t.shop.id, vatRegistered: true, pricesIncludeVat: true })
      .onConflictDoUpdate({
        target: shopSalesSetting.shopId,
        set: { vatRegistered: true, pricesIncludeVat: true },
      });
    const settings = await getSalesSettings(db, s.t.shop.id);
    const request: CompleteSaleRequest = {
      clientSaleId: randomUUID(),
      till: "เครื่อง 1",
      lines: [
        {
          itemId: s.item.id,
          qtyMilli: 3000,
          unitPriceSatang: PRICE,
          discount: { kind: "amount", satang: 250 },
        },
      ],
      billDiscount: { kind: "percent", basisPoints: 500 },
      note: "ไม่ใส่ถุง",
      payments: [
        { method: "card", amountSatang: 5_000, cardLast4: "4242" },
        { method: "cash", amountSatang: 10_000 },
      ],
      expectedTotalSatang: 0,
    };
    const computed = computeBill({
      lines: [{ unitPriceSatang: PRICE, qtyMilli: 3000, discount: request.lines[0]!.discount }],
      billDiscount: request.billDiscount,
      vat: vatSettingOf(settings),
    });
    if (!computed.ok) throw new Error("no bill");
    request.expectedTotalSatang = computed.bill.totalSatang;
    const settled = settlePayments(computed.bill.totalSatang, request.payments);
    if (!settled.ok) throw new Error("not settled");
    const sold = await fromTill(s, request, 0, 1);
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    const server = await getSaleDocument(db, s.t.shop.id, { saleId: sold.sale.id, doc: "sale" });
    if (!server) throw new Error("no document");
    const local = receiptDocument({
      kind: "receipt",
      documentNumber: sold.sale.documentNumber,
      issuedAt: server.issuedAt,
      seller: server.seller,
      paperWidth: server.paperWidth,
      cashierName: server.cashierName,
      till: server.till,
      note: request.note ?? "",
      bill: computed.bill,
      lines: [
        {
          name: s.item.name,
          sku: s.item.sku,
          unit: s.item.unit,
          qtyMilli: 3000,
          unitPriceSatang: PRICE,
          vatExempt: false,
        },
      ],
      payments: request.payments,
      changeSatang: settled.changeSatang,
    });
    // Everything a slip prints, to the satang: lines, discounts, VAT, payments and change.
    expect(local).toEqual(server);
  });

  it("keeps a till's day open after midnight until its device has sent everything it sold", async () => {
    const s = await shopWithTills(10_000);
    const now = new Date();
    const yesterday = new Date(now.getTime() - 24 * 3_600_000);
    // The device was bound two days ago and sold yesterday; it has not caught up since.
    await db
      .update(till)
      .set({ deviceBoundAt: new Date(now.getTime() - 48 * 3_600_000) })
      .where(eq(till.id, s.tills[0]!.tillId));
    const request = bill(s, { unitPriceSatang: PRICE, qty: 1 });
    const sold = await completeSale(db, s.actor, {
      ...request,
      device: {
        tillId: s.tills[0]!.tillId,
        token: s.tills[0]!.token,
        kind: "receipt",
        prefix: "RC",
        year: buddhistYear(yesterday),
        seq: 1,
        soldAt: yesterday.toISOString(),
        sentAt: now.toISOString(),
      },
    });
    expect(sold.ok).toBe(true);
    const zOf = async () =>
      (await listZReports(db, s.t.shop.id, { tillId: s.tills[0]!.tillId })).length;
    await closeOverdueDays(db, s.t.shop.id, now);
    expect(await zOf()).toBe(0);
    // Nothing left waiting on the device: yesterday closes on the next round.
    expect(
      await recordTillCaughtUp(db, s.t.shop.id, s.tills[0]!.tillId, s.tills[0]!.token, now),
    ).toBe(true);
    await closeOverdueDays(db, s.t.shop.id, now);
    expect(await zOf()).toBe(1);
    // A device that is not the till's says nothing.
    expect(await recordTillCaughtUp(db, s.t.shop.id, s.tills[0]!.tillId, "x".repeat(40), now)).toBe(
      false,
    );
  });

  it("keeps the VAT setting the till sold under, flagged when the shop changed it since", async () => {
    const s = await shopWithTills(10_000);
    // The till still had the shop as VAT-registered, prices including 7 %: its slip was an
    // abbreviated tax invoice. The shop is not registered now.
    const device = (seq: number, kind: "receipt" | "abbreviatedTaxInvoice") => ({
      tillId: s.tills[0]!.tillId,
      token: s.tills[0]!.token,
      kind,
      prefix: kind === "receipt" ? "RC" : "ABB",
      year: YEAR,
      seq,
      soldAt: new Date().toISOString(),
      sentAt: new Date().toISOString(),
    });
    const vat = { mode: "inclusive" as const, rateBasisPoints: 700 };
    const request = { ...bill(s, { unitPriceSatang: PRICE, qty: 2 }), vat };
    const sold = await completeSale(db, s.actor, {
      ...request,
      device: device(1, "abbreviatedTaxInvoice"),
    });
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    const [row] = await db
      .select({ vat: sale.vatSatang, kind: sale.documentKind, total: sale.totalSatang })
      .from(sale)
      .where(eq(sale.id, sold.sale.id));
    // 10,000 satang including 7 %: the VAT the slip printed.
    expect(row).toEqual({ vat: 654, kind: "abbreviatedTaxInvoice", total: 10_000 });
    expect(await flagsOf(sold.sale.id)).toEqual([
      {
        reason: "vatChanged",
        lineNo: null,
        detail: {
          listMode: "none",
          listRateBasisPoints: 0,
          soldMode: "inclusive",
          soldRateBasisPoints: 700,
        },
      },
    ]);
    const [flag] = await flaggedSales(db, s.t.shop.id);
    expect(flag?.vat).toEqual({
      list: { mode: "none", rateBasisPoints: 0 },
      sold: { mode: "inclusive", rateBasisPoints: 700 },
    });
    // A receipt (no VAT) that claims a VAT setting is no slip a till prints: refused.
    expect(
      await completeSale(db, s.actor, {
        ...{ ...bill(s, { unitPriceSatang: PRICE, qty: 1 }), vat },
        device: device(1, "receipt"),
      }),
    ).toEqual({ ok: false, error: { code: "badRequest" } });
    // The same setting as the shop's: nothing to flag.
    const plain = await completeSale(db, s.actor, {
      ...bill(s, { unitPriceSatang: PRICE, qty: 1 }),
      vat: { mode: "none", rateBasisPoints: 0 },
      device: device(1, "receipt"),
    });
    if (!plain.ok) throw new Error(JSON.stringify(plain.error));
    expect(await flagsOf(plain.sale.id)).toEqual([]);
  });

  it("counts the slip the till printed before the sale arrived as the original", async () => {
    const s = await shopWithTills(10_000);
    const request = bill(s, { unitPriceSatang: PRICE, qty: 1 });
    const now = new Date();
    const device = {
      tillId: s.tills[0]!.tillId,
      token: s.tills[0]!.token,
      kind: "receipt" as const,
      prefix: "RC",
      year: YEAR,
      seq: 1,
      soldAt: new Date(now.getTime() - 60_000).toISOString(),
      sentAt: now.toISOString(),
    };
    const printed = await completeSale(db, s.actor, {
      ...request,
      device: { ...device, printedAt: new Date(now.getTime() - 30_000).toISOString() },
    });
    if (!printed.ok) throw new Error(JSON.stringify(printed.error));
    const ref = { saleId: printed.sale.id, doc: "sale" } as const;
    expect((await getSaleDocument(db, s.t.shop.id, ref))?.isCopy).toBe(true);
    // A sale whose slip the till did not print: the server's first print is the original.
    const unprinted = await completeSale(db, s.actor, {
      ...bill(s, { unitPriceSatang: PRICE, qty: 1 }),
      device: { ...device, seq: 2 },
    });
    if (!unprinted.ok) throw new Error(JSON.stringify(unprinted.error));
    const second = { saleId: unprinted.sale.id, doc: "sale" } as const;
    expect((await getSaleDocument(db, s.t.shop.id, second))?.isCopy).toBe(false);
    // Sent again after the till printed it (the answer was lost): the retry says so.
    const again = await completeSale(db, s.actor, {
      ...bill(s, { unitPriceSatang: PRICE, qty: 1, clientSaleId: request.clientSaleId }),
      device: { ...device, printedAt: now.toISOString() },
    });
    expect(again.ok && again.sale.replayed).toBe(true);
  });

  it("shows the owner a till whose browser refused persistent storage", async () => {
    const s = await shopWithTills(10_000);
    const [first] = s.tills;
    expect((await listTills(db, s.t.shop.id))[0]?.deviceStorage).toBeNull();
    await recordTillCaughtUp(db, s.t.shop.id, first!.tillId, first!.token, new Date(), "refused");
    // Caught up again before the browser answered this time: the earlier answer stands.
    await recordTillCaughtUp(db, s.t.shop.id, first!.tillId, first!.token, new Date());
    expect((await listTills(db, s.t.shop.id)).map((row) => row.deviceStorage)).toEqual([
      "refused",
      null,
    ]);
  });
});
