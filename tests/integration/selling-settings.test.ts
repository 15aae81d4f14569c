import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { shop, shopSalesSetting } from "~/db/schema";
import { th } from "~/lib/i18n/th";
import { createLocalStorage, type FileStorage } from "~/modules/media/index.server";
import { getSalesSettings } from "~/modules/sales/index.server";
import * as sellingRoute from "~/routes/shophub/selling-settings/route";
import { outcomeOf, routeContext, runRoute, sessionUserOf } from "../setup/route-call";
import { addShopMember, insertShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

type DataFunction = (args: never) => unknown;

let test: TestDatabase;
// The real local storage (the default backend), in a folder of its own.
const storageFolder = mkdtempSync(path.join(tmpdir(), "selling-settings-"));
const storage: FileStorage = createLocalStorage(storageFolder);
const stored = (key: string) => existsSync(path.join(storageFolder, key));

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.drop();
  rmSync(storageFolder, { recursive: true, force: true });
});

const pathOf = (shopId: string) => `/shophub/settings/selling?shop=${shopId}`;

/** A GET of the page, or a POST of its multipart form (as the page sends it, with `shopId`). */
function call(
  fn: DataFunction,
  shopId: string,
  member: SessionUser,
  fields?: Record<string, string | File>,
) {
  const url = new URL(pathOf(shopId), "http://localhost");
  let request: Request;
  if (fields) {
    const form = new FormData();
    form.append("shopId", shopId);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    request = new Request(url, { method: "POST", body: form });
  } else {
    request = new Request(url);
  }
  return outcomeOf(runRoute(fn, request, routeContext(test.db, member, { storage })));
}

/** Every field the page sends, with the defaults a new shop's page shows. */
const FORM = {
  vatPrices: "inclusive",
  vatRate: "7",
  branchKind: "head",
  branchNo: "",
  posRegistrationNo: "",
  promptPayId: "",
  receiptHeader: "",
  receiptFooter: "",
  paperWidth: "80",
  receiptPrefix: "RC",
  abbreviatedPrefix: "ABB",
  fullInvoicePrefix: "INV",
  creditNotePrefix: "CN",
  scalePrefixes: "20",
  scaleItemDigits: "5",
  scaleValue: "weight",
  cashierMaxLineDiscount: "10",
  cashierMaxBillDiscount: "10",
};

interface Failure {
  values: Record<string, string>;
  errors: Record<string, string>;
}

async function ownerShop(taxId: string | null = null) {
  const made = await insertShop(test.db, { taxId });
  return { shopId: made.shop.id, owner: sessionUserOf(made.ownerId) };
}

const settingsRows = (shopId: string) =>
  test.db.$count(shopSalesSetting, eq(shopSalesSetting.shopId, shopId));

async function pngOf(width: number, height: number): Promise<File> {
  // A red logo on a transparent background, as logos are often drawn.
  const png = await sharp({
    create: { width, height, channels: 4, background: { r: 220, g: 20, b: 60, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "logo.png", { type: "image/png" });
}

describe("/shophub/settings/selling", () => {
  it("the owner saves every setting and the page and the till read them back", async () => {
    const { shopId, owner } = await ownerShop("0105512345671");
    const first = await call(sellingRoute.loader, shopId, owner);
    expect(first.status).toBe(200);
    // A shop that never saved shows the defaults (and reading writes no row).
    expect(first.data).toMatchObject({
      values: { ...FORM, vatRegistered: "", scaleLabels: "" },
      shop: { taxId: "0-1055-12345-67-1" },
      logoUrl: null,
    });
    expect(await settingsRows(shopId)).toBe(0);

    const saved = await call(sellingRoute.action, shopId, owner, {
      ...FORM,
      vatRegistered: "on",
      vatPrices: "exclusive",
      vatRate: "7",
      branchKind: "branch",
      branchNo: "1",
      posRegistrationNo: "e0512345678901",
      promptPayId: "081-234-5678",
      receiptHeader: "เปิดทุกวัน 07:00-20:00  \r\nไลน์ @jaidee\r\n",
      receiptFooter: "ขอบคุณที่อุดหนุน",
      paperWidth: "58",
      receiptPrefix: "rc-",
      abbreviatedPrefix: "abb",
      fullInvoicePrefix: "TIV",
      creditNotePrefix: "CR",
      scaleLabels: "on",
      scalePrefixes: "21, 20",
      scaleItemDigits: "6",
      scaleValue: "price",
      cashierMayVoidOwn: "on",
      requireOpenShift: "on",
      cashierMaxLineDiscount: "12.5",
      cashierMaxBillDiscount: "5",
    });
    expect(saved).toMatchObject({ status: 302, location: `${pathOf(shopId)}&saved=1` });

    expect(await getSalesSettings(test.db, shopId)).toEqual({
      shopId,
      vatRegistered: true,
      pricesIncludeVat: false,
      vatRateBasisPoints: 700,
      branchCode: "00001",
      posRegistrationNo: "E0512345678901",
      promptPayId: "0812345678",
      receiptHeader: "เปิดทุกวัน 07:00-20:00\nไลน์ @jaidee",
      receiptFooter: "ขอบคุณที่อุดหนุน",
      logoKey: null,
      paperWidth: "58",
      receiptPrefix: "RC-",
      abbreviatedPrefix: "ABB",
      fullInvoicePrefix: "TIV",
      creditNotePrefix: "CR",
      scaleLabelLayout: { prefixes: ["20", "21"], itemCodeDigits: 6, value: "price" },
      cashierMayVoidOwn: true,
      requireOpenShift: true,
      cashierMaxLineDiscountBasisPoints: 1_250,
      cashierMaxBillDiscountBasisPoints: 500,
    });
    const page = await call(sellingRoute.loader, shopId, owner);
    expect(page.data).toMatchObject({
      values: {
        vatRegistered: "on",
        vatPrices: "exclusive",
        branchKind: "branch",
        branchNo: "00001",
        promptPayId: "0812345678",
        scaleLabels: "on",
        scalePrefixes: "20, 21",
        scaleItemDigits: "6",
        scaleValue: "price",
        cashierMayVoidOwn: "on",
      },
    });

    // Saved again with scale labels off and the head office: the row is updated, not added.
    await call(sellingRoute.action, shopId, owner, { ...FORM, branchNo: "00001" });
    expect(await settingsRows(shopId)).toBe(1);
    expect(await getSalesSettings(test.db, shopId)).toMatchObject({
      vatRegistered: false,
      branchCode: "00000",
      scaleLabelLayout: null,
      cashierMayVoidOwn: false,
      promptPayId: null,
    });
  });

  it("refuses managers, cashiers and stock staff (403) and another shop's owner (404)", async () => {
    const { shopId } = await ownerShop();
    const other = await ownerShop();
    const callers = [
      [sessionUserOf((await addShopMember(test.db, shopId, "manager")).id), 403],
      [sessionUserOf((await addShopMember(test.db, shopId, "cashier")).id), 403],
      [sessionUserOf((await addShopMember(test.db, shopId, "stock")).id), 403],
      [other.owner, 404],
    ] as const;
    for (const [member, status] of callers) {
      expect(await call(sellingRoute.loader, shopId, member)).toMatchObject({ status });
      expect(
        await call(sellingRoute.action, shopId, member, { ...FORM, promptPayId: "0812345678" }),
      ).toMatchObject({ status });
    }
    expect(await settingsRows(shopId)).toBe(0);
  });

  it("refuses VAT registration without the shop's tax ID, in Thai next to the switch, keeping the form", async () => {
    const { shopId, owner } = await ownerShop(null);
    const typed = {
      ...FORM,
      vatRegistered: "on",
      promptPayId: "0812345678",
      receiptFooter: "ขอบคุณ",
    };
    const refused = await call(sellingRoute.action, shopId, owner, typed);
    expect(refused.status).toBe(400);
    const failure = refused.data as Failure;
    expect(th[failure.errors.vatRegistered as keyof typeof th]).toBe(
      "ต้องกรอกเลขประจำตัวผู้เสียภาษี 13 หลักของร้านก่อน จึงจะจดทะเบียนภาษีมูลค่าเพิ่มได้",
    );
    expect(failure.values).toMatchObject(typed);
    expect(await settingsRows(shopId)).toBe(0);

    // Once the tax ID is on the shop's details, the same form is saved.
    await test.db.update(shop).set({ taxId: "0105512345671" }).where(eq(shop.id, shopId));
    expect(await call(sellingRoute.action, shopId, owner, typed)).toMatchObject({ status: 302 });
    expect(await getSalesSettings(test.db, shopId)).toMatchObject({
      vatRegistered: true,
      promptPayId: "0812345678",
    });
  });

  it("a bad PromptPay ID and a bad prefix keep what was typed and what was saved", async () => {
    const { shopId, owner } = await ownerShop();
    await call(sellingRoute.action, shopId, owner, { ...FORM, promptPayId: "0812345678" });
    const before = await getSalesSettings(test.db, shopId);

    const typed = {
      ...FORM,
      promptPayId: "1234567890123",
      abbreviatedPrefix: "AB1",
      // Line ends as a browser posts a textarea.
      receiptHeader: "ร้านใจดี\r\nเปิด 8 โมง",
      branchKind: "branch",
      branchNo: "00002",
    };
    const refused = await call(sellingRoute.action, shopId, owner, typed);
    expect(refused.status).toBe(400);
    const failure = refused.data as Failure;
    expect(failure.values).toMatchObject(typed);
    expect(failure.errors).toEqual({
      promptPayId: "shops.sell.promptPayId.error.idChecksum",
      abbreviatedPrefix: "shops.sell.documentPrefix.error",
    });
    expect(th[failure.errors.promptPayId as keyof typeof th]).toBe(
      "เลข 13 หลักนี้ไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง",
    );
    expect(await getSalesSettings(test.db, shopId)).toEqual(before);

    // Two kinds of document may not share a prefix; a mobile number that is not one says so.
    const clash = await call(sellingRoute.action, shopId, owner, {
      ...FORM,
      promptPayId: "0212345678",
      creditNotePrefix: "rc",
    });
    expect((clash.data as Failure).errors).toMatchObject({
      promptPayId: "shops.sell.promptPayId.error.notMobile",
    });
    const prefixClash = await call(sellingRoute.action, shopId, owner, {
      ...FORM,
      creditNotePrefix: "rc",
    });
    expect((prefixClash.data as Failure).errors).toEqual({
      creditNotePrefix: "shops.sellingSettings.error.prefixTaken",
    });
    expect(await getSalesSettings(test.db, shopId)).toEqual(before);
  });

  it("refuses a logo that is not an image by its bytes, stores a real one small and grey, replaces and removes it", async () => {
    const { shopId, owner } = await ownerShop();
    const fake = new File([new TextEncoder().encode("<?php echo 'hi'; ?>")], "logo.png", {
      type: "image/png",
    });
    const refused = await call(sellingRoute.action, shopId, owner, {
      ...FORM,
      receiptFooter: "ขอบคุณ",
      logo: fake,
    });
    expect(refused.status).toBe(400);
    const failure = refused.data as Failure;
    expect(failure.errors).toEqual({ logo: "media.error.notImage" });
    expect(failure.values.receiptFooter).toBe("ขอบคุณ");
    expect(await settingsRows(shopId)).toBe(0);
    expect(existsSync(path.join(storageFolder, "private", "logos", shopId))).toBe(false);

    const saved = await call(sellingRoute.action, shopId, owner, {
      ...FORM,
      logo: await pngOf(1200, 400),
    });
    expect(saved.status).toBe(302);
    const { logoKey } = await getSalesSettings(test.db, shopId);
    expect(logoKey).toMatch(new RegExp(`^private/logos/${shopId}/[0-9a-f]{16}-[0-9a-f]{8}\\.png$`));
    const file = await storage.get(logoKey!);
    const meta = await sharp(file!).metadata();
    // Made to fit a 58 mm roll (384 dots), one grey channel, transparency laid on white.
    expect(meta).toMatchObject({ format: "png", width: 384, height: 128, channels: 1 });
    const page = await call(sellingRoute.loader, shopId, owner);
    expect(page.data).toMatchObject({ logoUrl: `/media/${logoKey}` });

    // A new logo replaces the file; saving without one keeps it; "remove" takes it off.
    await call(sellingRoute.action, shopId, owner, { ...FORM, logo: await pngOf(100, 100) });
    const second = (await getSalesSettings(test.db, shopId)).logoKey!;
    expect(second).not.toBe(logoKey);
    expect(stored(second)).toBe(true);
    expect(stored(logoKey!)).toBe(false);
    await call(sellingRoute.action, shopId, owner, { ...FORM, receiptFooter: "ขอบคุณ" });
    expect((await getSalesSettings(test.db, shopId)).logoKey).toBe(second);
    await call(sellingRoute.action, shopId, owner, { ...FORM, removeLogo: "1" });
    expect((await getSalesSettings(test.db, shopId)).logoKey).toBeNull();
    expect(stored(second)).toBe(false);
  });
});
