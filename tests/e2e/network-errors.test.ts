import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { withPage, setupE2E, hydrated } from "./fixtures";

const e2e = setupE2E();

describe("a form that cannot reach the server", () => {
  it("keeps the form and what was typed, and says the network failed", async () => {
    await withPage(e2e.browser, async (page) => {
      await page.goto("/user/signIn");
      await hydrated(page, "header a");
      // The connection drops: the action request never reaches the server.
      await page.route("**/user/signIn.data**", (route) => route.abort("internetdisconnected"));
      await page.locator("#field-email").fill("offline@example.com");
      await page.locator("#field-password").fill("secret-123");
      await page.locator("form.account-form button[type=submit]").click();
      const message = page.getByTestId("form-error");
      await message.waitFor();
      expect((await message.innerText()).trim()).toBe(th["auth.error.network-request-failed"]);
      expect(await page.locator("#field-email").inputValue()).toBe("offline@example.com");
      expect(await page.locator("#field-password").inputValue()).toBe("");
    });
  });
});
