import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { memberWithShop, openAs, setupE2E, hydrated } from "./fixtures";

/*
 * The item CSV's open prices and level prices in Chromium (decision 0097): a refused level
 * cell is named by its row and its level's column in Thai, the fixed file is previewed with
 * the level's column and imported, and the export carries it back.
 */

const e2e = setupE2E();

const csvUpload = (text: string) => ({
  name: "สินค้า.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(text, "utf8"),
});

describe("the item CSV's prices in the browser", () => {
  it("names a wrong level price's row and column, then imports and exports it", async () => {
    const { member, shop } = await memberWithShop(e2e, {
      member: { emailPrefix: "csv-prices-e2e", name: "เจ้าของร้านวัสดุ" },
      shop: { name: "ร้านวัสดุทดสอบ", address: "5 ถนนเพชรเกษม กรุงเทพฯ" },
    });
    await e2e.sql.query("INSERT INTO price_level (shop_id, name) VALUES ($1, 'ราคาส่ง')", [shop.id]);
    const { context, page } = await openAs(e2e.browser, member, {
      acceptDownloads: true,
      timeout: 15_000,
    });
    try {
      const header = "ชื่อสินค้า,รหัสสินค้า,หน่วยนับ,ราคาขาย,ราคาตามจริง,ราคาต่ำสุด,ระดับราคา: ราคาส่ง";
      const bad = [
        header,
        "ท่อ PVC 1/2 นิ้ว,PIPE-12,เส้น,50,,,-48",
        "ผักบุ้ง (กอง),HEAP-1,กอง,20,ใช่,15,",
      ].join("\r\n");
      await page.goto("/storehub/import", { waitUntil: "domcontentloaded" });
      await hydrated(page, "[data-testid=storehub-area]");
      await page.getByTestId("import-file").setInputFiles(csvUpload(bad));
      await page.getByTestId("import-check").click();
      const problem = page.getByTestId("import-problem");
      await problem.first().waitFor();
      expect(await problem.count()).toBe(1);
      const text = await problem.first().innerText();
      expect(text).toContain("แถวที่ 2");
      expect(text).toContain("ระดับราคา: ราคาส่ง");
      expect(text).toContain(th["storehub.import.error.priceNegative"]);
      expect(await page.getByTestId("import-confirm").count()).toBe(0);

      await page
        .getByTestId("import-file")
        .setInputFiles(csvUpload(bad.replace(",-48", ",48; 10=45")));
      await page.getByTestId("import-check").click();
      await page.getByTestId("import-ready").waitFor();
      expect(await page.getByTestId("import-preview").locator("th").allInnerTexts()).toContain(
        "ระดับราคา: ราคาส่ง",
      );
      await page.getByTestId("import-confirm").click();
      await page.getByTestId("import-done").waitFor();
      const { rows } = await e2e.sql.query<{ sku: string; qty: string; price: string }>(
        `SELECT i.sku, p.min_qty_milli::text AS qty, p.price_satang::text AS price
           FROM item_level_price p JOIN stock_item i ON i.id = p.item_id
          WHERE p.shop_id = $1 ORDER BY p.min_qty_milli`,
        [shop.id],
      );
      expect(rows).toEqual([
        { sku: "PIPE-12", qty: "1000", price: "4800" },
        { sku: "PIPE-12", qty: "10000", price: "4500" },
      ]);

      await page.goto("/storehub", { waitUntil: "domcontentloaded" });
      await hydrated(page, "[data-testid=storehub-area]");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("export-items").click(),
      ]);
      const csv = (await readFile(await download.path())).toString("utf8");
      expect(csv).toContain(",ราคาตามจริง,ราคาต่ำสุด (บาท),ราคาสูงสุด (บาท),ระดับราคา: ราคาส่ง\r\n");
      expect(csv).toMatch(/,HEAP-1,.*,ใช่,15\.00,,\r\n/);
      expect(csv).toMatch(/,PIPE-12,.*,,,,48\.00; 10=45\.00\r\n/);
    } finally {
      await context.close();
    }
  });
});
