import type { BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { shopSalesSetting } from "~/db/schema";
import { readPromptPayPayload } from "~/modules/sales";
import { setApprovalPin } from "~/modules/shops/index.server";
import { postStockDocument } from "~/modules/stock/index.server";
import {
  addSession,
  cashierWithTillItems,
  memberWithShop,
  e2eTest as test,
  newContext,
  type E2E,
} from "./fixtures";

// expect.poll gives up after 1 s by default; a loaded 2-core machine needs longer.
const SLOW = { timeout: 10_000 };
/** A cashier of a shop with water (barcode) and a snack in stock. */
const cashierWithItems = (e2e: E2E) => cashierWithTillItems(e2e, { emailPrefix: "till-e2e" });

async function openTill(page: Page): Promise<void> {
  await page.goto("/shophub/sell");
  await page.locator("[data-testid=till][data-ready=yes]").waitFor();
}

/** Such a cashier signed in, at the till. */
async function cashierAtTill(e2e: E2E, context: BrowserContext, page: Page) {
  const found = await cashierWithItems(e2e);
  await addSession(context, found.member);
  await openTill(page);
  return found;
}

async function scan(page: Page, code: string): Promise<void> {
  const field = page.getByTestId("till-scan");
  await field.fill(code);
  await field.press("Enter");
}

const total = (page: Page) => page.getByTestId("till-total").innerText();

describe("the till", () => {
  test("loads React Router's scripts with the page, compressed, and is ready once they have run", async ({
    e2e,
    context,
    page,
  }) => {
    const { member } = await cashierWithItems(e2e);
    await addSession(context, member);
    const response = await page.goto("/shophub/sell");
    // The page as React Router renders it: its module preloads in the head.
    expect(await response?.text()).toContain('<link rel="modulepreload"');
    // Chromium takes brotli (the compression middleware, server/http/response-compression.ts).
    expect(response?.headers()["content-encoding"]).toBe("br");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    const preloads = await page.evaluate(
      () => document.querySelectorAll('link[rel="modulepreload"]').length,
    );
    expect(preloads).toBeGreaterThan(5);
  });

  test("a cashier scans, discounts, parks and recalls a bill, and sees the change for 1,000 baht", async ({
    e2e,
    context,
    page,
  }) => {
    const { water } = await cashierAtTill(e2e, context, page);
    const field = page.getByTestId("till-scan");
    // The barcode field has the focus from the start: a scanner types straight into it.
    await expect.poll(() => field.evaluate((el) => el === document.activeElement), SLOW).toBe(true);

    await field.pressSequentially(water.barcode!);
    await field.press("Enter");
    await field.pressSequentially(water.barcode!);
    await field.press("Enter");
    const line = page.getByTestId("till-line");
    await expect.poll(() => line.count(), SLOW).toBe(1);
    expect(await line.getByTestId("till-line-qty").inputValue()).toBe("2");
    expect(await total(page)).toBe("฿20.00");
    expect(await field.inputValue()).toBe("");

    // An unknown code: a Thai message, and the code stays in the field.
    await scan(page, "1234567890");
    const error = page.locator("[data-error-for=code]");
    await error.waitFor();
    expect(await error.innerText()).toContain("ไม่พบสินค้ารหัส “1234567890”");
    expect(await field.inputValue()).toBe("1234567890");
    expect(await field.getAttribute("class")).toContain("is-invalid");
    expect(await line.count()).toBe(1);

    // A line discount of 2 baht (10 %, what a cashier gives alone) changes the total.
    await line.getByTestId("till-line-discount").fill("2");
    await expect.poll(() => total(page), SLOW).toBe("฿18.00");

    // Park the bill, the till is empty; recall it, everything is back.
    await page.getByTestId("till-park").click();
    await page.getByTestId("till-park-label").fill("โต๊ะ 3");
    await page.getByTestId("till-park-save").click();
    await expect.poll(() => line.count(), SLOW).toBe(0);
    expect(await total(page)).toBe("฿0.00");
    await page.getByTestId("till-parked").click();
    const parked = page.getByTestId("till-parked-bill");
    expect(await parked.innerText()).toContain("โต๊ะ 3");
    await parked.getByTestId("till-recall").click();
    await expect.poll(() => line.count(), SLOW).toBe(1);
    expect(await line.getByTestId("till-line-qty").inputValue()).toBe("2");
    expect(await line.getByTestId("till-line-discount").inputValue()).toBe("2");
    expect(await total(page)).toBe("฿18.00");

    // The keyboard opens the payment (F4); 1,000 baht in cash gives 982 baht change.
    await page.keyboard.press("F4");
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-cash").waitFor();
    await dialog.getByTestId("till-quick-cash").filter({ hasText: "1,000" }).click();
    await expect.poll(() => dialog.getByTestId("till-change").innerText(), SLOW).toBe("฿982.00");
    expect(await dialog.getByTestId("till-complete").isEnabled()).toBe(true);
    // Esc closes the dialog; the bill is still there.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(false);
    expect(await line.count()).toBe(1);
  });

  test("sells by keyboard alone: search, arrows and Enter add items, F4 and the amount then Enter sell, F8 then Enter sells (issue 32.3)", async ({
    e2e,
    context,
    page,
  }) => {
    const { member, water } = await cashierWithTillItems(e2e, {
      emailPrefix: "till-keys",
      moreItems: [
        {
          fields: {
            name: "น้ำแข็งหลอด",
            sku: `TICE-${Date.now()}`,
            barcode: null,
            unit: "ถุง",
            price: 2_000,
          },
          qty: 10_000,
        },
      ],
    });
    await addSession(context, member);
    await openTill(page);
    const line = page.getByTestId("till-line");
    const search = page.getByTestId("till-search");
    const focused = (testId: string) =>
      page.evaluate((id) => document.activeElement?.getAttribute("data-testid") === id, testId);

    // F2, a few letters, Enter: the first item found goes on the bill.
    await page.keyboard.press("F2");
    await page.keyboard.type("น้ำ");
    await expect
      .poll(() => page.locator("[data-testid=till-item][data-highlighted=yes]").innerText(), SLOW)
      .toContain("น้ำดื่มตราช้าง");
    await page.keyboard.press("Enter");
    await expect.poll(() => line.count(), SLOW).toBe(1);
    expect(await line.innerText()).toContain("น้ำดื่มตราช้าง");
    // The search starts over, the focus stays in it; ↓ moves to the next item found.
    expect(await search.inputValue()).toBe("");
    expect(await focused("till-search")).toBe(true);
    await page.keyboard.type("น้ำ");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByTestId("till-search-enter").innerText()).toContain("น้ำแข็งหลอด");
    await page.keyboard.press("Enter");
    await expect.poll(() => line.count(), SLOW).toBe(2);
    await expect.poll(() => total(page), SLOW).toBe("฿30.00");

    // F4 opens the payment with the focus in the amount received: type it, Enter sells.
    await page.keyboard.press("F4");
    const dialog = page.getByTestId("till-pay-dialog");
    await expect.poll(() => focused("till-cash"), SLOW).toBe(true);
    await page.keyboard.type("50");
    await expect.poll(() => dialog.getByTestId("till-change").innerText(), SLOW).toBe("฿20.00");
    await page.keyboard.press("Enter");
    await page.getByTestId("till-done").waitFor(SLOW);
    expect(await page.getByTestId("till-done-change").innerText()).toBe("฿20.00");

    // F8 (cash, the exact amount) then Enter sells, whichever field had the focus.
    await scan(page, water.barcode!);
    await expect.poll(() => total(page), SLOW).toBe("฿10.00");
    await page.keyboard.press("F4");
    await expect.poll(() => focused("till-cash"), SLOW).toBe(true);
    await dialog.getByTestId("till-method-transfer").click();
    await page.keyboard.press("F8");
    await expect.poll(() => focused("till-cash"), SLOW).toBe(true);
    expect(await dialog.getByTestId("till-cash").inputValue()).toBe("10.00");
    await page.keyboard.press("Enter");
    await page.getByTestId("till-done").waitFor(SLOW);
    expect(await page.getByTestId("till-done").innerText()).toContain("฿10.00");
  });

  test("shows lines as priced, and refuses a discount over its line or a quantity it cannot take until put right (issue 32.4, 32.6, 32.7)", async ({
    e2e,
    context,
    page,
  }) => {
    const { water } = await cashierAtTill(e2e, context, page);
    await scan(page, water.barcode!);
    await scan(page, water.barcode!);
    await expect.poll(() => total(page), SLOW).toBe("฿20.00");
    const line = page.getByTestId("till-line");
    const lineAmount = () => line.getByTestId("till-line-total").innerText();
    const payButton = page.getByTestId("till-pay-open");
    const payDialog = page.getByTestId("till-pay-dialog");

    // The bill's discount is said once, in the totals; the line stays 2 × 10.00, its own
    // discount under it, as the slip prints them.
    await page.getByTestId("till-bill-discount").fill("1");
    await expect.poll(() => total(page), SLOW).toBe("฿19.00");
    expect(await lineAmount()).toBe("฿20.00");
    await line.getByTestId("till-line-discount").fill("2");
    await expect.poll(() => total(page), SLOW).toBe("฿17.00");
    expect(await lineAmount()).toBe("฿20.00");
    expect(await line.getByTestId("till-line-discounted").innerText()).toMatch(
      /ส่วนลดรายการ\s+-฿2\.00/,
    );

    // 25 off a 20-baht line: refused next to its field and not charged; no payment meanwhile.
    await line.getByTestId("till-line-discount").fill("25");
    await expect
      .poll(() => line.locator(".invalid-feedback").innerText(), SLOW)
      .toBe("ส่วนลดมากกว่าราคาของรายการนี้ ลดได้ไม่เกิน ฿20.00");
    expect(await total(page)).toBe("฿19.00");
    expect(await payButton.isDisabled()).toBe(true);
    await page.keyboard.press("F4");
    expect(await payDialog.isVisible()).toBe(false);
    await line.getByTestId("till-line-discount").fill("2");
    await expect.poll(() => payButton.isEnabled(), SLOW).toBe(true);

    // 1.5 bottles: the words say why; 50 against the 10 in stock: the line keeps 2 and says
    // so. F4 charges nothing while a line says something is wrong.
    const qty = line.getByTestId("till-line-qty");
    await qty.fill("1.5");
    await qty.press("Enter");
    await expect
      .poll(() => line.locator(".invalid-feedback").innerText(), SLOW)
      .toBe("สินค้านี้ขายเป็นจำนวนเต็มเท่านั้น ใส่ 1, 2, 3 … ขวด");
    expect(await payButton.isDisabled()).toBe(true);
    await qty.fill("50");
    await qty.press("Enter");
    await expect
      .poll(() => line.locator(".invalid-feedback").innerText(), SLOW)
      .toContain("เหลือเพียง 10 ขวด");
    expect(await total(page)).toBe("฿17.00");
    await page.keyboard.press("F4");
    expect(await payDialog.isVisible()).toBe(false);
    await qty.fill("3");
    await qty.press("Enter");
    await expect.poll(() => total(page), SLOW).toBe("฿27.00");
    expect(await line.locator(".invalid-feedback").count()).toBe(0);
    await page.keyboard.press("F4");
    await expect.poll(() => payDialog.isVisible(), SLOW).toBe(true);
    expect(await payDialog.getByTestId("till-pay-total").innerText()).toBe("฿27.00");
  });

  test("a discount past the cashier's limit waits for the owner's PIN, then sells", async ({
    e2e,
    context,
    page,
  }) => {
    const { member, water, shop, ownerId } = await cashierWithItems(e2e);
    expect(await setApprovalPin(e2e.db, shop.id, ownerId, "4826")).toEqual({ ok: true });
    await addSession(context, member);
    await openTill(page);
    await scan(page, water.barcode!);
    await scan(page, water.barcode!);
    const line = page.getByTestId("till-line");
    await expect.poll(() => line.count(), SLOW).toBe(1);
    // Half off: more than the 10 % a cashier gives alone.
    await line.getByTestId("till-line-discount").fill("10");
    await expect.poll(() => total(page), SLOW).toBe("฿10.00");
    await page.getByTestId("till-approval-note").waitFor();

    await page.getByTestId("till-pay-open").click();
    const approval = page.getByTestId("till-approval-dialog");
    await approval.getByTestId("till-approval-pin").fill("1111");
    await approval.getByTestId("till-approval-submit").click();
    await expect
      .poll(() => approval.locator("#till-approval-error").innerText(), SLOW)
      .toContain("PIN ไม่ถูกต้อง");
    await approval.getByTestId("till-approval-pin").fill("4826");
    await approval.getByTestId("till-approval-submit").click();

    // Approved: the payment opens, and the bill says who approved it.
    const pay = page.getByTestId("till-pay-dialog");
    await pay.getByTestId("till-cash").waitFor(SLOW);
    await pay.getByTestId("till-cash").fill("10");
    await pay.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);
    expect(await page.getByTestId("till-done").innerText()).toContain("฿10.00");
  });

  test("switching to English mid-shift keeps the till's name, its open bill and its shift (issue 32.2)", async ({
    e2e,
    context,
    page,
  }) => {
    const { water } = await cashierAtTill(e2e, context, page);
    await expect.poll(() => page.getByTestId("till-name").innerText(), SLOW).toContain("เครื่อง 1");
    await page.getByTestId("till-shift").click();
    const dialog = page.getByTestId("till-shift-dialog");
    await dialog.getByTestId("shift-opening-cash").fill("500");
    await dialog.getByTestId("shift-open-submit").click();
    await dialog.getByTestId("shift-current").waitFor(SLOW);
    await page.keyboard.press("Escape");
    await scan(page, water.barcode!);
    await expect.poll(() => total(page), SLOW).toBe("฿10.00");

    // The interface in English: the till keeps the name it was given, so its shift and bill
    // are still found.
    await context.addCookies([{ name: "lang", value: "en", url: page.url() }]);
    await openTill(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await expect.poll(() => page.getByTestId("till-name").innerText(), SLOW).toContain("เครื่อง 1");
    await expect.poll(() => total(page), SLOW).toMatch(/^THB\s10\.00$/);
    expect(await page.getByTestId("till-shift-blocked").count()).toBe(0);
    await page.getByTestId("till-pay-open").click();
    const pay = page.getByTestId("till-pay-dialog");
    await pay.getByTestId("till-cash").fill("10");
    await pay.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);
  });

  test("a reload brings back the open and parked bills and the till's name into the page already shown, moving nothing", async ({
    e2e,
    context,
    page,
  }) => {
    const { water, snack } = await cashierAtTill(e2e, context, page);
    await scan(page, water.barcode!);
    const line = page.getByTestId("till-line");
    await expect.poll(() => line.count(), SLOW).toBe(1);
    await page.getByTestId("till-park").click();
    await page.getByTestId("till-park-label").fill("โต๊ะ 5");
    await page.getByTestId("till-park-save").click();
    await expect.poll(() => line.count(), SLOW).toBe(0);
    await page.getByTestId("till-item").filter({ hasText: snack.name }).click();
    await expect.poll(() => line.count(), SLOW).toBe(1);

    // Whatever the server rendered and the browser painted stays: the stored bills come into
    // it once the page runs (a till replaced after hydration is painted twice, and its
    // largest paint comes only after the scripts).
    await page.addInitScript(() => {
      const removed: string[] = [];
      // The till's own row (its name, its shift, the cashier): what moved in it, and when.
      const movedInRow: string[] = [];
      Object.assign(window, { removedTill: removed, movedInRow });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          sources: { node?: Node | null }[];
        }[]) {
          for (const { node } of entry.sources) {
            const element = node instanceof Element ? node : node?.parentElement;
            if (element?.closest("[data-testid=till-header]")) {
              movedInRow.push(element.textContent ?? "");
            }
          }
        }
      }).observe({ type: "layout-shift", buffered: true });
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (
              node instanceof Element &&
              node.matches("[data-testid=till], :has([data-testid=till])")
            ) {
              removed.push(node.tagName);
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    await expect.poll(() => line.count(), SLOW).toBe(1);
    expect(await line.innerText()).toContain(snack.name);
    expect(await total(page)).toBe("฿25.00");
    // The till's stored name came in without moving the cashier's name beside it.
    expect(await page.getByTestId("till-name").innerText()).not.toBe("…");
    expect(
      await page.evaluate(() => (window as unknown as { movedInRow: string[] }).movedInRow),
    ).toEqual([]);
    await page.getByTestId("till-parked").click();
    expect(await page.getByTestId("till-parked-bill").innerText()).toContain("โต๊ะ 5");
    expect(
      await page.evaluate(() => (window as unknown as { removedTill: string[] }).removedTill),
    ).toEqual([]);
  });

  test("adding beyond the stock is refused in Thai", async ({ e2e, context, page }) => {
    const { snack } = await cashierAtTill(e2e, context, page);
    for (let i = 0; i < 5; i += 1) await scan(page, snack.sku);
    await expect
      .poll(() => page.getByTestId("till-line").getByTestId("till-line-qty").inputValue(), SLOW)
      .toBe("5");
    await scan(page, snack.sku);
    const error = page.locator("[data-error-for=code]");
    await error.waitFor();
    expect(await error.innerText()).toContain("ขนมปังกรอบ เหลือเพียง 5 ห่อ");
    expect(await page.getByTestId("till-line").getByTestId("till-line-qty").inputValue()).toBe("5");
  });

  test("shows the PromptPay QR for the amount to pay when the shop has a PromptPay ID", async ({
    e2e,
    context,
    page,
  }) => {
    const { member, shop, water } = await cashierWithItems(e2e);
    await e2e.db.insert(shopSalesSetting).values({ shopId: shop.id, promptPayId: "0812345678" });
    await addSession(context, member);
    await openTill(page);
    await scan(page, water.barcode!);
    await scan(page, water.barcode!);
    await expect.poll(() => total(page), SLOW).toBe("฿20.00");
    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-method-promptpay").click();
    const qr = dialog.getByTestId("till-qr").locator("svg");
    await qr.waitFor();
    // The QR asks for exactly the amount to pay, to the shop's PromptPay.
    const payload = await dialog.getByTestId("till-qr").getAttribute("data-payload");
    expect(readPromptPayPayload(payload ?? "")).toEqual({
      id: { kind: "mobile", value: "0812345678" },
      amountSatang: 2_000,
    });
    const box = await qr.boundingBox();
    // Large enough for a phone to read across a counter.
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(300);
    expect(await dialog.getByTestId("till-promptpay").innerText()).toContain("081-234-5678");
    // The cashier confirms the money arrived: the bill is covered.
    await dialog.getByTestId("till-promptpay-confirm").click();
    expect(await dialog.getByTestId("till-payments").innerText()).toContain("พร้อมเพย์");
    expect(await dialog.getByTestId("till-complete").isEnabled()).toBe(true);
  });

  test("says so when the shop has no PromptPay ID", async ({ e2e, context, page }) => {
    const { water } = await cashierAtTill(e2e, context, page);
    await scan(page, water.barcode!);
    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-method-promptpay").click();
    expect(await dialog.getByTestId("till-promptpay").innerText()).toContain(
      "ร้านนี้ยังไม่ได้ตั้งค่าพร้อมเพย์",
    );
  });

  test("follows stock posted elsewhere without a reload, keeping the open bill", async ({
    e2e,
    context,
    page,
  }) => {
    const { member, ownerId, home, water, snack } = await cashierWithItems(e2e);
    await addSession(context, member);
    const stream = page.waitForResponse((response) => response.url().includes("/storehub/live"));
    await openTill(page);
    expect((await stream).headers()["content-type"]).toMatch(/^text\/event-stream/);
    await scan(page, snack.sku);
    await expect.poll(() => page.getByTestId("till-line").count(), SLOW).toBe(1);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const tile = page.locator(`[data-testid=till-item][data-sku="${water.sku}"]`);
    expect(await tile.getByTestId("till-on-hand").innerText()).toBe("เหลือ 10 ขวด");

    // Another till or storehub takes 4 bottles.
    await postStockDocument(e2e.db, {
      shopId: water.shopId,
      userId: ownerId,
      kind: "issue",
      lines: [{ itemId: water.id, locationId: home.id, qty: 4_000, reason: "ขายที่เครื่อง 2" }],
    });
    await expect.poll(() => tile.getByTestId("till-on-hand").innerText(), SLOW).toBe("เหลือ 6 ขวด");
    expect(await page.getByTestId("till-line").count()).toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  });

  test("asks the weight of an item sold by the kilogram, with up to 3 decimals", async ({
    e2e,
    context,
    page,
  }) => {
    const { member } = await memberWithShop(e2e, {
      role: "cashier",
      items: [
        {
          fields: {
            name: "หมูสับ",
            sku: `PORK-${Date.now()}`,
            barcode: null,
            unit: "kg",
            price: 18_000,
            measured: true,
          },
          qty: 5_000,
        },
      ],
    });
    await addSession(context, member);
    await openTill(page);
    await page.getByTestId("till-item").filter({ hasText: "หมูสับ" }).click();
    const ask = page.getByTestId("till-ask-qty");
    // The dialog opens in its field: the weight is typed straight in (issue 32.3).
    await expect.poll(() => ask.evaluate((el) => el === document.activeElement), SLOW).toBe(true);
    await ask.fill("1.2555");
    await ask.press("Enter");
    expect(await page.locator("#till-ask-error").innerText()).toContain("ทศนิยมไม่เกิน 3 ตำแหน่ง");
    await ask.fill("1.255");
    await ask.press("Enter");
    await expect.poll(() => total(page), SLOW).toBe("฿225.90");
    expect(await page.getByTestId("till-line-qty").inputValue()).toBe("1.255");
  });

  test("is usable on a 375 px phone", async ({ e2e }) => {
    const { member, water } = await cashierWithItems(e2e);
    const context = await newContext(e2e.browser, { viewport: { width: 375, height: 740 } });
    try {
      await addSession(context, member);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await openTill(page);
      await scan(page, water.barcode!);
      await expect.poll(() => page.getByTestId("till-line").count(), SLOW).toBe(1);
      // Nothing wider than the screen, and the bill's total is reachable from the bar.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const bar = page.getByTestId("till-show-cart");
      expect(await bar.isVisible()).toBe(true);
      expect(await bar.innerText()).toContain("฿10.00");
      await bar.click();
      await page.getByTestId("till-pay-open").click();
      const dialog = page.getByTestId("till-pay-dialog");
      await dialog.getByTestId("till-quick-cash").filter({ hasText: "100" }).first().click();
      const dialogBox = await dialog.boundingBox();
      expect(dialogBox?.width ?? 999).toBeLessThanOrEqual(375);
      expect(await dialog.getByTestId("till-change").innerText()).toBe("฿90.00");
    } finally {
      await context.close();
    }
  });
});
