import type { Page } from "playwright-core";
import { desc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { sale } from "~/db/schema";
import { createPriceLevel, setItemLevelPrices } from "~/modules/sales/index.server";
import {
  addSession,
  cashierWithTillItems,
  e2eTest as test,
  hydrated,
  memberWithShop,
} from "./fixtures";

// A wholesale bill (issue 37, decision 0089): the cashier sells the bill at ราคาส่ง; six bottles
// reach the 6-and-over quantity break; an item without a wholesale price stays at retail and the
// till says so; the server's sale is the bill the till showed.

const SLOW = { timeout: 15_000 };

const total = (page: Page) => page.getByTestId("till-total").innerText();

describe("a wholesale bill with a quantity break", () => {
  test("the level chosen at the till prices 6 bottles at the break; the sale agrees", async ({
    e2e,
    context,
    page,
  }) => {
    const found = await cashierWithTillItems(e2e, { emailPrefix: "till-levels" });
    const shopId = found.shop.id;
    const level = await createPriceLevel(e2e.db, shopId, "ราคาส่ง");
    if (!level.ok) throw new Error("level not created");
    // Water: retail 10.00, wholesale 9.00, 6 bottles and over 8.00. The snack has no wholesale price.
    await setItemLevelPrices(e2e.db, shopId, level.level.id, found.water.id, [
      { minQtyMilli: 1_000, priceSatang: 900 },
      { minQtyMilli: 6_000, priceSatang: 800 },
    ]);

    await addSession(context, found.member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();

    expect(await page.getByTestId("till-price-level").innerText()).toBe("ระดับราคา: ราคาปลีก");
    await page.getByTestId("till-price-level").click();
    const dialog = page.getByTestId("till-price-level-dialog");
    await dialog.getByText("ราคาส่ง").click();
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(false);
    expect(await page.getByTestId("till-price-level").innerText()).toBe("ระดับราคา: ราคาส่ง");

    const scan = page.getByTestId("till-scan");
    await scan.fill("8850999320014");
    await scan.press("Enter");
    await expect.poll(() => total(page), SLOW).toBe("฿9.00");
    for (let i = 0; i < 5; i++) {
      await scan.fill("8850999320014");
      await scan.press("Enter");
    }
    // Six bottles: the 6-and-over break, 6 × 8.00.
    await expect.poll(() => total(page), SLOW).toBe("฿48.00");

    // The snack has no wholesale price: retail, and the line says so.
    await page.locator(`[data-testid=till-item][data-sku="${found.snack.sku}"]`).click();
    await expect.poll(() => total(page), SLOW).toBe("฿73.00");
    expect((await page.getByTestId("till-line").allInnerTexts()).join("\n")).toContain(
      "ไม่มีราคาระดับนี้ ใช้ราคาปลีก",
    );

    await page.getByTestId("till-pay-open").click();
    const pay = page.getByTestId("till-pay-dialog");
    await pay.getByTestId("till-cash").fill("100");
    await pay.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);

    const [sold] = await e2e.db
      .select({ total: sale.totalSatang })
      .from(sale)
      .where(eq(sale.shopId, shopId))
      .orderBy(desc(sale.id))
      .limit(1);
    expect(sold?.total).toBe(7_300);
  });
});

describe("the customer's price level", () => {
  test("a manager gives a customer ราคาส่ง; the till's bill takes it when the customer is found; the sale's page names it", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const phone = `087${n.padStart(7, "0")}`;
    const { member, shop, items } = await memberWithShop(e2e, {
      role: "manager",
      member: { emailPrefix: "till-level-customer", name: "สมศักดิ์ ผู้จัดการ" },
      items: [
        {
          fields: {
            name: "ท่อ PVC 1/2 นิ้ว",
            sku: `PIPE-${n}`,
            barcode: null,
            unit: "เส้น",
            price: 5_000,
          },
          qty: 100_000,
        },
      ],
    });
    const level = await createPriceLevel(e2e.db, shop.id, "ราคาส่ง");
    if (!level.ok) throw new Error("level not created");
    // Retail 50.00; wholesale 48.00, 10 and over 45.00.
    await setItemLevelPrices(e2e.db, shop.id, level.level.id, items[0]!.id, [
      { minQtyMilli: 1_000, priceSatang: 4_800 },
      { minQtyMilli: 10_000, priceSatang: 4_500 },
    ]);
    await addSession(context, member);

    // The customer, added with consent, then given the level on their page.
    await page.goto("/shophub/customers");
    const form = page.getByTestId("customer-form");
    await form.locator("[name=phone]").fill(phone);
    await form.locator("[name=name]").fill("ช่างสมชาย รับเหมา");
    await form.locator("[name=consent]").check();
    await form.getByTestId("customer-save").click();
    await page.getByTestId("customer-name").waitFor(SLOW);
    expect(await page.getByTestId("customer-price-level").innerText()).toBe("ระดับราคา: ราคาปลีก");
    await hydrated(page, "[data-testid=customer-level]");
    const levelForm = page.getByTestId("customer-level");
    await levelForm.getByLabel("ระดับราคา").selectOption({ label: "ราคาส่ง" });
    await levelForm.getByTestId("customer-level-save").click();
    await expect
      .poll(() => page.getByTestId("customer-price-level").innerText(), SLOW)
      .toBe("ระดับราคา: ราคาส่ง");

    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    const item = page.locator(`[data-testid=till-item][data-sku="PIPE-${n}"]`);
    await item.click();
    await expect.poll(() => total(page), SLOW).toBe("฿50.00");
    expect(await page.getByTestId("till-price-level").innerText()).toBe("ระดับราคา: ราคาปลีก");

    // Found by phone: the bill is at the customer's level, and the dialog says which it is.
    await page.getByTestId("till-customer-button").click();
    const dialog = page.getByTestId("till-customer-dialog");
    await dialog.getByTestId("till-customer-phone").fill(phone);
    await dialog.getByTestId("till-customer-find").click();
    await expect
      .poll(() => page.getByTestId("till-customer").innerText(), SLOW)
      .toContain("ช่างสมชาย รับเหมา");
    expect(await page.getByTestId("till-price-level").innerText()).toBe("ระดับราคา: ราคาส่ง");
    await expect.poll(() => total(page), SLOW).toBe("฿48.00");
    await page.getByTestId("till-customer-button").click();
    expect(await dialog.getByTestId("till-customer-level").innerText()).toContain("ราคาส่ง");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(false);

    // Ten pipes reach the break: 10 × 45.00.
    for (let i = 0; i < 9; i++) await item.click();
    await expect.poll(() => total(page), SLOW).toBe("฿450.00");
    await page.getByTestId("till-pay-open").click();
    const pay = page.getByTestId("till-pay-dialog");
    await pay.getByTestId("till-cash").fill("500");
    await pay.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);

    const [sold] = await e2e.db
      .select({ id: sale.id, total: sale.totalSatang })
      .from(sale)
      .where(eq(sale.shopId, shop.id))
      .orderBy(desc(sale.id))
      .limit(1);
    expect(sold?.total).toBe(45_000);
    await page.goto(`/shophub/invoices/${sold!.id}?shop=${shop.id}`);
    expect(await page.getByTestId("sale-price-level").innerText()).toBe("ระดับราคา: ราคาส่ง");
  });
});
