import { describe, expect } from "vitest";
import { addSession, e2eTest as test, memberWithShop, newContext } from "./fixtures";

// expect.poll gives up after 1 s by default; a loaded 2-core machine needs longer.
const SLOW = { timeout: 15_000 };

describe("the shop dashboard", () => {
  test("shows a sale made at a till in another browser without a reload", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const { member, items } = await memberWithShop(e2e, {
      member: { emailPrefix: "dashboard-e2e", name: "สมศรี เจ้าของร้าน" },
      shop: { name: `ร้านสมศรีของชำ ${n}` },
      items: [
        {
          fields: { name: "ชาเย็น", sku: `DTEA-${n}`, barcode: null, unit: "แก้ว", price: 4_500 },
          qty: 20_000,
        },
      ],
    });
    await addSession(context, member);
    const stream = page.waitForResponse((response) => response.url().includes("/storehub/live"));
    await page.goto("/shophub/dashboard");
    expect((await stream).headers()["content-type"]).toMatch(/^text\/event-stream/);
    const sales = page.getByTestId("today-sales");
    expect(await sales.innerText()).toContain("0.00");
    expect(await page.getByTestId("today-bills").innerText()).toContain("0");
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // The same shop sells at its till in another browser.
    const till = await newContext(e2e.browser);
    try {
      await addSession(till, member);
      const tillPage = await till.newPage();
      await tillPage.goto("/shophub/sell");
      await tillPage.locator("[data-testid=till][data-ready=yes]").waitFor();
      const field = tillPage.getByTestId("till-scan");
      await field.fill(items[0]!.sku);
      await field.press("Enter");
      await expect.poll(() => tillPage.getByTestId("till-total").innerText(), SLOW).toBe("฿45.00");
      await tillPage.getByTestId("till-pay-open").click();
      const dialog = tillPage.getByTestId("till-pay-dialog");
      await dialog.getByTestId("till-cash").fill("45");
      await dialog.getByTestId("till-complete").click();
      await tillPage.getByTestId("till-done").waitFor({ timeout: 15_000 });
    } finally {
      await till.close();
    }

    await expect.poll(() => sales.innerText(), SLOW).toContain("45.00");
    expect(await page.getByTestId("today-bills").innerText()).toContain("1");
    expect(await page.getByTestId("latest-sales").locator("tbody tr").count()).toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  });
});
