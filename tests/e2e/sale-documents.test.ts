import { readFile } from "node:fs/promises";
import { describe, expect } from "vitest";
import type { BrowserContext } from "playwright-core";
import { addSession, e2eTest as test, memberWithShop, type E2E } from "./fixtures";
import { insertSaleRows } from "../setup/sale-rows";

/** A cashier of a VAT-registered shop, signed in in `context`, and one sale of the shop. */
async function signedInCashierWithSale(e2e: E2E, context: BrowserContext, shopName: string) {
  const cashier = await memberWithShop(e2e, {
    role: "cashier",
    shop: { name: shopName, taxId: "0105558012345" },
    items: [{ fields: { name: "น้ำดื่มตราช้าง 600 มล.", unit: "ขวด" }, qty: 10_000 }],
  });
  const { sale } = await insertSaleRows(e2e.db, {
    shopId: cashier.shop.id,
    itemId: cashier.items[0]!.id,
  });
  await addSession(context, cashier.member);
  return sale;
}

/**
 * The 58 mm receipt as the till prints it in one click: the print page alone (no site frame),
 * the print dialog opened by itself, the receipt's contents, the roll's page size, and the
 * next print marked as a copy.
 */
describe("printing a receipt", () => {
  test("the 58 mm page prints itself once, shows the sale, and the next print is a copy", async ({
    e2e,
    context,
    page,
  }) => {
    const sale = await signedInCashierWithSale(e2e, context, "ร้านพิมพ์ใบเสร็จ");
    // The browser's dialog cannot be driven from a test: window.print keeps what the page
    // showed at that moment (what would be printed) and answers like Chrome when the dialog
    // closes.
    await context.addInitScript(() => {
      const counted = window as unknown as { printCalls: number; printed: string };
      counted.printCalls = 0;
      window.print = () => {
        counted.printCalls += 1;
        counted.printed =
          document.querySelector<HTMLElement>("[data-testid=sale-document]")?.innerText ?? "";
        window.dispatchEvent(new Event("afterprint"));
      };
    });

    const counted = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/print"),
    );
    await page.goto(`/shophub/invoices/${sale.id}/print?paper=58&doc=sale&auto=1`);
    await page.waitForFunction(() => (window as unknown as { printCalls: number }).printCalls > 0);
    expect((await counted).status()).toBe(200);
    expect(
      await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls),
    ).toBe(1);

    const receipt = page.getByTestId("sale-document");
    const text = await page.evaluate(() => (window as unknown as { printed: string }).printed);
    expect(text).toContain("ใบกำกับภาษีอย่างย่อ");
    expect(text).toContain(sale.documentNumber);
    expect(text).toContain("เลขประจำตัวผู้เสียภาษี 0105558012345");
    expect(text).toContain("สำนักงานใหญ่");
    expect(text).toContain("น้ำดื่มตราช้าง 600 มล.");
    expect(text).toContain("ผู้ซื้อ น้ำ ปี่ ที่ตั้ง");
    expect(text).toContain("2 ขวด × 35.25");
    expect(text).toMatch(/รวมทั้งสิ้น\s+120\.50/);
    expect(text).toContain("(หนึ่งร้อยยี่สิบบาทห้าสิบสตางค์)");
    expect(text).toMatch(/เงินสด\s+200\.00/);
    expect(text).toMatch(/เงินทอน\s+79\.50/);
    expect(text).not.toContain("สำเนา");
    // The document alone: nothing of the site's header, main area or footer.
    expect(await page.locator("#main, body > header, footer.site-footer").count()).toBe(0);
    // Thai set in the bundled Sarabun.
    expect(await page.evaluate(() => document.fonts.check("16px Sarabun", "ผู้ซื้อ"))).toBe(true);
    expect(await receipt.evaluate((element) => getComputedStyle(element).fontFamily)).toContain(
      "Sarabun",
    );
    // A print of the page is 58 mm wide (164.4 pt) on a roll as long as the receipt.
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString(
      "latin1",
    );
    const boxes = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
    expect(boxes).toHaveLength(1);
    expect(Number(boxes[0]?.[1])).toBeCloseTo((58 / 25.4) * 72, 0);
    const receiptHeight = await receipt.evaluate(
      (element) => element.getBoundingClientRect().height,
    );
    // As long as the receipt (px at 96 dpi in pt), not an A4 or Letter sheet.
    expect(Number(boxes[0]?.[2])).toBeGreaterThanOrEqual(receiptHeight * 0.75);
    expect(Number(boxes[0]?.[2])).toBeLessThan(receiptHeight * 0.75 + 20);

    // The print was counted: the same page again is a copy.
    await page.goto(`/shophub/invoices/${sale.id}/print?paper=58&doc=sale`);
    expect(await page.getByTestId("sale-document").innerText()).toContain("สำเนา");
  });

  test("the PDF button hands out the original once; the page then shows a copy", async ({
    e2e,
    context,
    page,
  }) => {
    const sale = await signedInCashierWithSale(e2e, context, "ร้านส่ง PDF");
    const printed = async () => {
      const { rows } = await e2e.sql.query<{ printed: boolean }>(
        "SELECT original_printed_at IS NOT NULL AS printed FROM sale WHERE id = $1",
        [sale.id],
      );
      return rows[0]?.printed;
    };
    await page.goto(`/shophub/invoices/${sale.id}/print?paper=a4&doc=sale`);
    const documentText = () => page.getByTestId("sale-document").innerText();
    expect(await documentText()).toContain("ต้นฉบับ");
    // Opening the page (and its PDF address) printed nothing.
    expect((await page.request.get(`/shophub/invoices/${sale.id}/invoice.pdf?doc=sale`)).ok()).toBe(
      true,
    );
    expect(await printed()).toBe(false);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "ดาวน์โหลด PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${sale.documentNumber}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await printed()).toBe(true);
    // The page read its document again: a paper print after the PDF is a copy.
    await expect.poll(documentText).toContain("สำเนา");
  });
});
