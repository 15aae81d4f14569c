import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { expense } from "~/db/schema";
import {
  profitAndLoss,
  purchaseTaxReport,
  salesTaxReport,
  taxMonthOf,
  vatReturn,
} from "~/modules/reports/index.server";
import { documentView } from "~/features/sales-documents/document-view";
import { createTranslate } from "~/lib/i18n";
import { th } from "~/lib/i18n/th";
import {
  getSaleDocument,
  issueFullTaxInvoice,
  returnSaleLines,
  voidSale,
} from "~/modules/sales/index.server";
import * as exportRoute from "~/routes/shophub/tax/export";
import * as pageRoute from "~/routes/shophub/tax/route";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import { pdfText } from "../setup/pdf-text";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import {
  createSaleForTest,
  registerForVat,
  SUPPLIER_TAX_INVOICE,
  TEST_BUYER,
} from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * A hand-computed tax month of a VAT-registered shop (prices include 7 % VAT): March 2026
 * (มีนาคม 2569), Bangkok time, two tills. Every amount is worked out by hand in satang.
 *
 * Items: A 107.00, B 214.00, F 50.00 (fresh produce, sold VAT-exempt).
 * Abbreviated invoices are numbered across the shop (ABB2569-000001 is February's sale).
 *   S1 2 Mar 09:00 เครื่อง 1  A            107.00  VAT  7.00  value 100.00          ABB…002
 *   S2 2 Mar 10:00 เครื่อง 2  B            214.00  VAT 14.00  value 200.00          ABB…003
 *   S3 2 Mar 11:00 เครื่อง 1  A + 2 F      207.00  VAT  7.00  value 200.00 (100 exempt) ABB…004
 *   S4 2 Mar 12:00 เครื่อง 1  B, a bill before VAT: 214.00 + VAT 14.98 = 228.98,
 *                                                  value 214.00                    ABB…005
 *   S5 2 Mar 13:00 เครื่อง 1  A, voided (counts nowhere)                           ABB…006
 *   S6 2 Mar 14:00 เครื่อง 2  2 A          214.00  VAT 14.00  value 200.00          ABB…007
 *      full tax invoice INV2569-000001 the same day (replaces ABB…007)
 *   S7 3 Mar 09:00 เครื่อง 1  B            214.00  VAT 14.00  value 200.00          ABB…008
 *      full tax invoice INV2569-000002 written on 5 Mar, dated 3 Mar (replaces ABB…008)
 *   S8 4 Mar 10:00 a receipt (RC2569-000001) of a sale without VAT, 107.00: no tax invoice
 *   CN2569-000001 10 Mar: 1 A of S6 back, 107.00 = value 100.00 + VAT 7.00 (reduces INV…001)
 *   CN2569-000002 11 Mar: 1 F of S3 back, 50.00 exempt (reduces ABB…004)
 *
 * Sales tax report: 2 Mar เครื่อง 1  ABB…002–ABB…006, 3 slips, 514.00, VAT 28.98, exempt
 * 100.00, ABB…006 voided; 2 Mar เครื่อง 2 ABB…003–ABB…007, 1 slip, 200.00, VAT 14.00,
 * ABB…007 → INV…001; 2 Mar INV…001 200.00, 14.00; 3 Mar เครื่อง 1 ABB…008, no slip, 0;
 * 3 Mar INV…002 200.00, 14.00; 10 Mar CN…001 −100.00, −7.00; 11 Mar CN…002 −50.00, 0.
 * Totals: value 964.00, VAT 63.98, exempt 50.00.
 *
 * P&L March: output VAT 7 + 14 + 7 + 14.98 + 14 + 14 = 70.98, returned 7.00 → 63.98;
 * net revenue 1,221.00 − 150.00 = 1,071.00 = 964.00 + the receipt's 107.00.
 *
 * Expenses: E1 5 Mar 107.00 with the supplier's tax invoice (value 100.00, VAT 7.00): input
 * tax; E2 6 Mar 53.50 with VAT 3.50 but no tax invoice: not input tax, anywhere; E3 7 Mar with
 * a tax invoice, deleted: nowhere.
 * February: a sale of A (VAT 7.00) and an expense with a tax invoice (value 1,000.00, VAT
 * 70.00): 63.00 overpaid, carried into March (box 10).
 * ภ.พ.30 March: 1 = 964.00, 2 = 0, 3 = 50.00, 4 = 914.00, 5 = 63.98, 6 = 100.00, 7 = 7.00,
 * 8 = 56.98, 9 = 0, 10 = 63.00, 11 = 0, 12 = 63.00 − 56.98 = 6.02.
 */

let test: TestDatabase;

/** The buyer of a slip's credit note, asked on the return (a person: a national ID). */
const RETURN_BUYER = {
  name: "นายสมชาย ใจดี",
  address: "99 หมู่ 2 ตำบลบ้านใหม่ อำเภอเมือง นนทบุรี 11000",
  taxId: "3100600123450",
  branchCode: "00001",
};
let month: Awaited<ReturnType<typeof buildMonth>>;
const MARCH = taxMonthOf("2026-03", new Date("2026-11-28T12:00:00+07:00"));

beforeAll(async () => {
  test = await createTestDatabase();
  month = await buildMonth();
});
afterAll(() => test.drop());

const bkk = (local: string) => new Date(`${local}+07:00`);

async function buildMonth() {
  const t: TestShop = await insertShop(test.db);
  await registerForVat(test.db, t.shop.id);
  const shopId = t.shop.id;
  const opening = { qty: 50_000, locationId: t.defaultLocationId };
  const item = (price: number) =>
    insertItem(test.db, shopId, t.ownerId, { fields: { price, cost: 1_000 }, opening });
  const [a, b, f] = [await item(10_700), await item(21_400), await item(5_000)];
  const owner = { shopId, userId: t.ownerId, role: "owner" as const };
  const sell = (
    at: string,
    till: string,
    lines: Parameters<typeof createSaleForTest>[1]["lines"],
  ) => createSaleForTest(test.db, { shopId, userId: t.ownerId, lines, at: bkk(at), till });

  await sell("2026-02-10T10:00:00", "เครื่อง 1", [{ itemId: a.id, qty: 1 }]);
  await sell("2026-03-02T09:00:00", "เครื่อง 1", [{ itemId: a.id, qty: 1 }]);
  await sell("2026-03-02T10:00:00", "เครื่อง 2", [{ itemId: b.id, qty: 1 }]);
  const s3 = await sell("2026-03-02T11:00:00", "เครื่อง 1", [
    { itemId: a.id, qty: 1 },
    { itemId: f.id, qty: 2, vatExempt: true },
  ]);
  await createSaleForTest(test.db, {
    shopId,
    userId: t.ownerId,
    lines: [{ itemId: b.id, qty: 1 }],
    vatMode: "exclusive",
    at: bkk("2026-03-02T12:00:00"),
  });
  const s5 = await sell("2026-03-02T13:00:00", "เครื่อง 1", [{ itemId: a.id, qty: 1 }]);
  const voided = await voidSale(
    test.db,
    owner,
    { saleId: s5.id, reason: "คิดเงินผิด" },
    bkk("2026-03-02T13:05:00"),
  );
  if (!voided.ok) throw new Error(`void refused: ${voided.error}`);
  const s6 = await sell("2026-03-02T14:00:00", "เครื่อง 2", [{ itemId: a.id, qty: 2 }]);
  const s7 = await sell("2026-03-03T09:00:00", "เครื่อง 1", [{ itemId: b.id, qty: 1 }]);
  for (const [sale, at] of [
    [s6, "2026-03-02T15:00:00"],
    [s7, "2026-03-05T16:00:00"],
  ] as const) {
    const issued = await issueFullTaxInvoice(
      test.db,
      owner,
      { saleId: sale.id, buyer: TEST_BUYER },
      bkk(at),
    );
    if (!issued.ok) throw new Error(`full tax invoice refused: ${JSON.stringify(issued.error)}`);
  }
  await createSaleForTest(test.db, {
    shopId,
    userId: t.ownerId,
    lines: [{ itemId: a.id, qty: 1 }],
    vatMode: "none",
    at: bkk("2026-03-04T10:00:00"),
  });
  for (const [sale, line, at] of [
    [s6, 0, "2026-03-10T10:00:00"],
    [s3, 1, "2026-03-11T10:00:00"],
  ] as const) {
    const returned = await returnSaleLines(
      test.db,
      owner,
      {
        saleId: sale.id,
        lines: [{ saleLineId: sale.lineIds[line]!, qtyMilli: 1_000 }],
        reason: "ลูกค้าคืนสินค้า",
        refundMethod: "cash",
        // s3 had only its slip: the note names the buyer asked on the return (decision 0084);
        // s6's note goes to its full tax invoice's buyer, whatever is typed.
        buyer: RETURN_BUYER,
      },
      bkk(at),
    );
    if (!returned.ok) throw new Error(`return refused: ${JSON.stringify(returned.error)}`);
  }

  const by = { shopId, createdBy: t.ownerId, method: "transfer" as const };
  await test.db.insert(expense).values([
    {
      ...by,
      categoryKey: "utilities",
      amountSatang: 10_700,
      inputVatSatang: 700,
      spentOn: "2026-03-05",
      ...SUPPLIER_TAX_INVOICE,
      taxInvoiceDate: "2026-03-05",
      valueBeforeVatSatang: 10_000,
    },
    // VAT on a receipt without the supplier's tax invoice (a row saved before the rule).
    {
      ...by,
      categoryKey: "other",
      amountSatang: 5_350,
      inputVatSatang: 350,
      spentOn: "2026-03-06",
    },
    {
      ...by,
      categoryKey: "other",
      amountSatang: 2_140,
      inputVatSatang: 140,
      spentOn: "2026-03-07",
      ...SUPPLIER_TAX_INVOICE,
      taxInvoiceNumber: "IV-DELETED",
      taxInvoiceDate: "2026-03-07",
      valueBeforeVatSatang: 2_000,
      deletedAt: new Date(),
    },
    {
      ...by,
      categoryKey: "rent",
      amountSatang: 107_000,
      inputVatSatang: 7_000,
      spentOn: "2026-02-15",
      ...SUPPLIER_TAX_INVOICE,
      taxInvoiceNumber: "IV-FEB",
      taxInvoiceDate: "2026-02-15",
      valueBeforeVatSatang: 100_000,
    },
  ]);
  const member = async (role: "manager" | "cashier" | "stock") =>
    sessionUserOf((await addShopMember(test.db, shopId, role)).id);
  return {
    t,
    shopId,
    lateInvoiceSaleId: s7.id,
    owner: sessionUserOf(t.ownerId),
    manager: await member("manager"),
    cashier: await member("cashier"),
    stock: await member("stock"),
  };
}

describe("the sales tax report (รายงานภาษีขาย)", () => {
  it("sums abbreviated invoices by day and till and lists each full tax invoice and credit note", async () => {
    const report = await salesTaxReport(test.db, month.shopId, MARCH);
    expect(
      report.lines.map((line) => [
        line.no,
        line.kind,
        line.day,
        line.firstNumber,
        line.lastNumber,
        line.till,
        line.documents,
        line.valueSatang,
        line.vatSatang,
        line.exemptSatang,
        line.cancelled,
      ]),
    ).toEqual([
      [
        1,
        "abbreviated",
        "2026-03-02",
        "ABB2569-000002",
        "ABB2569-000006",
        "เครื่อง 1",
        3,
        51_400,
        2_898,
        10_000,
        false,
      ],
      [
        2,
        "abbreviated",
        "2026-03-02",
        "ABB2569-000003",
        "ABB2569-000007",
        "เครื่อง 2",
        1,
        20_000,
        1_400,
        0,
        false,
      ],
      [
        3,
        "fullTaxInvoice",
        "2026-03-02",
        "INV2569-000001",
        "INV2569-000001",
        null,
        1,
        20_000,
        1_400,
        0,
        false,
      ],
      [
        4,
        "abbreviated",
        "2026-03-03",
        "ABB2569-000008",
        "ABB2569-000008",
        "เครื่อง 1",
        0,
        0,
        0,
        0,
        false,
      ],
      [
        5,
        "fullTaxInvoice",
        "2026-03-03",
        "INV2569-000002",
        "INV2569-000002",
        null,
        1,
        20_000,
        1_400,
        0,
        false,
      ],
      [
        6,
        "creditNote",
        "2026-03-10",
        "CN2569-000001",
        "CN2569-000001",
        null,
        1,
        -10_000,
        -700,
        0,
        false,
      ],
      [
        7,
        "creditNote",
        "2026-03-11",
        "CN2569-000002",
        "CN2569-000002",
        null,
        1,
        -5_000,
        0,
        -5_000,
        false,
      ],
    ]);
    expect(report.lines[0]!.remarks).toEqual([{ kind: "voided", numbers: ["ABB2569-000006"] }]);
    expect(report.lines[1]!.remarks).toEqual([
      { kind: "replaced", pairs: [{ slip: "ABB2569-000007", invoice: "INV2569-000001" }] },
    ]);
    expect(report.lines[2]!.buyer).toEqual({
      name: TEST_BUYER.name,
      taxId: TEST_BUYER.taxId,
      branchCode: "00000",
    });
    expect(report.lines[4]!.remarks).toEqual([
      { kind: "replaces", slip: "ABB2569-000008", issuedOn: "2026-03-05" },
    ]);
    expect(report.lines[5]!.remarks).toEqual([
      { kind: "reduces", number: "INV2569-000001", day: "2026-03-02" },
      { kind: "reason", reason: "ลูกค้าคืนสินค้า" },
    ]);
    expect(report.lines[5]!.buyer?.taxId).toBe(TEST_BUYER.taxId);
    expect(report.lines[6]!.buyer).toEqual({
      name: RETURN_BUYER.name,
      taxId: RETURN_BUYER.taxId,
      branchCode: RETURN_BUYER.branchCode,
    });
    expect(report.lines[6]!.remarks[0]).toEqual({
      kind: "reduces",
      number: "ABB2569-000004",
      day: "2026-03-02",
    });
    expect(report.totals).toEqual({ valueSatang: 96_400, vatSatang: 6_398, exemptSatang: 5_000 });
    expect(report.receipts).toEqual({ count: 1, valueSatang: 10_700 });
    expect(report.counts).toEqual({
      abbreviated: 4,
      fullTaxInvoices: 2,
      creditNotes: 2,
      voided: 1,
    });
  });

  it("agrees with the P&L's VAT and revenue to the satang, and counts only tax-invoiced input VAT", async () => {
    const [report, purchases, pnl] = await Promise.all([
      salesTaxReport(test.db, month.shopId, MARCH),
      purchaseTaxReport(test.db, month.shopId, MARCH),
      profitAndLoss(test.db, month.shopId, MARCH.range),
    ]);
    expect(pnl.vat.outputVatSatang - pnl.vat.returnedVatSatang).toBe(report.totals.vatSatang);
    expect(pnl.totals.netRevenueSatang).toBe(
      report.totals.valueSatang + report.receipts.valueSatang,
    );
    // The expense with VAT but no tax invoice is no input tax: in the P&L it costs 53.50.
    expect(pnl.vat.inputVatSatang).toBe(700);
    expect(purchases.totals).toEqual({ valueSatang: 10_000, vatSatang: 700 });
    expect(pnl.vat.payableSatang).toBe(report.totals.vatSatang - purchases.totals.vatSatang);
    expect(pnl.totals.expensesSatang).toBe(10_000 + 5_350);
  });
});

describe("the purchase tax report (รายงานภาษีซื้อ)", () => {
  it("lists the month's expenses that carry the supplier's tax invoice", async () => {
    const report = await purchaseTaxReport(test.db, month.shopId, MARCH);
    expect(report.lines).toEqual([
      {
        no: 1,
        expenseId: expect.any(Number),
        day: "2026-03-05",
        invoiceDate: "2026-03-05",
        invoiceNumber: "IV-0001",
        supplier: SUPPLIER_TAX_INVOICE.supplier,
        supplierTaxId: SUPPLIER_TAX_INVOICE.supplierTaxId,
        supplierBranch: "00000",
        valueSatang: 10_000,
        vatSatang: 700,
      },
    ]);
  });
});

describe("the ภ.พ.30 figures", () => {
  it("fills the form's boxes and carries last month's overpaid tax into box 10", async () => {
    const vat = await vatReturn(test.db, month.shopId, MARCH);
    expect(vat.boxes).toEqual({
      1: 96_400,
      2: 0,
      3: 5_000,
      4: 91_400,
      5: 6_398,
      6: 10_000,
      7: 700,
      8: 5_698,
      9: 0,
      10: 6_300,
      11: 0,
      12: 602,
    });
    expect(vat.carriedSince).toBe("2026-02");
    const february = await vatReturn(test.db, month.shopId, taxMonthOf("2026-02"));
    expect(february.boxes).toMatchObject({ 5: 700, 7: 7_000, 9: 6_300, 10: 0, 12: 6_300 });
    // April has nothing of its own: March's 6.02 is carried on.
    const april = await vatReturn(test.db, month.shopId, taxMonthOf("2026-04"));
    expect(april.boxes).toMatchObject({ 5: 0, 7: 0, 10: 602, 12: 602 });
  });
});

type PageData = Awaited<ReturnType<typeof pageRoute.loader>>;

const call = <T = unknown>(fn: (args: never) => unknown, path: string, who: SessionUser) =>
  outcomeOf<T>(callRoute(fn, path, { context: routeContext(test.db, who) }));

describe("/shophub/tax", () => {
  const page = (path: string, query = "month=3%2F2569") => `${path}?shop=${month.shopId}&${query}`;
  const file = (report: string, format: string, query = "month=2026-03") =>
    `/shophub/tax/export?shop=${month.shopId}&report=${report}&format=${format}&${query}`;

  it("shows an owner and a manager each report of a month typed the Thai way", async () => {
    for (const who of [month.owner, month.manager]) {
      const vat = await call<PageData>(pageRoute.loader, page("/shophub/tax"), who);
      expect(vat.status).toBe(200);
      expect(vat.data?.kind).toBe("vat");
      expect(vat.data?.month).toBe("2026-03");
      expect(vat.data?.sheet.period).toBe("เดือนภาษี มีนาคม ปี 2569");
      expect(vat.data?.sheet.rows.map((row) => row.cells[2])).toEqual([
        96_400, 0, 5_000, 91_400, 6_398, 10_000, 700, 5_698, 0, 6_300, 0, 602,
      ]);
      const sales = await call<PageData>(pageRoute.loader, page("/shophub/tax/sales"), who);
      expect(sales.data?.sheet.title).toBe("รายงานภาษีขาย");
      expect(sales.data?.sheet.rows).toHaveLength(7);
      expect(sales.data?.sheet.heading).toContainEqual({
        label: "เลขประจำตัวผู้เสียภาษีอากร",
        value: "0105556123453",
      });
      expect(sales.data?.sheet.heading).toContainEqual({
        label: "สถานประกอบการ",
        value: "สำนักงานใหญ่",
      });
      const purchases = await call<PageData>(pageRoute.loader, page("/shophub/tax/purchases"), who);
      expect(purchases.data?.sheet.rows).toHaveLength(1);
    }
  });

  it("refuses cashiers and stock keepers, the pages and the files", async () => {
    for (const who of [month.cashier, month.stock]) {
      for (const path of ["/shophub/tax", "/shophub/tax/sales", "/shophub/tax/purchases"]) {
        expect((await call(pageRoute.loader, page(path), who)).status).toBe(403);
      }
      expect((await call(exportRoute.loader, file("sales", "csv"), who)).status).toBe(403);
    }
  });

  it("refuses a month that is no month and one not yet begun, in Thai, and makes no file", async () => {
    const bad = await call<PageData>(
      pageRoute.loader,
      page("/shophub/tax/sales", "month=13%2F2569"),
      month.owner,
    );
    expect(bad.status).toBe(200);
    expect(bad.data?.error).toBe("shops.tax.month.bad");
    expect(bad.data?.typed).toBe("13/2569");
    const future = await call<PageData>(
      pageRoute.loader,
      page("/shophub/tax", "month=1%2F2642"),
      month.owner,
    );
    expect(future.data?.error).toBe("shops.tax.month.future");
    // What the page shows meanwhile is last month, and it says so.
    expect(future.data?.month).not.toBe("2099-01");
    for (const [query, text] of [
      ["month=2026-13", "เดือนไม่ถูกต้อง พิมพ์เป็น ดด/ปปปป เช่น 3/2569"],
      ["month=1%2F2642", "ยังไม่ถึงเดือนนี้ รายงานภาษีทำได้ถึงเดือนปัจจุบันเท่านั้น"],
    ] as const) {
      const refused = await call(exportRoute.loader, file("vat", "pdf", query), month.owner);
      expect(refused.status).toBe(400);
      expect(await refused.response!.text()).toBe(text);
    }
    expect((await call(exportRoute.loader, file("payroll", "csv"), month.owner)).status).toBe(404);
  });

  it("gives the accountant the sales tax report as CSV with a BOM, Thai headings and exact baht", async () => {
    const csv = await call(exportRoute.loader, file("sales", "csv"), month.owner);
    expect(csv.status).toBe(200);
    const response = csv.response!;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="shophub-sales-tax-2026-03.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe("รายงานภาษีขาย");
    expect(lines[1]).toBe("เดือนภาษี มีนาคม ปี 2569");
    expect(lines).toContain(
      "ลำดับ,วัน เดือน ปี,เลขที่ใบกำกับภาษี,ชื่อผู้ซื้อสินค้า/ผู้รับบริการ,เลขประจำตัวผู้เสียภาษีอากรของผู้ซื้อ,สถานประกอบการ,มูลค่าสินค้าหรือบริการ,จำนวนเงินภาษีมูลค่าเพิ่ม,หมายเหตุ,วันที่ ค.ศ. (ปี-เดือน-วัน),ประเภทเอกสาร,เครื่อง (จุดขาย),จำนวนฉบับ,มูลค่าที่ได้รับยกเว้นภาษี",
    );
    expect(lines).toContain(
      "1,02/03/2569,ABB2569-000002 – ABB2569-000006,ขายปลีก ใบกำกับภาษีอย่างย่อ 3 ฉบับ (เครื่อง 1),,,514.00,28.98,ยกเลิก: ABB2569-000006,2026-03-02,ใบกำกับภาษีอย่างย่อ,เครื่อง 1,3,100.00",
    );
    expect(lines).toContain(
      `6,10/03/2569,CN2569-000001,${TEST_BUYER.name},${TEST_BUYER.taxId},สำนักงานใหญ่,-100.00,-7.00,ลดหนี้ตามใบกำกับภาษีเลขที่ INV2569-000001 ลงวันที่ 02/03/2569; เหตุผล: ลูกค้าคืนสินค้า,2026-03-10,ใบลดหนี้,,1,0.00`,
    );
    expect(lines).toContain(
      `7,11/03/2569,CN2569-000002,${RETURN_BUYER.name},${RETURN_BUYER.taxId},สาขาที่ 00001,-50.00,0.00,ลดหนี้ตามใบกำกับภาษีเลขที่ ABB2569-000004 ลงวันที่ 02/03/2569; เหตุผล: ลูกค้าคืนสินค้า,2026-03-11,ใบลดหนี้,,1,-50.00`,
    );
    expect(lines).toContain(",รวมทั้งสิ้น,,,,,964.00,63.98,,,,,8,50.00");
  });

  it("gives the ภ.พ.30 figures as XLSX: numbers the accountant adds up, totals to the satang", async () => {
    const xlsx = await call(exportRoute.loader, file("vat", "xlsx"), month.manager);
    expect(xlsx.response!.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.response!.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(["ตัวเลขสำหรับแบบแสดงรายการภาษีมูลค่าเพิ่ม (ภ.พ.30)"]);
    expect(rows).toContainEqual([5, "ภาษีขายเดือนนี้", 63.98]);
    expect(rows).toContainEqual([10, "ภาษีที่ชำระเกินยกมา", 63]);
    expect(rows).toContainEqual([12, "ภาษีสุทธิที่ชำระเกิน (ถ้า 10. มากกว่า 8. หรือ 9. รวมกับ 10.)", 6.02]);
    expect(sheet.getColumn(3).numFmt).toBe("#,##0.00;-#,##0.00");
  });

  it("gives the purchase tax report as an A4 PDF whose text reads as the report", async () => {
    const pdf = await call(exportRoute.loader, file("purchases", "pdf"), month.owner);
    expect(pdf.response!.headers.get("Content-Type")).toBe("application/pdf");
    const text = await pdfText(Buffer.from(await pdf.response!.arrayBuffer()));
    for (const words of [
      "รายงานภาษีซื้อ",
      "เดือนภาษี มีนาคม ปี 2569",
      "เลขประจำตัวผู้เสียภาษีอากร: 0105556123453",
      "หน้า 1/1",
      "05/03/2569",
      "IV-0001",
      SUPPLIER_TAX_INVOICE.supplier,
      "100.00",
      "7.00",
      "รวมทั้งสิ้น",
    ]) {
      expect(text).toContain(words);
    }
  });
});

describe("a full tax invoice written days after the sale", () => {
  it("bears the date of the slip it replaces and says when it was written", async () => {
    const doc = await getSaleDocument(test.db, month.shopId, {
      saleId: month.lateInvoiceSaleId,
      doc: "full",
    });
    expect(doc).toMatchObject({
      documentNumber: "INV2569-000002",
      issuedAt: bkk("2026-03-03T09:00:00"),
      writtenAt: bkk("2026-03-05T16:00:00"),
      replacesDocumentNumber: "ABB2569-000008",
    });
    const view = documentView(doc!, createTranslate(th, undefined, "th"), "th");
    expect(view.date).toBe("3 มี.ค. 2569 09:00");
    expect(view.references).toContain(
      "ออกแทนใบกำกับภาษีอย่างย่อเลขที่ ABB2569-000008 ลงวันที่ 3 มีนาคม 2569 (ออกใบนี้เมื่อ 5 มีนาคม 2569)",
    );
    expect(view.buyer?.branch).toBe("สำนักงานใหญ่");
  });
});
