import { inflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { documentView } from "~/features/sales-documents/document-view";
import { createTranslate } from "~/lib/i18n";
import { th } from "~/lib/i18n/th";
import { getSaleDocument, markPrinted } from "~/modules/sales/index.server";
import * as pdfRoute from "~/routes/shophub/invoices/pdf";
import * as printRoute from "~/routes/shophub/invoices/print";
import { callRoute, outcomeOf, routeContext, runRoute } from "../setup/route-call";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import { pdfText } from "../setup/pdf-text";
import { insertCreditNote, insertFullTaxInvoice, insertSaleRows } from "../setup/sale-rows";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let mine: TestShop;
let theirs: TestShop;
let mineItem: number;
let theirItem: number;

beforeAll(async () => {
  test = await createTestDatabase();
  mine = await insertShop(test.db, { taxId: "0105558012345" });
  theirs = await insertShop(test.db);
  mineItem = (await insertItem(test.db, mine.shop.id, mine.ownerId)).id;
  theirItem = (await insertItem(test.db, theirs.shop.id, theirs.ownerId)).id;
});
afterAll(() => test.drop());

describe("getSaleDocument", () => {
  it("reads the sale as its abbreviated tax invoice: seller, lines, payments, change", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const doc = await getSaleDocument(test.db, mine.shop.id, { saleId: sale.id, doc: "sale" });
    expect(doc).toMatchObject({
      kind: "abbreviatedTaxInvoice",
      documentNumber: sale.documentNumber,
      isCopy: false,
      status: "completed",
      cashierName: "สมศรี ขายดี",
      till: "เครื่อง 1",
      buyer: null,
      vatMode: "inclusive",
      vatRateBasisPoints: 700,
      vatBaseSatang: 11_262,
      vatSatang: 788,
      totalSatang: 12_050,
      changeSatang: 7_950,
      paperWidth: "80",
    });
    expect(doc?.seller).toMatchObject({ taxId: "0105558012345", branchCode: "00000" });
    expect(doc?.lines.map((line) => [line.name, line.qtyMilli, line.totalSatang])).toEqual([
      ["น้ำดื่มตราช้าง 600 มล.", 2000, 7_050],
      ["ผู้ซื้อ น้ำ ปี่ ที่ตั้ง", 1000, 5_000],
    ]);
    expect(doc?.payments).toEqual([
      {
        method: "cash",
        amountSatang: 12_050,
        tenderedSatang: 20_000,
        reference: "",
        cardLast4: null,
      },
    ]);
  });

  it("gives the shop's phone the way Thai people write it, on every layout and the PDF", async () => {
    // A shop's phone is stored as E.164, and a sale keeps it so in its seller block.
    const { sale } = await insertSaleRows(test.db, {
      shopId: mine.shop.id,
      itemId: mineItem,
      seller: { phone: "+66812345678" },
    });
    const doc = await getSaleDocument(test.db, mine.shop.id, { saleId: sale.id, doc: "sale" });
    expect(doc?.seller.phone).toBe("081-234-5678");
    // The view every drawing (58/80 mm, A4, PDF, ESC/POS) places.
    const t = createTranslate(th, undefined, "th");
    expect(documentView(doc!, t, "th").seller.phone).toBe("โทร. 081-234-5678");
  });

  it("makes every print after the first a copy", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const ref = { saleId: sale.id, doc: "sale" as const };
    expect(await markPrinted(test.db, mine.shop.id, ref)).toBe(true);
    expect((await getSaleDocument(test.db, mine.shop.id, ref))?.isCopy).toBe(true);
    expect(await markPrinted(test.db, mine.shop.id, ref)).toBe(false);
  });

  it("gives one original when two tills print at the same moment", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const ref = { saleId: sale.id, doc: "sale" as const };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => markPrinted(test.db, mine.shop.id, ref)),
    );
    expect(results.filter((original) => original === true)).toHaveLength(1);
  });

  it("reads nothing of another shop's sale and marks nothing there", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: theirs.shop.id, itemId: theirItem });
    const ref = { saleId: sale.id, doc: "sale" as const };
    expect(await getSaleDocument(test.db, mine.shop.id, ref)).toBeNull();
    expect(await markPrinted(test.db, mine.shop.id, ref)).toBeNull();
    expect((await getSaleDocument(test.db, theirs.shop.id, ref))?.isCopy).toBe(false);
  });

  it("reads the full tax invoice with its buyer and the number it replaces, counted apart", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const ref = { saleId: sale.id, doc: "full" as const };
    expect(await getSaleDocument(test.db, mine.shop.id, ref)).toBeNull();
    const invoice = await insertFullTaxInvoice(test.db, mine.shop.id, sale.id);
    await markPrinted(test.db, mine.shop.id, { saleId: sale.id, doc: "sale" });
    const doc = await getSaleDocument(test.db, mine.shop.id, ref);
    expect(doc).toMatchObject({
      kind: "fullTaxInvoice",
      documentNumber: invoice.documentNumber,
      replacesDocumentNumber: sale.documentNumber,
      isCopy: false,
      buyer: {
        name: "บริษัท ลูกค้าดี จำกัด",
        taxId: "0105560000001",
        branchCode: "00000",
      },
      totalSatang: 12_050,
    });
    expect(await getSaleDocument(test.db, theirs.shop.id, ref)).toBeNull();
  });

  it("reads a credit note with its own lines, the sale it refers to and the reason", async () => {
    const { sale, lines } = await insertSaleRows(test.db, {
      shopId: mine.shop.id,
      itemId: mineItem,
    });
    const note = await insertCreditNote(test.db, mine.shop.id, sale.id, lines[0]!.id);
    const ref = { saleId: sale.id, doc: { creditNoteId: note.id } };
    const doc = await getSaleDocument(test.db, mine.shop.id, ref);
    expect(doc).toMatchObject({
      kind: "creditNote",
      documentNumber: note.documentNumber,
      refersToDocumentNumber: sale.documentNumber,
      reason: "สินค้าชำรุด",
      totalSatang: 3_525,
      vatSatang: 231,
      changeSatang: 0,
    });
    expect(doc?.lines.map((line) => [line.name, line.qtyMilli, line.totalSatang])).toEqual([
      ["น้ำดื่มตราช้าง 600 มล.", 1000, 3_525],
    ]);
    // Section 86/10: the slip it reduces and its date, its value before VAT, the correct value,
    // the difference and the VAT on it.
    expect(doc?.correction).toEqual({
      originalNumber: sale.documentNumber,
      originalIssuedAt: sale.createdAt,
      originalValueSatang: 11_262,
      earlierCreditsSatang: 0,
      correctValueSatang: 7_968,
      differenceSatang: 3_294,
      differenceVatSatang: 231,
    });
    // The note belongs to that sale only, and to that shop only.
    const other = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    expect(
      await getSaleDocument(test.db, mine.shop.id, { ...ref, saleId: other.sale.id }),
    ).toBeNull();
    expect(await getSaleDocument(test.db, theirs.shop.id, ref)).toBeNull();
  });

  it("shows a void sale as void with its reason", async () => {
    const { sale } = await insertSaleRows(test.db, {
      shopId: mine.shop.id,
      itemId: mineItem,
      status: "void",
      voidReason: "คิดเงินผิด",
    });
    const doc = await getSaleDocument(test.db, mine.shop.id, { saleId: sale.id, doc: "sale" });
    expect(doc).toMatchObject({ status: "void", voidReason: "คิดเงินผิด" });
  });
});

describe("a second credit note after a full tax invoice", () => {
  it("reduces the full tax invoice, net of the note before it, and goes to its buyer", async () => {
    const { sale, lines } = await insertSaleRows(test.db, {
      shopId: mine.shop.id,
      itemId: mineItem,
    });
    await insertCreditNote(test.db, mine.shop.id, sale.id, lines[0]!.id);
    const invoice = await insertFullTaxInvoice(test.db, mine.shop.id, sale.id);
    const second = await insertCreditNote(test.db, mine.shop.id, sale.id, lines[0]!.id);
    const doc = await getSaleDocument(test.db, mine.shop.id, {
      saleId: sale.id,
      doc: { creditNoteId: second.id },
    });
    expect(doc?.correction).toMatchObject({
      originalNumber: invoice.documentNumber,
      originalValueSatang: 11_262,
      earlierCreditsSatang: 3_294,
      correctValueSatang: 4_674,
      differenceSatang: 3_294,
      differenceVatSatang: 231,
    });
    expect(doc?.buyer).toMatchObject({ taxId: "0105560000001", branchCode: "00000" });
  });
});

describe("the print page and the PDF", () => {
  const member = (id: string): SessionUser => ({
    id,
    name: "สมาชิก",
    email: `${id}@example.com`,
    emailVerified: true,
    image: null,
    phone: null,
    role: "member",
  });
  const call = (
    fn: (args: never) => unknown,
    path: string,
    userId: string,
    form?: Record<string, string>,
  ) => outcomeOf(callRoute(fn, path, { context: routeContext(test.db, member(userId)), form }));
  /** The owner's PDF at `path`, as pdftotext reads it. */
  const pdfTextAt = async (path: string) => {
    const outcome = await call(pdfRoute.loader, path, mine.ownerId);
    return pdfText(Buffer.from(await outcome.response!.arrayBuffer()));
  };

  it("answers the owner's PDF as application/pdf in the bundled Thai font", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const outcome = await call(
      pdfRoute.loader,
      `/shophub/invoices/${sale.id}/invoice.pdf?doc=sale`,
      mine.ownerId,
    );
    expect(outcome.status).toBe(200);
    expect(outcome.response?.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await outcome.response!.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.toString("latin1")).toMatch(/FontName \/[A-Z]{6}\+Sarabun/);
  });

  it("gives the PDF a text layer that reads as the document: shop, items, title, words", async () => {
    // pdftotext (Debian's poppler-utils) reads the text a viewer searches and copies.
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const text = await pdfTextAt(`/shophub/invoices/${sale.id}/invoice.pdf?doc=sale`);
    // Every า and ำ where it belongs: no vowel dropped ("ร้ นใจดีมินิม ร์ท"), none doubled
    // ("ใบกำากับ"), tone marks over upper vowels in their word (ผู้ซื้อ, ที่ตั้ง).
    for (const words of [
      "ร้านใจดีมินิมาร์ท",
      "น้ำดื่มตราช้าง 600 มล.",
      "ผู้ซื้อ น้ำ ปี่ ที่ตั้ง",
      "ใบกำกับภาษีอย่างย่อ",
      "เลขประจำตัวผู้เสียภาษี 0105558012345 สำนักงานใหญ่",
      "(หนึ่งร้อยยี่สิบบาทห้าสิบสตางค์)",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("signs a credit note's PDF by who issued it and who received the refund", async () => {
    const { sale, lines } = await insertSaleRows(test.db, {
      shopId: mine.shop.id,
      itemId: mineItem,
    });
    const note = await insertCreditNote(test.db, mine.shop.id, sale.id, lines[0]!.id);
    const text = await pdfTextAt(`/shophub/invoices/${sale.id}/invoice.pdf?doc=credit-${note.id}`);
    expect(text).toContain("ผู้ออกใบลดหนี้");
    expect(text).toContain("ผู้รับเงินคืน");
    expect(text).not.toContain("ผู้มีอำนาจลงนาม");
    // Section 86/10's correction: the invoice it reduces, then each figure on its own line.
    expect(text).toContain(`ลดหนี้ตามใบกำกับภาษีเลขที่ ${sale.documentNumber}`);
    expect(text).toContain("รายละเอียดการลดหนี้ (ไม่รวมภาษีมูลค่าเพิ่ม)");
    // pdftotext reads each amount just before its label (the right column of the box first).
    expect(text).toMatch(
      /112\.62\s+มูลค่าสินค้าตามใบกำกับภาษีเดิม\s+79\.68\s+มูลค่าที่ถูกต้อง\s+32\.94\s+ผลต่าง \(มูลค่าที่ลดหนี้\)\s+2\.31\s+ภาษีมูลค่าเพิ่มของผลต่าง/,
    );
  });

  it("draws the shop's logo at the top of the PDF when the sale's seller has one", async () => {
    const logo = await sharp({
      create: { width: 60, height: 30, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    const stored = new Map([["logos/shop/receipt.png", logo]]);
    const storage = {
      put: () => Promise.reject(new Error("read only")),
      get: (key: string) => Promise.resolve(stored.get(key) ?? null),
      remove: () => Promise.resolve(),
      urlOf: (key: string) => `/media/${key}`,
    };
    const pdfOf = async (logoKey: string | null) => {
      const { sale } = await insertSaleRows(test.db, {
        shopId: mine.shop.id,
        itemId: mineItem,
        seller: { logoKey },
      });
      const outcome = await outcomeOf(
        callRoute(pdfRoute.loader, `/shophub/invoices/${sale.id}/invoice.pdf?doc=sale`, {
          context: routeContext(test.db, member(mine.ownerId), { storage }),
        }),
      );
      expect(outcome.status).toBe(200);
      return Buffer.from(await outcome.response!.arrayBuffer()).toString("latin1");
    };
    expect(await pdfOf("logos/shop/receipt.png")).toMatch(/\/Subtype \/Image/);
    expect(await pdfOf(null)).not.toMatch(/\/Subtype \/Image/);
  });

  it("answers 404 for another shop's sale, and 403 to a stock clerk", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: theirs.shop.id, itemId: theirItem });
    const pdf = await call(
      pdfRoute.loader,
      `/shophub/invoices/${sale.id}/invoice.pdf?doc=sale`,
      mine.ownerId,
    );
    expect(pdf.status).toBe(404);
    const print = await call(printRoute.loader, `/shophub/invoices/${sale.id}/print`, mine.ownerId);
    expect(print.status).toBe(404);
    const clerk = await addShopMember(test.db, theirs.shop.id, "stock");
    const refused = await call(printRoute.loader, `/shophub/invoices/${sale.id}/print`, clerk.id);
    expect(refused.status).toBe(403);
  });

  it("shows the cashier the original, and a copy after the print was counted", async () => {
    const cashier = await addShopMember(test.db, mine.shop.id, "cashier");
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const path = `/shophub/invoices/${sale.id}/print?paper=58&doc=sale`;
    type PrintData = { document: { isCopy: boolean; documentNumber: string }; paper: string };
    const first = await call(printRoute.loader, path, cashier.id);
    expect(first.data as PrintData).toMatchObject({
      paper: "58",
      document: { isCopy: false, documentNumber: sale.documentNumber },
    });
    // Looking at the page again is not printing it.
    const again = await call(printRoute.loader, path, cashier.id);
    expect((again.data as PrintData).document.isCopy).toBe(false);
    const printed = await call(printRoute.action, path, cashier.id, { shopId: mine.shop.id });
    expect(printed.data).toEqual({ done: "printed", original: true });
    const after = await call(printRoute.loader, path, cashier.id);
    expect((after.data as PrintData).document.isCopy).toBe(true);
  });

  it("counts no print for reading a document: the page, its data for the till, the PDF, a prefetch", async () => {
    const cashier = await addShopMember(test.db, mine.shop.id, "cashier");
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const base = `/shophub/invoices/${sale.id}`;
    const pages = [`${base}/print?paper=58&doc=sale`, `${base}/print?paper=58&doc=sale&auto=1`];
    for (const path of pages) {
      expect((await call(printRoute.loader, path, cashier.id)).status, path).toBe(200);
    }
    const pdf = `${base}/invoice.pdf?doc=sale`;
    expect((await call(pdfRoute.loader, pdf, cashier.id)).status).toBe(200);
    // What a browser's prefetch or a chat app's link preview sends: a GET saying so.
    for (const [fn, path] of [
      [printRoute.loader, pages[0]!],
      [pdfRoute.loader, pdf],
    ] as const) {
      const prefetch = new Request(`http://localhost${path}`, {
        headers: { "Sec-Purpose": "prefetch", Purpose: "prefetch" },
      });
      const read = await outcomeOf(
        runRoute(fn, prefetch, routeContext(test.db, member(cashier.id))),
      );
      expect(read.status, path).toBe(200);
    }
    const ref = { saleId: sale.id, doc: "sale" as const };
    expect((await getSaleDocument(test.db, mine.shop.id, ref))?.isCopy).toBe(false);
    // The cashier's first real print is still the original.
    const printed = await call(printRoute.action, pages[0]!, cashier.id, { shopId: mine.shop.id });
    expect(printed.data).toEqual({ done: "printed", original: true });
  });

  it("hands the original PDF out on the download button's post only; a GET is drawn as a copy", async () => {
    const cashier = await addShopMember(test.db, mine.shop.id, "cashier");
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const path = `/shophub/invoices/${sale.id}/invoice.pdf?doc=sale`;
    const pdfOf = async (form?: Record<string, string>) => {
      const answer = await call(form ? pdfRoute.action : pdfRoute.loader, path, cashier.id, form);
      expect(answer.status).toBe(200);
      expect(answer.response?.headers.get("content-disposition")).toBe(
        `attachment; filename="${sale.documentNumber}.pdf"`,
      );
      return drawing(Buffer.from(await answer.response!.arrayBuffer()));
    };
    const read = await pdfOf();
    const handedOut = await pdfOf({ shopId: mine.shop.id });
    const again = await pdfOf({ shopId: mine.shop.id });
    // The first post is the original (ต้นฉบับ); the GET before it was already drawn as a copy.
    expect(handedOut).not.toBe(read);
    expect(again).toBe(read);
    const printed = await call(
      printRoute.action,
      `/shophub/invoices/${sale.id}/print`,
      cashier.id,
      {
        shopId: mine.shop.id,
      },
    );
    expect(printed.data).toEqual({ done: "printed", original: false });
  });

  it("answers 404 for a document that does not exist or an unreadable address", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    for (const path of [
      `/shophub/invoices/${sale.id}/print?doc=full`,
      `/shophub/invoices/${sale.id}/print?doc=credit-999999`,
      `/shophub/invoices/${sale.id}/print?doc=nonsense`,
      `/shophub/invoices/abc/print`,
    ]) {
      expect((await call(printRoute.loader, path, mine.ownerId)).status, path).toBe(404);
    }
  });
});

/**
 * What a PDF draws: its content streams (text as glyph codes at positions, lines, images),
 * without the parts that differ between two renderings of the same page (dates, font tags).
 */
function drawing(pdf: Buffer): string {
  const streams = [...pdf.toString("latin1").matchAll(/stream\n([\s\S]*?)\nendstream/g)];
  return streams
    .map((match) => inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1"))
    .filter((content) => content.includes(" Tf"))
    .join("\n");
}
