import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { creditNote, expense, financeCategory, otherIncome, sale } from "~/db/schema";
import { profitAndLoss, type ProfitAndLoss } from "~/modules/reports/index.server";
import { returnSaleLines, voidSale } from "~/modules/sales/index.server";
import * as exportRoute from "~/routes/shophub/reports/export";
import * as pageRoute from "~/routes/shophub/reports/route";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import {
  createSaleForTest,
  registerForVat,
  SUPPLIER_TAX_INVOICE,
  TEST_BUYER,
} from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * A hand-computed month of a VAT-registered shop (prices include 7% VAT), October 2026 in
 * Bangkok. Every amount below is worked out by hand in satang and written as a number.
 *
 * Items: A sells at 107.00 and cost 50.00 (category เครื่องดื่ม); B sells at 214.00 and
 * cost 100.00 (category ขนม).
 *   Sale 1, 3 Oct 10:15, cashier: 2 × A less 21.40 line discount = 192.60 cash
 *           → VAT 12.60, ex-VAT 180.00, cost 100.00
 *   Sale 2, 3 Oct 14:30, cashier: A + B = 321.00 less 32.10 bill discount = 288.90 card
 *           → VAT 18.90, ex-VAT 270.00 (A 90.00, B 180.00), cost 150.00
 *   Sale 3, 10 Oct 09:05, manager: 3 × B = 642.00 PromptPay → VAT 42.00, ex-VAT 600.00,
 *           cost 300.00; 1 × B comes back on 12 Oct (credit note: ex-VAT 200.00, VAT 14.00,
 *           cost 100.00, refunded in cash 214.00)
 *   Sale 4, 15 Oct 10:40: 1 × A 107.00 cash, voided (counts nowhere)
 *   Expenses: rent 100.00 (1 Oct); electricity 107.00 with input VAT 7.00 (25 Oct, counts
 *   100.00 as the shop claims the VAT back); the shop's own "ค่าซ่อมแอร์" 200.00 (28 Oct);
 *   wages 500.00 deleted (counts nowhere). Other income: 50.00 (20 Oct); 99.99 deleted.
 *   The previous period (31 days: 31 Aug – 30 Sep): sale 5 on 20 Sep, 1 × A = 107.00
 *   (ex-VAT 100.00, cost 50.00), and an expense "other" of 20.00 on 5 Sep.
 *
 *   Revenue ex-VAT 180 + 270 + 600 = 1,050.00; returns 200.00; net revenue 850.00
 *   Cost 100 + 150 + 300 − 100 = 450.00; gross profit 400.00; margin 400/850 = 47.06%
 *   Other income 50.00; expenses 100 + 100 + 200 = 400.00; net profit 50.00
 *   Output VAT 12.60 + 18.90 + 42.00 = 73.50; returned 14.00; input 7.00; payable 52.50
 */

let test: TestDatabase;
let month: Awaited<ReturnType<typeof buildMonth>>;

beforeAll(async () => {
  test = await createTestDatabase();
  month = await buildMonth();
});
afterAll(() => test.drop());

/** A Bangkok wall-clock time as an instant. */
const bkk = (local: string) => new Date(`${local}+07:00`);

async function buildMonth() {
  const t: TestShop = await insertShop(test.db);
  await registerForVat(test.db, t.shop.id);
  const opening = { qty: 50_000, locationId: t.defaultLocationId };
  const a = await insertItem(test.db, t.shop.id, t.ownerId, {
    fields: { price: 10_700, cost: 5_000, category: "เครื่องดื่ม" },
    opening,
  });
  const b = await insertItem(test.db, t.shop.id, t.ownerId, {
    fields: { price: 21_400, cost: 10_000, category: "ขนม" },
    opening,
  });
  const cashier = await addShopMember(test.db, t.shop.id, "cashier", { name: "แก้ว" });
  const manager = await addShopMember(test.db, t.shop.id, "manager", { name: "สมชาย" });
  const stock = await addShopMember(test.db, t.shop.id, "stock");
  const shopId = t.shop.id;
  await createSaleForTest(test.db, {
    shopId,
    userId: cashier.id,
    lines: [{ itemId: a.id, qty: 2, discount: { kind: "amount", satang: 2_140 } }],
    at: bkk("2026-10-03T10:15:00"),
  });
  await createSaleForTest(test.db, {
    shopId,
    userId: cashier.id,
    lines: [
      { itemId: a.id, qty: 1 },
      { itemId: b.id, qty: 1 },
    ],
    billDiscount: { kind: "amount", satang: 3_210 },
    payments: [{ method: "card", amountSatang: 28_890 }],
    at: bkk("2026-10-03T14:30:00"),
  });
  const third = await createSaleForTest(test.db, {
    shopId,
    userId: manager.id,
    lines: [{ itemId: b.id, qty: 3 }],
    payments: [{ method: "promptpay", amountSatang: 64_200 }],
    at: bkk("2026-10-10T09:05:00"),
  });
  const owner = { shopId, userId: t.ownerId, role: "owner" as const };
  const returned = await returnSaleLines(
    test.db,
    owner,
    {
      saleId: third.id,
      lines: [{ saleLineId: third.lineIds[0]!, qtyMilli: 1_000 }],
      reason: "ลูกค้าเปลี่ยนใจ",
      refundMethod: "cash",
      buyer: TEST_BUYER,
    },
    bkk("2026-10-12T16:00:00"),
  );
  if (!returned.ok) throw new Error(`return refused: ${JSON.stringify(returned.error)}`);
  const fourth = await createSaleForTest(test.db, {
    shopId,
    userId: cashier.id,
    lines: [{ itemId: a.id, qty: 1 }],
    at: bkk("2026-10-15T10:40:00"),
  });
  const voided = await voidSale(
    test.db,
    owner,
    { saleId: fourth.id, reason: "คิดเงินผิด" },
    bkk("2026-10-15T10:45:00"),
  );
  if (!voided.ok) throw new Error(`void refused: ${voided.error}`);
  await createSaleForTest(test.db, {
    shopId,
    userId: cashier.id,
    lines: [{ itemId: a.id, qty: 1 }],
    at: bkk("2026-09-20T11:00:00"),
  });

  const [aircon] = await test.db
    .insert(financeCategory)
    .values({ shopId, kind: "expense", name: "ค่าซ่อมแอร์" })
    .returning();
  const by = { createdBy: t.ownerId, method: "transfer" as const };
  await test.db.insert(expense).values([
    { shopId, ...by, categoryKey: "rent", amountSatang: 10_000, spentOn: "2026-10-01" },
    {
      shopId,
      ...by,
      categoryKey: "utilities",
      amountSatang: 10_700,
      inputVatSatang: 700,
      spentOn: "2026-10-25",
      // Input tax only with the supplier's full tax invoice (decision 0068).
      ...SUPPLIER_TAX_INVOICE,
      taxInvoiceDate: "2026-10-25",
      valueBeforeVatSatang: 10_000,
    },
    { shopId, ...by, categoryId: aircon!.id, amountSatang: 20_000, spentOn: "2026-10-28" },
    {
      shopId,
      ...by,
      categoryKey: "wages",
      amountSatang: 50_000,
      spentOn: "2026-10-05",
      deletedAt: new Date(),
    },
    { shopId, ...by, categoryKey: "other", amountSatang: 2_000, spentOn: "2026-09-05" },
    // The last day of August: before October's previous month (September), so never compared.
    { shopId, ...by, categoryKey: "other", amountSatang: 7_000, spentOn: "2026-08-31" },
    // The first day of the next month: outside October.
    { shopId, ...by, categoryKey: "rent", amountSatang: 10_000, spentOn: "2026-11-01" },
  ]);
  await test.db.insert(otherIncome).values([
    { shopId, ...by, categoryKey: "service", amountSatang: 5_000, receivedOn: "2026-10-20" },
    {
      shopId,
      ...by,
      categoryKey: "service",
      amountSatang: 9_999,
      receivedOn: "2026-10-21",
      deletedAt: new Date(),
    },
  ]);

  // Another shop selling in the same month: none of it may show in this shop's report.
  const other = await insertShop(test.db);
  await registerForVat(test.db, other.shop.id);
  const otherItem = await insertItem(test.db, other.shop.id, other.ownerId, {
    fields: { price: 10_700, cost: 5_000 },
    opening: { qty: 10_000, locationId: other.defaultLocationId },
  });
  await createSaleForTest(test.db, {
    shopId: other.shop.id,
    userId: other.ownerId,
    lines: [{ itemId: otherItem.id, qty: 5 }],
    at: bkk("2026-10-03T12:00:00"),
  });
  await test.db.insert(expense).values({
    shopId: other.shop.id,
    createdBy: other.ownerId,
    method: "cash",
    categoryKey: "rent",
    amountSatang: 777_700,
    spentOn: "2026-10-02",
  });

  return {
    t,
    a,
    b,
    other,
    owner: sessionUserOf(t.ownerId),
    manager: sessionUserOf(manager.id, manager.name),
    cashier: sessionUserOf(cashier.id, cashier.name),
    stock: sessionUserOf(stock.id, stock.name),
    cashierId: cashier.id,
    managerId: manager.id,
    aircon: aircon!,
  };
}

const OCTOBER = { from: "2026-10-01", to: "2026-10-31" };

function call(fn: (args: never) => unknown, path: string, member: SessionUser | null) {
  return outcomeOf<Awaited<ReturnType<typeof pageRoute.loader>>>(
    callRoute(fn, path, { context: routeContext(test.db, member) }),
  );
}

describe("profitAndLoss", () => {
  let pnl: ProfitAndLoss;
  beforeAll(async () => {
    pnl = await profitAndLoss(test.db, month.t.shop.id, OCTOBER);
  });

  it("gives every figure of the hand-computed month", () => {
    expect(pnl.totals).toEqual({
      bills: 3,
      grossSalesSatang: 117_700,
      discountSatang: 5_350,
      salesExVatSatang: 105_000,
      returnsExVatSatang: 20_000,
      netRevenueSatang: 85_000,
      salesCostSatang: 55_000,
      returnedCostSatang: 10_000,
      costOfGoodsSatang: 45_000,
      grossProfitSatang: 40_000,
      marginBasisPoints: 4_706,
      otherIncomeSatang: 5_000,
      expensesSatang: 40_000,
      netProfitSatang: 5_000,
      voidBills: 1,
      voidTotalSatang: 10_700,
      returnNotes: 1,
    });
    expect(pnl.vat).toEqual({
      outputVatSatang: 7_350,
      returnedVatSatang: 1_400,
      inputVatSatang: 700,
      payableSatang: 5_250,
    });
    expect(pnl.expenses).toEqual([
      { key: null, categoryId: month.aircon.id, name: "ค่าซ่อมแอร์", amountSatang: 20_000 },
      { key: "rent", categoryId: null, name: "", amountSatang: 10_000 },
      { key: "utilities", categoryId: null, name: "", amountSatang: 10_000 },
    ]);
  });

  it("compares the month with the whole month before", () => {
    expect(pnl.previousRange).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(pnl.previous).toMatchObject({
      bills: 1,
      salesExVatSatang: 10_000,
      netRevenueSatang: 10_000,
      costOfGoodsSatang: 5_000,
      grossProfitSatang: 5_000,
      marginBasisPoints: 5_000,
      otherIncomeSatang: 0,
      expensesSatang: 2_000,
      netProfitSatang: 3_000,
      voidBills: 0,
    });
  });

  it("breaks the month down by payment method, hour, item, category, cashier and day", () => {
    expect(pnl.byPayment).toEqual([
      { method: "promptpay", payments: 1, receivedSatang: 64_200, refundedSatang: 0 },
      { method: "card", payments: 1, receivedSatang: 28_890, refundedSatang: 0 },
      { method: "cash", payments: 1, receivedSatang: 19_260, refundedSatang: 21_400 },
    ]);
    expect(pnl.byHour).toEqual([
      { hour: 9, bills: 1, salesExVatSatang: 60_000 },
      { hour: 10, bills: 1, salesExVatSatang: 18_000 },
      { hour: 14, bills: 1, salesExVatSatang: 27_000 },
    ]);
    expect(
      pnl.byItem.map(({ itemId, qtyMilli, netRevenueSatang, costSatang }) => ({
        itemId,
        qtyMilli,
        netRevenueSatang,
        costSatang,
      })),
    ).toEqual([
      { itemId: month.b.id, qtyMilli: 3_000, netRevenueSatang: 58_000, costSatang: 30_000 },
      { itemId: month.a.id, qtyMilli: 3_000, netRevenueSatang: 27_000, costSatang: 15_000 },
    ]);
    expect(pnl.byCategory).toEqual([
      { category: "ขนม", netRevenueSatang: 58_000, costSatang: 30_000, grossProfitSatang: 28_000 },
      {
        category: "เครื่องดื่ม",
        netRevenueSatang: 27_000,
        costSatang: 15_000,
        grossProfitSatang: 12_000,
      },
    ]);
    expect(pnl.byCashier).toEqual([
      {
        cashierId: month.managerId,
        name: "สมชาย",
        bills: 1,
        salesExVatSatang: 60_000,
        grossProfitSatang: 30_000,
        discountSatang: 0,
        approvedBills: 0,
        priceOverrides: 0,
        priceOverrideSatang: 0,
      },
      {
        cashierId: month.cashierId,
        name: "แก้ว",
        bills: 2,
        salesExVatSatang: 45_000,
        grossProfitSatang: 20_000,
        // The discounts she gave (issue 31.2: reported by cashier).
        discountSatang: 5_350,
        approvedBills: 0,
        priceOverrides: 0,
        priceOverrideSatang: 0,
      },
    ]);
    expect(pnl.granularity).toBe("day");
    expect(pnl.byPeriod).toHaveLength(31);
    const day = (key: string) => pnl.byPeriod.find((row) => row.key === key);
    expect(day("2026-10-01")).toMatchObject({ expensesSatang: 10_000, netProfitSatang: -10_000 });
    expect(day("2026-10-03")).toMatchObject({
      netRevenueSatang: 45_000,
      grossProfitSatang: 20_000,
    });
    expect(day("2026-10-12")).toMatchObject({
      netRevenueSatang: -20_000,
      grossProfitSatang: -10_000,
    });
    expect(pnl.byPeriod.reduce((sum, row) => sum + row.netProfitSatang, 0)).toBe(5_000);
  });

  it("charts a year by month", async () => {
    const year = await profitAndLoss(test.db, month.t.shop.id, {
      from: "2026-01-01",
      to: "2026-12-31",
    });
    expect(year.granularity).toBe("month");
    expect(year.byPeriod.map((row) => row.key)).toHaveLength(12);
    expect(year.byPeriod.find((row) => row.key === "2026-10")).toMatchObject({
      netRevenueSatang: 85_000,
      netProfitSatang: 5_000,
    });
  });

  it("counts a sale on the Bangkok day it happened, not the UTC one", async () => {
    // Sale 3 is 10 Oct 09:05 in Bangkok, 02:05 UTC; sale 1 at 10:15 is 03:15 UTC.
    const day = await profitAndLoss(test.db, month.t.shop.id, {
      from: "2026-10-10",
      to: "2026-10-10",
    });
    expect(day.totals.salesExVatSatang).toBe(60_000);
    expect(day.previousRange).toEqual({ from: "2026-10-09", to: "2026-10-09" });
  });
});

describe("/shophub/reports", () => {
  const page = () => `/shophub/reports?shop=${month.t.shop.id}&month=2026-10`;

  it("shows an owner and a manager the month's profit and loss", async () => {
    for (const member of [month.owner, month.manager]) {
      const seen = await call(pageRoute.loader, page(), member);
      expect(seen.status).toBe(200);
      expect(seen.data?.pnl.totals.netProfitSatang).toBe(5_000);
      expect(seen.data?.pnl.range).toEqual(OCTOBER);
    }
  });

  it("reads a month, a day and a range typed the Thai way, in the Buddhist era", async () => {
    const at = (query: string) =>
      call(pageRoute.loader, `/shophub/reports?shop=${month.t.shop.id}&${query}`, month.owner);
    expect((await at("month=10%2F2569")).data?.pnl.range).toEqual(OCTOBER);
    const day = await at("day=10%2F10%2F2569");
    expect(day.data?.pnl.range).toEqual({ from: "2026-10-10", to: "2026-10-10" });
    expect(day.data?.pnl.totals.salesExVatSatang).toBe(60_000);
    const range = await at("from=01102569&to=31%2F10%2F2569");
    expect(range.data?.pnl.range).toEqual(OCTOBER);
    expect(range.data?.pnl.previousRange).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    // What was typed comes back to the fields as typed.
    expect(range.data?.period.values).toMatchObject({ from: "01102569", to: "31/10/2569" });
  });

  it("refuses a cashier and a stock keeper, the page and the CSV", async () => {
    for (const member of [month.cashier, month.stock]) {
      expect((await call(pageRoute.loader, page(), member)).status).toBe(403);
      const csv = await call(
        exportRoute.loader,
        `/shophub/reports/export?shop=${month.t.shop.id}&month=2026-10`,
        member,
      );
      expect(csv.status).toBe(403);
    }
  });

  it("shows another shop's owner only their own shop", async () => {
    const theirs = await call(
      pageRoute.loader,
      `/shophub/reports?shop=${month.other.shop.id}&month=2026-10`,
      sessionUserOf(month.other.ownerId),
    );
    expect(theirs.data?.pnl.totals).toMatchObject({
      salesExVatSatang: 50_000,
      expensesSatang: 777_700,
    });
    // Asking for our shop by its id is refused: they are no member of it.
    const ours = await call(pageRoute.loader, page(), sessionUserOf(month.other.ownerId));
    expect(ours.status).not.toBe(200);
    expect(ours.data).toBeUndefined();
  });

  it("refuses a month that is no month next to the field and shows this month meanwhile", async () => {
    const seen = await call(
      pageRoute.loader,
      `/shophub/reports?shop=${month.t.shop.id}&month=2026-13`,
      month.owner,
    );
    expect(seen.status).toBe(200);
    expect(seen.data?.period.errors).toEqual({ month: "shops.reports.period.badMonth" });
    expect(seen.data?.period.values.month).toBe("2026-13");
    const range = await call(
      pageRoute.loader,
      `/shophub/reports?shop=${month.t.shop.id}&from=2026-10-31&to=2026-10-01`,
      month.owner,
    );
    expect(range.data?.period.errors).toEqual({ to: "shops.reports.period.badRange" });
  });

  it("exports the summary and the payments as CSV with a BOM and Thai headers", async () => {
    const summary = await call(
      exportRoute.loader,
      `/shophub/reports/export?shop=${month.t.shop.id}&from=2026-10-01&to=2026-10-31&report=summary`,
      month.owner,
    );
    expect(summary.status).toBe(200);
    const response = summary.response!;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /attachment; filename="shophub-summary-2026-10-01-2026-10-31-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")).toEqual([
      "รายการ,ช่วงนี้ 2026-10-01/2026-10-31,ช่วงก่อนหน้า 2026-09-01/2026-09-30",
      "จำนวนบิล,3,1",
      "ยอดขายก่อนส่วนลด (ตามราคาบนบิล),1177.00,107.00",
      "ส่วนลด (ตามราคาบนบิล),53.50,0.00",
      "ยอดขายสุทธิไม่รวมภาษีมูลค่าเพิ่ม,1050.00,100.00",
      "รับคืนสินค้า (ใบลดหนี้ ไม่รวมภาษี),200.00,0.00",
      "รายได้จากการขายสุทธิ,850.00,100.00",
      "ต้นทุนขาย,450.00,50.00",
      "กำไรขั้นต้น,400.00,50.00",
      "อัตรากำไรขั้นต้น,47.06,50.00",
      "รายได้อื่น,50.00,0.00",
      "ค่าใช้จ่าย,400.00,20.00",
      "กำไรสุทธิ,50.00,30.00",
      "",
    ]);
    const payments = await call(
      exportRoute.loader,
      `/shophub/reports/export?shop=${month.t.shop.id}&month=2026-10&report=payments`,
      month.manager,
    );
    const paymentText = (await payments.response!.text()).replace(/^\uFEFF/, "");
    expect(paymentText.split("\r\n")).toEqual([
      "วิธีชำระเงิน,จำนวนครั้ง,รับเงิน,คืนเงิน",
      "พร้อมเพย์,1,642.00,0.00",
      "บัตร,1,288.90,0.00",
      "เงินสด,1,192.60,214.00",
      "",
    ]);
  });

  it("checks the credit note landed in October (the return's day)", async () => {
    const [note] = await test.db
      .select({ createdAt: creditNote.createdAt })
      .from(creditNote)
      .where(eq(creditNote.shopId, month.t.shop.id));
    expect(note?.createdAt.toISOString()).toBe("2026-10-12T09:00:00.000Z");
    const sales = await test.db.select().from(sale).where(eq(sale.shopId, month.t.shop.id));
    expect(sales).toHaveLength(5);
  });
});
