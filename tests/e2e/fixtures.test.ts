import { describe, expect } from "vitest";
import { addSession, e2eTest as test, joinAsMember, memberWithShop, openAs } from "./fixtures";

/**
 * The fixtures the till's tests build on (a member of a shop in a role, items with stock, a
 * second browser on the same shop), checked once through the pages they are for.
 */
describe("the end-to-end fixtures", () => {
  test("a cashier with a stocked item, and a manager of the same shop in a second browser", async ({
    e2e,
    context,
    page,
  }) => {
    const cashier = await memberWithShop(e2e, {
      role: "cashier",
      shop: { name: "ร้านทดสอบชุดทดสอบ" },
      items: [
        { fields: { name: "น้ำดื่มตราช้าง 600 มล.", sku: "FIXTURE-1", unit: "ขวด" }, qty: 12_000 },
      ],
    });
    expect(cashier.items[0]?.sku).toBe("FIXTURE-1");
    await addSession(context, cashier.member);
    await page.goto("/storehub");
    const row = page.getByTestId("item-row").filter({ hasText: "FIXTURE-1" });
    expect(await row.getByTestId("item-on-hand").innerText()).toBe("12 ขวด");
    expect((await page.locator("header [data-testid=active-shop]").innerText()).trim()).toBe(
      "ร้านทดสอบชุดทดสอบ",
    );

    const manager = await joinAsMember(e2e, cashier.shop.id, "manager");
    const second = await openAs(e2e.browser, manager);
    try {
      await second.page.goto("/storehub");
      const same = second.page.getByTestId("item-row").filter({ hasText: "FIXTURE-1" });
      expect(await same.getByTestId("item-on-hand").innerText()).toBe("12 ขวด");
      // Two browsers, two sessions: the second member is not the first.
      expect(manager.id).not.toBe(cashier.member.id);
      expect(await second.page.getByTestId("signed-in-as").innerText()).toContain(manager.name);
    } finally {
      await second.context.close();
    }
  });
});
