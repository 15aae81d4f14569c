import { describe, expect } from "vitest";
import { th } from "~/lib/i18n/th";
import { createSaleForTest, registerForVat } from "../setup/sales-factory";
import { addSession, e2eTest as test, hydrated, memberWithShop } from "./fixtures";

/**
 * A till's day in the browser (issue 35, decision 0072): the owner prints the X report of the
 * shop's first till on the roll, closes the day with the Z report, and finds it listed.
 */
describe("a till's day reports", () => {
  test("an owner prints the X report, closes the day with a Z and sees it listed", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านปิดยอด" },
      items: [
        {
          fields: { name: "น้ำปลา", sku: "Z-E2E-1", unit: "ขวด", price: 10_700, cost: 6_000 },
          qty: 20_000,
        },
      ],
    });
    await registerForVat(e2e.db, owner.shop.id);
    for (let i = 0; i < 2; i += 1) {
      await createSaleForTest(e2e.db, {
        shopId: owner.shop.id,
        userId: owner.ownerId,
        lines: [{ itemId: owner.items[0]!.id, qty: 1 }],
      });
    }
    await addSession(context, owner.member);

    await page.goto("/shophub/zreports");
    await hydrated(page, "[data-testid=zreport-tills]");
    expect(await page.getByTestId("zreports-empty").innerText()).toBe(th["shops.zreports.empty"]);
    const p01 = page.getByTestId("zreport-till-P01");
    await p01.getByRole("link", { name: th["shops.zreports.printX"] }).click();
    await hydrated(page, "[data-testid=day-report]");
    expect(await page.getByTestId("day-report").getAttribute("data-kind")).toBe("X");
    expect(await page.getByTestId("day-documents").innerText()).toBe("2");
    expect(await page.getByTestId("day-net").innerText()).toBe("214.00");
    expect(await page.getByTestId("day-grand-total").innerText()).toBe("214.00");
    // On the roll: nothing but the report prints.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: th["shops.zreports.print"] }).isVisible()).toBe(
      false,
    );
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("link", { name: th["shops.zreports.back"] }).click();
    await hydrated(page, "[data-testid=zreport-tills]");
    await page
      .getByTestId("zreport-till-P01")
      .getByRole("button", { name: th["shops.zreports.closeZ"] })
      .click();
    await expect
      .poll(() => page.getByTestId("day-report").getAttribute("data-kind"), { timeout: 10_000 })
      .toBe("Z");
    expect(await page.locator("[data-testid=day-report]").innerText()).toContain("Z-P01-000001");
    expect(await page.getByTestId("day-net").innerText()).toBe("214.00");

    await page.getByRole("link", { name: th["shops.zreports.back"] }).click();
    await hydrated(page, "[data-testid=zreports-table]");
    expect(await page.getByTestId("zreports-table").innerText()).toContain("Z-P01-000001");
    expect(
      await page
        .getByTestId("zreport-till-P01")
        .getByRole("button", { name: th["shops.zreports.closeZ"] })
        .count(),
    ).toBe(0);

    // The journal shows the day's documents and an intact chain.
    await page.goto("/shophub/journal");
    await hydrated(page, "[data-testid=journal-check]");
    expect(await page.getByTestId("journal-check").getAttribute("data-ok")).toBe("true");
    expect(await page.getByTestId("journal-table").locator("tbody tr").count()).toBe(3);
  });
});
