import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { sale, saleLine, saleLinePriceOverride } from "~/db/schema";
import { bangkokIsoDate } from "~/lib/dates";
import { createTranslate } from "~/lib/i18n";
import { th } from "~/lib/i18n/th";
import { readForm } from "~/lib/forms/read-form";
import { pnlCsv, profitAndLoss } from "~/modules/reports/index.server";
import {
  approveDiscount,
  completeSale,
  getSaleDetail,
  type SaleActor,
  type SaleLineRequest,
} from "~/modules/sales/index.server";
import { listApprovers, setApprovalPin } from "~/modules/shops/index.server";
import { openPriceFieldsSchema, openPriceOf } from "~/modules/stock";
import { findItemOpenPrice, listTillItems, setItemOpenPrice } from "~/modules/stock/index.server";
import { saleErrorText } from "~/routes/shophub/sell-text";
import { addShopMember, insertShop, shopWithItems, type TestShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Open prices and price overrides (issue 37, decision 0093): an open-price item sells at the
 * typed price within its bounds; a cashier's price below the list needs an owner's or a
 * manager's approval of that bill; both are recorded on the sale and reported by cashier.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const PIN = "4826";
const t = createTranslate(th, undefined, "th");

interface Counter {
  t: TestShop;
  /** ผักบุ้ง by the heap: open price 10.00–50.00. */
  greensId: number;
  /** A bottle at 100.00. */
  bottleId: number;
  cashier: SaleActor;
  owner: SaleActor;
  manager: SaleActor;
}

async function counter(): Promise<Counter> {
  const made = await shopWithItems(db, {
    items: {
      greens: { fields: { name: "ผักบุ้ง (กอง)", price: 0, cost: 500 }, stock: 100_000 },
      bottle: { fields: { price: 10_000, cost: 6_000 }, stock: 100_000 },
    },
    cashier: true,
    manager: true,
  });
  const greensId = made.items.greens.id;
  await setItemOpenPrice(db, made.shop.id, greensId, { minSatang: 1_000, maxSatang: 5_000 });
  return {
    t: made,
    greensId,
    bottleId: made.items.bottle.id,
    cashier: made.cashier,
    owner: made.owner,
    manager: made.manager,
  };
}

function sell(
  actor: SaleActor,
  lines: SaleLineRequest[],
  totalSatang: number,
  clientSaleId: string = randomUUID(),
) {
  return completeSale(db, actor, {
    clientSaleId,
    till: "เครื่อง 1",
    lines,
    payments: totalSatang > 0 ? [{ method: "cash", amountSatang: totalSatang }] : [],
    expectedTotalSatang: totalSatang,
  });
}

const line = (itemId: number, qty: number, typedPriceSatang?: number): SaleLineRequest => ({
  itemId,
  qtyMilli: qty * 1000,
  ...(typedPriceSatang === undefined ? {} : { typedPriceSatang }),
});

async function overridesOf(c: Counter, saleId: number) {
  return db
    .select({
      lineNo: saleLine.lineNo,
      open: saleLinePriceOverride.openPrice,
      list: saleLinePriceOverride.listSatang,
      sold: saleLinePriceOverride.soldSatang,
      approverName: saleLinePriceOverride.approverName,
    })
    .from(saleLinePriceOverride)
    .innerJoin(saleLine, eq(saleLine.id, saleLinePriceOverride.saleLineId))
    .where(
      and(eq(saleLinePriceOverride.shopId, c.t.shop.id), eq(saleLinePriceOverride.saleId, saleId)),
    )
    .orderBy(saleLine.lineNo);
}

describe("the item form's open price", () => {
  it("reads ราคาตามจริง with optional bounds, and says a wrong one in Thai next to its field", () => {
    const form = (entries: Record<string, string>) =>
      readForm(new URLSearchParams(entries), openPriceFieldsSchema);
    const read = form({ openPrice: "on", openPriceMin: "10", openPriceMax: "1,200.50" });
    expect(read.ok && openPriceOf(read.data)).toEqual({ minSatang: 1_000, maxSatang: 120_050 });
    const open = form({ openPrice: "on", openPriceMin: "", openPriceMax: "" });
    expect(open.ok && openPriceOf(open.data)).toEqual({ minSatang: null, maxSatang: null });
    const off = form({ openPriceMin: "10" });
    expect(off.ok && openPriceOf(off.data)).toBeNull();
    const swapped = form({ openPrice: "on", openPriceMin: "50", openPriceMax: "10" });
    expect(swapped).toMatchObject({
      ok: false,
      errors: { openPriceMax: "storehub.error.openPriceOrder" },
      values: { openPriceMin: "50", openPriceMax: "10" },
    });
    expect(t("storehub.error.openPriceOrder")).toMatch(/ราคาต่ำสุด/);
    expect(form({ openPrice: "on", openPriceMin: "สิบ" })).toMatchObject({
      ok: false,
      errors: { openPriceMin: "storehub.error.openPriceInvalid" },
    });
  });

  it("is kept per item of the shop and travels with the till's catalogue", async () => {
    const c = await counter();
    expect(await findItemOpenPrice(db, c.t.shop.id, c.greensId)).toEqual({
      minSatang: 1_000,
      maxSatang: 5_000,
    });
    // Another shop never reads it.
    const other = await insertShop(db);
    expect(await findItemOpenPrice(db, other.shop.id, c.greensId)).toBeNull();
    const items = await listTillItems(db, c.t.shop.id);
    expect(items.find((item) => item.id === c.greensId)?.openPrice).toEqual({
      minSatang: 1_000,
      maxSatang: 5_000,
    });
    expect(items.find((item) => item.id === c.bottleId)?.openPrice).toBeNull();
    await setItemOpenPrice(db, c.t.shop.id, c.greensId, null);
    expect(await findItemOpenPrice(db, c.t.shop.id, c.greensId)).toBeNull();
  });
});

describe("an open-price item at the till", () => {
  it("sells at the typed price within its bounds, recorded as an open price", async () => {
    const c = await counter();
    const sold = await sell(c.cashier, [line(c.greensId, 2, 2_500)], 5_000);
    expect(sold).toMatchObject({ ok: true, sale: { totalSatang: 5_000 } });
    const id = sold.ok ? sold.sale.id : 0;
    expect(await overridesOf(c, id)).toEqual([
      { lineNo: 1, open: true, list: 0, sold: 2_500, approverName: null },
    ]);
    const detail = await getSaleDetail(db, c.t.shop.id, id);
    expect(detail?.lines[0]?.typedPrice).toEqual({ open: true, listSatang: 0, approverName: null });
  });

  it("refuses a price out of bounds, or none, with its bounds and a Thai message", async () => {
    const c = await counter();
    const lineName = () => "ผักบุ้ง (กอง)";
    for (const [typed, reason] of [
      [999, "below"],
      [5_001, "above"],
      [undefined, "missing"],
    ] as const) {
      const refused = await sell(c.cashier, [line(c.greensId, 1, typed)], typed ?? 0);
      expect(refused).toMatchObject({
        ok: false,
        error: { code: "openPrice", line: 0, reason, minSatang: 1_000, maxSatang: 5_000 },
      });
      if (!refused.ok) {
        const text = saleErrorText(t, "th", refused.error, lineName);
        expect(text).toMatch(/ผักบุ้ง/);
        if (reason !== "missing") expect(text).toMatch(/ร้านกำหนด/);
      }
    }
    expect(await db.select({ id: sale.id }).from(sale).where(eq(sale.shopId, c.t.shop.id))).toEqual(
      [],
    );
  });
});

describe("a price override", () => {
  it("above the list needs no approval; below it a cashier is refused without one", async () => {
    const c = await counter();
    expect(await sell(c.cashier, [line(c.bottleId, 1, 12_000)], 12_000)).toMatchObject({
      ok: true,
    });
    const refused = await sell(c.cashier, [line(c.bottleId, 2, 8_000)], 16_000);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "priceNeedsApproval",
        lines: [{ itemId: c.bottleId, unitPriceSatang: 8_000 }],
        belowSatang: 4_000,
      },
    });
    if (!refused.ok) {
      expect(saleErrorText(t, "th", refused.error, () => "")).toMatch(/PIN/);
    }
  });

  it("goes through with an owner's approval of that bill, its lines and amount only", async () => {
    const c = await counter();
    await setApprovalPin(db, c.t.shop.id, c.t.ownerId, PIN);
    const bill = randomUUID();
    const approve = (input: object, cashierId = c.cashier.userId) =>
      approveDiscount(db, { shopId: c.t.shop.id, cashierId }, input);
    const asked = {
      clientSaleId: bill,
      approverId: c.t.ownerId,
      shares: { lineBasisPoints: 0, billBasisPoints: 0 },
      discountSatang: 0,
      priceOverrides: {
        lines: [{ itemId: c.bottleId, unitPriceSatang: 8_000 }],
        belowSatang: 4_000,
      },
    };
    expect(await approve({ ...asked, pin: "4827" })).toEqual({
      ok: false,
      error: { code: "wrongPin" },
    });
    expect(await approve({ ...asked, pin: PIN })).toMatchObject({ ok: true });

    // Lower than approved, more of it, another bill, another cashier: each asks again.
    for (const [actor, lines, total, id] of [
      [c.cashier, [line(c.bottleId, 2, 7_900)], 15_800, bill],
      [c.cashier, [line(c.bottleId, 3, 8_000)], 24_000, bill],
      [c.cashier, [line(c.bottleId, 2, 8_000)], 16_000, randomUUID()],
    ] as const) {
      expect(await sell(actor, [...lines], total, id)).toMatchObject({
        ok: false,
        error: { code: "priceNeedsApproval" },
      });
    }
    const other = await addShopMember(db, c.t.shop.id, "cashier");
    expect(
      await sell({ ...c.cashier, userId: other.id }, [line(c.bottleId, 2, 8_000)], 16_000, bill),
    ).toMatchObject({ ok: false, error: { code: "priceNeedsApproval" } });

    // What was approved sells, and the sale's page names the list price and the approver.
    const sold = await sell(c.cashier, [line(c.bottleId, 2, 8_000)], 16_000, bill);
    expect(sold).toMatchObject({ ok: true, sale: { totalSatang: 16_000 } });
    const id = sold.ok ? sold.sale.id : 0;
    const ownerName = (await listApprovers(db, c.t.shop.id))[0]?.name ?? "";
    expect(await overridesOf(c, id)).toEqual([
      { lineNo: 1, open: false, list: 10_000, sold: 8_000, approverName: ownerName },
    ]);
    const detail = await getSaleDetail(db, c.t.shop.id, id);
    expect(detail?.lines[0]).toMatchObject({
      unitPriceSatang: 8_000,
      typedPrice: { open: false, listSatang: 10_000, approverName: ownerName },
    });
    // Only prices were approved: no discount is said to be.
    expect(detail?.sale.discountApprovedByName).toBeNull();

    // The P&L's cashier table (and its CSV) reports the override and its value.
    const day = bangkokIsoDate(new Date());
    const pnl = await profitAndLoss(db, c.t.shop.id, { from: day, to: day });
    expect(pnl.byCashier.find((row) => row.cashierId === c.cashier.userId)).toMatchObject({
      bills: 1,
      priceOverrides: 1,
      priceOverrideSatang: -4_000,
      approvedBills: 0,
    });
    const csv = pnlCsv(pnl, "cashiers", "th");
    expect(csv).toContain("รายการที่แก้ราคา");
    expect(csv).toContain("-40.00");
  });

  it("is free for owners and managers, recorded without an approver", async () => {
    const c = await counter();
    for (const actor of [c.owner, c.manager]) {
      const sold = await sell(actor, [line(c.bottleId, 1, 5_000)], 5_000);
      expect(sold).toMatchObject({ ok: true, sale: { totalSatang: 5_000 } });
      expect(await overridesOf(c, sold.ok ? sold.sale.id : 0)).toEqual([
        { lineNo: 1, open: false, list: 10_000, sold: 5_000, approverName: null },
      ]);
    }
  });

  it("leaves the money in agreement: the lines add up to the bill and the payments", async () => {
    const c = await counter();
    const sold = await sell(
      c.owner,
      [line(c.bottleId, 3, 9_999), line(c.greensId, 1, 1_750), line(c.bottleId, 1)],
      3 * 9_999 + 1_750 + 10_000,
    );
    expect(sold.ok).toBe(true);
    const id = sold.ok ? sold.sale.id : 0;
    const lines = await db
      .select({ total: saleLine.totalSatang, price: saleLine.unitPriceSatang })
      .from(saleLine)
      .where(eq(saleLine.saleId, id))
      .orderBy(saleLine.lineNo);
    expect(lines.map((l) => l.price)).toEqual([9_999, 1_750, 10_000]);
    const [head] = await db.select().from(sale).where(eq(sale.id, id));
    expect(lines.reduce((sum, l) => sum + l.total, 0)).toBe(head?.totalSatang);
    // The untouched line is no override.
    expect((await overridesOf(c, id)).map((o) => o.lineNo)).toEqual([1, 2]);
  });
});
