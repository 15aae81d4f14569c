import { describe, expect } from "vitest";
import { th } from "~/lib/i18n/th";
import { createSaleForTest, registerForVat } from "../setup/sales-factory";
import { addSession, e2eTest as test, hydrated, memberWithShop } from "./fixtures";

/**
 * The monthly tax reports in the browser (issue 35): an owner types a month the Thai way, reads
 * the sales tax report, and prints it on A4 landscape with nothing of the site around it; the
 * ภ.พ.30 figures print portrait.
 */
/** The first page's width and height in whole points, from its MediaBox. */
function pageSize(pdf: Buffer): number[] {
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString("latin1"));
  return box ? [Math.round(Number(box[1])), Math.round(Number(box[2]))] : [];
}

describe("shophub's monthly tax reports", () => {
  test("an owner reads October's sales tax report and prints it, then the PP.30 figures", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านยื่นภาษี" },
      items: [
        {
          fields: { name: "ข้าวสาร", sku: "TAX-E2E-1", unit: "ถุง", price: 10_700, cost: 6_000 },
          qty: 20_000,
        },
      ],
    });
    await registerForVat(e2e.db, owner.shop.id);
    for (const [at, till] of [
      ["2026-10-05T10:00:00+07:00", "เครื่อง 1"],
      ["2026-10-05T11:00:00+07:00", "เครื่อง 2"],
      ["2026-10-06T09:00:00+07:00", "เครื่อง 1"],
    ] as const) {
      await createSaleForTest(e2e.db, {
        shopId: owner.shop.id,
        userId: owner.ownerId,
        lines: [{ itemId: owner.items[0]!.id, qty: 1 }],
        at: new Date(at),
        till,
      });
    }
    await addSession(context, owner.member);

    await page.goto("/shophub/tax/sales");
    await hydrated(page, "[data-testid=tax-sheet]");
    const month = page.getByLabel(th["shops.tax.month.field"], { exact: true });
    await month.fill("10/2569");
    await expect.poll(() => page.getByTestId("tax-month-shown").innerText()).toBe("ตุลาคม 2569");
    await page.getByRole("button", { name: th["shops.tax.month.show"] }).click();
    await expect
      .poll(() => page.getByTestId("tax-period").innerText())
      .toBe("เดือนภาษี ตุลาคม ปี 2569");
    // One line a day and till: 5 Oct at two tills, 6 Oct at one; 107.00 each, VAT 7.00.
    expect(await page.getByTestId("tax-row").count()).toBe(3);
    expect(await page.getByTestId("tax-total").innerText()).toMatch(/300\.00\s+21\.00/);

    await page.emulateMedia({ media: "print" });
    expect(await page.getByTestId("tax-nav").isVisible()).toBe(false);
    expect(await page.locator(".site-header").first().isVisible()).toBe(false);
    expect(
      await page.getByRole("link", { name: `← ${th["shops.backToShophub"]}` }).isVisible(),
    ).toBe(false);
    expect(await page.getByTestId("tax-table").isVisible()).toBe(true);
    // The first page's size: A4 landscape is 842 × 595 points.
    expect(pageSize(await page.pdf({ preferCSSPageSize: true }))).toEqual([842, 595]);

    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: th["shops.tax.nav.vat"] }).click();
    await expect
      .poll(() => page.getByTestId("tax-sheet").locator("h2").innerText())
      .toBe(th["shops.tax.vat.title"]);
    expect(await page.getByTestId("tax-row").nth(4).innerText()).toMatch(
      /5\s+ภาษีขายเดือนนี้\s+21\.00/,
    );
    await page.emulateMedia({ media: "print" });
    expect(pageSize(await page.pdf({ preferCSSPageSize: true }))).toEqual([595, 842]);
  });
});
