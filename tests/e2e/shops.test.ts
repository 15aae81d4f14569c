import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { preferredShopId } from "~/routes/_gates/active-shop-cookie.server";
import {
  baseURL,
  hydrated,
  linkIn,
  PASSWORD,
  registerMember,
  setupE2E,
  signInWithForm,
  waitForMail,
  withPage,
} from "./fixtures";

const e2e = setupE2E();
let counter = 0;

interface Member {
  email: string;
  name: string;
}

function newMember(label: string): Member {
  counter++;
  return { email: `shops-${Date.now()}-${counter}@example.com`, name: `${label} ${counter}` };
}

/** Registers through the form (no JavaScript) and opens the verification link. */
async function registerVerified(member: Member): Promise<void> {
  await registerMember(e2e, { ...member, verified: "link" });
}

const signIn = (page: Page, member: Member) => signInWithForm(page, member);

const headerSelect = (page: Page) => page.locator("header [data-testid=shop-switch]");

/** The name of the shop the header shows as active. */
async function activeShopInHeader(page: Page): Promise<string> {
  return (await page.locator("header [data-testid=active-shop]").innerText()).trim();
}

/** Opens the header's shop switcher and presses the shop's button (a POST form). */
async function switchShopInHeader(page: Page, name: string): Promise<void> {
  await headerSelect(page).locator("summary").click();
  await headerSelect(page).getByRole("button", { name, exact: true }).click();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function fillShopForm(
  page: Page,
  fields: { name: string; businessType: string; address: string; phone: string; taxId?: string },
) {
  await page.locator("#field-name").fill(fields.name);
  await page.locator("#field-businessType").selectOption(fields.businessType);
  await page.locator("#field-address").fill(fields.address);
  await page.locator("#field-phone").fill(fields.phone);
  await page.locator("#field-taxId").fill(fields.taxId ?? "");
}

/** Creates a shop through /shophub/new and waits for storehub (the active shop changes). */
async function createShop(page: Page, name: string): Promise<void> {
  await page.goto("/shophub/new", { waitUntil: "domcontentloaded" });
  await hydrated(page, "form.account-form");
  await fillShopForm(page, {
    name,
    businessType: "cafe",
    address: "99/1 ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมือง เชียงใหม่ 50200",
    phone: "053-123-456",
  });
  await page.locator("form.account-form button[type=submit]").click();
  await page.waitForURL((url) => url.pathname === "/storehub");
  await expect.poll(() => activeShopInHeader(page)).toBe(name);
}

async function shopIdNamed(name: string): Promise<string> {
  const { rows } = await e2e.sql.query<{ id: string }>("SELECT id FROM shop WHERE name = $1", [
    name,
  ]);
  if (!rows[0]) throw new Error(`no shop named ${name}`);
  return rows[0].id;
}

/** The shop the browser's active-shop cookie names (the cookie holds it encoded). */
async function activeShopCookie(context: BrowserContext): Promise<string | undefined> {
  const found = (await context.cookies()).find((cookie) => cookie.name === "shop");
  if (!found) return undefined;
  const request = new Request("http://localhost/", { headers: { cookie: `shop=${found.value}` } });
  return (await preferredShopId(request)) ?? undefined;
}

// ---------------------------------------------------------------------------------------------

describe("shops", () => {
  it("creates a shop (a wrong phone is explained in Thai, the input kept), shows it in the header, and switches between two", async () => {
    const owner = newMember("เจ้าของร้าน");
    await registerVerified(owner);
    const first = `ร้านกาแฟดอยช้าง ${counter}`;
    const second = `ร้านขนมบ้านสวน ${counter}`;

    await withPage(e2e.browser, async (page, context) => {
      await signIn(page, owner);
      // No shop yet: the header has no switcher, /shophub offers to create one.
      expect(await headerSelect(page).count()).toBe(0);
      await page.goto("/shophub", { waitUntil: "domcontentloaded" });
      await page.getByText(th["shophubPage.noShops"]).waitFor();
      await hydrated(page, "[data-testid=new-shop-link]");
      await page.getByTestId("new-shop-link").click();
      await page.waitForURL((url) => url.pathname === "/shophub/new");
      await hydrated(page, "form.account-form");

      await fillShopForm(page, {
        name: first,
        businessType: "cafe",
        address: "99/1 ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมือง เชียงใหม่ 50200",
        phone: "12345",
        taxId: "1-1017-00207-03-0",
      });
      await page.locator("form.account-form button[type=submit]").click();
      const phoneError = page.locator('[data-error-for="phone"]');
      await phoneError.waitFor();
      expect((await phoneError.innerText()).trim()).toBe(th["shops.error.phoneInvalid"]);
      expect(pathOf(page)).toBe("/shophub/new");
      expect(await page.locator("#field-name").inputValue()).toBe(first);
      expect(await page.locator("#field-businessType").inputValue()).toBe("cafe");
      expect(await page.locator("#field-phone").inputValue()).toBe("12345");
      expect(await page.locator("#field-taxId").inputValue()).toBe("1-1017-00207-03-0");

      await page.locator("#field-phone").fill("081-234-5678");
      await page.locator("form.account-form button[type=submit]").click();
      await page.waitForURL((url) => url.pathname === "/storehub");
      await expect.poll(() => activeShopInHeader(page)).toBe(first);
      const firstId = await shopIdNamed(first);
      expect(await activeShopCookie(context)).toBe(firstId);

      await createShop(page, second);
      const secondId = await shopIdNamed(second);
      expect(await activeShopCookie(context)).toBe(secondId);

      // Switch back from the header, on an ordinary page.
      await page.goto("/contact", { waitUntil: "domcontentloaded" });
      await hydrated(page, "[data-testid=shop-switch]");
      expect(await activeShopInHeader(page)).toBe(second);
      await switchShopInHeader(page, first);
      await expect.poll(() => activeShopCookie(context)).toBe(firstId);
      await expect.poll(() => activeShopInHeader(page)).toBe(first);
      expect(pathOf(page)).toBe("/contact");

      // Both shops on /shophub, the first one marked active.
      await page.goto("/shophub", { waitUntil: "domcontentloaded" });
      const rows = page.getByTestId("my-shop");
      await expect.poll(() => rows.count()).toBe(2);
      const active = page.locator(`[data-testid=my-shop][data-shop-id="${firstId}"]`);
      expect(await active.innerText()).toContain(th["shophubPage.active"]);
      expect(await active.getByTestId("my-shop-role").innerText()).toBe(
        th["shophubPage.role.owner"],
      );
    });

    // The switcher is a plain form: it works without JavaScript too.
    await withPage(
      e2e.browser,
      async (page, context) => {
        await page.goto("/user/signIn");
        await page.locator("#field-email").fill(owner.email);
        await page.locator("#field-password").fill(PASSWORD);
        await page.locator("form.account-form button[type=submit]").click();
        await page.getByTestId("signed-in-as").waitFor();
        const secondId = await shopIdNamed(second);
        await headerSelect(page).locator("summary").click();
        await Promise.all([
          page.waitForNavigation(),
          headerSelect(page).getByRole("button", { name: second, exact: true }).click(),
        ]);
        expect(await activeShopInHeader(page)).toBe(second);
        expect(await activeShopCookie(context)).toBe(secondId);
      },
      { javaScriptEnabled: false },
    );
  });

  it("invites a second person who registers, verifies and sees the shop; the owner changes their role and removes them; the last owner stays", async () => {
    const owner = newMember("เจ้าของ");
    const staff = newMember("พนักงาน");
    await registerVerified(owner);
    const shopName = `ร้านใจดีมินิมาร์ท ${counter}`;

    await withPage(e2e.browser, async (ownerPage) => {
      await signIn(ownerPage, owner);
      await createShop(ownerPage, shopName);

      // Invite from the members page of the active shop.
      await ownerPage.goto("/shophub/members", { waitUntil: "domcontentloaded" });
      await hydrated(ownerPage, "[data-testid=invite-form]");
      expect((await ownerPage.getByTestId("shop-name").innerText()).trim()).toBe(shopName);
      await ownerPage.locator("#invite-email").fill(staff.email.toUpperCase());
      await ownerPage.locator("#invite-role").selectOption("cashier");
      await ownerPage.getByTestId("invite-submit").click();
      await ownerPage.getByTestId("shops-done").waitFor();
      expect((await ownerPage.getByTestId("shops-done").innerText()).trim()).toBe(
        th["shops.members.done.invite"],
      );
      const invitation = ownerPage.locator(
        `[data-testid=invitation-row][data-email="${staff.email}"]`,
      );
      await invitation.waitFor();

      const mail = (await waitForMail(e2e, staff.email, shopName)).text_body;
      expect(mail).toContain(`${baseURL()}/register`);
      expect(mail).toContain(`${baseURL()}/user/signIn`);

      await withPage(e2e.browser, async (staffPage) => {
        // Registered but not verified yet: not in the shop.
        await staffPage.goto("/register", { waitUntil: "domcontentloaded" });
        await hydrated(staffPage, "form.account-form");
        await staffPage.locator("#field-email").fill(staff.email);
        await staffPage.locator("#field-password").fill(PASSWORD);
        await staffPage.locator("#field-confirmPassword").fill(PASSWORD);
        await staffPage.locator("#field-name").fill(staff.name);
        await staffPage.locator("#field-acceptTerms").check();
        await staffPage.locator("form.account-form button[type=submit]").click();
        await staffPage.getByTestId("registered").waitFor();
        await staffPage.goto("/shophub", { waitUntil: "domcontentloaded" });
        await staffPage.getByText(th["shophubPage.noShops"]).waitFor();
        expect(await headerSelect(staffPage).count()).toBe(0);

        // Verified: the invitation waits for their answer (a notice in the header); joining
        // is their choice.
        const verifyMail = await waitForMail(e2e, staff.email, "Confirm your e-mail");
        const link = linkIn(verifyMail.text_body, "ยืนยันอีเมล");
        await staffPage.goto(link);
        await staffPage.getByTestId("email-verified").waitFor();
        // Verification ends the sessions made before it (account pre-hijacking).
        await signIn(staffPage, staff);
        expect(await headerSelect(staffPage).count()).toBe(0);
        await staffPage.getByTestId("invitations-notice").click();
        await staffPage.waitForURL(/\/shophub/);
        const waiting = staffPage.getByTestId("my-invitation");
        await waiting.waitFor();
        expect(await waiting.innerText()).toContain(shopName);
        await staffPage.getByText(th["shophubPage.noShops"]).waitFor();
        await waiting.getByTestId("invitation-accept").click();
        await staffPage.getByTestId("invitation-outcome").waitFor();
        expect((await staffPage.getByTestId("invitation-outcome").innerText()).trim()).toBe(
          th["shopInvite.outcome.accepted"],
        );
        expect(await activeShopInHeader(staffPage)).toBe(shopName);
        expect(await staffPage.getByTestId("invitations-notice").count()).toBe(0);
        const myShop = staffPage.getByTestId("my-shop");
        expect((await myShop.getByTestId("my-shop-name").innerText()).trim()).toBe(shopName);
        expect(await myShop.getByTestId("my-shop-role").innerText()).toBe(
          th["shophubPage.role.cashier"],
        );
        // Only owners manage members.
        expect(await myShop.getByTestId("my-shop-members").count()).toBe(0);
        const forbidden = await staffPage.goto("/shophub/members");
        expect(forbidden?.status()).toBe(403);

        // The owner sees them as a member, and changes their role.
        await ownerPage.reload({ waitUntil: "domcontentloaded" });
        const row = ownerPage.locator(`[data-testid=member-row][data-email="${staff.email}"]`);
        await row.waitFor();
        expect(await invitation.count()).toBe(0);
        expect((await row.getByTestId("member-role").innerText()).trim()).toBe(
          th["shops.role.cashier"],
        );
        await hydrated(ownerPage, "[data-testid=member-table] form");
        await row.getByTestId("member-role-select").selectOption("stock");
        await row.getByTestId("member-role-submit").click();
        await ownerPage.getByTestId("shops-done").waitFor();
        await expect
          .poll(async () => (await row.getByTestId("member-role").innerText()).trim())
          .toBe(th["shops.role.stock"]);
        await staffPage.goto("/shophub", { waitUntil: "domcontentloaded" });
        expect(await staffPage.getByTestId("my-shop-role").innerText()).toBe(
          th["shophubPage.role.stock"],
        );

        // Removing asks first, then removes.
        await row.getByTestId("member-remove").click();
        const confirm = ownerPage.getByTestId("remove-confirm");
        await confirm.waitFor();
        expect(await confirm.innerText()).toContain(staff.email);
        expect(await row.count()).toBe(1);
        await ownerPage.getByTestId("remove-confirm-submit").click();
        await expect.poll(() => row.count()).toBe(0);
        expect((await ownerPage.getByTestId("shops-done").innerText()).trim()).toBe(
          th["shops.members.done.remove"],
        );
        await staffPage.goto("/shophub", { waitUntil: "domcontentloaded" });
        await staffPage.getByText(th["shophubPage.noShops"]).waitFor();
        expect(await headerSelect(staffPage).count()).toBe(0);
      });

      // The last owner can neither step down nor leave.
      const self = ownerPage.locator(`[data-testid=member-row][data-email="${owner.email}"]`);
      await self.getByTestId("member-role-select").selectOption("manager");
      await self.getByTestId("member-role-submit").click();
      const error = ownerPage.getByTestId("shops-error");
      await error.waitFor();
      expect((await error.innerText()).trim()).toBe(th["shops.error.lastOwner"]);

      await self.getByTestId("member-remove").click();
      await ownerPage.getByTestId("remove-confirm").waitFor();
      expect(await error.count()).toBe(0);
      await ownerPage.getByTestId("remove-confirm-submit").click();
      await error.waitFor();
      expect((await error.innerText()).trim()).toBe(th["shops.error.lastOwner"]);
      expect((await self.getByTestId("member-role").innerText()).trim()).toBe(
        th["shops.role.owner"],
      );
    });
  });

  it("a form rendered for one shop is not saved into the shop another tab switched to: the page says so, keeps what was typed and offers to switch back", async () => {
    const owner = newMember("เจ้าของสองร้าน");
    await registerVerified(owner);
    const first = `ร้านชาริมทาง ${counter}`;
    const second = `ร้านข้าวมันไก่ ${counter}`;
    await withPage(e2e.browser, async (page, context) => {
      await signIn(page, owner);
      await createShop(page, first);
      await createShop(page, second);
      const firstId = await shopIdNamed(first);
      const secondId = await shopIdNamed(second);

      // Tab 1: the add form of the active shop (the second one).
      await page.goto("/storehub/add", { waitUntil: "domcontentloaded" });
      await hydrated(page, "[data-testid=item-save]");
      await page.locator("#item-name").fill("ชาไทยเย็น");
      await page.locator("#item-sku").fill("THAI-TEA-1");
      await page.locator("#item-unit").fill("แก้ว");

      // Another site cannot switch it: neither a link (GET) nor a cross-site form.
      const linked = await context.request.get(`/shophub/switch?shop=${firstId}`, {
        maxRedirects: 0,
      });
      expect(linked.status()).toBe(302);
      const forged = await context.request.post("/shophub/switch", {
        form: { shop: firstId, redirectTo: "/storehub" },
        headers: { origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(403);
      expect(await activeShopCookie(context)).toBe(secondId);

      // Tab 2 switches to the first shop.
      const other = await context.newPage();
      await other.goto("/contact", { waitUntil: "domcontentloaded" });
      await hydrated(other, "[data-testid=shop-switch]");
      await switchShopInHeader(other, first);
      await expect.poll(() => activeShopCookie(context)).toBe(firstId);

      // Tab 1 saves: refused, nothing written, the message names the shop now active.
      await page.getByTestId("item-save").click();
      const notice = page.getByTestId("shop-changed");
      await notice.waitFor();
      expect(await notice.innerText()).toContain(
        th["shopForm.changed"].replace("{shop}", first).slice(0, 40),
      );
      expect(await page.locator("#item-name").inputValue()).toBe("ชาไทยเย็น");
      const { rows } = await e2e.sql.query("SELECT 1 FROM stock_item WHERE sku = 'THAI-TEA-1'");
      expect(rows).toHaveLength(0);

      // Switching back to the shop the form was made for, then saving, saves it there.
      await page.getByTestId("shop-switch-back").click();
      await expect.poll(() => activeShopCookie(context)).toBe(secondId);
      await expect.poll(() => activeShopInHeader(page)).toBe(second);
      await hydrated(page, "[data-testid=item-save]");
      if ((await page.locator("#item-name").inputValue()) === "") {
        await page.locator("#item-name").fill("ชาไทยเย็น");
        await page.locator("#item-sku").fill("THAI-TEA-1");
        await page.locator("#item-unit").fill("แก้ว");
      }
      await page.getByTestId("item-save").click();
      await page.getByTestId("item-created").waitFor();
      const saved = await e2e.sql.query<{ shop_id: string }>(
        "SELECT shop_id FROM stock_item WHERE sku = 'THAI-TEA-1'",
      );
      expect(saved.rows.map((row) => row.shop_id)).toEqual([secondId]);
    });
  });

  it("without JavaScript too: a stock-out form of a shop that is no longer active is refused with the notice, keeping what was typed", async () => {
    const owner = newMember("เจ้าของสองร้าน");
    await registerVerified(owner);
    const first = `ร้านผลไม้ ${counter}`;
    const second = `ร้านน้ำแข็ง ${counter}`;
    await withPage(e2e.browser, async (page) => {
      await signIn(page, owner);
      await createShop(page, first);
      await createShop(page, second);
    });
    const firstId = await shopIdNamed(first);
    await withPage(
      e2e.browser,
      async (page, context) => {
        await page.goto("/user/signIn");
        await page.locator("#field-email").fill(owner.email);
        await page.locator("#field-password").fill(PASSWORD);
        await page.locator("form.account-form button[type=submit]").click();
        await page.getByTestId("signed-in-as").waitFor();
        expect(await activeShopInHeader(page)).toBe(second);

        await page.goto("/storehub/inout?kind=issue");
        await page.getByTestId("inout-reason").fill("ของเสีย");
        await page.locator('[name="lines[0].item"]').fill("ANY-SKU");
        await page.locator('[name="lines[0].qty"]').fill("2");
        // Another tab (here: a request with the same cookies) switches to the first shop.
        const switched = await context.request.post("/shophub/switch", {
          form: { shop: firstId, redirectTo: "/contact" },
          headers: { origin: baseURL() },
          maxRedirects: 0,
        });
        expect(switched.status()).toBe(302);
        await expect.poll(() => activeShopCookie(context)).toBe(firstId);

        await Promise.all([page.waitForNavigation(), page.getByTestId("inout-post").click()]);
        const notice = page.getByTestId("shop-changed");
        await notice.waitFor();
        expect(await notice.innerText()).toContain(first);
        expect(await page.getByTestId("inout-reason").inputValue()).toBe("ของเสีย");
        expect(await page.locator('[name="lines[0].item"]').inputValue()).toBe("ANY-SKU");
        expect(await page.locator('[name="lines[0].qty"]').inputValue()).toBe("2");
        const { rows } = await e2e.sql.query(
          "SELECT 1 FROM stock_document d JOIN shop s ON s.id = d.shop_id WHERE s.name IN ($1, $2)",
          [first, second],
        );
        expect(rows).toHaveLength(0);
      },
      { javaScriptEnabled: false },
    );
  });
});
