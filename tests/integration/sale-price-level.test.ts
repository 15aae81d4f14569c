import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { salePriceLevel, saleLine } from "~/db/schema";
import { customerPriceLevelOf, setCustomerPriceLevel } from "~/modules/customers/index.server";
import { bangkokIsoDate } from "~/lib/dates";
import { pnlCsv, profitAndLoss } from "~/modules/reports/index.server";
import {
  completeSale,
  createPriceLevel,
  deletePriceLevel,
  returnSaleLines,
  salePriceLevelName,
  setItemLevelPrices,
  voidSale,
  type CompleteSaleRequest,
  type SaleActor,
} from "~/modules/sales/index.server";
import { insertCustomer, insertShop, shopWithItems } from "../setup/factories";
import { TEST_BUYER } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * The level a sale was sold at (issue 37, decision 0089): stored with the sale in its own
 * transaction, shown on the sale's page and summed in the P&L's "by price level" table from
 * the P&L's own definitions; a customer's level is the till's default, never the server's.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

async function levelShop() {
  const made = await shopWithItems(db, {
    shop: { allowNegativeStock: true },
    items: {
      pipe: { fields: { price: 5_000, cost: 3_000, name: "ท่อ PVC 1/2 นิ้ว", sku: "PIPE-12" } },
    },
    names: { owner: "สมใจ ขายดี" },
  });
  const actor = made.owner;
  const { pipe } = made.items;
  const created = await createPriceLevel(db, made.shop.id, "ขายส่ง");
  if (!created.ok) throw new Error("no level");
  await setItemLevelPrices(db, made.shop.id, created.level.id, pipe.id, [
    { minQtyMilli: 1_000, priceSatang: 4_800 },
    { minQtyMilli: 10_000, priceSatang: 4_500 },
  ]);
  return { ...made, actor, pipe, level: created.level };
}

function requestOf(
  itemId: number,
  qty: number,
  totalSatang: number,
  extra: Partial<CompleteSaleRequest> = {},
): CompleteSaleRequest {
  return {
    clientSaleId: randomUUID(),
    till: "เครื่อง 1",
    lines: [{ itemId, qtyMilli: qty * 1_000 }],
    payments: [{ method: "cash", amountSatang: totalSatang }],
    expectedTotalSatang: totalSatang,
    ...extra,
  };
}

async function sell(actor: SaleActor, request: CompleteSaleRequest) {
  const result = await completeSale(db, actor, request);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.sale;
}

const customerOf = (shopId: string, userId: string, phone: string) =>
  insertCustomer(db, { shopId, userId }, { phone, name: "ช่างสมชาย" });

const today = () => bangkokIsoDate(new Date());

describe("the level a sale was sold at", () => {
  it("is stored with a wholesale sale, not with a retail one, and keeps its name when the level goes", async () => {
    const f = await levelShop();
    const wholesale = await sell(
      f.actor,
      requestOf(f.pipe.id, 12, 54_000, { priceLevelId: f.level.id }),
    );
    const retail = await sell(f.actor, requestOf(f.pipe.id, 1, 5_000));
    expect(await salePriceLevelName(db, f.shop.id, wholesale.id)).toBe("ขายส่ง");
    expect(await salePriceLevelName(db, f.shop.id, retail.id)).toBeNull();
    // Another shop never reads it.
    const other = await insertShop(db);
    expect(await salePriceLevelName(db, other.shop.id, wholesale.id)).toBeNull();

    expect(await deletePriceLevel(db, f.shop.id, f.level.id)).toBe(true);
    expect(await salePriceLevelName(db, f.shop.id, wholesale.id)).toBe("ขายส่ง");
    const [row] = await db
      .select()
      .from(salePriceLevel)
      .where(eq(salePriceLevel.saleId, wholesale.id));
    expect(row).toMatchObject({ priceLevelId: null, levelName: "ขายส่ง" });
  });

  it("a refused sale writes no level (the same transaction)", async () => {
    const f = await levelShop();
    const refused = await completeSale(
      db,
      f.actor,
      requestOf(f.pipe.id, 12, 60_000, { priceLevelId: f.level.id }),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: "totalChanged" } });
    const rows = await db.select().from(salePriceLevel).where(eq(salePriceLevel.shopId, f.shop.id));
    expect(rows).toEqual([]);
  });
});

describe("the customer's level", () => {
  it("is set within the shop only, and is the till's default: the server prices with the level the request names", async () => {
    const f = await levelShop();
    const customer = await customerOf(f.shop.id, f.ownerId, "0812345678");
    expect(await customerPriceLevelOf(db, f.shop.id, customer)).toBeNull();
    expect(await setCustomerPriceLevel(db, f.shop.id, customer, f.level.id)).toBe(true);
    expect(await customerPriceLevelOf(db, f.shop.id, customer)).toEqual({
      id: f.level.id,
      name: "ขายส่ง",
    });

    // Another shop's level, or another shop setting it: refused, nothing changed.
    const other = await insertShop(db);
    const foreign = await createPriceLevel(db, other.shop.id, "สมาชิก");
    if (!foreign.ok) throw new Error("no level");
    expect(await setCustomerPriceLevel(db, f.shop.id, customer, foreign.level.id)).toBe(false);
    expect(await setCustomerPriceLevel(db, other.shop.id, customer, foreign.level.id)).toBe(false);
    expect(await customerPriceLevelOf(db, other.shop.id, customer)).toBeNull();
    expect((await customerPriceLevelOf(db, f.shop.id, customer))?.id).toBe(f.level.id);

    // The till sent no level (the cashier set the bill back to retail, or an offline till
    // did not know the customer's): the sale is priced and stored at retail.
    const retail = await sell(
      f.actor,
      requestOf(f.pipe.id, 2, 10_000, { customerPhone: "+66812345678" }),
    );
    const [line] = await db.select().from(saleLine).where(eq(saleLine.saleId, retail.id));
    expect(line?.unitPriceSatang).toBe(5_000);
    expect(await salePriceLevelName(db, f.shop.id, retail.id)).toBeNull();
    const wholesale = await sell(
      f.actor,
      requestOf(f.pipe.id, 2, 9_600, { customerPhone: "+66812345678", priceLevelId: f.level.id }),
    );
    expect(await salePriceLevelName(db, f.shop.id, wholesale.id)).toBe("ขายส่ง");

    expect(await setCustomerPriceLevel(db, f.shop.id, customer, null)).toBe(true);
    expect(await customerPriceLevelOf(db, f.shop.id, customer)).toBeNull();
  });
});

describe("sales by price level in the P&L", () => {
  it("adds up to the P&L's figures: voids left out, returns taken off the level they were sold at", async () => {
    const f = await levelShop();
    const w1 = await sell(f.actor, requestOf(f.pipe.id, 12, 54_000, { priceLevelId: f.level.id }));
    await sell(f.actor, requestOf(f.pipe.id, 2, 9_600, { priceLevelId: f.level.id }));
    const voided = await sell(
      f.actor,
      requestOf(f.pipe.id, 1, 4_800, { priceLevelId: f.level.id }),
    );
    expect((await voidSale(db, f.actor, { saleId: voided.id, reason: "ผิด" })).ok).toBe(true);
    await sell(f.actor, requestOf(f.pipe.id, 3, 15_000));
    const [line] = await db.select().from(saleLine).where(eq(saleLine.saleId, w1.id));
    const returned = await returnSaleLines(db, f.actor, {
      saleId: w1.id,
      lines: [{ saleLineId: line!.id, qtyMilli: 2_000 }],
      reason: "ชำรุด",
      refundMethod: "cash",
      buyer: TEST_BUYER,
    });
    expect(returned.ok).toBe(true);

    const day = today();
    const pnl = await profitAndLoss(db, f.shop.id, { from: day, to: day });
    expect(pnl.byPriceLevel).toEqual([
      {
        levelId: null,
        name: "",
        bills: 1,
        salesExVatSatang: 15_000,
        returnsExVatSatang: 0,
        netRevenueSatang: 15_000,
        grossProfitSatang: 15_000 - 9_000,
      },
      {
        levelId: f.level.id,
        name: "ขายส่ง",
        bills: 2,
        salesExVatSatang: 63_600,
        returnsExVatSatang: 9_000,
        netRevenueSatang: 54_600,
        // 14 pipes sold at cost 30.00, 2 came back.
        grossProfitSatang: 54_600 - 12 * 3_000,
      },
    ]);
    const sum = (key: "bills" | "netRevenueSatang" | "grossProfitSatang" | "returnsExVatSatang") =>
      pnl.byPriceLevel.reduce((total, row) => total + row[key], 0);
    expect(sum("bills")).toBe(pnl.totals.bills);
    expect(sum("netRevenueSatang")).toBe(pnl.totals.netRevenueSatang);
    expect(sum("grossProfitSatang")).toBe(pnl.totals.grossProfitSatang);
    expect(sum("returnsExVatSatang")).toBe(pnl.totals.returnsExVatSatang);

    const csv = pnlCsv(pnl, "levels", "th");
    expect(csv).toContain("ระดับราคา,บิล,");
    expect(csv).toContain("ราคาปลีก,1,150.00,0.00,150.00,60.00");
    expect(csv).toContain("ขายส่ง,2,636.00,90.00,546.00,186.00");

    // A shop with no level sale has no table.
    const plain = await insertShop(db);
    expect((await profitAndLoss(db, plain.shop.id, { from: day, to: day })).byPriceLevel).toEqual(
      [],
    );
  });
});
