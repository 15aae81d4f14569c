import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { sale, saleLine, saleLineIngredient, stockItem, stockMovement } from "~/db/schema";
import {
  completeSale,
  returnSaleLines,
  voidSale,
  type CompleteSaleRequest,
  type SaleActor,
  type SaleLineRequest,
} from "~/modules/sales/index.server";
import { getRecipe, listRecipes, listTillItems, saveRecipe } from "~/modules/stock/index.server";
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

interface Cafe extends TestShop {
  actor: SaleActor;
  beans: { id: number; sku: string };
  milk: { id: number; sku: string };
  cup: { id: number; sku: string };
  latte: { id: number; sku: string };
}

/**
 * A café: beans by the kg (1,000 g at 600.00 บาท/kg), milk by the litre (10 l at 50.00),
 * 100 cups at 2.00, and a latte at 65.00 made of 18 g beans, 200 ml milk and one cup.
 */
async function cafe(): Promise<Cafe> {
  const made = await insertShop(db, { allowNegativeStock: false });
  const at = made.defaultLocationId;
  const beans = await insertItem(db, made.shop.id, made.ownerId, {
    fields: {
      name: "เมล็ดกาแฟ",
      sku: `BEANS-${randomUUID().slice(0, 6)}`,
      unit: "กก.",
      measured: true,
      cost: 60_000,
      price: 0,
    },
    opening: { qty: 1_000, locationId: at },
  });
  const milk = await insertItem(db, made.shop.id, made.ownerId, {
    fields: {
      name: "นมสด",
      sku: `MILK-${randomUUID().slice(0, 6)}`,
      unit: "ลิตร",
      measured: true,
      cost: 5_000,
      price: 0,
    },
    opening: { qty: 10_000, locationId: at },
  });
  const cup = await insertItem(db, made.shop.id, made.ownerId, {
    fields: {
      name: "แก้ว 16 ออนซ์",
      sku: `CUP-${randomUUID().slice(0, 6)}`,
      unit: "ใบ",
      cost: 200,
      price: 0,
    },
    opening: { qty: 100_000, locationId: at },
  });
  const latte = await insertItem(db, made.shop.id, made.ownerId, {
    fields: {
      name: "ลาเต้เย็น",
      sku: `LATTE-${randomUUID().slice(0, 6)}`,
      unit: "แก้ว",
      cost: 0,
      price: 6_500,
    },
  });
  const saved = await saveRecipe(
    db,
    made.shop.id,
    latte.id,
    `${beans.sku} 0.018\n${milk.sku} 0.2\n${cup.sku} 1`,
  );
  expect(saved).toEqual({ ok: true, componentCount: 3 });
  return {
    ...made,
    actor: { shopId: made.shop.id, userId: made.ownerId, cashierName: "น้องมิ้นท์", role: "owner" },
    beans,
    milk,
    cup,
    latte,
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
    .select({ onHand: stockItem.onHand, value: stockItem.stockValueSatang })
    .from(stockItem)
    .where(eq(stockItem.id, itemId));
  return row!;
}

async function sell(c: Cafe, lines: SaleLineRequest[], total: number) {
  const result = await completeSale(db, c.actor, request(lines, total));
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.sale;
}

describe("selling a recipe item", () => {
  it("moves the ingredients at their moving-average cost in the sale's stock document", async () => {
    const c = await cafe();
    const done = await sell(
      c,
      [
        { itemId: c.latte.id, qtyMilli: 2_000 },
        { itemId: c.cup.id, qtyMilli: 1_000 },
      ],
      13_000,
    );

    // 2 lattes: 36 g beans (21.60), 400 ml milk (20.00), 2 cups (4.00) = 45.60; one cup 2.00.
    const lines = await db
      .select()
      .from(saleLine)
      .where(eq(saleLine.saleId, done.id))
      .orderBy(asc(saleLine.lineNo));
    expect(lines[0]).toMatchObject({
      itemId: c.latte.id,
      costSatang: 4_560,
      unitCostSatang: 2_280,
      movementId: null,
    });
    expect(lines[1]).toMatchObject({ itemId: c.cup.id, costSatang: 200, unitCostSatang: 200 });
    expect(lines[1]!.movementId).not.toBeNull();
    const [row] = await db.select().from(sale).where(eq(sale.id, done.id));
    expect(row!.costSatang).toBe(4_760);

    // One stock document: the ingredients' movements and the cup's, none for the latte.
    const moved = await db
      .select()
      .from(stockMovement)
      .where(
        and(eq(stockMovement.documentId, row!.stockDocumentId!), eq(stockMovement.kind, "sale")),
      );
    expect(moved.map((m) => m.itemId).sort()).toEqual(
      [c.beans.id, c.milk.id, c.cup.id, c.cup.id].sort(),
    );
    expect(moved.find((m) => m.itemId === c.beans.id)).toMatchObject({
      qty: -36,
      unitCostSatang: 60_000,
      valueSatang: -2_160,
    });
    const links = await db
      .select()
      .from(saleLineIngredient)
      .where(eq(saleLineIngredient.saleLineId, lines[0]!.id));
    expect(links).toHaveLength(3);

    expect((await onHand(c.beans.id)).onHand).toBe(964);
    expect((await onHand(c.milk.id)).onHand).toBe(9_600);
    expect((await onHand(c.cup.id)).onHand).toBe(97_000);
    expect((await onHand(c.latte.id)).onHand).toBe(0);

    // Storehub: the milk decides, 9.6 l / 200 ml = 48 more lattes; one costs 22.80.
    const [summary] = await listRecipes(db, c.shop.id);
    expect(summary).toMatchObject({
      itemId: c.latte.id,
      componentCount: 3,
      costSatang: 2_280,
      canMake: 48,
    });
    // The till counts the latte's stock as what can still be made (it holds none itself).
    const till = await listTillItems(db, c.shop.id);
    expect(till.find((i) => i.id === c.latte.id)?.onHandMilli).toBe(48_000);
  });

  it("a recipe of a recipe moves the stocked items at the bottom", async () => {
    const c = await cafe();
    const set = await insertItem(db, c.shop.id, c.ownerId, {
      fields: {
        name: "ชุดลาเต้คู่",
        sku: `SET-${randomUUID().slice(0, 6)}`,
        unit: "ชุด",
        price: 12_000,
      },
    });
    expect(
      await saveRecipe(db, c.shop.id, set.id, `${c.latte.sku} 2\n${c.cup.sku} 1`),
    ).toMatchObject({ ok: true });
    const done = await sell(c, [{ itemId: set.id, qtyMilli: 1_000 }], 12_000);
    const [line] = await db.select().from(saleLine).where(eq(saleLine.saleId, done.id));
    // 2 lattes (45.60) and a cup (2.00).
    expect(line!.costSatang).toBe(4_760);
    expect((await onHand(c.cup.id)).onHand).toBe(97_000);
  });

  it("refuses the sale when an ingredient is short, and nothing is written", async () => {
    const c = await cafe();
    const result = await completeSale(
      db,
      c.actor,
      request([{ itemId: c.latte.id, qtyMilli: 60_000 }], 390_000),
    );
    expect(result.ok).toBe(false);
    expect(await db.select().from(sale).where(eq(sale.shopId, c.shop.id))).toHaveLength(0);
    expect((await onHand(c.beans.id)).onHand).toBe(1_000);
  });
});

describe("void and return", () => {
  it("a void puts the ingredients back at the cost they left with", async () => {
    const c = await cafe();
    const before = await Promise.all([c.beans, c.milk, c.cup].map((i) => onHand(i.id)));
    const done = await sell(c, [{ itemId: c.latte.id, qtyMilli: 3_000 }], 19_500);
    const result = await voidSale(db, c.actor, { saleId: done.id, reason: "ลูกค้ายกเลิก" });
    expect(result).toMatchObject({ ok: true });
    const after = await Promise.all([c.beans, c.milk, c.cup].map((i) => onHand(i.id)));
    expect(after).toEqual(before);
  });

  it("a return of part of a recipe line gives back its share of each ingredient", async () => {
    const c = await cafe();
    const done = await sell(c, [{ itemId: c.latte.id, qtyMilli: 3_000 }], 19_500);
    const [line] = await db.select().from(saleLine).where(eq(saleLine.saleId, done.id));
    const result = await returnSaleLines(db, c.actor, {
      saleId: done.id,
      lines: [{ saleLineId: line!.id, qtyMilli: 1_000 }],
      reason: "ชงผิดสูตร",
      refundMethod: "cash",
    });
    expect(result).toMatchObject({ ok: true });
    // One latte's 18 g, 200 ml and a cup came back.
    expect((await onHand(c.beans.id)).onHand).toBe(1_000 - 54 + 18);
    expect((await onHand(c.milk.id)).onHand).toBe(10_000 - 600 + 200);
    expect((await onHand(c.cup.id)).onHand).toBe(100_000 - 3_000 + 1_000);
    // The rest by void-free return: the last one gives back all that is still out.
    await returnSaleLines(db, c.actor, {
      saleId: done.id,
      lines: [{ saleLineId: line!.id, qtyMilli: 2_000 }],
      reason: "ชงผิดสูตร",
      refundMethod: "cash",
    });
    expect((await onHand(c.beans.id)).onHand).toBe(1_000);
  });
});

describe("saving a recipe", () => {
  it("refuses a recipe that contains itself, directly or through another recipe", async () => {
    const c = await cafe();
    expect(await saveRecipe(db, c.shop.id, c.latte.id, `${c.latte.sku} 1`)).toMatchObject({
      ok: false,
      error: "storehub.recipes.error.itself",
      line: 1,
    });
    const set = await insertItem(db, c.shop.id, c.ownerId, {
      fields: { name: "ชุดลาเต้", sku: `SET-${randomUUID().slice(0, 6)}`, unit: "ชุด", price: 12_000 },
    });
    expect(await saveRecipe(db, c.shop.id, set.id, `${c.latte.sku} 2`)).toMatchObject({ ok: true });
    // The latte made of the set, which is made of lattes: refused, the old recipe kept.
    expect(
      await saveRecipe(db, c.shop.id, c.latte.id, `${c.cup.sku} 1\n${set.sku} 1`),
    ).toMatchObject({
      ok: false,
      error: "storehub.recipes.error.loop",
      line: 2,
      sku: set.sku.toUpperCase(),
    });
    expect((await getRecipe(db, c.shop.id, c.latte.id)).map((r) => r.itemId)).toEqual([
      c.beans.id,
      c.milk.id,
      c.cup.id,
    ]);
  });

  it("refuses an unknown SKU, a fraction of a whole-unit item and a line it cannot read", async () => {
    const c = await cafe();
    expect(await saveRecipe(db, c.shop.id, c.latte.id, "NOPE 1")).toMatchObject({
      ok: false,
      error: "storehub.recipes.error.unknownSku",
      line: 1,
    });
    expect(await saveRecipe(db, c.shop.id, c.latte.id, `${c.cup.sku} 0.5`)).toMatchObject({
      ok: false,
      error: "storehub.recipes.error.whole",
    });
    expect(await saveRecipe(db, c.shop.id, c.latte.id, `${c.cup.sku}`)).toMatchObject({
      ok: false,
      error: "storehub.recipes.error.line",
    });
    // Another shop's item is not found either.
    const other = await insertShop(db);
    expect(await saveRecipe(db, other.shop.id, c.latte.id, `${c.cup.sku} 1`)).toMatchObject({
      ok: false,
    });
  });
});
