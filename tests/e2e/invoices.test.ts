import { describe, expect } from "vitest";
import { th } from "~/lib/i18n/th";
import { createSaleForTest, registerForVat } from "../setup/sales-factory";
import { addSession, e2eTest as test, hydrated, memberWithShop } from "./fixtures";

/**
 * After a sale, in the browser: a manager voids a sale from the invoice list and storehub
 * shows the stock back; an owner issues a full tax invoice for a sale of days ago, correcting
 * a mistyped tax ID that the page refused in Thai next to its field.
 */
describe("shophub invoices", () => {
  test("a manager voids a sale and the stock returns", async ({ e2e, context, page }) => {
    const manager = await memberWithShop(e2e, {
      role: "manager",
      shop: { name: "ร้านยกเลิกบิล" },
      items: [{ fields: { name: "กาแฟเย็น", sku: "VOID-E2E-1", unit: "แก้ว" }, qty: 10_000 }],
    });
    const sold = await createSaleForTest(e2e.db, {
      shopId: manager.shop.id,
      userId: manager.ownerId,
      lines: [{ itemId: manager.items[0]!.id, qty: 3 }],
    });
    await addSession(context, manager.member);

    await page.goto("/storehub");
    const row = page.getByTestId("item-row").filter({ hasText: "VOID-E2E-1" });
    expect(await row.getByTestId("item-on-hand").innerText()).toBe("7 แก้ว");

    await page.goto("/shophub/invoices");
    await page.getByRole("link", { name: sold.documentNumber }).click();
    await hydrated(page, "[data-testid=void-form]");
    const voidForm = page.getByTestId("void-form");
    // No reason: refused next to the field, nothing voided.
    await voidForm.getByRole("button", { name: th["shops.invoices.void.submit"] }).click();
    await expect
      .poll(() => voidForm.locator(".invalid-feedback").innerText())
      .toBe(th["shops.invoices.error.reasonRequired"]);
    await voidForm.getByLabel(th["shops.invoices.void.reason"]).fill("ลูกค้าเปลี่ยนใจ");
    await voidForm.getByRole("button", { name: th["shops.invoices.void.submit"] }).click();
    await page.getByTestId("done").waitFor();
    expect(await page.getByTestId("sale-status").innerText()).toBe(
      th["shops.invoices.status.void"],
    );
    expect(await page.getByTestId("voided").innerText()).toContain("ลูกค้าเปลี่ยนใจ");

    await page.goto("/storehub");
    expect(
      await page
        .getByTestId("item-row")
        .filter({ hasText: "VOID-E2E-1" })
        .getByTestId("item-on-hand")
        .innerText(),
    ).toBe("10 แก้ว");

    // The list marks it void; the number is still there.
    await page.goto("/shophub/invoices?status=void");
    const listed = page.getByTestId("invoice-row").filter({ hasText: sold.documentNumber });
    expect(await listed.innerText()).toContain(th["shops.invoices.status.void"]);
  });

  test("a sale's lines are readable on a 375 px phone without scrolling sideways", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, {
      role: "owner",
      shop: { name: "ร้านมือถือแคบ" },
      items: [
        {
          fields: {
            name: "น้ำพริกเผาสูตรคุณยายขนาดครอบครัวพิเศษ",
            sku: "NARROW-E2E-1",
            unit: "กระปุก",
            price: 123_450,
          },
          qty: 100_000,
        },
      ],
    });
    const sold = await createSaleForTest(e2e.db, {
      shopId: owner.shop.id,
      userId: owner.ownerId,
      lines: [
        {
          itemId: owner.items[0]!.id,
          qty: 12,
          discount: { kind: "amount", satang: 10_000 },
        },
      ],
    });
    await addSession(context, owner.member);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/shophub/invoices/${sold.id}`);
    const table = page.getByTestId("sale-lines");
    await table.waitFor();
    // Nothing of the table is out of its box: no sideways scrolling, in its box or the page.
    const fit = await table.evaluate((element) => {
      const box = element.parentElement!;
      return {
        table: element.scrollWidth,
        box: box.clientWidth,
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.box);
    expect(fit.page).toBeLessThanOrEqual(fit.viewport);
    // Every column a phone shows is on the screen, the returned quantity among them.
    const returned = table.getByRole("columnheader", {
      name: th["shops.invoices.detail.col.returned"],
    });
    const header = await returned.boundingBox();
    expect(header).not.toBeNull();
    expect(header!.x + header!.width).toBeLessThanOrEqual(375);
    // The price and the discount are still there, under the item's name.
    expect(await table.getByTestId("sale-line-price").innerText()).toBe(
      `${th["shops.invoices.detail.col.unitPrice"]} 1,234.50 · ${th["shops.invoices.detail.col.discount"]} 100.00`,
    );
  });

  test("a full tax invoice is issued for a past sale, and the list shows it at 1280 px", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านใบกำกับภาษี" },
      items: [
        { fields: { name: "ปูนซีเมนต์", sku: "FULL-E2E-1", unit: "ถุง", price: 15_000 }, qty: 20_000 },
      ],
    });
    await registerForVat(e2e.db, owner.shop.id);
    const sold = await createSaleForTest(e2e.db, {
      shopId: owner.shop.id,
      userId: owner.ownerId,
      lines: [{ itemId: owner.items[0]!.id, qty: 2 }],
      at: new Date(Date.now() - 3 * 24 * 3600 * 1000),
    });
    // Another bill of the same day, paid by card: the list must not mix their methods.
    const byCard = await createSaleForTest(e2e.db, {
      shopId: owner.shop.id,
      userId: owner.ownerId,
      lines: [{ itemId: owner.items[0]!.id, qty: 1 }],
      payments: [{ method: "card", amountSatang: 15_000 }],
      at: new Date(Date.now() - 3 * 24 * 3600 * 1000 + 60_000),
    });
    await addSession(context, owner.member);

    await page.goto(`/shophub/invoices/${sold.id}`);
    await hydrated(page, "[data-testid=full-invoice-form]");
    const form = page.getByTestId("full-invoice-form");
    await form.getByLabel(th["shops.invoices.full.buyerName"]).fill("บริษัท ก่อสร้างดี จำกัด");
    await form.getByLabel(th["shops.invoices.full.buyerAddress"]).fill("9 ถนนพระราม 4 กรุงเทพฯ");
    await form.getByLabel(th["shops.invoices.full.buyerTaxId"]).fill("1101700207031");
    await form.getByRole("button", { name: th["shops.invoices.full.submit"] }).click();
    await expect
      .poll(() => form.locator(".invalid-feedback").innerText())
      .toBe(th["shops.invoices.error.buyerTaxIdInvalid"]);
    // What was typed stays.
    expect(await form.getByLabel(th["shops.invoices.full.buyerName"]).inputValue()).toBe(
      "บริษัท ก่อสร้างดี จำกัด",
    );
    await form.getByLabel(th["shops.invoices.full.buyerTaxId"]).fill("1-1017-00207-03-0");
    await form.getByRole("button", { name: th["shops.invoices.full.submit"] }).click();
    await page.getByTestId("done").waitFor();

    const { rows } = await e2e.sql.query<{ document_number: string; buyer_tax_id: string }>(
      "SELECT document_number, buyer_tax_id FROM full_tax_invoice WHERE sale_id = $1",
      [sold.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.buyer_tax_id).toBe("1101700207030");
    expect(await page.getByTestId("full-invoice").innerText()).toContain(rows[0]!.document_number);
    // Issued once: the form is gone and the print links offer the full invoice.
    expect(await page.getByTestId("full-invoice-form").count()).toBe(0);
    expect(
      await page
        .getByTestId("print-links")
        .getByRole("link", { name: th["shops.invoices.detail.printFull"] })
        .getAttribute("href"),
    ).toContain("doc=full");

    // The list on a shop's laptop: each row its own method, the full tax invoice's number.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/shophub/invoices");
    const rowOf = (number: string) => page.getByTestId("invoice-row").filter({ hasText: number });
    const methodsOf = (number: string) => rowOf(number).locator("td").nth(3).innerText();
    expect(await methodsOf(sold.documentNumber)).toBe(th["shops.sell.payment.method.cash"]);
    expect(await methodsOf(byCard.documentNumber)).toBe(th["shops.sell.payment.method.card"]);
    expect(await rowOf(sold.documentNumber).innerText()).toContain(rows[0]!.document_number);
    // Every filter shows its whole choice: the status filter was cut to "ทั้งหม".
    const cut = await page
      .getByTestId("invoice-filters")
      .locator("select")
      .evaluateAll((selects) =>
        (selects as HTMLSelectElement[])
          .filter((select) => {
            const style = getComputedStyle(select);
            const pen = document.createElement("canvas").getContext("2d")!;
            pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const room =
              select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return [...select.options].some((option) => pen.measureText(option.text).width > room);
          })
          .map((select) => select.name),
      );
    expect(cut).toEqual([]);
    // The date filters take a day the Thai way, in the Buddhist era.
    const from = page.getByLabel(th["shops.invoices.filter.from"]);
    expect(await from.getAttribute("placeholder")).toBe(th["shops.dayInput.day"]);
    const day = new Date(Date.now() + 7 * 3600 * 1000 - 3 * 24 * 3600 * 1000);
    await from.fill(`${day.getUTCDate()}/${day.getUTCMonth() + 1}/${day.getUTCFullYear() + 543}`);
    await page.getByTestId("invoice-filters").locator("select[name=method]").selectOption("card");
    await page.getByRole("button", { name: th["shops.invoices.filter.submit"] }).click();
    await expect
      .poll(() => page.getByTestId("invoice-row").allInnerTexts())
      .toEqual([expect.stringContaining(byCard.documentNumber)]);
  });
});
