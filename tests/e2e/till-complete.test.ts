import type { Route } from "playwright-core";
import { describe, expect } from "vitest";
import { shopSalesSetting } from "~/db/schema";
import { readPromptPayPayload } from "~/modules/sales";
import { addSession, cashierWithTillItems, e2eTest as test, memberWithShop } from "./fixtures";

const SLOW = { timeout: 15_000 };

/** Completing a sale at the till end to end: cash with change, and a split payment. */
describe("completing a sale at the till", () => {
  test("cash with change, then the completion panel shows the number and the change", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const { member, items } = await memberWithShop(e2e, {
      role: "cashier",
      member: { emailPrefix: "till-complete", name: "สมหญิง แคชเชียร์" },
      items: [
        {
          fields: {
            name: "กาแฟเย็น",
            sku: `TCOFFEE-${n}`,
            barcode: null,
            unit: "แก้ว",
            price: 4_500,
          },
          qty: 20_000,
        },
      ],
    });
    await addSession(context, member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    const field = page.getByTestId("till-scan");
    for (let i = 0; i < 2; i += 1) {
      await field.fill(items[0]!.sku);
      await field.press("Enter");
    }
    await expect.poll(() => page.getByTestId("till-total").innerText(), SLOW).toBe("฿90.00");
    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-cash").fill("100");
    expect(await dialog.getByTestId("till-change").innerText()).toBe("฿10.00");
    await dialog.getByTestId("till-complete").click();

    const done = page.getByTestId("till-done");
    await done.waitFor({ timeout: 15_000 });
    expect(await done.getByTestId("till-done-number").innerText()).toMatch(
      /^เลขที่ [A-Z][A-Z0-9-]*\d{4}-\d{6}$/,
    );
    expect(await done.getByTestId("till-done-change").innerText()).toBe("฿10.00");
    expect(await done.getByTestId("till-print").getAttribute("href")).toMatch(
      // One click: the shop's roll, and the print dialog opens by itself.
      /^\/shophub\/invoices\/\d+\/print\?doc=sale&paper=80&auto=1&shop=[0-9a-f-]+$/,
    );
    // The bill is empty for the next customer, and the stock shown fell by two.
    expect(await page.getByTestId("till-line").count()).toBe(0);
    const tile = page.locator(`[data-testid=till-item][data-sku="${items[0]!.sku}"]`);
    await expect.poll(() => tile.getByTestId("till-on-hand").innerText(), SLOW).toBe("เหลือ 18 แก้ว");
    await page.getByTestId("till-next").click();
    expect(await done.count()).toBe(0);
  });

  test("a split payment, card then PromptPay for the rest, while a second till sees the stock fall live", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const { member, shop, items } = await memberWithShop(e2e, {
      role: "cashier",
      member: { emailPrefix: "till-split", name: "สมศรี แคชเชียร์" },
      items: [
        {
          fields: { name: "ชาไทย", sku: `TTEA-${n}`, barcode: null, unit: "แก้ว", price: 4_500 },
          qty: 10_000,
        },
      ],
    });
    await e2e.db.insert(shopSalesSetting).values({ shopId: shop.id, promptPayId: "0812345678" });
    await addSession(context, member);
    // The second till: another tab of the shop, left open on its grid.
    const other = await context.newPage();
    await other.goto("/shophub/sell");
    await other.locator("[data-testid=till][data-ready=yes]").waitFor();
    const otherTile = other.locator(`[data-testid=till-item][data-sku="${items[0]!.sku}"]`);
    expect(await otherTile.getByTestId("till-on-hand").innerText()).toBe("เหลือ 10 แก้ว");

    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    const field = page.getByTestId("till-scan");
    for (let i = 0; i < 2; i += 1) {
      await field.fill(items[0]!.sku);
      await field.press("Enter");
    }
    await expect.poll(() => page.getByTestId("till-total").innerText(), SLOW).toBe("฿90.00");
    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    // 40 baht by card (the field offers what is still due)...
    await dialog.getByTestId("till-method-card").click();
    expect(await dialog.getByLabel("จำนวนเงิน (บาท)").inputValue()).toBe("90.00");
    await dialog.getByLabel("จำนวนเงิน (บาท)").fill("40");
    await dialog.getByLabel("เลขท้ายบัตร 4 หลัก").fill("4242");
    await dialog.getByTestId("till-record-payment").click();
    // ...and the QR asks for exactly the 50 baht left.
    await dialog.getByTestId("till-method-promptpay").click();
    await dialog.getByTestId("till-qr").locator("svg").waitFor();
    const payload = await dialog.getByTestId("till-qr").getAttribute("data-payload");
    expect(readPromptPayPayload(payload ?? "")).toEqual({
      id: { kind: "mobile", value: "0812345678" },
      amountSatang: 5_000,
    });
    await dialog.getByTestId("till-promptpay-confirm").click();
    await dialog.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor({ timeout: 15_000 });

    const { rows } = await e2e.sql.query<{ method: string; amount: string; last4: string | null }>(
      `SELECT p.method, p.amount_satang::text AS amount, p.card_last4 AS last4
         FROM sale_payment p JOIN sale s ON s.id = p.sale_id
        WHERE s.shop_id = $1 ORDER BY p.payment_no`,
      [shop.id],
    );
    expect(rows).toEqual([
      { method: "card", amount: "4000", last4: "4242" },
      { method: "promptpay", amount: "5000", last4: null },
    ]);
    // The other till was not reloaded, and shows the two cups gone.
    await expect
      .poll(() => otherTile.getByTestId("till-on-hand").innerText(), SLOW)
      .toBe("เหลือ 8 แก้ว");
  });
});

describe("a sale whose answer is lost", () => {
  test("keeps the pay dialog with ส่งอีกครั้ง and the member signed in, and the retry sells once (issue 32.5)", async ({
    e2e,
    context,
    page,
  }) => {
    const { member, shop, water } = await cashierWithTillItems(e2e, {
      emailPrefix: "till-offline",
    });
    await addSession(context, member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    const field = page.getByTestId("till-scan");
    await field.fill(water.barcode!);
    await field.press("Enter");
    await expect.poll(() => page.getByTestId("till-total").innerText(), SLOW).toBe("฿10.00");
    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-cash").fill("20");

    // The sale reaches the server, and the connection drops before its answer comes back.
    let reached = false;
    await page.route("**/shophub/sell.data**", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await route.fetch();
      reached = true;
      await context.setOffline(true);
      await route.abort("internetdisconnected");
    });
    await dialog.getByTestId("till-complete").click();
    const error = dialog.getByTestId("till-sale-error");
    await error.waitFor(SLOW);
    expect(reached).toBe(true);
    expect(await error.innerText()).toContain("การเชื่อมต่อขาดหาย");
    expect(await dialog.getByTestId("till-complete").innerText()).toBe("ส่งอีกครั้ง");
    // Whatever the router does after the failure, the till stays and so does the member.
    await page.waitForTimeout(1_000);
    expect(await page.locator(".error-page").count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    const header = page.locator("header");
    expect(await header.innerText()).toContain(member.name);
    expect(await header.innerText()).not.toContain("เข้าสู่ระบบ");

    // Back online, but for a moment nothing gets through yet (the "online" event comes as the
    // interface is up): the stock change the sale made, missed offline, must not reload the page
    // now, which would fail and put the error page in the till's place.
    await page.unroute("**/shophub/sell.data**");
    const notYet = (route: Route) => route.abort("connectionfailed");
    await page.route("**/shophub/sell.data**", notYet);
    await page.route("**/healthz", notYet);
    await context.setOffline(false);
    await page.waitForTimeout(1_500);
    expect(await page.locator(".error-page").count()).toBe(0);
    await page.unroute("**/shophub/sell.data**", notYet);
    await page.unroute("**/healthz", notYet);

    // The same bill is sent again: the server answers with the sale it made.
    await dialog.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);
    expect(await page.getByTestId("till-done-change").innerText()).toBe("฿10.00");
    const { rows } = await e2e.sql.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM sale WHERE shop_id = $1",
      [shop.id],
    );
    expect(rows).toEqual([{ n: "1" }]);

    // A page that cannot load its data while the line is down shows the error page: its header
    // does not know who is signed in, and does not say "sign in" either.
    await context.setOffline(true);
    await page.locator('[data-testid=shops-area] a[href^="/shophub/sell?"]').click();
    await page.getByTestId("network-error").waitFor(SLOW);
    expect(await header.innerText()).not.toContain("เข้าสู่ระบบ");
    await context.setOffline(false);
  });
});
