import { describe, expect, it } from "vitest";
import { createTranslate } from "~/lib/i18n";
import { th } from "~/lib/i18n/th";
import type { SaleDocument } from "~/modules/sales";
import { documentView } from "../document-view";
import { encodeReceipt, opensDrawer } from "./encode";
import {
  ditherToOneBit,
  layoutReceipt,
  logoSize,
  paintReceipt,
  PAPER_DOTS,
  stampLogo,
  type PaintTarget,
  type Pixels,
  type QrOp,
  type TextOp,
} from "./raster";

const t = createTranslate(th, undefined, "th");

/** Where `needle` occurs in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, needle: number[]): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** A 384 × 40 picture, white with a black bar: what the canvas gives for a receipt. */
function picture(width = 384, height = 40) {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 10; y < 20; y++) {
    for (let x = 0; x < width; x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { data, width, height };
}

const RASTER = [0x1d, 0x76, 0x30, 0x00];
const CUT = [0x1d, 0x56];
const DRAWER_KICK = [0x1b, 0x70];

describe("the ESC/POS receipt", () => {
  it("is a raster image, a cut and the drawer kick for a cash sale", () => {
    const bytes = encodeReceipt(picture(), { paper: "58", openDrawer: true });
    const raster = indexOfBytes(bytes, RASTER);
    expect(raster).toBeGreaterThanOrEqual(0);
    // 384 dots = 48 bytes a row, 40 rows.
    expect([...bytes.subarray(raster + 4, raster + 8)]).toEqual([48, 0, 40, 0]);
    // Row 15 is the black bar: every byte of it set.
    const row15 = raster + 8 + 15 * 48;
    expect([...bytes.subarray(row15, row15 + 48)].every((byte) => byte === 0xff)).toBe(true);
    expect(indexOfBytes(bytes, CUT)).toBeGreaterThan(raster);
    expect(indexOfBytes(bytes, DRAWER_KICK)).toBeGreaterThanOrEqual(0);
  });

  it("keeps the drawer shut when nothing was paid in cash", () => {
    const bytes = encodeReceipt(picture(576), { paper: "80", openDrawer: false });
    expect(indexOfBytes(bytes, RASTER)).toBeGreaterThanOrEqual(0);
    expect(indexOfBytes(bytes, CUT)).toBeGreaterThanOrEqual(0);
    expect(indexOfBytes(bytes, DRAWER_KICK)).toBe(-1);
  });

  it("opens the drawer for a cash sale only", () => {
    const cash = {
      kind: "abbreviatedTaxInvoice",
      status: "completed",
      payments: [{ method: "cash" }],
    };
    const qr = { ...cash, payments: [{ method: "promptpay" }] };
    const credit = { ...cash, kind: "creditNote" };
    expect(opensDrawer(cash as SaleDocument)).toBe(true);
    expect(opensDrawer(qr as SaleDocument)).toBe(false);
    expect(opensDrawer(credit as SaleDocument)).toBe(false);
  });
});

describe("the receipt picture", () => {
  const doc = {
    kind: "abbreviatedTaxInvoice",
    documentNumber: "ABB2569-000123",
    issuedAt: new Date("2026-11-23T07:05:00Z"),
    isCopy: true,
    status: "completed",
    voidReason: null,
    seller: {
      name: "ร้านใจดี",
      address: "12 ถนนสุขุมวิท กรุงเทพฯ",
      phone: "",
      taxId: "0105558012345",
      branchCode: "00001",
      posRegistrationNo: "",
      receiptHeader: "",
      receiptFooter: "ขอบคุณ",
      logoKey: null,
      logoUrl: null,
    },
    paperWidth: "58",
    cashierName: "สมศรี",
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
        name: "ผู้ซื้อ น้ำ ปี่ ที่ตั้ง",
        sku: "T",
        unit: "ชิ้น",
        qtyMilli: 1000,
        unitPriceSatang: 12050,
        amountSatang: 12050,
        discountSatang: 0,
        totalSatang: 12050,
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
  } satisfies SaleDocument;
  // Every character 10 dots wide: enough to lay out without a canvas.
  const measure = (text: string, size: number) => [...text].length * size * 0.5;

  it("sets every part of the receipt as text in the bundled font, within the head's width", () => {
    const layout = layoutReceipt(documentView(doc, t, "th"), "58", measure);
    const texts = layout.ops.filter((op): op is TextOp => "text" in op).map((op) => op.text);
    for (const expected of [
      "ร้านใจดี",
      "เลขประจำตัวผู้เสียภาษี 0105558012345",
      "สาขาที่ 00001",
      "ใบกำกับภาษีอย่างย่อ",
      "สำเนา",
      "ABB2569-000123",
      "ผู้ซื้อ น้ำ ปี่ ที่ตั้ง",
      "120.50",
      "(หนึ่งร้อยยี่สิบบาทห้าสิบสตางค์)",
      "ราคารวมภาษีมูลค่าเพิ่มแล้ว",
      "เงินทอน",
      "79.50",
    ]) {
      expect(texts).toContain(expected);
    }
    expect(layout.width).toBe(PAPER_DOTS["58"]);
    const last = layout.ops.at(-1)!;
    expect(layout.height).toBeGreaterThan(last.y);
  });

  it("prints the e-receipt QR (decision 0094) in whole dots a module, with its Thai line", () => {
    // A 3 × 2 "QR": a run of two modules, then one module on the next row.
    const linked = {
      ...doc,
      receiptLink: { url: "http://localhost/r/x", qrSize: 3, qrPath: "M0 0h2v1h-2zM1 1h1v1h-1z" },
    };
    const layout = layoutReceipt(documentView(linked, t, "th"), "58", measure);
    const qr = layout.ops.find((op): op is QrOp => "qr" in op);
    expect(qr?.qr).toEqual([
      [0, 0, 2],
      [1, 1, 1],
    ]);
    expect(Number.isInteger(qr?.scale)).toBe(true);
    const texts = layout.ops.filter((op): op is TextOp => "text" in op).map((op) => op.text);
    expect(texts.at(-1)).toBe("สแกนเพื่อดูใบเสร็จออนไลน์");
    const rects: number[][] = [];
    const target: PaintTarget = {
      fillStyle: "",
      font: "",
      textAlign: "left",
      textBaseline: "alphabetic",
      fillRect: (...args) => rects.push(args),
      fillText: () => undefined,
    };
    paintReceipt(target, layout);
    expect(rects).toContainEqual([qr!.x, qr!.y, 2 * qr!.scale, qr!.scale]);
    // Without a link the slip has no QR.
    const plain = layoutReceipt(documentView(doc, t, "th"), "58", measure);
    expect(plain.ops.some((op) => "qr" in op)).toBe(false);
  });

  it("prints a line's discount in the amount column, and a credit note's signatures", () => {
    const discounted = {
      ...doc,
      lines: [{ ...doc.lines[0]!, discountSatang: 200, totalSatang: 11850 }],
      subtotalSatang: 11850,
      totalSatang: 11850,
    };
    const ops = layoutReceipt(documentView(discounted, t, "th"), "58", measure).ops.filter(
      (op): op is TextOp => "text" in op,
    );
    const label = ops.find((op) => op.text === "ส่วนลด")!;
    const amount = ops.find((op) => op.text === "-2.00")!;
    // On the label's line, right-aligned at the head's edge like the line's 120.50 above it.
    expect(amount).toMatchObject({ y: label.y, x: PAPER_DOTS["58"], align: "right" });
    expect(ops.find((op) => op.text === "120.50")).toMatchObject({ align: "right" });

    const note = { ...doc, kind: "creditNote" as const, issuedByName: "สมชาย ผู้จัดการ" };
    const texts = layoutReceipt(documentView(note, t, "th"), "58", measure)
      .ops.filter((op): op is TextOp => "text" in op)
      .map((op) => op.text);
    expect(texts).toEqual(expect.arrayContaining(["ผู้ออกใบลดหนี้", "(สมชาย ผู้จัดการ)", "ผู้รับเงินคืน"]));
    // Section 86/10's figures of the correction are on the roll too.
    const corrected = {
      ...note,
      correction: {
        originalNumber: "ABB2569-000123",
        originalIssuedAt: new Date("2026-11-20T03:00:00Z"),
        originalValueSatang: 11_262,
        earlierCreditsSatang: 0,
        correctValueSatang: 7_968,
        differenceSatang: 3_294,
        differenceVatSatang: 231,
      },
    };
    const rolled = layoutReceipt(documentView(corrected, t, "th"), "58", measure)
      .ops.filter((op): op is TextOp => "text" in op)
      .map((op) => op.text);
    expect(rolled).toEqual(
      expect.arrayContaining([
        "มูลค่าสินค้าตามใบกำกับภาษีเดิม",
        "112.62",
        "มูลค่าที่ถูกต้อง",
        "79.68",
        "32.94",
        "2.31",
      ]),
    );
  });

  it("paints the texts with Sarabun", () => {
    const fonts: string[] = [];
    const target: PaintTarget = {
      fillStyle: "",
      font: "",
      textAlign: "left",
      textBaseline: "alphabetic",
      fillRect: () => undefined,
      fillText(this: PaintTarget) {
        fonts.push(this.font);
      },
    };
    paintReceipt(target, layoutReceipt(documentView(doc, t, "th"), "80", measure));
    expect(fonts.length).toBeGreaterThan(10);
    expect(fonts.every((font) => font.includes('"Sarabun"'))).toBe(true);
  });
});

describe("the shop's logo on the ESC/POS receipt", () => {
  const measure = (text: string, size: number) => [...text].length * size * 0.5;
  const view = (logoUrl: string | null) =>
    documentView(
      {
        kind: "receipt",
        documentNumber: "RC2569-000001",
        issuedAt: new Date("2026-11-23T07:05:00Z"),
        isCopy: false,
        status: "completed",
        voidReason: null,
        seller: {
          name: "ร้านใจดี",
          address: "12 ถนนสุขุมวิท กรุงเทพฯ",
          phone: "",
          taxId: null,
          branchCode: "00000",
          posRegistrationNo: "",
          receiptHeader: "",
          receiptFooter: "",
          logoKey: logoUrl ? "logos/shop/receipt.png" : null,
          logoUrl,
        },
        paperWidth: "58",
        cashierName: "สมศรี",
        till: "เครื่อง 1",
        buyer: null,
        replacesDocumentNumber: null,
        writtenAt: null,
        refersToDocumentNumber: null,
        correction: null,
        reason: null,
        issuedByName: null,
        lines: [],
        vatMode: "none",
        vatRateBasisPoints: 0,
        subtotalSatang: 5000,
        billDiscountSatang: 0,
        vatBaseSatang: 0,
        vatSatang: 0,
        nonVatSatang: 0,
        totalSatang: 5000,
        payments: [
          {
            method: "cash",
            amountSatang: 5000,
            tenderedSatang: 5000,
            reference: "",
            cardLast4: null,
          },
        ],
        changeSatang: 0,
        note: "",
      } satisfies SaleDocument,
      t,
      "th",
    );
  /** A logo of one colour (RGBA), as the canvas gives a decoded PNG. */
  const plain = (width: number, height: number, rgba: [number, number, number, number]) => {
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set(rgba, i * 4);
    return { data, width, height };
  };
  const white = (width: number, height: number): Pixels =>
    plain(width, height, [255, 255, 255, 255]);
  /** The share of dots set in raster rows [from, to) of a 58 mm receipt's bytes. */
  const inkOf = (bytes: Uint8Array, from: number, to: number) => {
    const start = indexOfBytes(bytes, RASTER) + 8;
    let set = 0;
    for (const byte of bytes.subarray(start + from * 48, start + to * 48)) {
      for (let bit = 0; bit < 8; bit++) set += (byte >> bit) & 1;
    }
    return set / ((to - from) * 48 * 8);
  };

  it("is made to fit the head's width and 2 cm, never enlarged", () => {
    expect(logoSize(384, 160, "58")).toEqual({ width: 384, height: 160 });
    expect(logoSize(1152, 300, "58")).toEqual({ width: 384, height: 100 });
    expect(logoSize(1152, 300, "80")).toEqual({ width: 576, height: 150 });
    expect(logoSize(400, 800, "80")).toEqual({ width: 80, height: 160 });
    expect(logoSize(120, 40, "80")).toEqual({ width: 120, height: 40 });
  });

  it("prints a grey logo as a pattern of dots at the top, centred above the shop's name", () => {
    const size = logoSize(200, 80, "58");
    const layout = layoutReceipt(view("/media/logos/shop/receipt.png"), "58", measure, size);
    const box = layout.logo!;
    expect(box).toMatchObject({ x: 92, width: 200, height: 80 });
    const name = layout.ops.find((op): op is TextOp => "text" in op && op.text === "ร้านใจดี")!;
    expect(name.y - name.size).toBeGreaterThanOrEqual(box.y + box.height);

    // What the canvas painted (white here: no text needed), then the dithered logo stamped.
    const receipt = white(layout.width, layout.height);
    const logo = ditherToOneBit(plain(200, 80, [128, 128, 128, 255]));
    expect(new Set(logo.data)).toEqual(new Set([0, 255]));
    stampLogo(receipt, logo, box);
    const bytes = encodeReceipt(receipt, { paper: "58", openDrawer: false });

    // Mid grey is about every other dot; nothing above the logo, nothing beside it.
    const ink = inkOf(bytes, box.y, box.y + box.height);
    expect(ink * (384 / 200)).toBeGreaterThan(0.4);
    expect(ink * (384 / 200)).toBeLessThan(0.6);
    expect(inkOf(bytes, 0, box.y)).toBe(0);
    const start = indexOfBytes(bytes, RASTER) + 8;
    const firstRow = bytes.subarray(start + box.y * 48, start + (box.y + 1) * 48);
    // Dots 0-91 (bytes 0-10 and the top bits of 11) are the margin left of the logo.
    expect([...firstRow.subarray(0, 11)].every((byte) => byte === 0)).toBe(true);
    expect([...firstRow.subarray(12, 36)].some((byte) => byte !== 0)).toBe(true);
  });

  it("prints black as black and a transparent background as the paper", () => {
    const logo = plain(16, 8, [0, 0, 0, 255]);
    logo.data.fill(0, 0, 16 * 4 * 4); // the top half transparent
    const dots = ditherToOneBit(logo).data;
    expect(
      dots.subarray(0, 16 * 4 * 4).every((v, i) => (i % 4 === 3 ? v === 255 : v === 255)),
    ).toBe(true);
    expect(
      [...dots.subarray(16 * 4 * 4)].every((v, i) => (i % 4 === 3 ? v === 255 : v === 0)),
    ).toBe(true);
  });

  it("leaves room for no logo when the shop has none", () => {
    const layout = layoutReceipt(view(null), "58", measure);
    expect(layout.logo).toBeNull();
  });
});
