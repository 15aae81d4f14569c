import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { hydrated, newContext, setupE2E } from "./fixtures";

const e2e = setupE2E();

describe("a code chunk that fails to load", () => {
  it("reloads the page once, and within 60 s shows a Thai error page instead of reloading again", async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    // The contact page's route module can no longer be downloaded (as after a redeploy).
    await page.route(/\/assets\/contact-[\w-]+\.js$/, (route) => route.abort());
    let documentLoads = 0;
    page.on("load", () => documentLoads++);
    await page.goto("/");
    expect(documentLoads).toBe(1);
    // A visitor page hydrates once it has painted: until then its links are plain links.
    await hydrated(page, "header a");

    const contactLink = page.locator("header").getByRole("link", { name: th["nav.contact"] });
    await contactLink.click();
    await expect.poll(() => documentLoads, { timeout: 15_000 }).toBe(2);

    await page.waitForLoadState("load");
    await hydrated(page, "header a");
    await page.locator("header").getByRole("link", { name: th["nav.contact"] }).click();
    await page.getByTestId("chunk-error").waitFor({ timeout: 15_000 });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      th["error.chunkFailed"],
    );
    expect(documentLoads).toBe(2);
    await context.close();
  });
});
