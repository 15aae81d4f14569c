import postcss, { type AtRule } from "postcss";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { shopSalesSetting } from "~/db/schema";
import { createNotice, deleteNotice } from "~/modules/notices/index.server";
import { addSession, cashierWithTillItems, e2eTest as test, type E2E } from "./fixtures";

// The till's first load on a device that never opened it (decision 0056): a stylesheet cut to
// the till's own rules, and the system's Thai font until the next load.

const SLOW = { timeout: 15_000 };
/** A cashier of a shop with water (barcode) in stock and a snack out of stock. */
const cashierWithItems = (e2e: E2E) =>
  cashierWithTillItems(e2e, { emailPrefix: "till-first", snackInStock: false });

async function openTill(page: Page): Promise<string> {
  const response = await page.goto("/shophub/sell");
  await page.locator("[data-testid=till][data-ready=yes]").waitFor();
  return (await response?.text()) ?? "";
}

const stylesheetOf = (html: string) => html.match(/\/assets\/(?:app|till)-[\w-]+\.css/g) ?? [];
const FONT_PRELOAD = /<link rel="preload" href="[^"]+\.woff2" as="font"/g;

/** Each selector of the stylesheet at `href`, with the at-rules (media queries) around it. */
async function selectorsOf(page: Page, href: string): Promise<Set<string>> {
  const css = await (await page.request.get(href)).text();
  const selectors = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    let context = "";
    for (let parent = rule.parent; parent && parent.type === "atrule"; parent = parent.parent) {
      context = `@${(parent as AtRule).name} ${(parent as AtRule).params} ${context}`;
    }
    for (const selector of rule.selectors) selectors.add(context + selector);
  });
  return selectors;
}

/** The classes an element must have for `selector` to match (those inside `:not()` aside). */
const requiredClasses = (selector: string) =>
  Array.from(
    selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, "").matchAll(/\.([A-Za-z_-][\w-]*)/g),
    (match) => match[1]!,
  );

/** Collects every class any element of the page has had since it started loading. */
async function collectClasses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { classesSeen: Set<string> }).classesSeen = seen;
    const note = (element: Element) => {
      for (const name of Array.from(element.classList)) seen.add(name);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "attributes") note(record.target as Element);
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof Element) {
            note(node);
            node.querySelectorAll("[class]").forEach(note);
          }
        }
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["class"],
    });
  });
}

const classesSeen = (page: Page) =>
  page.evaluate(() => Array.from((window as unknown as { classesSeen: Set<string> }).classesSeen));

describe("the till's first load", () => {
  test("on a device without the site's font: its own stylesheet, no font preloads, the system's Thai font, and Sarabun from the next load", async ({
    e2e,
    context,
    page,
  }) => {
    const { member } = await cashierWithItems(e2e);
    await addSession(context, member);
    // The fonts' links and script are the server's alone: hydration must pass over them.
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    const html = await openTill(page);
    expect(stylesheetOf(html)).toEqual([expect.stringMatching(/^\/assets\/till-/)]);
    expect(html.match(FONT_PRELOAD)).toBeNull();
    const drawn = await page.evaluate(() => ({
      laterClass: document.documentElement.classList.contains("fonts-later"),
      family: getComputedStyle(document.body).fontFamily,
    }));
    expect(drawn.laterClass).toBe(true);
    expect(drawn.family).toMatch(/^"Noto Sans Thai"/);

    // Once the page has loaded, the faces come into the browser's cache and the cookie says so;
    // the open till keeps the font it was drawn in (no face of Sarabun is in use).
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "fonts")?.value, SLOW)
      .toBe("1");
    const after = await page.evaluate(() => ({
      fetched: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".woff2")).length,
      used: Array.from(document.fonts).filter(
        (face) => face.family.replace(/"/g, "") === "Sarabun" && face.status !== "unloaded",
      ).length,
      family: getComputedStyle(document.body).fontFamily,
    }));
    expect(after).toEqual({ fetched: 4, used: 0, family: drawn.family });

    // The next load preloads the four faces and draws in Sarabun from the start.
    const again = await openTill(page);
    expect(again.match(FONT_PRELOAD)).toHaveLength(4);
    const next = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        laterClass: document.documentElement.classList.contains("fonts-later"),
        family: getComputedStyle(document.body).fontFamily,
        loaded: Array.from(document.fonts).filter(
          (face) => face.family.replace(/"/g, "") === "Sarabun" && face.status === "loaded",
        ).length,
      };
    });
    expect(next.laterClass).toBe(false);
    expect(next.family).toMatch(/^Sarabun/);
    expect(next.loaded).toBeGreaterThanOrEqual(2);
    // Still the till's own stylesheet.
    expect(stylesheetOf(again)).toEqual(stylesheetOf(html));
    expect(errors).toEqual([]);
  });

  test("every class the till shows, through a whole sale at 1280 and 375 px, is in its stylesheet", async ({
    e2e,
    context,
    page,
  }) => {
    const { member, shop, water } = await cashierWithTillItems(e2e, {
      emailPrefix: "till-first",
      snackInStock: false,
      // Sold by weight: the till asks for the quantity.
      moreItems: [
        {
          fields: {
            name: "หมูสับ",
            sku: `FPORK-${Date.now()}`,
            barcode: null,
            unit: "kg",
            price: 18_000,
            measured: true,
          },
          qty: 5_000,
        },
      ],
    });
    await e2e.db.insert(shopSalesSetting).values({ shopId: shop.id, promptPayId: "0812345678" });
    // A site notice: the notice bar names its alert's class by the notice's level.
    const notice = await createNotice(
      e2e.db,
      {
        title: "ปิดปรับปรุงระบบ",
        body: "คืนวันเสาร์ 22:00–23:00 น.",
        titleEn: "",
        bodyEn: "",
        level: "warning",
        startsAt: null,
        endsAt: null,
      },
      null,
    );
    try {
      await addSession(context, member);
      await collectClasses(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      const html = await openTill(page);
      // Another test may show a site notice of its own at the same time: any one will do.
      await page.getByTestId("notice").first().waitFor();

      const scan = async (code: string) => {
        const field = page.getByTestId("till-scan");
        await field.fill(code);
        await field.press("Enter");
      };
      await scan("1234567890"); // unknown: the field turns red with a message
      await page.locator("[data-error-for=code]").waitFor();
      await scan(water.barcode!);
      await scan(water.barcode!);
      const line = page.getByTestId("till-line");
      await expect.poll(() => line.count(), SLOW).toBe(1);
      await line.getByTestId("till-line-discount").fill("2");
      await page.getByTestId("till-park").click();
      await page.getByTestId("till-park-label").fill("โต๊ะ 3");
      await page.getByTestId("till-park-save").click();
      await page.getByTestId("till-parked").click();
      await page.getByTestId("till-recall").click();
      await expect.poll(() => line.count(), SLOW).toBe(1);
      await page.getByTestId("till-item").filter({ hasText: "หมูสับ" }).click();
      const ask = page.getByTestId("till-ask-qty");
      await ask.fill("1.2555"); // too many decimals: the field says so
      await ask.press("Enter");
      await page.locator("#till-ask-error").waitFor();
      await ask.fill("0.5");
      await ask.press("Enter");
      await expect.poll(() => line.count(), SLOW).toBe(2);
      await page.getByTestId("till-keys-button").click();
      await page.keyboard.press("Escape");
      await page.getByTestId("till-shift").click();
      await page.keyboard.press("Escape");
      await page.locator(".member-menu > summary").click();
      await page.locator(".member-menu > summary").click();

      await page.getByTestId("till-pay-open").click();
      const dialog = page.getByTestId("till-pay-dialog");
      await dialog.getByTestId("till-quick-cash").last().click();
      await dialog.getByTestId("till-method-promptpay").click();
      await dialog.getByTestId("till-qr").locator("svg").waitFor();
      await dialog.getByTestId("till-method-cash").click();
      await dialog.getByTestId("till-complete").click();
      await page.getByTestId("till-done").waitFor(SLOW);
      await page.getByTestId("till-next").click();

      // The phone: the menu in its side panel, the bill behind its bar.
      await page.setViewportSize({ width: 375, height: 740 });
      await scan(water.barcode!);
      await page.getByTestId("till-show-cart").click();
      await page.locator(".site-header .navbar-toggler").click();
      await page.locator(".site-offcanvas.show").waitFor();

      const [tillSheet] = stylesheetOf(html);
      const siteSheet = stylesheetOf(await (await page.request.get("/")).text())[0];
      const [tillRules, siteRules] = await Promise.all([
        selectorsOf(page, tillSheet!),
        selectorsOf(page, siteSheet!),
      ]);
      const shown = new Set(await classesSeen(page));
      expect([...shown]).toEqual(
        expect.arrayContaining(["alert-warning", "is-invalid", "till-out"]),
      );
      // Every rule of the site's stylesheet that can match with the classes the till showed is
      // in the till's: the till looks as it would with the whole sheet.
      const canMatch = [...siteRules].filter((rule) =>
        requiredClasses(rule).every((name) => shown.has(name)),
      );
      expect(canMatch.length).toBeGreaterThan(300);
      expect(canMatch.filter((rule) => !tillRules.has(rule))).toEqual([]);
      // And the cut is real: most of the site's rules are not in it.
      expect(tillRules.size).toBeLessThan(siteRules.size / 2);
    } finally {
      await deleteNotice(e2e.db, notice.id);
    }
  });

  test("a link from the till to another page shows it once the site's stylesheet has loaded", async ({
    e2e,
    context,
    page,
  }) => {
    const { member } = await cashierWithItems(e2e);
    await addSession(context, member);
    await openTill(page);
    // When the next page's heading enters the document, is the site's stylesheet applied?
    await page.evaluate(() => {
      const win = window as unknown as { styledOnArrival?: boolean };
      new MutationObserver((_records, observer) => {
        if (!document.querySelector("[data-testid=invoice-filters]")) return;
        const site = Array.from(document.styleSheets).find((sheet) =>
          /\/assets\/app-/.test(sheet.href ?? ""),
        );
        win.styledOnArrival = site !== undefined && site.cssRules.length > 0;
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator('[data-testid=shophub-nav] a[href^="/shophub/invoices"]').click();
    await page.waitForURL(/\/shophub\/invoices/);
    await expect
      .poll(() => page.evaluate(() => (window as { styledOnArrival?: boolean }).styledOnArrival))
      .toBe(true);
    // Back to the till: it works as before.
    await page.goBack();
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    await page.getByTestId("till-scan").fill("8850999320014");
    await page.getByTestId("till-scan").press("Enter");
    await expect.poll(() => page.getByTestId("till-line").count(), SLOW).toBe(1);
  });

  test("a browser that never was a registered till loads no offline sender and makes no till database, and sells", async ({
    e2e,
    context,
    page,
  }) => {
    const { member } = await cashierWithItems(e2e);
    await addSession(context, member);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await openTill(page);
    await page.getByTestId("till-scan").fill("8850999320014");
    await page.getByTestId("till-scan").press("Enter");
    await page.getByTestId("till-pay-open").click();
    await page.getByTestId("till-pay-dialog").getByTestId("till-cash").fill("20");
    await page.getByTestId("till-pay-dialog").getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);
    // The sender and its IndexedDB wrapper are a registered till's (decision 0071, 0091).
    expect(scripts.filter((path) => /queue-runner/.test(path))).toEqual([]);
    const databases = await page.evaluate(async () =>
      (await indexedDB.databases()).map((db) => db.name),
    );
    expect(databases).not.toContain("shophub-till");
  });
});
