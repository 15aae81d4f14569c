import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { readForm } from "~/lib/forms/read-form";
import {
  createCustomer,
  customerFormSchema,
  setCreditLimit,
} from "~/modules/customers/index.server";
import { completeSale } from "~/modules/sales/index.server";
import { expectedCash, openShift } from "~/modules/shifts/index.server";
import { addSession, e2eTest as test, memberWithShop } from "./fixtures";

/*
 * รับชำระหนี้ at the till (decision 0095, "At the till"), in Chromium: a customer who owes is
 * attached to the bill, the dialog shows what they owe, the cashier takes part of it in cash
 * into their shift's drawer, the dialog answers the receipt number and what is left, and the
 * customer's page shows the payment.
 */

const SLOW = { timeout: 15_000 };

describe("a payment on account at the till", () => {
  test("a cashier takes part of a customer's debt in cash", async ({ e2e, context, page }) => {
    const n = `${Date.now() % 1_000_000}`;
    const phone = `089${n.padStart(7, "0")}`;
    const { member, shop, items, ownerId } = await memberWithShop(e2e, {
      role: "cashier",
      member: { emailPrefix: "till-account", name: "สมใจ แคชเชียร์" },
      items: [
        {
          fields: { name: "ปูนซีเมนต์", sku: `TAP-${n}`, barcode: null, unit: "ถุง", price: 12_000 },
          qty: 50_000,
        },
      ],
    });
    const form = new FormData();
    for (const [key, value] of Object.entries({
      phone,
      name: "ช่างเอก ค้างจ่าย",
      consent: "yes",
    }))
      form.append(key, value);
    const parsed = readForm(form, customerFormSchema);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const owner = { shopId: shop.id, userId: ownerId, userName: "เจ้าของ", role: "owner" as const };
    const made = await createCustomer(e2e.db, owner, parsed.data);
    if (!made.ok) throw new Error("customer not made");
    await setCreditLimit(e2e.db, owner, made.value.id, 100_000);
    // Two bags on account: 240 baht owed.
    const sold = await completeSale(
      e2e.db,
      { shopId: shop.id, userId: ownerId, cashierName: "เจ้าของ", role: "owner" },
      {
        clientSaleId: randomUUID(),
        till: "เครื่อง 1",
        lines: [{ itemId: items[0]!.id, qtyMilli: 2_000, unitPriceSatang: 12_000 }],
        customerPhone: `+66${phone.slice(1)}`,
        payments: [{ method: "account", amountSatang: 24_000 }],
        expectedTotalSatang: 24_000,
      },
    );
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    const shift = await openShift(
      e2e.db,
      { shopId: shop.id, userId: member.id, userName: member.name, role: "cashier" },
      { till: "เครื่อง 2", openingCashSatang: 100_000 },
    );
    if (!shift.ok) throw new Error(JSON.stringify(shift.error));

    await addSession(context, member);
    await page.goto(`/shophub/sell?shop=${shop.id}`);
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    await page.getByTestId("till-customer-button").click();
    const dialog = page.getByTestId("till-customer-dialog");
    await dialog.getByTestId("till-customer-phone").fill(phone);
    await dialog.getByTestId("till-customer-find").click();
    await expect
      .poll(() => page.getByTestId("till-customer").innerText(), SLOW)
      .toContain("ช่างเอก ค้างจ่าย");

    // The customer's dialog says what they owe; รับชำระหนี้ opens the payment, all of it typed.
    await page.getByTestId("till-customer-button").click();
    await expect
      .poll(() => dialog.getByTestId("till-customer-owed").innerText(), SLOW)
      .toBe("ค้างชำระ ฿240.00");
    await dialog.getByTestId("till-account-open").click();
    const amount = dialog.getByTestId("till-account-amount");
    await amount.waitFor(SLOW);
    expect(await amount.inputValue()).toBe("240.00");
    // More than is owed: refused in Thai next to the amount, what was typed kept.
    await amount.fill("300");
    await dialog.getByTestId("till-account-submit").click();
    await expect
      .poll(() => dialog.locator("#till-account-amount-error").innerText(), SLOW)
      .toContain("เกินยอดค้าง");
    expect(await amount.inputValue()).toBe("300");
    // A cashier's transfer needs an approver's PIN (none set here): refused, the amount kept.
    await dialog.getByTestId("till-account-method-transfer").click();
    await dialog.getByTestId("till-account-approval").waitFor(SLOW);
    await dialog.getByTestId("till-account-submit").click();
    await expect
      .poll(() => dialog.getByTestId("till-account-pin-refusal").innerText(), SLOW)
      .toContain("PIN อนุมัติ");
    expect(await amount.inputValue()).toBe("300");
    await dialog.getByTestId("till-account-method-cash").click();
    // Part of it in cash.
    await amount.fill("100.50");
    await dialog.getByTestId("till-account-submit").click();
    const receipt = dialog.getByTestId("till-account-receipt");
    await receipt.waitFor(SLOW);
    const receiptText = await receipt.innerText();
    expect(receiptText).toMatch(/^รับชำระแล้ว ใบเสร็จเลขที่ \S+/);
    const documentNumber = receiptText.split(" ").at(-1)!;
    expect(await dialog.getByTestId("till-account-balance").innerText()).toBe(
      "ยอดค้างคงเหลือ ฿139.50",
    );
    expect(await dialog.getByTestId("till-account-print").getAttribute("href")).toContain(
      "/receipt.pdf",
    );
    // The cash is in the cashier's drawer.
    expect((await expectedCash(e2e.db, shop.id, shift.value.id))?.expectedSatang).toBe(110_050);
    await dialog.getByTestId("till-account-finish").click();
    await page.getByTestId("till-customer-button").click();
    await expect
      .poll(() => dialog.getByTestId("till-customer-owed").innerText(), SLOW)
      .toBe("ค้างชำระ ฿139.50");
    // Offline, a payment is not taken (never queued): the button says why.
    await context.setOffline(true);
    await expect.poll(() => dialog.getByTestId("till-account-open").isDisabled(), SLOW).toBe(true);
    expect(await dialog.locator("#till-account-offline").innerText()).toContain("ไม่มีสัญญาณเน็ต");
    await context.setOffline(false);
    await expect.poll(() => dialog.getByTestId("till-account-open").isDisabled(), SLOW).toBe(false);

    // The customer's page shows the payment.
    await page.goto(`/shophub/customers/${made.value.id}?shop=${shop.id}`);
    await expect
      .poll(() => page.getByTestId("customer-account-balance").innerText(), SLOW)
      .toBe("฿139.50");
    expect(await page.getByTestId("customer-statement").innerText()).toContain(documentNumber);
  });
});
