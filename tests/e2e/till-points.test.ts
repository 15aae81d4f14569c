import type { Page } from "playwright-core";
import { desc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { sale } from "~/db/schema";
import { readForm } from "~/lib/forms/read-form";
import { th } from "~/lib/i18n/th";
import {
  createCustomer,
  customerFormSchema,
  savePointsScheme,
} from "~/modules/customers/index.server";
import { addSession, e2eTest as test, hydrated, memberWithShop } from "./fixtures";

/*
 * Points at the till (issue 37, decision 0082), in Chromium: a customer found by phone earns
 * points on a bill, redeems them on a later bill (its total drops by their value, the slip
 * prints the points redeemed, earned and the balance), and a void of that bill takes the
 * points back: the customer's page shows the balance and the history.
 */

const SLOW = { timeout: 15_000 };

const total = (page: Page) => page.getByTestId("till-total").innerText();

async function lastSaleId(e2e: { db: Parameters<typeof savePointsScheme>[0] }, shopId: string) {
  const [row] = await e2e.db
    .select({ id: sale.id })
    .from(sale)
    .where(eq(sale.shopId, shopId))
    .orderBy(desc(sale.id))
    .limit(1);
  if (!row) throw new Error("no sale");
  return row.id;
}

async function findCustomerAtTill(page: Page, phone: string, name: string) {
  await page.getByTestId("till-customer-button").click();
  const dialog = page.getByTestId("till-customer-dialog");
  await dialog.getByTestId("till-customer-phone").fill(phone);
  await dialog.getByTestId("till-customer-find").click();
  await expect.poll(() => page.getByTestId("till-customer").innerText(), SLOW).toContain(name);
}

async function payCash(page: Page, baht: string) {
  await page.getByTestId("till-pay-open").click();
  const pay = page.getByTestId("till-pay-dialog");
  await pay.getByTestId("till-cash").fill(baht);
  await pay.getByTestId("till-complete").click();
  await page.getByTestId("till-done").waitFor(SLOW);
}

describe("points at the till", () => {
  test("earned on one bill, redeemed on the next, taken back by its void", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const phone = `086${n.padStart(7, "0")}`;
    const { member, shop, items } = await memberWithShop(e2e, {
      role: "manager",
      member: { emailPrefix: "till-points", name: "สมศักดิ์ ผู้จัดการ" },
      items: [
        {
          fields: { name: "กาแฟเย็น", sku: `PTS-${n}`, barcode: null, unit: "แก้ว", price: 5_000 },
          qty: 20_000,
        },
      ],
    });
    // One point per 10 baht paid, a point worth 1 baht.
    await savePointsScheme(e2e.db, shop.id, {
      enabled: true,
      satangPerPoint: 1_000,
      pointValueSatang: 100,
    });
    const form = new FormData();
    for (const [key, value] of Object.entries({
      phone,
      name: "คุณมานี สะสมแต้ม",
      lineId: "",
      email: "",
      taxId: "",
      branchCode: "",
      address: "",
      consent: "yes",
    }))
      form.append(key, value);
    const parsed = readForm(form, customerFormSchema);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const made = await createCustomer(
      e2e.db,
      { shopId: shop.id, userId: member.id, role: "manager" },
      parsed.data,
    );
    if (!made.ok) throw new Error("customer not made");
    const customerUrl = `/shophub/customers/${made.value.id}?shop=${shop.id}`;

    await addSession(context, member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    const item = page.locator(`[data-testid=till-item][data-sku="${items[0]!.sku}"]`);

    // The first bill: 2 × 50.00 = 100.00 earns 10 points.
    await item.click();
    await item.click();
    await expect.poll(() => total(page), SLOW).toBe("฿100.00");
    await findCustomerAtTill(page, phone, "คุณมานี สะสมแต้ม");
    await payCash(page, "100");
    await page.getByTestId("till-next").click();

    // The second bill: 50.00, the customer redeems 5 of their 10 points: 45.00 to pay.
    await item.click();
    await expect.poll(() => total(page), SLOW).toBe("฿50.00");
    await findCustomerAtTill(page, phone, "คุณมานี สะสมแต้ม");
    await page.getByTestId("till-customer-button").click();
    const dialog = page.getByTestId("till-customer-dialog");
    await expect
      .poll(() => dialog.getByTestId("till-points-balance").innerText(), SLOW)
      .toBe("แต้มสะสม 10 แต้ม");
    // More than the balance: refused in Thai, nothing redeemed.
    await dialog.getByTestId("till-points-redeem").fill("11");
    await dialog.getByTestId("till-points-apply").click();
    expect(await dialog.getByRole("alert").innerText()).toContain("10");
    await dialog.getByTestId("till-points-redeem").fill("5");
    await dialog.getByTestId("till-points-apply").click();
    await expect.poll(() => total(page), SLOW).toBe("฿45.00");
    await payCash(page, "50");
    const redeemedSale = await lastSaleId(e2e, shop.id);

    // The slip: 5 points redeemed; 45.00 paid earns 4; the balance 10 − 5 + 4 = 9.
    await page.goto(`/shophub/invoices/${redeemedSale}/print?paper=58&doc=sale&shop=${shop.id}`);
    const slip = await page.getByTestId("sale-document").innerText();
    expect(slip).toContain("คุณมานี สะสมแต้ม");
    expect(slip).toContain("ใช้แต้ม 5 แต้ม");
    expect(slip).toContain("ได้แต้ม 4 แต้ม คงเหลือ 9 แต้ม");
    expect(slip).toMatch(/รวมทั้งสิ้น\s+45\.00/);

    await page.goto(customerUrl);
    expect(await page.getByTestId("customer-points").innerText()).toBe("9");

    // The void of the second bill gives the 5 back and takes the 4 earned: 10 again.
    await page.goto(`/shophub/invoices/${redeemedSale}?shop=${shop.id}`);
    await hydrated(page, "[data-testid=void-form]");
    const voidForm = page.getByTestId("void-form");
    await voidForm.getByLabel(th["shops.invoices.void.reason"]).fill("ลูกค้าเปลี่ยนใจ");
    await voidForm.getByRole("button", { name: th["shops.invoices.void.submit"] }).click();
    await page.getByTestId("done").waitFor(SLOW);

    await page.goto(customerUrl);
    expect(await page.getByTestId("customer-points").innerText()).toBe("10");
    const history = await page
      .getByTestId("customer-points-history")
      .locator("tbody tr")
      .allInnerTexts();
    // Newest first: the void (−4 + 5 = +1, balance 10), the redeem and earn of the second bill,
    // the first bill's 10.
    expect(history).toHaveLength(4);
    expect(history[0]).toContain("ยกเลิกบิล");
    expect(history[0]).toMatch(/10$/);
    expect(history.join("\n")).toContain("แลกเป็นส่วนลด");
    expect(history.join("\n")).toContain("ได้แต้มจากการซื้อ");
  });
});
