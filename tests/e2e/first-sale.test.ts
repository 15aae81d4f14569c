import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { addSession, e2eTest as test, hydrated, registerMember } from "./fixtures";

const SLOW = { timeout: 15_000 };

/** The walkthrough's popover, once it is on the page for `step`. */
async function popoverAt(page: Page, step: string) {
  const popover = page.locator(`[data-testid=guide-popover][data-step="${step}"]`);
  await popover.waitFor(SLOW);
  return popover;
}

/** The test id of the element that has focus. */
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);

/** axe's serious and critical violations on the page as it is now (as accessibility.test.ts). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(" "))}`);
}

/** The page's loaded scripts whose code contains `text`. */
function scriptsMentioning(page: Page, text: string): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const scripts = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => url.endsWith(".js"));
    const found: string[] = [];
    for (const url of scripts) {
      if ((await (await fetch(url)).text()).includes(wanted)) found.push(url);
    }
    return found;
  }, text);
}

/** The guided first sale of a brand-new shop, from registering to the dashboard. */
describe("the guided first sale", () => {
  test("a new shop adds samples, is walked through a shift, a cash sale, the receipt and the dashboard; Escape, skip and restart work", async ({
    e2e,
    context,
    page,
  }) => {
    page.setDefaultTimeout(15_000);
    const member = await registerMember(e2e, {
      emailPrefix: "first-sale",
      name: "สมใจ ร้านใหม่",
      verified: "database",
    });
    await addSession(context, member);
    // The browser's print dialog cannot be driven from a test: print() keeps what would print.
    await context.addInitScript(() => {
      const printed = window as unknown as { printed?: string };
      window.print = () => {
        printed.printed =
          document.querySelector<HTMLElement>("[data-testid=sale-document]")?.innerText ?? "";
        window.dispatchEvent(new Event("afterprint"));
      };
    });

    // A brand-new shop, made through the form.
    const shopName = `ร้านชำป้าใจ ${Date.now() % 100_000}`;
    await page.goto("/shophub/new", { waitUntil: "domcontentloaded" });
    await hydrated(page, "form.account-form");
    await page.locator("#field-name").fill(shopName);
    await page.locator("#field-businessType").selectOption("grocery");
    await page.locator("#field-address").fill("12 ถนนเจริญกรุง กรุงเทพฯ 10500");
    await page.locator("#field-phone").fill("02-123-4567");
    await page.locator("form.account-form button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/storehub");

    // Without a walkthrough running, the till loads none of its code (the till's JS budget).
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor(SLOW);
    expect(await scriptsMentioning(page, "guide-popover")).toEqual([]);

    // The dashboard offers the guided first sale in Thai.
    await page.goto("/shophub/dashboard");
    const card = page.getByTestId("guide-card");
    expect(await card.getByRole("heading").innerText()).toBe("ขายครั้งแรกแบบมีคำแนะนำ");
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByTestId("guide-add-samples").click();
    await page.waitForURL((url) => url.searchParams.get("samples") === "added");
    expect(await page.getByTestId("guide-outcome").innerText()).toContain(
      "เพิ่มสินค้าตัวอย่างพร้อมสต็อกตั้งต้นแล้ว",
    );
    expect(await page.getByTestId("guide-samples").innerText()).toContain(
      "ร้านนี้มีสินค้าตัวอย่าง 6 รายการ",
    );

    // The walkthrough starts on storehub's add page, pointing at its save button.
    await hydrated(page, "[data-testid=guide-start]");
    await page.getByTestId("guide-start").click();
    await page.waitForURL((url) => url.pathname === "/storehub/add");
    let popover = await popoverAt(page, "add-item");
    expect(await popover.getAttribute("role")).toBe("dialog");
    expect(await popover.getByTestId("guide-progress").innerText()).toBe("ขั้นที่ 1 จาก 6");
    await expect.poll(() => popover.getAttribute("data-anchored")).toBe("yes");
    await expect.poll(() => focusedTestId(page)).toBe("guide-title");
    expect(await seriousViolations(page)).toEqual([]);

    // Escape closes it, for good (the server remembers), on the same page.
    await page.keyboard.press("Escape");
    await page.getByTestId("guide-popover").waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/storehub/add");
    await page.reload();
    await page.getByTestId("item-save").waitFor();
    expect(await page.getByTestId("guide-popover").count()).toBe(0);

    // Restarted from the help entry of shophub's tools row: back at the first step.
    await page.goto("/shophub/dashboard");
    await hydrated(page, "[data-testid=guide-help]");
    await page.getByTestId("guide-help").click();
    await page.waitForURL((url) => url.pathname === "/storehub/add");
    popover = await popoverAt(page, "add-item");

    // Keyboard only: from the step's text, Tab reaches Next, Enter goes to the till.
    await expect.poll(() => focusedTestId(page)).toBe("guide-title");
    await page.keyboard.press("Tab");
    expect(await focusedTestId(page)).toBe("guide-next");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor(SLOW);
    popover = await popoverAt(page, "open-shift");
    await expect.poll(() => popover.getAttribute("data-anchored")).toBe("yes");
    await expect.poll(() => focusedTestId(page)).toBe("guide-title");
    expect(await popover.getByTestId("guide-progress").innerText()).toBe("ขั้นที่ 2 จาก 6");
    // Now it runs, its code came as a chunk of its own.
    expect(await scriptsMentioning(page, "guide-popover")).toEqual([
      expect.stringMatching(/\/assets\/walkthrough-[\w-]+\.js$/),
    ]);

    // Open a shift: the popover steps aside while the till's own dialog is open.
    await page.getByTestId("till-shift").click();
    const shiftDialog = page.getByTestId("till-shift-dialog");
    await shiftDialog.getByTestId("shift-opening-cash").fill("500");
    await expect.poll(() => page.getByTestId("guide-popover").count()).toBe(0);
    await shiftDialog.getByTestId("shift-open-submit").click();
    await shiftDialog.getByTestId("shift-current").waitFor(SLOW);
    await shiftDialog.getByRole("button", { name: "×" }).click();
    popover = await popoverAt(page, "open-shift");
    await popover.getByTestId("guide-next").click();

    // Sell: the popover points at the first item of the grid. At 375 px it still fits.
    popover = await popoverAt(page, "sell");
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => popover.getAttribute("data-anchored")).toBe("yes");
    const box = await popover.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    const field = page.getByTestId("till-scan");
    await field.fill("SAMPLE-01");
    await field.press("Enter");
    await expect.poll(() => page.getByTestId("till-total").innerText(), SLOW).toBe("฿10.00");

    // Take cash: the walkthrough moved on by itself once the bill had a line.
    popover = await popoverAt(page, "cash");
    await expect.poll(() => popover.getAttribute("data-anchored")).toBe("yes");
    // The bill survived the step's round trip to the server.
    expect(await page.getByTestId("till-total").innerText()).toBe("฿10.00");
    await page.getByTestId("till-pay-open").click();
    const pay = page.getByTestId("till-pay-dialog");
    await pay.getByTestId("till-cash").fill("20");
    expect(await pay.getByTestId("till-change").innerText()).toBe("฿10.00");
    await pay.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);

    // Print (reached by itself once the sale was done): the popover points at the print
    // button; the receipt page shows the sale.
    popover = await popoverAt(page, "print");
    await expect.poll(() => popover.getAttribute("data-anchored")).toBe("yes");
    const [receiptPage] = await Promise.all([
      context.waitForEvent("page"),
      page.getByTestId("till-print").click(),
    ]);
    await receiptPage.waitForFunction(() => !!(window as unknown as { printed?: string }).printed);
    const receipt = await receiptPage.evaluate(
      () => (window as unknown as { printed: string }).printed,
    );
    expect(receipt).toContain(shopName);
    expect(receipt).toContain("น้ำดื่ม 600 มล.");
    expect(receipt).toContain("1 ขวด × 10.00");
    expect(receipt).toMatch(/เงินสด\s+20\.00/);
    expect(receipt).toMatch(/เงินทอน\s+10\.00/);
    await receiptPage.close();

    // The dashboard shows the sale; Finish ends the walkthrough.
    await popover.getByTestId("guide-next").click();
    await page.waitForURL((url) => url.pathname === "/shophub/dashboard");
    popover = await popoverAt(page, "dashboard");
    await expect.poll(() => popover.getAttribute("data-anchored")).toBe("yes");
    expect(await page.getByTestId("today-sales").innerText()).toContain("10.00");
    expect(await page.getByTestId("today-bills").innerText()).toContain("1");
    await popover.getByTestId("guide-finish").click();
    await page.getByTestId("guide-popover").waitFor({ state: "detached" });

    // The samples were sold: removing them is refused in Thai, hiding them is offered.
    await page.getByTestId("guide-remove-samples").click();
    await page.waitForURL((url) => url.searchParams.get("samples") === "sold");
    expect(await page.getByTestId("guide-outcome").innerText()).toContain(
      "ลบสินค้าตัวอย่างไม่ได้ เพราะขายสินค้าตัวอย่างไปแล้ว",
    );
    await page.getByTestId("guide-archive-samples").click();
    await page.waitForURL((url) => url.searchParams.get("samples") === "archived");
    const { rows } = await e2e.sql.query<{ status: string; n: number }>(
      `SELECT i.status, count(*)::int AS n FROM stock_item i JOIN shop s ON s.id = i.shop_id
        WHERE s.name = $1 AND i.sample GROUP BY i.status`,
      [shopName],
    );
    expect(rows).toEqual([{ status: "archived", n: 6 }]);

    // Skip from a restarted walkthrough closes it too.
    await page.getByTestId("guide-help").click();
    await popoverAt(page, "add-item");
    // In English, too (storehub's pages carry the walkthrough's text with it).
    await context.addCookies([{ name: "lang", value: "en", url: page.url() }]);
    await page.reload();
    popover = await popoverAt(page, "add-item");
    expect(await popover.getByTestId("guide-title").innerText()).toBe("Add an item");
    expect(await popover.getByTestId("guide-progress").innerText()).toBe("Step 1 of 6");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("guide-skip").click();
    await page.getByTestId("guide-popover").waitFor({ state: "detached" });
    const guide = await e2e.sql.query<{ status: string }>(
      `SELECT g.status FROM shop_guide g JOIN shop s ON s.id = g.shop_id WHERE s.name = $1`,
      [shopName],
    );
    expect(guide.rows).toEqual([{ status: "closed" }]);
  }, 180_000);
});
