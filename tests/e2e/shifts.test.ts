import { describe, expect } from "vitest";
import { shopSalesSetting } from "~/db/schema";
import { addSession, e2eTest as test, joinAsMember, memberWithShop, openAs } from "./fixtures";

const SLOW = { timeout: 15_000 };

describe("a shift at the till", () => {
  test("open with starting cash, sell for cash, pay out, close short and see the difference", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const { member, shop, items } = await memberWithShop(e2e, {
      role: "cashier",
      member: { emailPrefix: "shift-till", name: "สมหญิง แคชเชียร์" },
      items: [
        {
          fields: { name: "ชาเย็น", sku: `SHIFT-${n}`, barcode: null, unit: "แก้ว", price: 4_500 },
          qty: 20_000,
        },
      ],
    });
    // The shop prints on a 58 mm roll: the shift report follows it.
    await e2e.db.insert(shopSalesSetting).values({ shopId: shop.id, paperWidth: "58" });
    await addSession(context, member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();

    // Open the shift with 1,000 baht in the drawer.
    await page.getByTestId("till-shift").click();
    const dialog = page.getByTestId("till-shift-dialog");
    await dialog.getByTestId("shift-opening-cash").fill("1,000");
    await dialog.getByTestId("shift-open-submit").click();
    await dialog.getByTestId("shift-current").waitFor(SLOW);
    expect(await dialog.getByTestId("shift-current").innerText()).toContain("฿1,000.00");
    await dialog.getByRole("button", { name: "×" }).click();

    // Sell one (45 baht) for a 100 baht note: 45 stays in the drawer.
    const field = page.getByTestId("till-scan");
    await field.fill(items[0]!.sku);
    await field.press("Enter");
    await expect.poll(() => page.getByTestId("till-total").innerText(), SLOW).toBe("฿45.00");
    await page.getByTestId("till-pay-open").click();
    const pay = page.getByTestId("till-pay-dialog");
    await pay.getByTestId("till-cash").fill("100");
    await pay.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);
    await page.getByTestId("till-next").click();

    // Pay out 20 baht for ice; a pay-out without a reason is refused next to the field.
    await page.getByTestId("till-shift").click();
    await dialog.getByTestId("shift-kind-pay_out").check();
    await dialog.getByTestId("shift-amount").fill("20");
    await dialog.getByTestId("shift-move-submit").click();
    await dialog.getByText("บอกเหตุผล เช่น แลกเงินทอน ซื้อน้ำแข็ง").waitFor(SLOW);
    expect(await dialog.getByTestId("shift-amount").inputValue()).toBe("20");
    await dialog.getByTestId("shift-reason").fill("ซื้อน้ำแข็ง");
    await dialog.getByTestId("shift-move-submit").click();
    await dialog.getByTestId("shift-moved").waitFor(SLOW);

    // Close with 1,020 counted against 1,000 + 45 - 20 = 1,025 expected: 5 baht short.
    await dialog.getByTestId("shift-counted-input").fill("1020");
    await dialog.getByTestId("shift-close-submit").click();
    const closed = dialog.getByTestId("shift-closed");
    await closed.waitFor(SLOW);
    expect(await closed.getByTestId("shift-expected").innerText()).toBe("฿1,025.00");
    expect(await closed.getByTestId("shift-counted").innerText()).toBe("฿1,020.00");
    expect(await closed.getByTestId("shift-difference").innerText()).toBe("เงินขาด ฿5.00");
    // The till has no open shift now.
    await dialog.getByTestId("shift-none").waitFor(SLOW);

    // The report shows the same, with the sale by method and the pay-out.
    await closed.getByRole("link").click();
    await page.getByTestId("shift-report-difference").waitFor(SLOW);
    expect(await page.getByTestId("shift-report-expected").innerText()).toBe("฿1,025.00");
    expect(await page.getByTestId("shift-method-cash").innerText()).toBe("฿45.00");
    expect(await page.getByText("ซื้อน้ำแข็ง").count()).toBe(1);

    // On the shop's 58 mm roll, on screen and as the printed page; 80 mm on request.
    const report = page.locator("main.shift-report");
    const widthMm = async () => ((await report.boundingBox())!.width * 25.4) / 96;
    const pageSize = () => page.locator("main.shift-report > style").innerText();
    expect(await report.getAttribute("data-paper")).toBe("58");
    expect(await widthMm()).toBeCloseTo(58, 0);
    await expect.poll(pageSize, SLOW).toMatch(/@page \{ size: 58mm \d+mm;/);
    await page.getByRole("link", { name: "กระดาษ 80 มม." }).click();
    await expect.poll(() => report.getAttribute("data-paper"), SLOW).toBe("80");
    expect(await widthMm()).toBeCloseTo(80, 0);
    await expect.poll(pageSize, SLOW).toMatch(/@page \{ size: 80mm \d+mm;/);
    expect(await page.getByTestId("shift-report-expected").innerText()).toBe("฿1,025.00");
  });

  test("a till shared by two: the cashier sells into the manager's drawer only once added to it", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const {
      member: manager,
      shop,
      items,
    } = await memberWithShop(e2e, {
      role: "manager",
      member: { emailPrefix: "shift-manager", name: "สมชาย ผู้จัดการ" },
      items: [
        {
          fields: { name: "กาแฟเย็น", sku: `SHARED-${n}`, barcode: null, unit: "แก้ว", price: 4_500 },
          qty: 20_000,
        },
      ],
    });
    const cashier = await joinAsMember(e2e, shop.id, "cashier", {
      emailPrefix: "shift-shared",
      name: "สมใจ แคชเชียร์",
    });

    // The manager opens the till's shift with 500 baht.
    await addSession(context, manager);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    await page.getByTestId("till-shift").click();
    const dialog = page.getByTestId("till-shift-dialog");
    await dialog.getByTestId("shift-opening-cash").fill("500");
    await dialog.getByTestId("shift-open-submit").click();
    await dialog.getByTestId("shift-current").waitFor(SLOW);

    // At the same till name, the cashier is told whose shift it is before ringing anything up.
    const other = await openAs(e2e.browser, cashier);
    try {
      await other.page.goto("/shophub/sell");
      await other.page.locator("[data-testid=till][data-ready=yes]").waitFor();
      const blocked = other.page.getByTestId("till-shift-blocked");
      await expect.poll(() => blocked.innerText(), SLOW).toContain("สมชาย ผู้จัดการ");

      // The manager adds the cashier to the shift.
      await dialog.getByTestId("shift-add-member").selectOption({ label: "สมใจ แคชเชียร์" });
      await dialog.getByTestId("shift-add-member-submit").click();
      await expect
        .poll(() => dialog.getByTestId("shift-members").locator("li").allInnerTexts(), SLOW)
        .toEqual(["สมชาย ผู้จัดการ · ผู้เปิดกะ", expect.stringContaining("สมใจ แคชเชียร์")]);

      // Now the cashier sells: 45 baht cash goes into the manager's drawer.
      await other.page.reload();
      await other.page.locator("[data-testid=till][data-ready=yes]").waitFor();
      await expect.poll(() => other.page.getByTestId("till-shift-blocked").count(), SLOW).toBe(0);
      const field = other.page.getByTestId("till-scan");
      await field.fill(items[0]!.sku);
      await field.press("Enter");
      await other.page.getByTestId("till-pay-open").click();
      const pay = other.page.getByTestId("till-pay-dialog");
      await pay.getByTestId("till-cash").fill("45");
      await pay.getByTestId("till-complete").click();
      await other.page.getByTestId("till-done").waitFor(SLOW);
    } finally {
      await other.context.close();
    }

    await page.goto(`/shophub/shifts?shop=${shop.id}`);
    await page.locator("main table tbody a").first().click();
    await page.getByTestId("shift-report-expected").waitFor(SLOW);
    expect(await page.getByTestId("shift-report-expected").innerText()).toBe("฿545.00");
  });
});
