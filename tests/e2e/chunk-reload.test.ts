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

describe("a tab left open across a deployment", () => {
  it("loads its next page afresh rather than reading the newer server's data", async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    let documentLoads = 0;
    page.on("load", () => documentLoads++);
    // React Router's route discovery for the header's links (its /__manifest request) is
    // answered before the build changes, so the click below asks only for the next page's
    // data. Otherwise that request, which names the build too, reloads the page first (also
    // right, but not what this test is about); a loaded CI machine got there.
    const discovered: string[] = [];
    page.on("requestfinished", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/__manifest") discovered.push(url.search);
    });
    await page.goto("/");
    await hydrated(page, "header a");
    await expect
      .poll(() => discovered.some((query) => query.includes("contact")), { timeout: 15_000 })
      .toBe(true);
    await page.waitForLoadState("networkidle");

    // The tab's code is now that of a build the server no longer runs.
    await page.evaluate(() =>
      document.querySelector('meta[name="build"]')?.setAttribute("content", "a-build-gone"),
    );
    // What the old document asks for, until the new document's request (which then discovers
    // its own links' routes).
    const asked: string[] = [];
    let reloading = false;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloading = true;
      if (!reloading) asked.push(new URL(request.url()).pathname);
    });
    await page.locator("header").getByRole("link", { name: th["nav.contact"] }).click();

    await expect.poll(() => documentLoads, { timeout: 15_000 }).toBe(2);
    await page.waitForLoadState("load");
    await hydrated(page, "header a");
    expect(new URL(page.url()).pathname).toBe("/contact");
    expect(asked).toContain("/contact.data");
    expect(asked.filter((path) => path.startsWith("/__manifest"))).toEqual([]);
    // The new document runs the server's build.
    expect(await page.locator('meta[name="build"]').getAttribute("content")).not.toBe(
      "a-build-gone",
    );
    await context.close();
  });
});
