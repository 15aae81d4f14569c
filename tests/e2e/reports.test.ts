import { readFile } from "node:fs/promises";
import { describe, expect } from "vitest";
import { expense } from "~/db/schema";
import { th } from "~/lib/i18n/th";
import { createSaleForTest } from "../setup/sales-factory";
import { addSession, e2eTest as test, hydrated, memberWithShop } from "./fixtures";

/**
 * Profit and loss in the browser: an owner picks a month, reads its net profit, and downloads
 * the summary as a CSV file that Excel reads as UTF-8 (BOM, Thai headers).
 */
describe("shophub profit and loss", () => {
  test("an owner opens a month, sees the net profit and downloads the CSV", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านดูกำไร" },
      items: [
        {
          fields: { name: "ข้าวสาร", sku: "PNL-E2E-1", unit: "ถุง", price: 10_000, cost: 6_000 },
          qty: 20_000,
        },
      ],
    });
    // Not registered for VAT: 3 bags at 100.00 = 300.00 revenue, cost 180.00; rent 50.00.
    await createSaleForTest(e2e.db, {
      shopId: owner.shop.id,
      userId: owner.ownerId,
      lines: [{ itemId: owner.items[0]!.id, qty: 3 }],
      at: new Date("2026-10-05T10:00:00+07:00"),
    });
    await e2e.db.insert(expense).values({
      shopId: owner.shop.id,
      createdBy: owner.ownerId,
      method: "cash",
      categoryKey: "rent",
      amountSatang: 5_000,
      spentOn: "2026-10-06",
    });
    await addSession(context, owner.member);

    await page.goto("/shophub/reports");
    await hydrated(page, "[data-testid=pnl-period-picker]");
    // This month the shop has no figures yet: a sentence, not a chart of three flat lines.
    expect(await page.getByTestId("pnl-chart-empty").innerText()).toBe(
      th["shops.reports.chart.empty"],
    );
    expect(await page.locator("section[aria-labelledby=pnl-chart] svg").count()).toBe(0);
    // Each way to pick a period names itself once: the group (รายเดือน) and its field (เดือน).
    const picker = page.getByTestId("pnl-period-picker");
    const texts = (await picker.innerText()).split("\n").map((line) => line.trim());
    expect(texts.filter((line, i) => line !== "" && line === texts[i + 1])).toEqual([]);
    // The month is typed the Thai way, in the Buddhist era, and spelled out under the field.
    const monthField = page.getByLabel(th["shops.reports.period.monthField"], { exact: true });
    expect(await monthField.getAttribute("placeholder")).toBe(th["shops.dayInput.month"]);
    await monthField.fill("10/2569");
    await expect.poll(() => page.getByTestId("pnl-month-shown").innerText()).toBe("ตุลาคม 2569");
    await page
      .getByTestId("pnl-period-picker")
      .locator("form")
      .nth(1)
      .getByRole("button", { name: th["shops.reports.period.show"] })
      .click();
    await expect.poll(() => page.getByTestId("pnl-period").innerText()).toContain("ตุลาคม 2569");
    expect(await page.locator("section[aria-labelledby=pnl-chart] svg").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("pnl-chart-empty").count()).toBe(0);
    const netProfit = page.getByTestId("pnl-netProfitSatang");
    expect(await netProfit.locator("td").first().innerText()).toBe("70.00");
    expect(await page.getByTestId("pnl-grossProfitSatang").locator("td").first().innerText()).toBe(
      "120.00",
    );

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("pnl-csv-summary").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^shophub-summary-2026-10-01-2026-10-31-/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toMatch(/^รายการ,ช่วงนี้ 2026-10-01\/2026-10-31,/);
    expect(lines).toContain("กำไรสุทธิ,70.00,0.00");
  });
});
