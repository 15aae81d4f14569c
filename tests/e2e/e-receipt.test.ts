import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { addSession, e2eTest as test, hydrated, memberWithShop, newContext } from "./fixtures";
import { insertSaleRows } from "../setup/sale-rows";

/*
 * The e-receipt (decision 0094) in Chromium: the slip's QR, read back from the printed page the
 * way a phone's camera reads it, opens the public receipt in a browser that has never signed in.
 */

const require = createRequire(import.meta.url);

/** The text of the QR code in a PNG, decoded by zxing (the till's own camera decoder). */
async function readQr(png: Buffer): Promise<string | null> {
  const wasm = await readFile(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer as ArrayBuffer } });
  const found = await readBarcodes(new Uint8Array(png), { formats: ["QRCode"] });
  return found[0]?.text ?? null;
}

describe("the e-receipt", () => {
  test("the slip's QR opens the receipt in a fresh browser with no session", async ({
    e2e,
    context,
    page,
  }) => {
    const cashier = await memberWithShop(e2e, {
      role: "cashier",
      shop: { name: "ร้านใบเสร็จออนไลน์", taxId: "0105558012345" },
      items: [{ fields: { name: "น้ำดื่มตราช้าง 600 มล.", unit: "ขวด" }, qty: 10_000 }],
    });
    const { sale } = await insertSaleRows(e2e.db, {
      shopId: cashier.shop.id,
      itemId: cashier.items[0]!.id,
      seller: { phone: "081-234-5678" },
    });
    await addSession(context, cashier.member);

    await page.goto(`/shophub/invoices/${sale.id}/print?paper=80&doc=sale`);
    const qr = page.getByTestId("doc-receipt-qr");
    await expect.poll(() => qr.innerText()).toContain("สแกนเพื่อดูใบเสร็จออนไลน์");
    // The page's data may come again once hydrated (after a print is counted): the sale's link
    // is the same on every load (decision 0096), so the QR read is the one first drawn.
    const drawn = await qr.locator("svg").innerHTML();
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(await qr.locator("svg").innerHTML()).toBe(drawn);
    const link = await readQr(await qr.locator("svg").screenshot());
    expect(link).toMatch(/\/r\/[A-Za-z0-9_-]{22}$/);
    expect(new URL(link!).origin).toBe(new URL(page.url()).origin);
    // A reload of the same print page: the same QR, and the sale has one link row.
    await page.reload();
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(await qr.locator("svg").innerHTML()).toBe(drawn);
    const { rows } = await e2e.db.execute(
      sql`SELECT id FROM sale_receipt_link WHERE sale_id = ${sale.id}`,
    );
    expect(rows).toHaveLength(1);

    // Another browser, never signed in.
    const stranger = await newContext(e2e.browser);
    try {
      // Only the cookie-banner choice the fixture's browsers start with: no session, no shop.
      expect((await stranger.cookies()).map((cookie) => cookie.name)).toEqual(["consent"]);
      const visitor = await stranger.newPage();
      const answer = await visitor.goto(link!);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()["x-robots-tag"]).toContain("noindex");
      expect(answer?.headers()["cache-control"]).toContain("no-store");
      const receipt = await visitor.getByTestId("sale-document").innerText();
      expect(receipt).toContain(sale.documentNumber);
      expect(receipt).toContain("น้ำดื่มตราช้าง 600 มล.");
      expect(receipt).toMatch(/รวมทั้งสิ้น\s+120\.50/);
      // Nothing that names people: no phone number, no cashier.
      expect(receipt).not.toContain("081-234-5678");
      expect(receipt).not.toContain("สมศรี");
      expect(await visitor.locator('meta[name="robots"]').getAttribute("content")).toContain(
        "noindex",
      );
      expect(visitor.url()).not.toContain("signIn");

      // A token that opens nothing: the page's own Thai 404.
      const missing = await visitor.goto("/r/AAAAAAAAAAAAAAAAAAAAAA");
      expect(missing?.status()).toBe(404);
      await expect.poll(() => visitor.locator("h1").innerText()).toBe("ไม่พบใบเสร็จ");
    } finally {
      await stranger.close();
    }
  });

  test("the sale's page sends the link by e-mail, with a Thai message for a bad address", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, {
      role: "owner",
      shop: { name: "ร้านส่งใบเสร็จ" },
      items: [{ fields: { name: "กาแฟเย็น", unit: "แก้ว" }, qty: 10_000 }],
    });
    const { sale } = await insertSaleRows(e2e.db, {
      shopId: owner.shop.id,
      itemId: owner.items[0]!.id,
      vat: false,
    });
    await addSession(context, owner.member);
    await page.goto(`/shophub/invoices/${sale.id}`);
    await page.getByTestId("ereceipt-open").click();
    const field = page.getByTestId("ereceipt-email");
    await field.fill("ลูกค้า@");
    await page.getByTestId("ereceipt-send").click();
    await expect
      .poll(() => page.getByTestId("ereceipt-error").innerText())
      .toBe("กรอกอีเมลให้ถูกต้อง เช่น name@example.com");
    // What was typed stays.
    expect(await field.inputValue()).toBe("ลูกค้า@");
    await field.fill("customer@example.com");
    await page.getByTestId("ereceipt-send").click();
    await expect
      .poll(() => page.getByTestId("ereceipt-sent").innerText())
      .toBe("ส่งลิงก์ใบเสร็จไปที่ customer@example.com แล้ว");
    const { rows } = await e2e.sql.query<{ text_body: string }>(
      "SELECT text_body FROM email_outbox WHERE to_address = 'customer@example.com' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]?.text_body).toMatch(/\/r\/[A-Za-z0-9_-]{22}/);
  });
});
