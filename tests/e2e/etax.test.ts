import { describe, expect } from "vitest";
import { th } from "~/lib/i18n/th";
import { issueFullTaxInvoice } from "~/modules/sales/index.server";
import { createSaleForTest, registerForVat, TEST_BUYER } from "../setup/sales-factory";
import { addSession, e2eTest as test, hydrated, memberWithShop } from "./fixtures";

/**
 * e-Tax Invoice by Time Stamp in the browser (decision 0074): the owner switches it on, a
 * missing approval number refused next to its field with what was typed kept; then sends the
 * sale's full tax invoice, a missing buyer e-mail refused first, and sees it queued on the page.
 */
describe("e-Tax Invoice by Time Stamp", () => {
  test("the owner switches e-Tax on and sends a full tax invoice", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, {
      shop: { name: "ร้านอีแท็กซ์" },
      items: [{ fields: { name: "สีทาบ้าน", sku: "ETAX-E2E-1", price: 53_500 }, qty: 10_000 }],
    });
    await registerForVat(e2e.db, owner.shop.id);
    const sold = await createSaleForTest(e2e.db, {
      shopId: owner.shop.id,
      userId: owner.ownerId,
      lines: [{ itemId: owner.items[0]!.id, qty: 2 }],
    });
    const full = await issueFullTaxInvoice(
      e2e.db,
      { shopId: owner.shop.id, userId: owner.ownerId, role: "owner" },
      { saleId: sold.id, buyer: TEST_BUYER },
    );
    if (!full.ok) throw new Error("no full tax invoice");
    await addSession(context, owner.member);

    await page.goto("/shophub/settings/etax");
    await hydrated(page, "[data-testid=etax-settings-form]");
    const settings = page.getByTestId("etax-settings-form");
    await settings.getByLabel(th["shops.etax.enabled"]).check();
    await settings.getByLabel(th["shops.etax.senderEmail"]).fill("billing@etax-shop.example");
    await settings.getByRole("button", { name: th["shops.etax.save"] }).click();
    await expect
      .poll(() => page.locator("#field-registration-error").innerText())
      .toBe(th["shops.etax.error.registrationRequired"]);
    expect(await settings.getByLabel(th["shops.etax.senderEmail"]).inputValue()).toBe(
      "billing@etax-shop.example",
    );
    expect(await settings.getByLabel(th["shops.etax.timestampEmail"]).inputValue()).toBe(
      "csemail@etax.teda.th",
    );
    // The seller's address for the XML (decision 0090): the postcode's sub-districts are
    // offered as it is typed; the one chosen is kept.
    expect(await page.locator("#field-postcode-error").innerText()).toBe(
      th["shops.etax.error.postcodeRequired"],
    );
    const again = page.getByTestId("etax-settings-form");
    await again.getByLabel(th["shops.etax.registration"]).fill("ETAX-2569-0042");
    await again.getByLabel(th["shops.etax.address.buildingNumber"]).fill("5/12");
    await again.getByLabel(th["shops.etax.address.postcode"]).fill("10900");
    const subDistrict = again.getByLabel(th["shops.etax.address.subDistrict"]);
    await expect
      .poll(() => subDistrict.locator("option").allInnerTexts())
      .toContain("ลาดยาว · จตุจักร · กรุงเทพมหานคร");
    await subDistrict.selectOption("103001");
    await again.getByRole("button", { name: th["shops.etax.save"] }).click();
    await page.getByTestId("shops-done").waitFor();
    expect(await page.getByLabel(th["shops.etax.address.subDistrict"]).inputValue()).toBe("103001");

    await page.goto(`/shophub/invoices/${sold.id}`);
    await hydrated(page, "[data-testid=etax-form]");
    const form = page.getByTestId("etax-form");
    await form.getByRole("button", { name: th["shops.etax.send.submit"] }).click();
    await expect
      .poll(() => form.locator(".invalid-feedback").innerText())
      .toBe(th["shops.etax.error.buyerEmailRequired"]);
    await form.getByLabel(th["shops.etax.send.buyerEmail"]).fill("ap@buyer.example");
    await form.getByRole("button", { name: th["shops.etax.send.submit"] }).click();
    await page.getByTestId("done").waitFor();
    expect(await page.getByTestId("done").innerText()).toContain(full.invoice.documentNumber);
    const sent = await page.getByTestId("etax-deliveries").innerText();
    expect(sent).toContain("ap@buyer.example");
    expect(sent).toContain("csemail@etax.teda.th");
    expect(sent).toContain(th["shops.etax.status.pending"]);
  });
});
