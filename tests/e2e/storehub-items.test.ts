import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { memberWithShop as shopFixture, openAs, setupE2E, hydrated } from "./fixtures";

const e2e = setupE2E();
let counter = 0;

/**
 * A registered member (through the real form handler) who owns a new shop, created straight
 * in the database (the shop screens are another area), signed in in a fresh browser.
 */
async function memberWithShop(): Promise<{ context: BrowserContext; page: Page; shopId: string }> {
  counter += 1;
  const { member, shop } = await shopFixture(e2e, {
    member: { emailPrefix: "storehub-e2e", name: `เจ้าของร้าน ${counter}` },
    shop: { name: `ร้านชำทดสอบ ${counter}`, address: "12 ถนนสุขุมวิท กรุงเทพฯ" },
  });
  const { context, page } = await openAs(e2e.browser, member, {
    acceptDownloads: true,
    timeout: 15_000,
  });
  return { context, page, shopId: shop.id };
}

/** Opens a storehub page and waits until React has hydrated it. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await hydrated(page, "[data-testid=storehub-area]");
}

async function countItems(shopId: string): Promise<number> {
  const { rows } = await e2e.sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM stock_item WHERE shop_id = $1",
    [shopId],
  );
  return rows[0]?.n ?? 0;
}

const csvUpload = (name: string, text: string) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(text, "utf8"),
});

describe("storehub items in the browser", () => {
  it("adds an item with opening stock, sees it on the overview, edits and archives it", async () => {
    const { context, page, shopId } = await memberWithShop();
    try {
      await open(page, "/storehub/add");
      await page.locator("#item-name").fill("น้ำดื่มตราช้าง 600 มล.");
      await page.locator("#item-sku").fill("water-600");
      await page.locator("#item-barcode").fill("8850999320014");
      await page.locator("#item-unit").fill("ขวด");
      await page.locator("#item-price").fill("10");
      await page.locator("#item-cost").fill("7.50");
      await page.locator("#item-openingQty").fill("24");
      await page.getByTestId("item-save").click();
      const created = page.getByTestId("item-created");
      await created.waitFor();
      expect(await created.innerText()).toContain(
        th["storehub.add.created"]
          .replace("{name}", "น้ำดื่มตราช้าง 600 มล.")
          .replace("{sku}", "WATER-600"),
      );

      await open(page, "/storehub");
      expect(await page.getByTestId("stat-items-value").innerText()).toBe("1");
      expect(await page.getByTestId("stat-value-value").innerText()).toBe("฿180.00");
      const row = page.getByTestId("item-row").filter({ hasText: "WATER-600" });
      expect(await row.getByTestId("item-on-hand").innerText()).toBe("24 ขวด");
      expect(await row.getByTestId("item-value").innerText()).toBe("฿180.00");
      expect(await page.getByTestId("movement-row").first().innerText()).toContain(
        th["storehub.documentKind.opening"],
      );

      // Search and filter the list (a GET form).
      await page.getByTestId("item-search").fill("water");
      await page.getByTestId("item-low-filter").check();
      await page.getByTestId("item-search-submit").click();
      await page.waitForURL((url) => url.searchParams.get("low") === "1");
      expect(new URL(page.url()).searchParams.get("q")).toBe("water");
      await page.getByTestId("item-empty").waitFor();
      await page.getByTestId("item-low-filter").uncheck();
      await page.getByTestId("item-search-submit").click();
      await page.waitForURL((url) => !url.searchParams.has("low"));
      // The URL changes with the navigation; the new rows render right after it.
      await page.getByTestId("item-row").filter({ hasText: "WATER-600" }).waitFor();
      expect(await page.getByTestId("item-row").count()).toBe(1);

      // Edit: the scanner types the barcode into the search box and presses Enter.
      await open(page, "/storehub/edit");
      await page.getByTestId("edit-search").fill("8850999320014");
      await page.getByTestId("edit-search").press("Enter");
      await page.locator("#item-name").waitFor();
      expect(await page.getByTestId("item-on-hand").innerText()).toBe("24 ขวด");
      await page.locator("#item-name").fill("น้ำดื่มตราช้าง 600 มล. แพ็ก 12");
      await page.locator("#item-price").fill("110");
      await page.getByTestId("item-save").click();
      await page.getByTestId("item-saved").waitFor();
      const { rows } = await e2e.sql.query(
        "SELECT name, price_satang, on_hand FROM stock_item WHERE shop_id = $1",
        [shopId],
      );
      // numeric(14,3) arrives as its exact text, as bigint does.
      expect(rows).toEqual([
        { name: "น้ำดื่มตราช้าง 600 มล. แพ็ก 12", price_satang: "11000", on_hand: "24.000" },
      ]);

      // Archive, with a confirmation step.
      await open(page, "/storehub/delete");
      await page
        .getByTestId("item-row")
        .filter({ hasText: "WATER-600" })
        .getByTestId("item-select")
        .check();
      await page.getByTestId("archive-selected").click();
      await page.getByTestId("confirm-panel").waitFor();
      expect(await page.getByTestId("confirm-items").innerText()).toContain(
        "น้ำดื่มตราช้าง 600 มล. แพ็ก 12",
      );
      await page.getByTestId("confirm-submit").click();
      await page.getByTestId("delete-done").waitFor();
      expect(await page.getByTestId("item-row").count()).toBe(0);
      const { rows: status } = await e2e.sql.query(
        "SELECT status FROM stock_item WHERE shop_id = $1",
        [shopId],
      );
      expect(status).toEqual([{ status: "archived" }]);
    } finally {
      await context.close();
    }
  });

  it("imports a CSV only once every row is valid, and exports items with a BOM", async () => {
    const { context, page, shopId } = await memberWithShop();
    try {
      const header = "ชื่อสินค้า,รหัสสินค้า,บาร์โค้ด,หน่วยนับ,ราคาขาย,ต้นทุน,ยอดยกมา";
      const bad = [
        header,
        "กาแฟกระป๋อง 180 มล.,COFFEE-180,,กระป๋อง,15,11.50,48",
        'ขนมปัง "กรอบ",BREAD-1,8850999320015,ห่อ,20,12,',
        "",
      ].join("\r\n");
      await open(page, "/storehub/import");
      await page.getByTestId("import-file").setInputFiles(csvUpload("สินค้า.csv", bad));
      await page.getByTestId("import-check").click();
      const problem = page.getByTestId("import-problem");
      await problem.first().waitFor();
      expect(await problem.count()).toBe(1);
      const text = await problem.first().innerText();
      expect(text).toContain("แถวที่ 3");
      expect(text).toContain(th["storehub.field.barcode"]);
      expect(text).toContain(th["storehub.error.barcodeInvalid"]);
      expect(await page.getByTestId("import-confirm").count()).toBe(0);
      expect(await countItems(shopId)).toBe(0);

      const fixed = bad.replace("8850999320015", "8850999320014");
      await page.getByTestId("import-file").setInputFiles(csvUpload("สินค้า.csv", fixed));
      await page.getByTestId("import-check").click();
      await page.getByTestId("import-ready").waitFor();
      expect(await countItems(shopId)).toBe(0);
      await page.getByTestId("import-confirm").click();
      await page.getByTestId("import-done").waitFor();
      expect(await countItems(shopId)).toBe(2);

      await open(page, "/storehub");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("export-items").click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^storehub-items-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = bytes.toString("utf8");
      expect(csv).toContain("กาแฟกระป๋อง 180 มล.,COFFEE-180");
      expect(csv).toContain('"ขนมปัง ""กรอบ""",BREAD-1,8850999320014');
      expect(csv).toContain(th["storehub.field.name"]);
    } finally {
      await context.close();
    }
  });

  it("refuses a text file named .jpg as the item photo before upload, next to the field", async () => {
    const { context, page } = await memberWithShop();
    try {
      await open(page, "/storehub/add");
      const photo = page.locator("#item-image");
      await photo.setInputFiles({
        name: "catalogue.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("รายการสินค้า ไม่ใช่รูปภาพ", "utf8"),
      });
      const error = page.locator('[data-error-for="image"]');
      await expect.poll(() => error.innerText()).toBe(th["media.error.notImage"]);
      // The refused file is not kept for upload.
      expect(await photo.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    } finally {
      await context.close();
    }
  });
});
