import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { withPage, setupE2E, hydrated } from "./fixtures";

const e2e = setupE2E();

/** Opens `path` and waits until React has hydrated it, so links navigate client-side. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page, "header a");
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

const headerLink = (page: Page, key: "nav.contact" | "nav.shophub" | "nav.home") =>
  page.locator("header").getByRole("link", { name: th[key], exact: true });

/** Holds every client-side data request (React Router's `*.data` fetches) for `ms`. */
async function delayDataRequests(page: Page, ms: number): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname.endsWith(".data");
  await page.route(matcher, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => {
      // the page may have gone away meanwhile
    });
  });
  return () => page.unroute(matcher);
}

describe("the frame's links", () => {
  it("open their page without reloading the document and mark the header's current page", async () => {
    await withPage(e2e.browser, async (page) => {
      await open(page, "/");
      const homeLink = headerLink(page, "nav.home");
      expect(await homeLink.getAttribute("aria-current")).toBe("page");
      expect(await homeLink.getAttribute("class")).toBe("nav-link active");
      await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

      const footerContact = page
        .locator("footer")
        .getByRole("link", { name: th["nav.contact"], exact: true });
      expect(await footerContact.getAttribute("href")).toBe("/contact");
      await footerContact.click();
      await page.waitForURL("**/contact");
      await expect.poll(() => page.locator("h1").innerText()).toBe(th["contact.title"]);
      // The same document: a link that loaded the page anew would have lost the mark.
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
      expect(await headerLink(page, "nav.contact").getAttribute("aria-current")).toBe("page");
      expect(await homeLink.getAttribute("aria-current")).toBeNull();
      // NavLink marks its links `transitioning` while the view transition runs.
      await expect.poll(() => homeLink.getAttribute("class")).toBe("nav-link");

      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    });
  });
});

describe("history and scrolling", () => {
  it("back and forward restore the scroll position; a new page starts at the top", async () => {
    await withPage(e2e.browser, async (page) => {
      await open(page, "/article/pos-manual");
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeGreaterThan(1500 + 720);

      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect.poll(() => scrollY(page)).toBe(1500);

      // The sticky header's link is on screen at any scroll position.
      await headerLink(page, "nav.contact").click();
      await page.waitForURL("**/contact");
      await expect.poll(() => page.locator("h1").innerText()).toBe(th["contact.title"]);
      await expect.poll(() => scrollY(page)).toBe(0);

      await page.goBack();
      await page.waitForURL("**/article/pos-manual");
      await expect.poll(() => page.locator("h1").innerText()).not.toBe(th["contact.title"]);
      await expect.poll(async () => Math.abs((await scrollY(page)) - 1500)).toBeLessThanOrEqual(50);

      await page.goForward();
      await page.waitForURL("**/contact");
      await expect.poll(() => page.locator("h1").innerText()).toBe(th["contact.title"]);
      await expect.poll(() => scrollY(page)).toBe(0);
    });
  });

  it("a table-of-contents #hash link scrolls its heading into view below the sticky header", async () => {
    await withPage(e2e.browser, async (page) => {
      await open(page, "/article/pos-manual");
      const links = page.locator("aside .article-toc a");
      expect(await links.count()).toBeGreaterThan(2);
      const link = links.nth((await links.count()) - 2);
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(/^#./);
      const heading = page.locator(`[id="${decodeURIComponent(href.slice(1))}"]`);
      expect(await heading.count()).toBe(1);
      expect(await heading.innerText()).toBe(await link.innerText());

      const inView = () =>
        heading.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const header = document.querySelector(".site-header")!.getBoundingClientRect();
          return box.top >= header.bottom - 1 && box.bottom <= window.innerHeight;
        });
      expect(await inView()).toBe(false);

      await link.click();
      await expect
        .poll(() => page.evaluate(() => decodeURIComponent(location.hash)))
        .toBe(decodeURIComponent(href));
      await expect.poll(inView).toBe(true);
      expect(await scrollY(page)).toBeGreaterThan(0);
    });
  });
});

describe("connection status", () => {
  it("shows the offline indicator while the browser is offline", async () => {
    await withPage(e2e.browser, async (page, context) => {
      await open(page, "/");
      const indicator = page.getByTestId("offline-indicator");
      expect(await indicator.count()).toBe(0);

      await context.setOffline(true);
      await indicator.waitFor({ state: "visible" });
      expect((await indicator.innerText()).trim()).toBe(th["status.offline"]);

      await context.setOffline(false);
      await indicator.waitFor({ state: "detached" });
    });
  });
});

describe("navigation feedback", () => {
  it("shows no progress bar for a navigation that ends within 200 ms", async () => {
    await withPage(e2e.browser, async (page) => {
      // Virtual time, paused: the navigation completes while no time passes, however slow the
      // machine is, so this checks the rule (not the machine's speed). An installed clock
      // alone keeps ticking with real time.
      await page.clock.install();
      await open(page, "/");
      await page.evaluate(() => {
        const w = window as Window & { __progressSeen?: boolean };
        w.__progressSeen = false;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="progress-bar"]')) w.__progressSeen = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      // A second ahead, so that a busy machine cannot have passed it already.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      await headerLink(page, "nav.contact").click();
      await expect.poll(() => page.locator("h1").innerText()).toBe(th["contact.title"]);
      await page.clock.runFor(1_000);
      expect(
        await page.evaluate(() => (window as Window & { __progressSeen?: boolean }).__progressSeen),
      ).toBe(false);
      expect(await page.getByTestId("progress-bar").count()).toBe(0);
    });
  });

  it("shows the progress bar during a slow navigation and hides it afterwards", async () => {
    await withPage(e2e.browser, async (page) => {
      await open(page, "/");
      const release = await delayDataRequests(page, 1_200);
      const bar = page.getByTestId("progress-bar");
      expect(await bar.count()).toBe(0);

      await headerLink(page, "nav.shophub").click();
      await bar.waitFor({ state: "visible", timeout: 1_100 });
      expect(await bar.getAttribute("role")).toBe("progressbar");
      expect(await bar.getAttribute("aria-label")).toBe(th["status.loading"]);
      // Still on the old page while the data loads.
      expect(page.url()).not.toContain("/shophub");

      await page.waitForURL("**/shophub");
      await page.locator("[data-plan]").first().waitFor();
      await bar.waitFor({ state: "detached", timeout: 2_000 });
      await release();
    });
  });

  it("does not fade a page in again when it answers its own form", async () => {
    await withPage(e2e.browser, async (page) => {
      await open(page, "/contact");
      const current = page.locator("main > .page");
      await page.locator("form.contact-form button[type=submit]").click();
      await page.getByTestId("error-summary").waitFor();
      // Still the loaded page, shown as it is (a fade would leave the refusal half transparent).
      expect(await current.getAttribute("class")).toBe("page");
      expect(await current.evaluate((element) => getComputedStyle(element).animationName)).toBe(
        "none",
      );
    });
  });

  it("fades the current page out while the next one loads, and only a page reached by a link in", async () => {
    await withPage(e2e.browser, async (page) => {
      // Counts the browser's view transitions (React Router starts one per such navigation).
      await page.addInitScript(() => {
        const start = document.startViewTransition?.bind(document);
        if (!start) return;
        document.startViewTransition = ((update: ViewTransitionUpdateCallback) => {
          const counted = window as { transitions?: number };
          counted.transitions = (counted.transitions ?? 0) + 1;
          return start(update);
        }) as typeof document.startViewTransition;
      });
      await open(page, "/");
      const release = await delayDataRequests(page, 1_200);
      const current = page.locator("main > .page");
      // The page the browser loaded is shown as it is painted, not faded in from transparent
      // (its largest paint would wait for the animation).
      expect(await current.getAttribute("class")).toBe("page");
      expect(await current.evaluate((element) => getComputedStyle(element).animationName)).toBe(
        "none",
      );

      await headerLink(page, "nav.contact").click();
      await page.locator("main > .page.page--leaving").waitFor({ timeout: 1_100 });
      // The leaving wrapper still holds the old page.
      expect(
        await page.locator("main > .page.page--leaving").getByTestId("home-carousel").count(),
      ).toBe(1);

      await page.waitForURL("**/contact");
      await expect.poll(() => page.locator("h1").innerText()).toBe(th["contact.title"]);
      expect(await page.locator("main > .page").count()).toBe(1);
      // The header's links are React Router's view transitions: the browser fades the old
      // page out and the new one in (app.scss), and the page does not fade in again inside.
      expect(await page.evaluate(() => (window as { transitions?: number }).transitions)).toBe(1);
      expect(await current.getAttribute("class")).toBe("page");

      // A link of the page's own (an article card, React Router's <Link> without
      // `viewTransition`) fades the next page in by itself.
      await headerLink(page, "nav.home").click();
      await page.getByTestId("home-carousel").waitFor();
      await page.locator("main a[href^='/article/']").filter({ visible: true }).first().click();
      await page.waitForURL(/\/article\/[^/]+$/);
      await expect
        .poll(() => page.locator("main > .page").getAttribute("class"))
        .toBe("page page--entering");
      expect(await page.evaluate(() => (window as { transitions?: number }).transitions)).toBe(2);
      await release();
    });
  });
});
