import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";
import {
  baseURL,
  e2eTest as test,
  newContext,
  openAs,
  registerMember,
  setupE2E,
  type E2E,
  hydrated,
} from "./fixtures";

// The consent banner and the site's own analytics in Chromium (issue 36, decision 0076).

const e2e: E2E = setupE2E();
const SLOW = { timeout: 20_000 };

/** Layout shifts since the page started loading (buffered), and whether it hydrated cleanly. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

const consentCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === "consent")?.value;

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  return (await e2e.sql.query(sql)).rows as Record<string, unknown>[];
}

describe("the consent banner", () => {
  test("a first visit asks, without moving the page; refusing stores the choice and loads no analytics", async () => {
    const context = await newContext(e2e.browser, {}, { consent: null });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const beacons: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/analytics$|\/assets\/beacon-/.test(request.url())) beacons.push(request.url());
    });
    await page.goto("/");
    const banner = page.getByTestId("consent-banner");
    await expect(banner.innerText()).resolves.toContain(th["consent.banner.title"]);
    // Fixed to the window: it reserves no room and shifts nothing; the page reads behind it.
    expect(await banner.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
    await hydrated(page, "header a");
    // Below a thousandth: under a loaded CI host a shift of 0.0007 was seen once on this first
    // visit (the banner fixed, reserving nothing; not traced to it). A banner pushing the page
    // down would shift it by a tenth or more, far past this.
    expect(await layoutShift(page)).toBeLessThan(0.001);
    // Hydration passed over the banner, which the browser's script does not know.
    expect(await banner.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.getByTestId("consent-necessary").click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => consentCookie(page)).toBe("1.0.0");
    expect(await page.getByTestId("consent-banner").count()).toBe(0);
    await page.waitForTimeout(1500);
    expect(beacons).toEqual([]);
    // The footer leads to the settings, where the choice can be changed.
    await page.getByTestId("footer-consent").click();
    await page.waitForURL((url) => url.pathname === "/consent");
    await expect(page.getByTestId("consent-current").innerText()).resolves.toContain(
      th["consent.off"],
    );
    await page.locator("#consent-notifications").check();
    await page.getByTestId("consent-save").click();
    await page.getByTestId("consent-saved").waitFor();
    expect(await consentCookie(page)).toBe("1.0.1");
    await context.close();
  });

  test("speaks English on an English page and is not on the settings page itself", async () => {
    const context = await newContext(e2e.browser, {}, { consent: null });
    // The language switch's bare value, which the site still reads (lang-cookie.ts).
    await context.addCookies([{ name: "lang", value: "en", url: baseURL() }]);
    const page = await context.newPage();
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await expect(page.getByTestId("consent-banner").innerText()).resolves.toContain(
      en["consent.banner.title"],
    );
    await page.goto("/consent");
    expect(await page.getByTestId("consent-banner").count()).toBe(0);
    await context.close();
  });
});

describe("page views and Web Vitals", () => {
  test("with consent a page view and its vitals arrive, and show in /admin/analytics", async () => {
    await e2e.sql.query("DELETE FROM analytics_page_view; DELETE FROM analytics_vital");
    const context = await newContext(e2e.browser, {}, { consent: null });
    const page = await context.newPage();
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/analytics")) posted.push(request.postData() ?? "");
    });
    await page.goto("/article");
    await page.getByTestId("consent-all").click();
    await page.waitForURL((url) => url.pathname === "/article");
    expect(await consentCookie(page)).toBe("1.1.1");
    // The reporter loads once the page is interactive, as a chunk of its own.
    await page.waitForFunction(
      () =>
        performance
          .getEntriesByType("resource")
          .some((entry) => /\/assets\/beacon-/.test(entry.name)),
      undefined,
      SLOW,
    );
    // Something to measure for INP, then a navigation inside the page, then leaving it.
    await page.locator("h1").first().click();
    await page.locator("main a[href^='/article/']").first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/article/"));
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(
        async () =>
          (await rows("SELECT route FROM analytics_page_view ORDER BY id")).map((r) => r.route),
        SLOW,
      )
      .toEqual(["/article", "/article/:slug"]);
    await expect
      .poll(
        async () =>
          (await rows("SELECT DISTINCT metric FROM analytics_vital ORDER BY 1")).map(
            (r) => r.metric,
          ),
        SLOW,
      )
      .toEqual(expect.arrayContaining(["FCP", "LCP", "TTFB"]));
    // A batch is a few hundred bytes; the address's slug is not stored, only the pattern.
    for (const body of posted) expect(body.length).toBeLessThan(1500);
    const stored = await rows("SELECT * FROM analytics_page_view");
    expect(JSON.stringify(stored)).not.toMatch(/127\.0\.0\.1|::1/);
    await context.close();

    const admin = await registerMember(e2e, { emailPrefix: "analytics-e2e", role: "admin" });
    const { context: adminContext, page: adminPage } = await openAs(e2e.browser, admin);
    await adminPage.goto("/admin/analytics?period=day");
    await expect(adminPage.getByTestId("analytics-page-views").innerText()).resolves.toMatch(
      /^[1-9]/,
    );
    await expect(adminPage.getByTestId("analytics-pages").innerText()).resolves.toContain(
      "/article/:slug",
    );
    // The chart draws the page views as bars: the hour of the visit has one.
    const bars = await adminPage
      .getByTestId("analytics-chart")
      .locator("svg")
      .first()
      .evaluate(
        (svg) =>
          Array.from(svg.querySelectorAll("rect")).filter(
            (rect) => Number(rect.getAttribute("height")) > 0,
          ).length,
      );
    expect(bars).toBeGreaterThan(0);
    const all = adminPage.getByTestId("analytics-vitals").locator("tr[data-route='*all*']");
    await expect(all.getByTestId("vital-FCP").getAttribute("data-rating")).resolves.toMatch(
      /^(good|ni|poor)$/,
    );
    await adminPage.getByTestId("analytics-period-month").click();
    await adminPage.waitForURL((url) => url.search === "?period=month");
    await expect(adminPage.getByTestId("analytics-pages").innerText()).resolves.toContain(
      "/article",
    );
    await adminContext.close();
  });

  test("with Global Privacy Control nothing is sent or stored, whatever the cookie says", async () => {
    await e2e.sql.query("DELETE FROM analytics_page_view; DELETE FROM analytics_vital");
    const context = await newContext(
      e2e.browser,
      { extraHTTPHeaders: { "Sec-GPC": "1" } },
      { consent: "1.1.0" },
    );
    await context.addInitScript(() =>
      Object.defineProperty(navigator, "globalPrivacyControl", { get: () => true }),
    );
    const page = await context.newPage();
    await page.goto("/article");
    await page.waitForTimeout(2000);
    await page.close({ runBeforeUnload: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await rows("SELECT id FROM analytics_page_view")).toEqual([]);
    // Also when a page posts a batch itself: the server refuses with GPC.
    const again = await context.newPage();
    await again.goto("/article");
    const status = await again.evaluate(async () => {
      const response = await fetch("/api/analytics", {
        method: "POST",
        body: JSON.stringify({ v: 1, e: [{ t: "pv", p: "/", r: "", d: "d", l: "th" }] }),
      });
      return response.status;
    });
    expect(status).toBe(204);
    expect(await rows("SELECT id FROM analytics_page_view")).toEqual([]);
    await context.close();
  });
});

describe("the script analytics adds to pages", () => {
  const assets = path.resolve("build/client/assets");
  const files = readdirSync(assets);
  const sizeOf = (file: string) => statSync(path.join(assets, file)).size;

  test("is one chunk loaded after the page is interactive, measured as served; the banner is the server's alone", async () => {
    const beacon = files.find((file) => /^beacon-[\w-]+\.js$/.test(file));
    expect(beacon).toBeDefined();
    const gzip = sizeOf(`${beacon}.gz`);
    const brotli = sizeOf(`${beacon}.br`);
    // The issue's goal is 3 KB gzipped; web-vitals 6.2.3's five metrics alone are 3.3 KB
    // (decision 0076), and the reporter adds about 0.3 KB. This holds the measured size (gzip
    // 3,583 B, brotli 3,225 B when written) from growing unnoticed.
    console.info(`analytics chunk ${beacon}: gzip ${gzip} B, brotli ${brotli} B`);
    expect(gzip).toBeLessThanOrEqual(3_700);
    expect(brotli).toBeLessThanOrEqual(3_350);
    // No page names it in its HTML (it is imported on demand), the till included.
    for (const path of ["/", "/article", "/consent"]) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      expect(html, path).not.toMatch(/beacon-[\w-]+\.js/);
    }
    // The banner is drawn by the server only: no browser script carries it.
    for (const file of files.filter((name) => name.endsWith(".js"))) {
      const source = readFileSync(path.join(assets, file), "utf8");
      expect(source.includes("consent-banner"), file).toBe(false);
    }
  });
});
