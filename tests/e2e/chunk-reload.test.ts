import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { launchBrowser, newContext } from "./browser";

describe("a code chunk that fails to load", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("reloads the page once, and within 60 s shows a Thai error page instead of reloading again", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The contact page's route module can no longer be downloaded (as after a redeploy).
    await page.route(/\/assets\/contact-[\w-]+\.js$/, (route) => route.abort());
    let documentLoads = 0;
    page.on("load", () => documentLoads++);
    await page.goto("/");
    expect(documentLoads).toBe(1);

    const contactLink = page.locator("header").getByRole("link", { name: th["nav.contact"] });
    await contactLink.click();
    await expect.poll(() => documentLoads, { timeout: 15_000 }).toBe(2);

    await page.waitForLoadState("load");
    await page.locator("header").getByRole("link", { name: th["nav.contact"] }).click();
    await page.getByTestId("chunk-error").waitFor({ timeout: 15_000 });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      th["error.chunkFailed"],
    );
    expect(documentLoads).toBe(2);
    await context.close();
  });
});
