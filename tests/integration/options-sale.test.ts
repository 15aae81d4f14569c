import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  itemOptionGroup,
  optionChoice,
  optionGroup,
  sale,
  saleFlag,
  saleLine,
  saleLineOption,
  stockItem,
  stockMovement,
} from "~/db/schema";
import { documentView } from "~/features/sales-documents/document-view";
import { createTranslate } from "~/lib/i18n";
import { th } from "~/lib/i18n/th";
import {
  completeSale,
  getSaleDocument,
  getSaleDetail,
  returnSaleLines,
  voidSale,
  type CompleteSaleRequest,
  type SaleActor,
  type SaleLineRequest,
} from "~/modules/sales/index.server";
import { buddhistYear } from "~/modules/sales/index.server";
import { bindTillDevice, listTills } from "~/modules/tills/index.server";
import { shopWithItems, type TestShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// Options (modifiers) on a sale (issue 37, decision 0092): priced by the same rule as the till,
// refused online with the group named, kept as sold, their stock posted with the sale and
// given back by a void or a return.

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(async () => {
  await test.drop();
});

interface Cafe extends TestShop {
  actor: SaleActor;
  beans: { id: number; sku: string };
  latte: { id: number; sku: string };
  sweet: { id: number; normal: number; less: number; none: number };
  extras: { id: number; shot: number; pearls: number };
}

/** A café: beans by the kg (1 kg at 600.00/kg), a latte at 65.00 asking ความหวาน and เพิ่ม. */
async function cafe(): Promise<Cafe> {
  const made = await shopWithItems(db, {
    shop: { allowNegativeStock: false },
    items: {
      beans: {
        fields: {
          name: "เมล็ดกาแฟ",
          sku: `BEANS-${randomUUID().slice(0, 6)}`,
          unit: "กก.",
          measured: true,
          cost: 60_000,
          price: 0,
        },
        stock: 1_000,
      },
      latte: {
        fields: {
          name: "ลาเต้เย็น",
          sku: `LATTE-${randomUUID().slice(0, 6)}`,
          unit: "แก้ว",
          cost: 1_000,
          price: 6_500,
        },
        stock: 100_000,
      },
    },
    names: { owner: "น้องมิ้นท์" },
  });
  const shopId = made.shop.id;
  const { beans, latte } = made.items;
  const [sweet] = await db
    .insert(optionGroup)
    .values({ shopId, name: "ความหวาน", minChoices: 1, maxChoices: 1 })
    .returning();
  const [extras] = await db
    .insert(optionGroup)
    .values({ shopId, name: "เพิ่ม", minChoices: 0, maxChoices: 2 })
    .returning();
  const choices = await db
    .insert(optionChoice)
    .values([
      { shopId, groupId: sweet!.id, name: "ปกติ", position: 1 },
      { shopId, groupId: sweet!.id, name: "หวานน้อย", position: 2 },
      { shopId, groupId: sweet!.id, name: "ไม่หวาน", position: 3 },
      {
        shopId,
        groupId: extras!.id,
        name: "เพิ่มช็อต",
        priceSatang: 1_500,
        stockItemId: beans.id,
        stockQty: 18,
        position: 1,
      },
      { shopId, groupId: extras!.id, name: "ไข่มุก", priceSatang: 1_000, position: 2 },
    ])
    .returning();
  await db.insert(itemOptionGroup).values([
    { shopId, itemId: latte.id, groupId: sweet!.id, position: 1 },
    { shopId, itemId: latte.id, groupId: extras!.id, position: 2 },
  ]);
  const id = (name: string) => choices.find((c) => c.name === name)!.id;
  return {
    ...made,
    actor: made.owner,
    beans,
    latte,
    sweet: { id: sweet!.id, normal: id("ปกติ"), less: id("หวานน้อย"), none: id("ไม่หวาน") },
    extras: { id: extras!.id, shot: id("เพิ่มช็อต"), pearls: id("ไข่มุก") },
  };
}

function request(lines: SaleLineRequest[], total: number): CompleteSaleRequest {
  return {
    clientSaleId: randomUUID(),
    till: "เครื่อง 1",
    lines,
    payments: [{ method: "cash", amountSatang: total }],
    expectedTotalSatang: total,
  };
}

async function onHand(itemId: number) {
  const [row] = await db
    .select({ onHand: stockItem.onHand })
    .from(stockItem)
    .where(eq(stockItem.id, itemId));
  return row!.onHand;
}

async function optionsOfSale(saleId: number) {
  return db
    .select({
      lineNo: saleLine.lineNo,
      groupName: saleLineOption.groupName,
      choiceName: saleLineOption.choiceName,
      priceSatang: saleLineOption.priceSatang,
    })
    .from(saleLineOption)
    .innerJoin(saleLine, eq(saleLine.id, saleLineOption.saleLineId))
    .where(eq(saleLine.saleId, saleId))
    .orderBy(asc(saleLine.lineNo), asc(saleLineOption.position));
}

describe("a sale with options", () => {
  it("prices the line with its options, keeps them as sold and moves what they consume", async () => {
    const c = await cafe();
    // Two lattes หวานน้อย + an extra shot (65 + 15 = 80 each), one ไม่หวาน with pearls (75).
    const result = await completeSale(
      db,
      c.actor,
      request(
        [
          { itemId: c.latte.id, qtyMilli: 2_000, options: [c.extras.shot, c.sweet.less] },
          { itemId: c.latte.id, qtyMilli: 1_000, options: [c.sweet.none, c.extras.pearls] },
        ],
        23_500,
      ),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const lines = await db
      .select()
      .from(saleLine)
      .where(eq(saleLine.saleId, result.sale.id))
      .orderBy(asc(saleLine.lineNo));
    expect(lines.map((l) => l.unitPriceSatang)).toEqual([8_000, 7_500]);
    // In the group's order, whatever order the till sent them in.
    expect(await optionsOfSale(result.sale.id)).toEqual([
      { lineNo: 1, groupName: "ความหวาน", choiceName: "หวานน้อย", priceSatang: 0 },
      { lineNo: 1, groupName: "เพิ่ม", choiceName: "เพิ่มช็อต", priceSatang: 1_500 },
      { lineNo: 2, groupName: "ความหวาน", choiceName: "ไม่หวาน", priceSatang: 0 },
      { lineNo: 2, groupName: "เพิ่ม", choiceName: "ไข่มุก", priceSatang: 1_000 },
    ]);
    // Two shots: 36 g of beans at 600.00/kg = 21.60 on the first line's cost, with the lattes'.
    expect(await onHand(c.beans.id)).toBe(964);
    expect(await onHand(c.latte.id)).toBe(97_000);
    expect(lines[0]).toMatchObject({ costSatang: 2 * 1_000 + 2_160 });
    expect(lines[0]!.movementId).not.toBeNull();
    expect(lines[1]).toMatchObject({ costSatang: 1_000 });
    const [row] = await db.select().from(sale).where(eq(sale.id, result.sale.id));
    expect(row!.costSatang).toBe(3 * 1_000 + 2_160);
    const beansMoved = await db
      .select()
      .from(stockMovement)
      .where(
        and(
          eq(stockMovement.documentId, row!.stockDocumentId!),
          eq(stockMovement.itemId, c.beans.id),
        ),
      );
    expect(beansMoved).toMatchObject([{ qty: -36, valueSatang: -2_160, lineNo: 1 }]);

    // The slip prints the choices under their line, with their price when not zero.
    const slip = await getSaleDocument(db, c.shop.id, { doc: "sale", saleId: result.sale.id });
    expect(slip?.lines.map((l) => l.options?.map((o) => o.choiceName))).toEqual([
      ["หวานน้อย", "เพิ่มช็อต"],
      ["ไม่หวาน", "ไข่มุก"],
    ]);
    const view = documentView(slip!, createTranslate(th, undefined, "th"), "th");
    expect(view.lines[0]?.options).toEqual(["หวานน้อย", "เพิ่มช็อต +15.00"]);
    const detail = await getSaleDetail(db, c.shop.id, result.sale.id);
    expect(detail?.lines[1]?.options.map((o) => o.choiceName)).toEqual(["ไม่หวาน", "ไข่มุก"]);

    // The void gives the lattes and the beans back.
    const voided = await voidSale(
      db,
      { shopId: c.shop.id, userId: c.ownerId, role: "owner" },
      { saleId: result.sale.id, reason: "ลูกค้ายกเลิก" },
    );
    expect(voided.ok).toBe(true);
    expect(await onHand(c.beans.id)).toBe(1_000);
    expect(await onHand(c.latte.id)).toBe(100_000);
  });

  it("a return of part of a line gives back its share of what the options consumed", async () => {
    const c = await cafe();
    const result = await completeSale(
      db,
      c.actor,
      request(
        [{ itemId: c.latte.id, qtyMilli: 2_000, options: [c.sweet.normal, c.extras.shot] }],
        16_000,
      ),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const [line] = await db.select().from(saleLine).where(eq(saleLine.saleId, result.sale.id));
    const returned = await returnSaleLines(
      db,
      { shopId: c.shop.id, userId: c.ownerId, role: "owner" },
      {
        saleId: result.sale.id,
        reason: "แก้วแตก",
        refundMethod: "cash",
        lines: [{ saleLineId: line!.id, qtyMilli: 1_000 }],
      },
    );
    expect(returned).toMatchObject({ ok: true });
    expect(await onHand(c.beans.id)).toBe(982);
    expect(await onHand(c.latte.id)).toBe(99_000);
  });

  it("refuses online, naming the group: a required group empty, too many, a choice not offered", async () => {
    const c = await cafe();
    const refused = async (options: number[] | undefined, total: number) => {
      const result = await completeSale(
        db,
        c.actor,
        request([{ itemId: c.latte.id, qtyMilli: 1_000, ...(options ? { options } : {}) }], total),
      );
      return result.ok ? null : result.error;
    };
    expect(await refused(undefined, 6_500)).toEqual({
      code: "options",
      line: 0,
      reason: "tooFew",
      group: "ความหวาน",
      limit: 1,
    });
    expect(await refused([c.sweet.less, c.sweet.none], 6_500)).toMatchObject({
      code: "options",
      reason: "tooMany",
      group: "ความหวาน",
      limit: 1,
    });
    const other = await cafe();
    expect(await refused([c.sweet.less, other.extras.pearls], 7_500)).toMatchObject({
      code: "options",
      reason: "notOffered",
    });
    // Options on an item that asks none are not offered either.
    const plain = await completeSale(
      db,
      c.actor,
      request([{ itemId: c.beans.id, qtyMilli: 10, options: [c.sweet.less] }], 0),
    );
    expect(plain).toMatchObject({ ok: false, error: { code: "options", reason: "notOffered" } });
    // Nothing half-written: no sale, no stock moved.
    const sales = await db.select().from(sale).where(eq(sale.shopId, c.shop.id));
    expect(sales).toHaveLength(0);
    expect(await onHand(c.beans.id)).toBe(1_000);
  });

  it("a total that leaves out the options' price is refused as changed", async () => {
    const c = await cafe();
    const result = await completeSale(
      db,
      c.actor,
      request(
        [{ itemId: c.latte.id, qtyMilli: 1_000, options: [c.sweet.less, c.extras.shot] }],
        6_500,
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: "totalChanged", totalSatang: 8_000 },
    });
  });
});

describe("a registered till's queued sale with options that changed since", () => {
  it("is kept as sold with the choices that still exist, and flagged", async () => {
    const c = await cafe();
    // Sold offline with ไข่มุก only (no sweetness); since then the shop deleted ไข่มุก.
    await db.delete(optionChoice).where(eq(optionChoice.id, c.extras.pearls));
    const owner = { shopId: c.shop.id, userId: c.ownerId, role: "owner" as const };
    const [first] = await listTills(db, c.shop.id);
    const bound = await bindTillDevice(db, owner, { tillId: first!.id, deviceLabel: "test" });
    if (!bound.ok) throw new Error(bound.error);
    const now = Date.now();
    const body: CompleteSaleRequest = {
      ...request(
        [
          {
            itemId: c.latte.id,
            qtyMilli: 1_000,
            unitPriceSatang: 7_500,
            options: [c.extras.pearls],
          },
        ],
        7_500,
      ),
      device: {
        tillId: bound.value.tillId,
        token: bound.value.token,
        kind: "receipt",
        prefix: "RC",
        year: buddhistYear(new Date()),
        seq: 1,
        soldAt: new Date(now - 60_000).toISOString(),
        sentAt: new Date(now).toISOString(),
      },
    };
    const result = await completeSale(db, c.actor, body);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const flags = await db.select().from(saleFlag).where(eq(saleFlag.saleId, result.sale.id));
    expect(flags.map((f) => f.reason).sort()).toEqual(["optionsChanged", "priceChanged"]);
    expect(await optionsOfSale(result.sale.id)).toEqual([]);
    const [line] = await db.select().from(saleLine).where(eq(saleLine.saleId, result.sale.id));
    expect(line!.unitPriceSatang).toBe(7_500);
  });
});
