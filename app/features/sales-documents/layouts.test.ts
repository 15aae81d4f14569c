import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createTranslate } from "~/lib/i18n";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";
import type { SaleDocument } from "~/modules/sales";
import { a4Labels, documentView } from "./document-view";
import { A4Document, ThermalReceipt } from "./layouts";

const t = createTranslate(th, undefined, "th");

/** 2 × 35.25 + 1 × 50.00 = 120.50, VAT 7 % included, paid 200.00 cash. */
function saleDocument(overrides: Partial<SaleDocument> = {}): SaleDocument {
  return {
    kind: "abbreviatedTaxInvoice",
    documentNumber: "ABB2569-000123",
    issuedAt: new Date("2026-11-23T07:05:00Z"),
    isCopy: false,
    status: "completed",
    voidReason: null,
    seller: {
      name: "ร้านใจดีมินิมาร์ท",
      address: "12 ถนนสุขุมวิท กรุงเทพฯ 10110",
      phone: "081-234-5678",
      taxId: "0105558012345",
      branchCode: "00000",
      posRegistrationNo: "E0123456789012",
      receiptHeader: "ยินดีต้อนรับ",
      receiptFooter: "ขอบคุณที่อุดหนุน",
      logoKey: null,
      logoUrl: null,
    },
    paperWidth: "58",
    cashierName: "สมศรี ขายดี",
    till: "เครื่อง 1",
    buyer: null,
    replacesDocumentNumber: null,
    writtenAt: null,
    refersToDocumentNumber: null,
    correction: null,
    reason: null,
    issuedByName: null,
    lines: [
      {
        name: "น้ำดื่มตราช้าง",
        sku: "W1",
        unit: "ขวด",
        qtyMilli: 2000,
        unitPriceSatang: 3525,
        amountSatang: 7050,
        discountSatang: 0,
        totalSatang: 7050,
        vatExempt: false,
      },
      {
        name: "ผู้ซื้อ น้ำ ปี่ ที่ตั้ง",
        sku: "T2",
        unit: "ชิ้น",
        qtyMilli: 1000,
        unitPriceSatang: 5000,
        amountSatang: 5000,
        discountSatang: 0,
        totalSatang: 5000,
        vatExempt: false,
      },
    ],
    vatMode: "inclusive",
    vatRateBasisPoints: 700,
    subtotalSatang: 12050,
    billDiscountSatang: 0,
    vatBaseSatang: 11262,
    vatSatang: 788,
    nonVatSatang: 0,
    totalSatang: 12050,
    payments: [
      {
        method: "cash",
        amountSatang: 12050,
        tenderedSatang: 20000,
        reference: "",
        cardLast4: null,
      },
    ],
    changeSatang: 7950,
    note: "",
    ...overrides,
  };
}

function thermal(doc: SaleDocument, paper: "58" | "80" = "58") {
  return renderToStaticMarkup(
    createElement(ThermalReceipt, { view: documentView(doc, t, "th"), paper }),
  );
}

function a4(doc: SaleDocument) {
  return renderToStaticMarkup(
    createElement(A4Document, { view: documentView(doc, t, "th"), labels: a4Labels(t) }),
  );
}

describe("the thermal receipt", () => {
  it("carries what an abbreviated tax invoice must show", () => {
    const html = thermal(saleDocument());
    expect(html).toContain("ใบกำกับภาษีอย่างย่อ");
    expect(html).toContain("ร้านใจดีมินิมาร์ท");
    expect(html).toContain("เลขประจำตัวผู้เสียภาษี 0105558012345");
    expect(html).toContain("สำนักงานใหญ่");
    expect(html).toContain("หมายเลขเครื่อง POS E0123456789012");
    expect(html).toContain("ABB2569-000123");
    // Bangkok time in the Buddhist era.
    expect(html).toContain("23 พ.ย. 2569 14:05");
    expect(html).toContain("ผู้ซื้อ น้ำ ปี่ ที่ตั้ง");
    expect(html).toContain("2 ขวด × 35.25");
    expect(html).toContain("120.50");
    expect(html).toContain("(หนึ่งร้อยยี่สิบบาทห้าสิบสตางค์)");
    expect(html).toContain("ราคารวมภาษีมูลค่าเพิ่มแล้ว");
    expect(html).toContain("200.00");
    expect(html).toMatch(/เงินทอน<\/span><span class="doc-amount">79.50/);
    expect(html).toContain("สมศรี ขายดี");
    expect(html).toContain("ยินดีต้อนรับ");
    expect(html).toContain("ขอบคุณที่อุดหนุน");
    expect(html).not.toContain("สำเนา");
    expect(html).not.toContain("ยกเลิก");
  });

  it("names a branch by its number and prints VAT apart for exclusive prices", () => {
    const doc = saleDocument({ vatMode: "exclusive" });
    doc.seller = { ...doc.seller, branchCode: "00001" };
    const html = thermal(doc, "80");
    expect(html).toContain("สาขาที่ 00001");
    expect(html).toContain("ภาษีมูลค่าเพิ่ม 7%");
    expect(html).toContain("7.88");
    expect(html).not.toContain("ราคารวมภาษีมูลค่าเพิ่มแล้ว");
  });

  it("is a plain receipt without tax ID for a shop not registered for VAT", () => {
    const doc = saleDocument({
      kind: "receipt",
      vatMode: "none",
      vatRateBasisPoints: 0,
      vatBaseSatang: 0,
      vatSatang: 0,
      nonVatSatang: 12050,
    });
    doc.seller = { ...doc.seller, taxId: null, posRegistrationNo: "" };
    const html = thermal(doc);
    expect(html).toContain("ใบเสร็จรับเงิน");
    expect(html).not.toContain("ใบกำกับภาษี");
    expect(html).not.toContain("เลขประจำตัวผู้เสียภาษี");
    expect(html).not.toContain("ภาษีมูลค่าเพิ่ม");
  });

  it("says สำเนา on a reprint and shows a void sale as void with its reason", () => {
    expect(thermal(saleDocument({ isCopy: true }))).toContain("สำเนา");
    const html = thermal(saleDocument({ status: "void", voidReason: "ลูกค้าเปลี่ยนใจ" }));
    expect(html).toContain('class="doc-void-mark">ยกเลิก<');
    expect(html).toContain("เหตุผลที่ยกเลิก: ลูกค้าเปลี่ยนใจ");
  });

  it("follows the page language", () => {
    const english = createTranslate(en, undefined, "en");
    const html = renderToStaticMarkup(
      createElement(ThermalReceipt, {
        view: documentView(saleDocument({ isCopy: true }), english, "en"),
        paper: "80",
      }),
    );
    expect(html).toContain("Abbreviated tax invoice");
    expect(html).toContain("Copy");
    expect(html).toContain("23 Nov 2026 14:05");
    // The amount in words is Thai on every document.
    expect(html).toContain("หนึ่งร้อยยี่สิบบาทห้าสิบสตางค์");
  });
});

/** 15.00 less a 2.00 discount, 2 × 35.25, a 5.00 bill discount: 113.50 to pay. */
function discounted(overrides: Partial<SaleDocument> = {}): SaleDocument {
  return saleDocument({
    lines: [
      {
        name: "บะหมี่กึ่งสำเร็จรูป",
        sku: "N1",
        unit: "ซอง",
        qtyMilli: 1000,
        unitPriceSatang: 1500,
        amountSatang: 1500,
        discountSatang: 200,
        totalSatang: 1300,
        vatExempt: false,
      },
      saleDocument().lines[0]!,
    ],
    subtotalSatang: 8350,
    billDiscountSatang: 500,
    vatBaseSatang: 7336,
    vatSatang: 514,
    totalSatang: 7850,
    ...overrides,
  });
}

describe("the discounts on paper", () => {
  it("prints a roll's line at price × quantity with its discount under it in the amount column", () => {
    const html = thermal(discounted());
    expect(html).toContain(
      '<span class="doc-name">บะหมี่กึ่งสำเร็จรูป</span><span class="doc-amount">15.00</span>',
    );
    expect(html).toContain(
      '<div class="doc-row doc-sub"><span>ส่วนลด</span><span class="doc-amount">-2.00</span></div>',
    );
    // The subtotal is the amount column's sum; the bill discount follows it once.
    expect(html).toMatch(/รวมเป็นเงิน<\/span><span class="doc-amount">83.50/);
    expect(html).toMatch(/ส่วนลดท้ายบิล<\/span><span class="doc-amount">-5.00/);
    expect(html).toMatch(/รวมทั้งสิ้น<\/span><span class="doc-amount">78.50/);
  });

  it("prints an A4 row as quantity × price − discount = amount", () => {
    const html = a4(discounted());
    expect(html).toContain(
      '<td class="doc-amount">1 ซอง</td><td class="doc-amount">15.00</td><td class="doc-amount">2.00</td><td class="doc-amount">13.00</td>',
    );
  });
});

describe("the credit note's signatures", () => {
  const note = (overrides: Partial<SaleDocument> = {}) =>
    saleDocument({
      kind: "creditNote",
      documentNumber: "CN2569-000001",
      refersToDocumentNumber: "ABB2569-000123",
      reason: "สินค้าชำรุด",
      issuedByName: "สมชาย ผู้จัดการ",
      ...overrides,
    });

  it("names who issued it and who received the refund, on A4 and on a roll", () => {
    for (const html of [a4(note()), thermal(note()), thermal(note(), "80")]) {
      expect(html).toContain("ผู้ออกใบลดหนี้");
      expect(html).toContain("(สมชาย ผู้จัดการ)");
      expect(html).toContain("ผู้รับเงินคืน");
      expect(html).not.toContain("ผู้มีอำนาจลงนาม");
      expect(html).not.toMatch(/>ผู้รับเงิน</);
    }
  });

  it("says so in English too; a receipt keeps its own signatures", () => {
    const english = createTranslate(en, undefined, "en");
    const html = renderToStaticMarkup(
      createElement(A4Document, {
        view: documentView(note(), english, "en"),
        labels: a4Labels(english),
      }),
    );
    expect(html).toContain("Credit note issued by");
    expect(html).toContain("Refund received by");
    const receipt = a4(saleDocument());
    expect(receipt).toContain("ผู้รับเงิน<");
    expect(receipt).toContain("ผู้มีอำนาจลงนาม");
    // A receipt on a roll has no signature lines.
    expect(thermal(saleDocument())).not.toContain("doc-signatures");
  });
});

describe("the credit note's correction (Revenue Code section 86/10)", () => {
  const note = saleDocument({
    kind: "creditNote",
    documentNumber: "CN2569-000002",
    refersToDocumentNumber: "INV2569-000007",
    reason: "สินค้าชำรุด",
    issuedByName: "สมชาย ผู้จัดการ",
    totalSatang: 3_525,
    correction: {
      originalNumber: "INV2569-000007",
      originalIssuedAt: new Date("2026-11-20T03:00:00Z"),
      originalValueSatang: 11_262,
      earlierCreditsSatang: 3_294,
      correctValueSatang: 4_674,
      differenceSatang: 3_294,
      differenceVatSatang: 231,
    },
  });

  it("names the original invoice and its date, and shows original − earlier − difference = correct, with the VAT", () => {
    for (const html of [a4(note), thermal(note), thermal(note, "80")]) {
      expect(html).toContain("ลดหนี้ตามใบกำกับภาษีเลขที่ INV2569-000007 ลงวันที่ 20 พฤศจิกายน 2569");
      expect(html).toContain("เหตุผลที่ลดหนี้: สินค้าชำรุด");
      const box = /data-testid="doc-correction">(.*?)<\/div><\/div><\/div>/.exec(html)?.[1] ?? html;
      for (const [label, amount] of [
        ["มูลค่าสินค้าตามใบกำกับภาษีเดิม", "112.62"],
        ["ลดหนี้แล้วตามใบลดหนี้ก่อนหน้า", "-32.94"],
        ["มูลค่าที่ถูกต้อง", "46.74"],
        ["ผลต่าง (มูลค่าที่ลดหนี้)", "32.94"],
        ["ภาษีมูลค่าเพิ่มของผลต่าง", "2.31"],
      ]) {
        expect(box).toContain(`<span>${label}</span><span class="doc-amount">${amount}</span>`);
      }
    }
  });

  it("leaves out the earlier notes' row when there are none, and the whole box on other documents", () => {
    const first = saleDocument({
      ...note,
      correction: { ...note.correction!, earlierCreditsSatang: 0, correctValueSatang: 7_968 },
    });
    expect(a4(first)).not.toContain("ลดหนี้แล้วตามใบลดหนี้ก่อนหน้า");
    expect(a4(first)).toContain("79.68");
    expect(a4(saleDocument())).not.toContain("doc-correction");
  });
});

describe("the A4 document", () => {
  it("is a full tax invoice with the buyer, VAT apart and the invoice it replaces", () => {
    const html = a4(
      saleDocument({
        kind: "fullTaxInvoice",
        documentNumber: "INV2569-000007",
        buyer: {
          name: "บริษัท ลูกค้าดี จำกัด",
          address: "99 ถนนพหลโยธิน กรุงเทพฯ 10400",
          taxId: "0105560000001",
          branchCode: "00002",
        },
        replacesDocumentNumber: "ABB2569-000123",
      }),
    );
    expect(html).toContain("ใบกำกับภาษี");
    expect(html).toContain("INV2569-000007");
    expect(html).toContain("เลขประจำตัวผู้เสียภาษี 0105558012345");
    expect(html).toContain("บริษัท ลูกค้าดี จำกัด");
    expect(html).toContain("เลขประจำตัวผู้เสียภาษี 0105560000001");
    expect(html).toContain("สาขาที่ 00002");
    expect(html).toContain("ออกแทนใบกำกับภาษีอย่างย่อเลขที่ ABB2569-000123 ลงวันที่ 23 พฤศจิกายน 2569");
    expect(html).toContain("112.62");
    expect(html).toContain("ภาษีมูลค่าเพิ่ม 7%");
    expect(html).toContain("7.88");
    expect(html).toContain("หนึ่งร้อยยี่สิบบาทห้าสิบสตางค์");
    expect(html).toContain("ต้นฉบับ");
  });

  it("is a credit note referring to the sale and its reason", () => {
    const html = a4(
      saleDocument({
        kind: "creditNote",
        documentNumber: "CN2569-000001",
        refersToDocumentNumber: "ABB2569-000123",
        reason: "สินค้าชำรุด",
        totalSatang: 3525,
        isCopy: true,
      }),
    );
    expect(html).toContain("ใบลดหนี้");
    expect(html).toContain("อ้างถึงเอกสารเลขที่ ABB2569-000123");
    expect(html).toContain("เหตุผลที่ลดหนี้: สินค้าชำรุด");
    expect(html).toContain("สามสิบห้าบาทยี่สิบห้าสตางค์");
    expect(html).toContain("สำเนา");
  });
});
