import type { Page } from "playwright-core";
import { desc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { sale, saleLinePriceOverride } from "~/db/schema";
import { setApprovalPin } from "~/modules/shops/index.server";
import { setItemOpenPrice } from "~/modules/stock/index.server";
import { addSession, cashierWithTillItems, e2eTest as test, type E2E } from "./fixtures";

// Open prices and price overrides at the till (issue 37, decision 0093): an open-price item
// asks its price with its bounds and sells at the price typed; a cashier's price below the list
// waits for the owner's PIN, then sells; the server records both.

const SLOW = { timeout: 15_000 };

const total = (page: Page) => page.getByTestId("till-total").innerText();

async function lastSale(e2e: E2E, shopId: string) {
  const [sold] = await e2e.db
    .select({ id: sale.id, total: sale.totalSatang })
    .from(sale)
    .where(eq(sale.shopId, shopId))
    .orderBy(desc(sale.id))
    .limit(1);
  if (!sold) throw new Error("no sale");
  const overrides = await e2e.db
    .select({
      open: saleLinePriceOverride.openPrice,
      list: saleLinePriceOverride.listSatang,
      sold: saleLinePriceOverride.soldSatang,
      approverName: saleLinePriceOverride.approverName,
    })
    .from(saleLinePriceOverride)
    .where(eq(saleLinePriceOverride.saleId, sold.id));
  return { total: sold.total, overrides };
}

async function payCash(page: Page, amount: string) {
  const pay = page.getByTestId("till-pay-dialog");
  await pay.getByTestId("till-cash").waitFor(SLOW);
  await pay.getByTestId("till-cash").fill(amount);
  await pay.getByTestId("till-complete").click();
  await page.getByTestId("till-done").waitFor(SLOW);
}

describe("prices typed at the till", () => {
  test("an open-price item asks its price within its bounds and sells at it", async ({
    e2e,
    context,
    page,
  }) => {
    const found = await cashierWithTillItems(e2e, {
      emailPrefix: "till-open-price",
      moreItems: [
        {
          fields: {
            name: "ผักบุ้ง (กอง)",
            sku: `GREENS-${Date.now() % 1_000_000}`,
            barcode: null,
            category: "ของสด",
            unit: "กอง",
            price: 0,
          },
          qty: 20_000,
        },
      ],
    });
    const greens = found.items[2]!;
    await setItemOpenPrice(e2e.db, found.shop.id, greens.id, {
      minSatang: 1_000,
      maxSatang: 5_000,
    });
    await addSession(context, found.member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();

    await page.locator(`[data-testid=till-item][data-sku="${greens.sku}"]`).click();
    const dialog = page.getByTestId("till-price-dialog");
    await dialog.waitFor(SLOW);
    expect(await dialog.getByTestId("till-price-bounds").innerText()).toBe(
      "ราคาระหว่าง ฿10.00 ถึง ฿50.00",
    );
    // Above the highest price: said next to the field, what was typed kept.
    await dialog.getByTestId("till-price-input").fill("60");
    await dialog.getByTestId("till-price-submit").click();
    await expect
      .poll(() => dialog.locator("#till-price-error").innerText(), SLOW)
      .toContain("ต้องไม่เกิน ฿50.00");
    expect(await dialog.getByTestId("till-price-input").inputValue()).toBe("60");
    await dialog.getByTestId("till-price-input").fill("25");
    await dialog.getByTestId("till-price-submit").click();
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(false);
    await expect.poll(() => total(page), SLOW).toBe("฿25.00");

    await page.getByTestId("till-pay-open").click();
    await payCash(page, "25");
    expect(await lastSale(e2e, found.shop.id)).toEqual({
      total: 2_500,
      overrides: [{ open: true, list: 0, sold: 2_500, approverName: null }],
    });
  });

  test("a cashier's price below the list waits for the owner's PIN, then sells", async ({
    e2e,
    context,
    page,
  }) => {
    const found = await cashierWithTillItems(e2e, { emailPrefix: "till-override" });
    expect(await setApprovalPin(e2e.db, found.shop.id, found.ownerId, "4826")).toEqual({
      ok: true,
    });
    await addSession(context, found.member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();

    const scan = page.getByTestId("till-scan");
    await scan.fill("8850999320014");
    await scan.press("Enter");
    await expect.poll(() => total(page), SLOW).toBe("฿10.00");
    await page.getByTestId("till-line-price").click();
    const dialog = page.getByTestId("till-price-dialog");
    expect(await dialog.getByTestId("till-price-bounds").innerText()).toBe("ราคาขายปกติ ฿10.00");
    await dialog.getByTestId("till-price-input").fill("8");
    await dialog.getByTestId("till-price-below").waitFor(SLOW);
    await dialog.getByTestId("till-price-submit").click();
    await expect.poll(() => total(page), SLOW).toBe("฿8.00");
    await page.getByTestId("till-approval-note").waitFor(SLOW);

    await page.getByTestId("till-pay-open").click();
    const approval = page.getByTestId("till-approval-dialog");
    expect(await approval.getByTestId("till-approval-prices").innerText()).toContain("฿2.00");
    await approval.getByTestId("till-approval-pin").fill("4826");
    await approval.getByTestId("till-approval-submit").click();
    await payCash(page, "8");
    const sold = await lastSale(e2e, found.shop.id);
    expect(sold).toMatchObject({
      total: 800,
      overrides: [{ open: false, list: 1_000, sold: 800, approverName: expect.any(String) }],
    });
    expect(sold.overrides[0]?.approverName).not.toBe("");
  });
});
