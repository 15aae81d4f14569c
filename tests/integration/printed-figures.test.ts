import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentView, type DocumentView } from "~/features/sales-documents/document-view";
import { createTranslate } from "~/lib/i18n";
import { th } from "~/lib/i18n/th";
import {
  getSaleDocument,
  issueFullTaxInvoice,
  returnSaleLines,
  type SaleDocumentChoice,
  type VatMode,
} from "~/modules/sales/index.server";
import { insertItem, insertShop } from "../setup/factories";
import { createSaleForTest, registerForVat, TEST_BUYER } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Issue 32.4: a printed receipt did not add up (a line with a 2.00 discount printed 13.00 and
 * −2.00 under it; then รวมเป็นเงิน 182.30 before discounts and ส่วนลด −7.00, while the lines
 * added up to 180.30). These tests read what a document prints (its view, the strings every
 * layout places: 58/80 mm, A4, the PDF, the ESC/POS raster) and add it up with a pencil.
 */

let test: TestDatabase;
const t = createTranslate(th, undefined, "th");

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

/** A printed amount ("1,234.50", "-5.00") in satang. */
function satang(text: string): number {
  const match = /^(-?)(\d{1,3}(?:,\d{3})*)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a printed amount: ${text}`);
  const value = Number(match[2]!.replaceAll(",", "")) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/** A printed quantity ("2", "1.255") in thousandths. */
function milli(text: string): number {
  const [whole, part = ""] = text.split(".");
  return Number(whole) * 1000 + Number(part.padEnd(3, "0"));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** Price × quantity to the satang, halves up, as a customer works it out. */
const times = (price: number, qtyMilli: number) => Math.floor((price * qtyMilli + 500) / 1000);
const row = (view: DocumentView, label: string) => view.totals.find((each) => each.label === label);

/** Adds up what a document prints, as a customer would, and checks every figure on the way. */
function expectItAddsUp(view: DocumentView, vatMode: VatMode) {
  // Each line: quantity × price is its amount; the amount less its discount is what an A4 row
  // prints as its amount.
  for (const line of view.lines) {
    expect(times(satang(line.unitPrice), milli(line.qty)), line.name).toBe(satang(line.amount));
    expect(satang(line.amount) - (line.discount ? satang(line.discount) : 0), line.name).toBe(
      satang(line.net),
    );
  }
  // A roll: the amount column (each line and its discount as −x.xx) adds up to the subtotal;
  // an A4 page: the amount column (after each row's discount) adds up to the same.
  const roll = sum(view.lines.map((line) => satang(line.amount) - satang(line.discount ?? "0.00")));
  expect(sum(view.lines.map((line) => satang(line.net)))).toBe(roll);
  const subtotal = row(view, t("shops.sell.doc.gross"));
  if (subtotal) expect(satang(subtotal.value)).toBe(roll);
  // Then the bill discount, and with prices before VAT the value and the VAT on top.
  const billDiscount = row(view, t("shops.sell.doc.billDiscount"));
  let running = roll + (billDiscount ? satang(billDiscount.value) : 0);
  const vatLabel = t("shops.sell.doc.vat", { rate: "7" });
  if (vatMode === "exclusive") {
    const values = [t("shops.sell.doc.vatBase"), t("shops.sell.doc.nonVat")]
      .map((label) => row(view, label))
      .filter((each) => each !== undefined);
    if (values.length > 0) expect(sum(values.map((each) => satang(each.value)))).toBe(running);
    running += satang(row(view, vatLabel)!.value);
  } else {
    expect(row(view, vatLabel)).toBeUndefined();
  }
  expect(satang(view.total.value)).toBe(running);
  // With prices that include VAT, the split of the total adds up to it.
  if (view.vatBreakdown.length > 0) {
    expect(sum(view.vatBreakdown.map((each) => satang(each.value)))).toBe(running);
  }
  // No discount is printed twice: only the lines' and the bill's.
  expect(view.totals.filter((each) => each.value.startsWith("-"))).toHaveLength(
    billDiscount ? 1 : 0,
  );
}

async function shopSelling(vatMode: VatMode) {
  const t0 = await insertShop(test.db);
  if (vatMode !== "none") await registerForVat(test.db, t0.shop.id, vatMode === "inclusive");
  const item = (name: string, price: number, unit: string, measured = false) =>
    insertItem(test.db, t0.shop.id, t0.ownerId, {
      fields: { name, price, unit, measured },
      opening: { qty: 100_000, locationId: t0.defaultLocationId },
    });
  const items = {
    noodles: await item("บะหมี่กึ่งสำเร็จรูป", 1_500, "ซอง"),
    water: await item("น้ำดื่มตราช้าง 600 มล.", 3_525, "ขวด"),
    pork: await item("หมูสับ", 8_900, "กก.", true),
    eggs: await item("ไข่ไก่", 700, "ฟอง"),
  };
  return { t: t0, items };
}

/** A bill like the one in the issue: line discounts, a weight line, a bill discount. */
async function sellTheBill(vatMode: VatMode) {
  const { t: shop, items } = await shopSelling(vatMode);
  const sold = await createSaleForTest(test.db, {
    shopId: shop.shop.id,
    userId: shop.ownerId,
    lines: [
      { itemId: items.noodles.id, qty: 1, discount: { kind: "amount", satang: 200 } },
      { itemId: items.water.id, qty: 2, discount: { kind: "percent", basisPoints: 1_000 } },
      { itemId: items.pork.id, qty: 0, qtyMilli: 1_255 },
      { itemId: items.eggs.id, qty: 3 },
    ],
    billDiscount: { kind: "amount", satang: 500 },
  });
  return { shop, sold };
}

async function printed(shopId: string, saleId: number, doc: SaleDocumentChoice) {
  const document = await getSaleDocument(test.db, shopId, { saleId, doc });
  if (!document) throw new Error("no document");
  return documentView(document, t, "th");
}

describe("the printed figures add up", () => {
  for (const vatMode of ["inclusive", "exclusive", "none"] as const) {
    it(`on a receipt with line discounts, a weight line and a bill discount (VAT ${vatMode})`, async () => {
      const { shop, sold } = await sellTheBill(vatMode);
      const view = await printed(shop.shop.id, sold.id, "sale");
      // Each line at price × quantity, its discount under it.
      expect(view.lines.map((line) => [line.qtyAtPrice, line.amount, line.discount])).toEqual([
        ["1 ซอง × 15.00", "15.00", "2.00"],
        ["2 ขวด × 35.25", "70.50", "7.05"],
        ["1.255 กก. × 89.00", "111.70", null],
        ["3 ฟอง × 7.00", "21.00", null],
      ]);
      expect(row(view, t("shops.sell.doc.gross"))?.value).toBe("209.15");
      expect(row(view, t("shops.sell.doc.billDiscount"))?.value).toBe("-5.00");
      expectItAddsUp(view, vatMode);
      expect(satang(view.total.value)).toBe(sold.totalSatang);
    });
  }

  it("on the full tax invoice and the credit note of a VAT-exclusive bill", async () => {
    const { shop, sold } = await sellTheBill("exclusive");
    const owner = { shopId: shop.shop.id, userId: shop.ownerId, role: "owner" as const };
    const invoice = await issueFullTaxInvoice(test.db, owner, {
      saleId: sold.id,
      buyer: TEST_BUYER,
    });
    expect(invoice.ok).toBe(true);
    expectItAddsUp(await printed(shop.shop.id, sold.id, "full"), "exclusive");

    const returned = await returnSaleLines(test.db, owner, {
      saleId: sold.id,
      lines: [
        { saleLineId: sold.lineIds[1]!, qtyMilli: 1_000 },
        { saleLineId: sold.lineIds[2]!, qtyMilli: 1_255 },
      ],
      reason: "ชำรุด",
      refundMethod: "cash",
      buyer: TEST_BUYER,
    });
    if (!returned.ok) throw new Error(JSON.stringify(returned));
    const note = await printed(shop.shop.id, sold.id, { creditNoteId: returned.creditNote.id });
    expectItAddsUp(note, "exclusive");
    expect(satang(note.total.value)).toBe(returned.creditNote.totalSatang);
  });

  it("on the credit note of a VAT-inclusive bill, with its VAT split under the total", async () => {
    const { shop, sold } = await sellTheBill("inclusive");
    const owner = { shopId: shop.shop.id, userId: shop.ownerId, role: "owner" as const };
    const returned = await returnSaleLines(test.db, owner, {
      saleId: sold.id,
      lines: [{ saleLineId: sold.lineIds[0]!, qtyMilli: 1_000 }],
      reason: "ชำรุด",
      refundMethod: "cash",
      buyer: TEST_BUYER,
    });
    if (!returned.ok) throw new Error(JSON.stringify(returned));
    const note = await printed(shop.shop.id, sold.id, { creditNoteId: returned.creditNote.id });
    expect(note.vatBreakdown.map((each) => each.label)).toEqual([
      t("shops.sell.doc.vatBase"),
      t("shops.sell.doc.vat", { rate: "7" }),
    ]);
    expectItAddsUp(note, "inclusive");
  });
});
