import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { cashMovement, sale, saleLine, shift } from "~/db/schema";
import { bangkokDayStart, bangkokIsoDate } from "~/lib/dates";
import { returnSaleLines } from "~/modules/sales/index.server";
import { expectedCash } from "~/modules/shifts/index.server";
import * as dashboardRoute from "~/routes/shophub/dashboard/route";
import * as stockExport from "~/routes/shophub/stock/export";
import * as stockRoute from "~/routes/shophub/stock/route";
import * as shophubPage from "~/routes/site/shophub";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import { callRoute, outcomeOf, routeContext, sessionUserOf, shopCookie } from "../setup/route-call";
import { createSaleForTest } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

type DataFunction = (args: never) => unknown;
type DashboardData = Awaited<ReturnType<typeof dashboardRoute.loader>>;
type StockData = Awaited<ReturnType<typeof stockRoute.loader>>;

function call<T = unknown>(
  fn: DataFunction,
  path: string,
  member: SessionUser | null,
  cookie?: string,
) {
  return outcomeOf<T>(
    callRoute(fn, path, { context: routeContext(test.db, member), ...(cookie ? { cookie } : {}) }),
  );
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A moment `hours` into the Bangkok day `daysAgo` days before today. */
function bangkokAt(daysAgo: number, hours: number): Date {
  const today = bangkokDayStart(bangkokIsoDate(new Date()))!;
  return new Date(today.getTime() - daysAgo * DAY + hours * HOUR);
}

async function voidSale(id: number, by: string) {
  await test.db
    .update(sale)
    .set({ status: "void", voidedAt: new Date(), voidedBy: by, voidReason: "ทดสอบ" })
    .where(eq(sale.id, id));
}

/*
 * A shop not registered for VAT (so profit is sales minus cost) with two items:
 *   A: price 100.00, cost 60.00; B: price 25.00, cost 10.00, reorder level 50.
 * Today:      #1 A×2 + B×1 = 225.00 cash (cost 130.00); #2 B×4 = 100.00 transfer (cost 40.00);
 *             #3 A×1 = 100.00, voided (counts nowhere).
 *   → sales 325.00, 2 bills, average 162.50, gross profit 155.00, cash 225.00.
 * Yesterday:  A×3 = 300.00 cash (cost 180.00) → 300.00, 1 bill, profit 120.00, cash 300.00.
 * 7 days ago: B×2 = 50.00, 20.00 cash + 30.00 transfer (cost 20.00) → profit 30.00, cash 20.00.
 * 6 days ago: A×1 (in none of the three days).
 */
async function dashboardShop() {
  const t: TestShop = await insertShop(test.db);
  const opening = { locationId: t.defaultLocationId };
  const a = await insertItem(test.db, t.shop.id, t.ownerId, {
    fields: { name: "ข้าวสาร 5 กก.", price: 10_000, cost: 6_000 },
    opening: { ...opening, qty: 100_000 },
  });
  const b = await insertItem(test.db, t.shop.id, t.ownerId, {
    fields: { name: "น้ำปลา", price: 2_500, cost: 1_000, reorderLevel: 50_000 },
    opening: { ...opening, qty: 50_000 },
  });
  const cashier = await addShopMember(test.db, t.shop.id, "cashier");
  const manager = await addShopMember(test.db, t.shop.id, "manager");
  const stockKeeper = await addShopMember(test.db, t.shop.id, "stock");
  const sell = (
    lines: { itemId: number; qty: number }[],
    at: Date,
    payments?: { method: "cash" | "transfer"; amountSatang: number }[],
  ) =>
    createSaleForTest(test.db, {
      shopId: t.shop.id,
      userId: cashier.id,
      lines,
      at,
      ...(payments ? { payments } : {}),
    });
  const first = await sell(
    [
      { itemId: a.id, qty: 2 },
      { itemId: b.id, qty: 1 },
    ],
    bangkokAt(0, 0.25),
  );
  const second = await sell([{ itemId: b.id, qty: 4 }], bangkokAt(0, 0.5), [
    { method: "transfer", amountSatang: 10_000 },
  ]);
  const voided = await sell([{ itemId: a.id, qty: 1 }], bangkokAt(0, 0.75));
  await voidSale(voided.id, t.ownerId);
  await sell([{ itemId: a.id, qty: 3 }], bangkokAt(1, 10));
  await sell([{ itemId: b.id, qty: 2 }], bangkokAt(7, 12), [
    { method: "cash", amountSatang: 2_000 },
    { method: "transfer", amountSatang: 3_000 },
  ]);
  await sell([{ itemId: a.id, qty: 1 }], bangkokAt(6, 12));
  return {
    t,
    a,
    b,
    first,
    second,
    voided,
    owner: sessionUserOf(t.ownerId),
    cashier: sessionUserOf(cashier.id, cashier.name),
    manager: sessionUserOf(manager.id, manager.name),
    stockKeeper: sessionUserOf(stockKeeper.id, stockKeeper.name),
    path: `/shophub/dashboard?shop=${t.shop.id}`,
  };
}

describe("/shophub/dashboard", () => {
  it("shows today, yesterday and last week's same day as computed by hand", async () => {
    const s = await dashboardShop();
    // Another shop's sale today counts nowhere here.
    const other = await insertShop(test.db);
    const otherItem = await insertItem(test.db, other.shop.id, other.ownerId, {
      opening: { locationId: other.defaultLocationId, qty: 10_000 },
    });
    await createSaleForTest(test.db, {
      shopId: other.shop.id,
      userId: other.ownerId,
      lines: [{ itemId: otherItem.id, qty: 5 }],
      at: bangkokAt(0, 0.3),
    });

    const got = await call<DashboardData>(dashboardRoute.loader, s.path, s.owner);
    expect(got.status).toBe(200);
    const d = got.data!;
    expect(d.today).toEqual({
      day: bangkokIsoDate(new Date()),
      salesSatang: 32_500,
      returnsSatang: 0,
      bills: 2,
      averageSatang: 16_250,
      grossProfitSatang: 15_500,
      cashSatang: 22_500,
    });
    expect(d.yesterday).toMatchObject({
      salesSatang: 30_000,
      bills: 1,
      averageSatang: 30_000,
      grossProfitSatang: 12_000,
      cashSatang: 30_000,
    });
    expect(d.lastWeek).toMatchObject({
      day: bangkokIsoDate(bangkokAt(7, 12)),
      salesSatang: 5_000,
      bills: 1,
      grossProfitSatang: 3_000,
      cashSatang: 2_000,
    });
    // The void bill's A is left out: A sold 2 (200.00), B 5 (125.00).
    expect(d.topItems.map((i) => [i.name, i.qtyMilli, i.totalSatang])).toEqual([
      ["ข้าวสาร 5 กก.", 2_000, 20_000],
      ["น้ำปลา", 5_000, 12_500],
    ]);
    // B: 50 − 1 − 4 − 2 = 43 on hand, at or below its level of 50; A has no level.
    expect(d.lowStock).toEqual([
      expect.objectContaining({ itemId: s.b.id, onHandMilli: 43_000, reorderLevelMilli: 50_000 }),
    ]);
    expect(d.lowStockCount).toBe(1);
    expect(d.latestSales.slice(0, 3).map((r) => [r.id, r.status])).toEqual([
      [s.voided.id, "void"],
      [s.second.id, "completed"],
      [s.first.id, "completed"],
    ]);
    // No shift open: no drawer figure (the page shows the cash taken instead).
    expect(d.drawer).toBeNull();
  });

  it("adds up the open shifts' drawers: opening cash, cash sales, pay-ins and pay-outs", async () => {
    const s = await dashboardShop();
    const [opened] = await test.db
      .insert(shift)
      .values({
        shopId: s.t.shop.id,
        till: "เครื่อง 1",
        openedBy: s.t.ownerId,
        openedByName: "เจ้าของ",
        openingCashSatang: 50_000,
      })
      .returning({ id: shift.id });
    // Sale #1 (225.00 cash) and #2 (transfer) in the shift; the transfer adds nothing.
    for (const id of [s.first.id, s.second.id]) {
      await test.db.update(sale).set({ shiftId: opened!.id }).where(eq(sale.id, id));
    }
    await test.db.insert(cashMovement).values([
      {
        shopId: s.t.shop.id,
        shiftId: opened!.id,
        kind: "pay_in",
        amountSatang: 1_000,
        reason: "เงินทอน",
        userId: s.t.ownerId,
        userName: "x",
      },
      {
        shopId: s.t.shop.id,
        shiftId: opened!.id,
        kind: "pay_out",
        amountSatang: 3_000,
        reason: "ค่าน้ำแข็ง",
        userId: s.t.ownerId,
        userName: "x",
      },
    ]);
    const got = await call<DashboardData>(dashboardRoute.loader, s.path, s.owner);
    expect(got.data!.drawer).toEqual({
      openShifts: 1,
      expectedCashSatang: 50_000 + 22_500 + 1_000 - 3_000,
    });
  });

  it("shows the drawer the shift's close will expect: a cash refund of an earlier sale at the till leaves it", async () => {
    const s = await dashboardShop();
    const [opened] = await test.db
      .insert(shift)
      .values({
        shopId: s.t.shop.id,
        till: "เครื่อง 1",
        openedBy: s.t.ownerId,
        openedByName: "เจ้าของ",
        openingCashSatang: 50_000,
      })
      .returning({ id: shift.id });
    await test.db.update(sale).set({ shiftId: opened!.id }).where(eq(sale.id, s.first.id));
    // Yesterday's bill (A×3, 300.00, rung at the same till before the shift) comes back in
    // part during the shift: 100.00 leaves this drawer although the sale is in no shift.
    const [yesterday] = await test.db
      .select({ id: sale.id })
      .from(sale)
      .where(and(eq(sale.shopId, s.t.shop.id), eq(sale.totalSatang, 30_000)));
    const [line] = await test.db
      .select({ id: saleLine.id })
      .from(saleLine)
      .where(eq(saleLine.saleId, yesterday!.id));
    const returned = await returnSaleLines(
      test.db,
      { shopId: s.t.shop.id, userId: s.t.ownerId, role: "owner" },
      {
        saleId: yesterday!.id,
        lines: [{ saleLineId: line!.id, qtyMilli: 1_000 }],
        reason: "ของชำรุด",
        refundMethod: "cash",
      },
    );
    expect(returned.ok).toBe(true);
    const got = await call<DashboardData>(dashboardRoute.loader, s.path, s.owner);
    const expected = await expectedCash(test.db, s.t.shop.id, opened!.id);
    expect(expected?.expectedSatang).toBe(50_000 + 22_500 - 10_000);
    expect(got.data!.drawer).toEqual({ openShifts: 1, expectedCashSatang: 62_500 });
  });

  it("gives a cashier the sales figures without profit, refuses stock staff and other shops", async () => {
    const s = await dashboardShop();
    const asCashier = await call<DashboardData>(dashboardRoute.loader, s.path, s.cashier);
    expect(asCashier.status).toBe(200);
    expect(asCashier.data!.withProfit).toBe(false);
    expect(asCashier.data!.today).toMatchObject({ salesSatang: 32_500 });
    // The profit is not in a cashier's data at all (decision 0061).
    for (const day of [
      asCashier.data!.today,
      asCashier.data!.yesterday,
      asCashier.data!.lastWeek,
    ]) {
      expect(day).not.toHaveProperty("grossProfitSatang");
    }
    const asManager = await call<DashboardData>(dashboardRoute.loader, s.path, s.manager);
    expect(asManager.data!.today.grossProfitSatang).toBe(15_500);
    expect((await call(dashboardRoute.loader, s.path, s.stockKeeper)).status).toBe(403);
    const stranger = await insertShop(test.db);
    expect(
      (await call(dashboardRoute.loader, s.path, sessionUserOf(stranger.ownerId))).status,
    ).toBe(404);
  });

  it("puts the active shop's figures at the top of /shophub for its members only", async () => {
    const s = await dashboardShop();
    const cookie = await shopCookie(s.t.shop.id);
    type PageData = Awaited<ReturnType<typeof shophubPage.loader>>;
    const owner = await call<PageData>(shophubPage.loader, "/shophub", s.owner, cookie);
    expect(owner.data!.today).toEqual({
      shop: { id: s.t.shop.id, name: s.t.shop.name },
      figures: expect.objectContaining({
        salesSatang: 32_500,
        bills: 2,
        grossProfitSatang: 15_500,
      }),
    });
    const cashier = await call<PageData>(shophubPage.loader, "/shophub", s.cashier, cookie);
    expect(cashier.data!.today!.figures).not.toHaveProperty("grossProfitSatang");
    const visitor = await call<PageData>(shophubPage.loader, "/shophub", null);
    expect(visitor.data!.today).toBeNull();
    const stock = await call<PageData>(shophubPage.loader, "/shophub", s.stockKeeper, cookie);
    expect(stock.data!.today).toBeNull();
  });
});

/*
 * Stock balance, worked example. Item C: price 50.00, cost 40.00, reorder level 50, opening
 * 100. Sold 10 five days ago and 5 twenty days ago (15 in the last 30 days), and 40 forty
 * days ago (outside the window): 45 on hand. Rate 15 ÷ 30 = 0.5 a day → 45 ÷ 0.5 = 90 days.
 * Margin (50 − 40) ÷ 50 = 20 %; value at cost 45 × 40 = 1,800.00; selling value 2,250.00.
 * Item D: price 30.00, cost 24.00, opening 10, never sold: no rate, margin 20 %, not low.
 */
async function stockShop() {
  const t = await insertShop(test.db);
  const c = await insertItem(test.db, t.shop.id, t.ownerId, {
    fields: {
      name: "กาแฟ 3in1",
      category: "เครื่องดื่ม",
      price: 5_000,
      cost: 4_000,
      reorderLevel: 50_000,
    },
    opening: { locationId: t.defaultLocationId, qty: 100_000 },
  });
  const d = await insertItem(test.db, t.shop.id, t.ownerId, {
    fields: { name: "สบู่ก้อน", category: "ของใช้", price: 3_000, cost: 2_400 },
    opening: { locationId: t.defaultLocationId, qty: 10_000 },
  });
  const sellC = (qty: number, daysAgo: number) =>
    createSaleForTest(test.db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines: [{ itemId: c.id, qty }],
      at: new Date(Date.now() - daysAgo * DAY),
    });
  await sellC(10, 5);
  await sellC(5, 20);
  await sellC(40, 40);
  const cashier = await addShopMember(test.db, t.shop.id, "cashier");
  const stockKeeper = await addShopMember(test.db, t.shop.id, "stock");
  return {
    t,
    c,
    d,
    owner: sessionUserOf(t.ownerId),
    cashier: sessionUserOf(cashier.id),
    stockKeeper: sessionUserOf(stockKeeper.id),
    path: `/shophub/stock?shop=${t.shop.id}`,
  };
}

describe("/shophub/stock", () => {
  it("works out days of stock, margin and values as computed by hand", async () => {
    const s = await stockShop();
    const got = await call<StockData>(stockRoute.loader, s.path, s.owner);
    expect(got.status).toBe(200);
    const [c, d] = got.data!.page.rows;
    expect(c).toMatchObject({
      itemId: s.c.id,
      onHandMilli: 45_000,
      soldMilli: 15_000,
      daysLeft: 90,
      marginBasisPoints: 2_000,
      avgCostSatang: 4_000,
      valueAtCostSatang: 180_000,
      sellingValueSatang: 225_000,
      low: true,
    });
    expect(d).toMatchObject({
      itemId: s.d.id,
      daysLeft: null,
      marginBasisPoints: 2_000,
      low: false,
    });
    expect(got.data!.totals).toEqual({
      items: 2,
      lowItems: 1,
      sellingValueSatang: 225_000 + 30_000,
      valueAtCostSatang: 180_000 + 24_000,
    });
    expect(got.data!.categories).toEqual(["ของใช้", "เครื่องดื่ม"].sort());
  });

  it("filters and sorts by the URL", async () => {
    const s = await stockShop();
    const names = async (query: string) =>
      (await call<StockData>(stockRoute.loader, `${s.path}${query}`, s.owner)).data!.page.rows.map(
        (r) => r.itemId,
      );
    expect(await names("&low=1")).toEqual([s.c.id]);
    expect(await names(`&category=${encodeURIComponent("ของใช้")}`)).toEqual([s.d.id]);
    expect(await names(`&q=${encodeURIComponent("สบู่")}`)).toEqual([s.d.id]);
    // Runs out first: C (90 days) before D (not selling).
    expect(await names("&sort=days")).toEqual([s.c.id, s.d.id]);
    expect(await names("&sort=onHand")).toEqual([s.d.id, s.c.id]);
  });

  it("shows 20 rows a page, the next page keeping the filters", async () => {
    const s = await stockShop();
    for (let i = 0; i < 20; i += 1) {
      await insertItem(test.db, s.t.shop.id, s.t.ownerId, {
        fields: { name: `ยาสีฟัน ${String(i).padStart(2, "0")}`, category: "ของใช้" },
      });
    }
    const first = await call<StockData>(stockRoute.loader, `${s.path}&category=ของใช้`, s.owner);
    expect(first.data!.page).toMatchObject({ total: 21, pageCount: 2 });
    expect(first.data!.page.rows).toHaveLength(20);
    const second = await call<StockData>(
      stockRoute.loader,
      `${s.path}&category=ของใช้&page=2`,
      s.owner,
    );
    // By name: สบู่ก้อน (D) sorts after every ยาสีฟัน.
    expect(second.data!.page.rows.map((r) => r.itemId)).toEqual([s.d.id]);
  });

  it("shows a cashier quantities without costs, refuses stock staff and other shops", async () => {
    const s = await stockShop();
    const got = await call<StockData>(stockRoute.loader, s.path, s.cashier);
    expect(got.status).toBe(200);
    expect(got.data!.costs).toBe(false);
    expect(got.data!.page.rows[0]).toMatchObject({ onHandMilli: 45_000, daysLeft: 90 });
    for (const field of ["avgCostSatang", "valueAtCostSatang", "marginBasisPoints"]) {
      expect(got.data!.page.rows[0]).not.toHaveProperty(field);
    }
    expect(got.data!.totals).not.toHaveProperty("valueAtCostSatang");
    expect((await call(stockRoute.loader, s.path, s.stockKeeper)).status).toBe(403);
    expect(
      (
        await call(
          stockExport.loader,
          `/shophub/stock/export.csv?shop=${s.t.shop.id}`,
          s.stockKeeper,
        )
      ).status,
    ).toBe(403);
    const stranger = await insertShop(test.db);
    expect((await call(stockRoute.loader, s.path, sessionUserOf(stranger.ownerId))).status).toBe(
      404,
    );
  });

  it("exports the filtered rows as UTF-8 CSV with a BOM, without costs for a cashier", async () => {
    const s = await stockShop();
    const csvOf = async (member: SessionUser, query = "") => {
      const response = (await callRoute(
        stockExport.loader,
        `/shophub/stock/export.csv?shop=${s.t.shop.id}${query}`,
        { context: routeContext(test.db, member) },
      )) as Response;
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    };
    const owner = await csvOf(s.owner);
    expect(owner.startsWith("\uFEFF")).toBe(true);
    const lines = owner.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "รหัสสินค้า,ชื่อสินค้า,หมวดหมู่,หน่วย,คงเหลือ,จุดสั่งซื้อ,ต่ำกว่าจุดสั่งซื้อ,ราคาขาย (บาท),มูลค่าราคาขาย (บาท),ขายใน 30 วัน,พอขายอีก (วัน),ต้นทุนเฉลี่ย (บาท),มูลค่าทุน (บาท),กำไรขั้นต้น (%)",
    );
    expect(lines[1]).toBe(
      `${s.c.sku},กาแฟ 3in1,เครื่องดื่ม,${s.c.unit},45,50,ใช่,50.00,2250.00,15,90,40.00,1800.00,20.00`,
    );
    expect(lines).toHaveLength(3);
    const cashier = await csvOf(s.cashier, "&low=1");
    const cashierLines = cashier.slice(1).trimEnd().split("\r\n");
    expect(cashierLines).toEqual([
      "รหัสสินค้า,ชื่อสินค้า,หมวดหมู่,หน่วย,คงเหลือ,จุดสั่งซื้อ,ต่ำกว่าจุดสั่งซื้อ,ราคาขาย (บาท),มูลค่าราคาขาย (บาท),ขายใน 30 วัน,พอขายอีก (วัน)",
      `${s.c.sku},กาแฟ 3in1,เครื่องดื่ม,${s.c.unit},45,50,ใช่,50.00,2250.00,15,90`,
    ]);
  });
});
