import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { saleFlag, saleLine } from "~/db/schema";
import {
  allLevelPrices,
  completeSale,
  createPriceLevel,
  deletePriceLevel,
  setItemLevelPrices,
  type SaleActor,
} from "~/modules/sales/index.server";
import {
  addItem,
  billOf,
  emptyCart,
  linePriceOf,
  saleRequestOf,
  type Cart,
} from "~/routes/shophub/sell/cart";
import { indexItems, type ItemIndex, type TillItem } from "~/routes/shophub/sell/till-data";
import { insertItem, insertShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Price levels and quantity breaks (issue 37, decision 0089): the till's bill and the server's
 * sale price a line with the same function, so a wholesale bill the till shows is the bill
 * the server writes, to the satang.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(async () => {
  await test.drop();
});

const NONE = { mode: "none", rateBasisPoints: 0 } as const;

async function shopWithLevels() {
  const made = await insertShop(db, { allowNegativeStock: true });
  const actor: SaleActor = {
    shopId: made.shop.id,
    userId: made.ownerId,
    cashierName: "สมใจ ขายดี",
    role: "owner",
  };
  const pipe = await insertItem(db, made.shop.id, made.ownerId, {
    fields: { price: 5_000, cost: 3_000, name: "ท่อ PVC 1/2 นิ้ว", sku: "PIPE-12" },
  });
  const glue = await insertItem(db, made.shop.id, made.ownerId, {
    fields: { price: 2_500, cost: 1_000, name: "กาวทาท่อ", sku: "GLUE-1" },
  });
  const wholesale = await createPriceLevel(db, made.shop.id, "ราคาส่ง");
  if (!wholesale.ok) throw new Error("no level");
  // ราคาส่ง 48.00; 10 ชิ้นขึ้นไป 45.00; 100 ชิ้นขึ้นไป 42.00. The glue has no wholesale price.
  expect(
    await setItemLevelPrices(db, made.shop.id, wholesale.level.id, pipe.id, [
      { minQtyMilli: 1_000, priceSatang: 4_800 },
      { minQtyMilli: 10_000, priceSatang: 4_500 },
      { minQtyMilli: 100_000, priceSatang: 4_200 },
    ]),
  ).toBe(true);
  return { ...made, actor, pipe, glue, level: wholesale.level };
}

function tillItem(item: { id: number; name: string; sku: string; priceSatang: number }): TillItem {
  return {
    id: item.id,
    name: item.name,
    sku: item.sku,
    barcode: null,
    category: "",
    unit: "ชิ้น",
    priceSatang: item.priceSatang,
    onHandMilli: 1_000_000,
    imageUrl: null,
    measured: false,
  };
}

async function tillIndex(shopId: string, items: TillItem[]): Promise<ItemIndex> {
  return { ...indexItems(items), levels: await allLevelPrices(db, shopId) };
}

function cartOf(items: [TillItem, number][], level: { id: number; name: string } | null): Cart {
  let cart: Cart = { ...emptyCart(randomUUID()), priceLevel: level };
  for (const [item, qty] of items) {
    const change = addItem(cart, item, qty * 1_000, { allowNegative: true });
    if (change.kind !== "ok") throw new Error("not added");
    cart = change.cart;
  }
  return cart;
}

async function linesOf(saleId: number) {
  return db
    .select()
    .from(saleLine)
    .where(eq(saleLine.saleId, saleId))
    .orderBy(asc(saleLine.lineNo));
}

describe("price levels and quantity breaks", () => {
  it("a wholesale bill: the till and the server price 12 pipes at the 10+ break, glue at retail", async () => {
    const f = await shopWithLevels();
    const pipe = tillItem(f.pipe);
    const glue = tillItem(f.glue);
    const index = await tillIndex(f.shop.id, [pipe, glue]);
    const cart = cartOf(
      [
        [pipe, 12],
        [glue, 2],
      ],
      f.level,
    );
    // The till: 12 × 45.00 = 540.00; the glue has no wholesale price: 2 × 25.00 (shown as retail).
    expect(linePriceOf(cart, index, glue, 2_000).fallback).toBe(true);
    expect(linePriceOf(cart, index, pipe, 12_000)).toEqual({
      unitPriceSatang: 4_500,
      fallback: false,
    });
    const bill = billOf(cart, index, NONE);
    if (!bill.ok) throw new Error("no bill");
    expect(bill.bill.totalSatang).toBe(59_000);

    // The server, from the request the till sends (without the till's prices: a browser sale).
    const request = saleRequestOf(
      cart,
      "เครื่อง 1",
      [{ method: "cash", amountSatang: 59_000 }],
      59_000,
    );
    expect(request.priceLevelId).toBe(f.level.id);
    const result = await completeSale(db, f.actor, request);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.sale.totalSatang).toBe(59_000);
    const lines = await linesOf(result.sale.id);
    expect(lines.map((l) => [l.unitPriceSatang, l.totalSatang])).toEqual([
      [4_500, 54_000],
      [2_500, 5_000],
    ]);
  });

  it("every quantity: the till's bill and the server's sale agree (one function)", async () => {
    const f = await shopWithLevels();
    const pipe = tillItem(f.pipe);
    const index = await tillIndex(f.shop.id, [pipe]);
    for (const [qty, unit] of [
      [1, 4_800],
      [9, 4_800],
      [10, 4_500],
      [99, 4_500],
      [100, 4_200],
      [150, 4_200],
    ] as const) {
      const cart = cartOf([[pipe, qty]], f.level);
      const bill = billOf(cart, index, NONE);
      if (!bill.ok) throw new Error("no bill");
      expect(bill.bill.totalSatang).toBe(qty * unit);
      const result = await completeSale(
        db,
        f.actor,
        saleRequestOf(
          cart,
          "เครื่อง 1",
          [{ method: "cash", amountSatang: bill.bill.totalSatang }],
          bill.bill.totalSatang,
        ),
      );
      if (!result.ok) throw new Error(`${qty}: ${JSON.stringify(result.error)}`);
      expect(result.sale.totalSatang).toBe(qty * unit);
    }
  });

  it("the server never takes the till's price: a retail total at wholesale is refused", async () => {
    const f = await shopWithLevels();
    const pipe = tillItem(f.pipe);
    // The till says retail (no level) but sends the level: the server's total differs.
    const cart = cartOf([[pipe, 12]], f.level);
    const result = await completeSale(db, f.actor, {
      ...saleRequestOf(cart, "เครื่อง 1", [{ method: "cash", amountSatang: 48_000 }], 48_000),
      lines: [{ itemId: pipe.id, qtyMilli: 12_000, unitPriceSatang: 100 }],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("totalChanged");
  });

  it("another shop's level is never applied", async () => {
    const f = await shopWithLevels();
    const other = await shopWithLevels();
    const pipe = tillItem(f.pipe);
    const cart = cartOf([[pipe, 12]], other.level);
    const result = await completeSale(
      db,
      f.actor,
      saleRequestOf(cart, "เครื่อง 1", [{ method: "cash", amountSatang: 54_000 }], 54_000),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("badRequest");
    // Nor can the other shop's item get a price at this shop's level.
    expect(
      await setItemLevelPrices(db, f.shop.id, f.level.id, other.pipe.id, [
        { minQtyMilli: 1_000, priceSatang: 1 },
      ]),
    ).toBe(false);
  });

  it("a price level chosen and then set back to retail sells at the items' own prices", async () => {
    const f = await shopWithLevels();
    const pipe = tillItem(f.pipe);
    const index = await tillIndex(f.shop.id, [pipe]);
    const cart: Cart = { ...cartOf([[pipe, 12]], f.level), priceLevel: null };
    const request = saleRequestOf(
      cart,
      "เครื่อง 1",
      [{ method: "cash", amountSatang: 60_000 }],
      60_000,
      index,
      NONE,
    );
    expect(request.priceLevelId).toBeUndefined();
    expect(request.lines[0]?.unitPriceSatang).toBe(5_000);
    const result = await completeSale(db, f.actor, request);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.sale.totalSatang).toBe(60_000);
    expect(await db.select().from(saleFlag).where(eq(saleFlag.saleId, result.sale.id))).toEqual([]);
  });

  it("level names: empty and taken names are refused; deleting a level removes its prices", async () => {
    const f = await shopWithLevels();
    expect(await createPriceLevel(db, f.shop.id, "  ")).toEqual({ ok: false, error: "nameEmpty" });
    expect(await createPriceLevel(db, f.shop.id, "ราคาส่ง")).toEqual({
      ok: false,
      error: "nameTaken",
    });
    expect(await deletePriceLevel(db, f.shop.id, f.level.id)).toBe(true);
    expect(await allLevelPrices(db, f.shop.id)).toEqual({});
  });
});
