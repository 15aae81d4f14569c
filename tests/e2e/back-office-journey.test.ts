import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { th } from "~/lib/i18n/th";
import { addSession, e2eTest as test, hydrated, memberWithShop } from "./fixtures";

const SLOW = { timeout: 15_000 };

/** The current period's figure of the profit-and-loss summary (the first figure cell). */
function pnlFigure(page: Page, key: string) {
  return page.getByTestId(`pnl-${key}`).locator("td").first().innerText();
}

/**
 * The back office in one go, as an owner runs a day: open a shift at the till, sell, pay ice
 * out of the drawer booked as an expense, see the dashboard's figures and drawer, close the
 * shift short, and find it all in the month's profit and loss and its CSV.
 */
describe("the back office from the till to the month's profit", () => {
  test("shift, sale, pay-out as an expense, close with a difference, dashboard, profit, CSV", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    // Not registered for VAT: the tea sells at 45.00 and cost 20.00.
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านชาทั้งวัน" },
      member: { emailPrefix: "journey", name: "สมศรี เจ้าของร้าน" },
      items: [
        {
          fields: {
            name: "ชาเย็น",
            sku: `JOURNEY-${n}`,
            barcode: null,
            unit: "แก้ว",
            price: 4_500,
            cost: 2_000,
          },
          qty: 20_000,
        },
      ],
    });
    await addSession(context, owner.member);

    // The month so far: nothing sold, nothing spent.
    await page.goto("/shophub/reports");
    await hydrated(page, "[data-testid=pnl-period-picker]");
    expect(await pnlFigure(page, "netProfitSatang")).toBe("0.00");

    // Open the shift with 1,000 baht in the drawer.
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor(SLOW);
    await page.getByTestId("till-shift").click();
    const dialog = page.getByTestId("till-shift-dialog");
    await dialog.getByTestId("shift-opening-cash").fill("1,000");
    await dialog.getByTestId("shift-open-submit").click();
    await dialog.getByTestId("shift-current").waitFor(SLOW);
    await dialog.getByRole("button", { name: "×" }).click();

    // Sell one tea (45 baht) for a 100 baht note: 45 stays in the drawer.
    const scan = page.getByTestId("till-scan");
    await scan.fill(owner.items[0]!.sku);
    await scan.press("Enter");
    await expect.poll(() => page.getByTestId("till-total").innerText(), SLOW).toBe("฿45.00");
    await page.getByTestId("till-pay-open").click();
    const pay = page.getByTestId("till-pay-dialog");
    await pay.getByTestId("till-cash").fill("100");
    await pay.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);
    await page.getByTestId("till-next").click();

    // Pay 20 baht out for ice, booked as the shop's expense in the same step.
    await page.getByTestId("till-shift").click();
    await dialog.getByTestId("shift-kind-pay_out").check();
    await dialog.getByTestId("shift-amount").fill("20");
    await dialog.getByTestId("shift-reason").fill("ซื้อน้ำแข็ง");
    await dialog.getByTestId("shift-expense-category").selectOption("other");
    await dialog.getByTestId("shift-move-submit").click();
    await dialog.getByTestId("shift-moved").waitFor(SLOW);

    // The dashboard: today's sale, its profit, and the open drawer's 1,000 + 45 - 20.
    await page.goto("/shophub/dashboard");
    await page.getByTestId("today-sales").waitFor(SLOW);
    expect(await page.getByTestId("today-sales").innerText()).toContain("45.00");
    expect(await page.getByTestId("today-bills").innerText()).toContain("1");
    expect(await page.getByTestId("today-profit").innerText()).toContain("25.00");
    expect(await page.getByTestId("drawer-cash").innerText()).toContain("1,025.00");

    // Close with 1,020 counted: 5 baht short.
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor(SLOW);
    await page.getByTestId("till-shift").click();
    await dialog.getByTestId("shift-counted-input").fill("1020");
    await dialog.getByTestId("shift-close-submit").click();
    const closed = dialog.getByTestId("shift-closed");
    await closed.waitFor(SLOW);
    expect(await closed.getByTestId("shift-expected").innerText()).toBe("฿1,025.00");
    expect(await closed.getByTestId("shift-difference").innerText()).toBe("เงินขาด ฿5.00");

    // The pay-out is among the shop's expenses, once, with its reason.
    await page.goto("/shophub/expenses");
    await hydrated(page, "[data-testid=finance-filters]");
    expect(await page.getByTestId("finance-total-amount").innerText()).toBe("20.00");
    expect(await page.getByText("ซื้อน้ำแข็ง").count()).toBe(1);
    // Whatever the browser's own date format, the filter spells the range out in Thai.
    const filters = page.getByTestId("finance-filters");
    await filters.getByLabel(th["shops.finance.filter.from"], { exact: true }).fill("2026-11-01");
    await filters.getByLabel(th["shops.finance.filter.to"], { exact: true }).fill("2026-11-30");
    await expect
      .poll(() => page.getByTestId("filter-range-shown").innerText())
      .toBe("1–30 พฤศจิกายน 2569");

    // The month's profit moved by the sale and the expense: 45 - 20 cost - 20 ice = 5.
    await page.goto("/shophub/reports");
    await hydrated(page, "[data-testid=pnl-period-picker]");
    expect(await pnlFigure(page, "netRevenueSatang")).toBe("45.00");
    expect(await pnlFigure(page, "costOfGoodsSatang")).toBe("20.00");
    expect(await pnlFigure(page, "grossProfitSatang")).toBe("25.00");
    expect(await pnlFigure(page, "expensesSatang")).toBe("20.00");
    expect(await pnlFigure(page, "netProfitSatang")).toBe("5.00");

    // The CSV: UTF-8 with a BOM (Excel reads the Thai), Thai headers, the same figures.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("pnl-csv-summary").click(),
    ]);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toMatch(/^รายการ,ช่วงนี้ \d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2},/);
    for (const [label, amount] of [
      [th["shops.reports.fig.bills"], "1"],
      [th["shops.reports.fig.netRevenue"], "45.00"],
      [th["shops.reports.fig.cogs"], "20.00"],
      [th["shops.reports.fig.expenses"], "20.00"],
      [th["shops.reports.fig.netProfit"], "5.00"],
    ] as const) {
      expect(lines.find((line) => line.startsWith(`${label},`))?.split(",")[1]).toBe(amount);
    }
  });
});
