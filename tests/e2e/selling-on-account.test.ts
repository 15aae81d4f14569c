import { describe, expect } from "vitest";
import { setApprovalPin } from "~/modules/shops/index.server";
import { addSession, e2eTest as test, joinAsMember, memberWithShop, openAs } from "./fixtures";

const SLOW = { timeout: 15_000 };

/*
 * Selling on account (issue 37, decision 0083): the owner gives a customer a credit limit, the
 * customer buys on account at the till, pays part of it in cash on their page (a receipt), and
 * the receivables page shows the rest. A cashier's transfer asks for the owner's PIN (0095).
 */
describe("selling on account", () => {
  test("a customer with a limit buys on account, pays part in cash, the rest is owed", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const phone = `088${n.padStart(7, "0")}`;
    const { member, items, shop } = await memberWithShop(e2e, {
      role: "owner",
      member: { emailPrefix: "account", name: "สมศักดิ์ เจ้าของร้าน" },
      items: [
        {
          fields: { name: "ปูนซีเมนต์", sku: `ACC-${n}`, barcode: null, unit: "ถุง", price: 12_000 },
          qty: 50_000,
        },
      ],
    });
    await addSession(context, member);
    await page.goto("/shophub/customers");
    const form = page.getByTestId("customer-form");
    await form.locator("[name=phone]").fill(phone);
    await form.locator("[name=name]").fill("ช่างเอก รับเหมา");
    await form.locator("[name=consent]").check();
    await form.getByTestId("customer-save").click();
    await page.getByTestId("customer-name").waitFor(SLOW);
    const customerUrl = page.url();

    // A limit typed wrong is refused in Thai, what was typed kept; then 500 baht.
    const limit = page.getByTestId("customer-account-limit-form");
    await limit.locator("[name=creditLimit]").fill("-5");
    await limit.getByTestId("customer-account-limit-save").click();
    await limit.locator("[data-error-for=creditLimit]").waitFor(SLOW);
    expect(await limit.locator("[data-error-for=creditLimit]").innerText()).toContain("วงเงิน");
    expect(await limit.locator("[name=creditLimit]").inputValue()).toBe("-5");
    await limit.locator("[name=creditLimit]").fill("500");
    await limit.getByTestId("customer-account-limit-save").click();
    await expect
      .poll(() => page.getByTestId("customer-account-limit").innerText(), SLOW)
      .toBe("฿500.00");

    // At the till: two bags (240 baht), the customer found by phone, all of it on account.
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    const field = page.getByTestId("till-scan");
    await field.fill(items[0]!.sku);
    await field.press("Enter");
    await field.fill(items[0]!.sku);
    await field.press("Enter");
    await expect.poll(() => page.getByTestId("till-total").innerText(), SLOW).toBe("฿240.00");
    await page.getByTestId("till-customer-button").click();
    const dialog = page.getByTestId("till-customer-dialog");
    await dialog.getByTestId("till-customer-phone").fill(phone);
    await dialog.getByTestId("till-customer-phone").press("Enter");
    await expect
      .poll(() => page.getByTestId("till-customer").innerText(), SLOW)
      .toContain("ช่างเอก รับเหมา");
    await page.getByTestId("till-pay-open").click();
    const pay = page.getByTestId("till-pay-dialog");
    await pay.getByTestId("till-method-account").click();
    expect(await pay.getByTestId("till-account-headroom").innerText()).toContain("฿500.00");
    await pay.getByTestId("till-record-payment").click();
    await expect.poll(() => pay.getByTestId("till-pay-remaining").innerText(), SLOW).toBe("฿0.00");
    await pay.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor({ timeout: 15_000 });

    // On the customer's page: 240 owed; 100.50 paid in cash, with its receipt.
    await page.goto(customerUrl);
    await expect
      .poll(() => page.getByTestId("customer-account-balance").innerText(), SLOW)
      .toBe("฿240.00");
    const payForm = page.getByTestId("customer-account-pay");
    await payForm.locator("[name=amount]").fill("300");
    await payForm.getByTestId("customer-account-pay-submit").click();
    await payForm.locator("[data-error-for=amount]").waitFor(SLOW);
    expect(await payForm.locator("[data-error-for=amount]").innerText()).toContain("เกินยอดค้าง");
    await payForm.locator("[name=amount]").fill("100.50");
    await payForm.getByTestId("customer-account-pay-submit").click();
    await expect
      .poll(() => page.getByTestId("customer-account-balance").innerText(), SLOW)
      .toBe("฿139.50");
    const statement = page.getByTestId("customer-statement");
    expect(await statement.locator("tbody tr").count()).toBe(2);
    expect(await statement.locator("tbody tr").nth(1).innerText()).toContain("AR");

    await page.goto("/shophub/receivables");
    await page.getByTestId("receivables").waitFor(SLOW);
    expect(await page.getByTestId("receivables-row").count()).toBe(1);
    expect(await page.getByTestId("receivables-balance").innerText()).toBe("฿139.50");

    // A cashier's transfer payment asks for the owner's approval PIN (decision 0095): without
    // it refused in Thai next to the PIN, what was typed kept; with it taken, the approver named.
    expect(await setApprovalPin(e2e.db, shop.id, member.id, "4826")).toEqual({ ok: true });
    const cashier = await joinAsMember(e2e, shop.id, "cashier", {
      emailPrefix: "account-cashier",
      name: "สมใจ แคชเชียร์",
    });
    const till = await openAs(e2e.browser, cashier, { timeout: 15_000 });
    try {
      const cashierPage = till.page;
      await cashierPage.goto(customerUrl);
      const cashierPay = cashierPage.getByTestId("customer-account-pay");
      await cashierPay.waitFor(SLOW);
      expect(await cashierPage.getByTestId("customer-account-pay-approval").count()).toBe(0);
      await cashierPay.locator("[name=amount]").fill("39.50");
      await cashierPay.locator("[name=method]").selectOption("transfer");
      const approval = cashierPage.getByTestId("customer-account-pay-approval");
      await approval.waitFor(SLOW);
      expect(await approval.innerText()).toContain("PIN");
      await cashierPay.getByTestId("customer-account-pay-submit").click();
      await cashierPay.locator("[data-error-for=pin]").waitFor(SLOW);
      expect(await cashierPay.locator("[data-error-for=pin]").innerText()).toContain("PIN");
      expect(await cashierPay.locator("[name=amount]").inputValue()).toBe("39.50");
      await cashierPay.locator("[name=pin]").fill("4826");
      await cashierPay.getByTestId("customer-account-pay-submit").click();
      await expect
        .poll(() => cashierPage.getByTestId("customer-account-balance").innerText(), SLOW)
        .toBe("฿100.00");
      expect(await cashierPage.getByTestId("shops-done").innerText()).toContain("อนุมัติโดย");
      // A cashier sees no void form.
      expect(await cashierPage.getByTestId("customer-account-void").count()).toBe(0);
    } finally {
      await till.context.close();
    }

    // The owner voids that payment (decision 0095): a reason is needed; then what is owed goes
    // back up and the statement marks the receipt void.
    await page.goto(customerUrl);
    const voidForm = page.getByTestId("customer-account-void");
    await voidForm.waitFor(SLOW);
    await voidForm.getByTestId("customer-account-void-submit").click();
    await voidForm.locator("[data-error-for=reason]").waitFor(SLOW);
    expect(await voidForm.locator("[data-error-for=reason]").innerText()).toContain("เหตุผล");
    await voidForm.locator("[name=reason]").fill("ลูกค้ายังไม่ได้โอน");
    await voidForm.getByTestId("customer-account-void-submit").click();
    await expect
      .poll(() => page.getByTestId("customer-account-balance").innerText(), SLOW)
      .toBe("฿139.50");
    expect(await page.getByTestId("customer-statement-voided").count()).toBe(1);
    expect(await page.getByTestId("customer-statement").innerText()).toContain("ลูกค้ายังไม่ได้โอน");
  });
});
