import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { WHOLE_THAI_WORDS } from "~/lib/thai-words";
import {
  addSession,
  baseURL,
  cashierWithTillItems,
  hydrated,
  newContext,
  registerMember,
  resetRateLimits,
  setupE2E,
  signInWithForm,
} from "./fixtures";

/**
 * What a page looks like, checked as layout facts (sizes, line counts, overlaps) rather
 * than pixels: the header at desktop widths with a member and a shop, phone widths, the
 * article cards, the home banner and the keyboard.
 */

// Long on purpose: the header must not cut or wrap around it.
const SHOP_NAME = "ร้านกาแฟดอยช้างสาขานิมมานเหมินท์";
const MEMBER_NAME = "สมชาย ใจดีมากมาย";

const e2e = setupE2E();
let member: BrowserContext;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) =>
  a.left < b.right - 0.5 &&
  b.left < a.right - 0.5 &&
  a.top < b.bottom - 0.5 &&
  b.top < a.bottom - 0.5;

async function setLanguage(context: BrowserContext, lang: "th" | "en"): Promise<void> {
  await context.addCookies([{ name: "lang", value: lang, url: baseURL() }]);
}

beforeAll(async () => {
  await resetRateLimits(e2e);
  const registered = await registerMember(e2e, {
    email: `layout-${Date.now()}@example.com`,
    name: MEMBER_NAME,
    verified: "link",
  });
  // One member with an active shop, signed in once for the header checks.
  member = await newContext(e2e.browser);
  // A device that has the site's font, as every member's after their first till: the till's
  // first load without it is drawn in the system's font (tests/e2e/till-first-load.test.ts).
  await member.addCookies([{ name: "fonts", value: "1", url: baseURL() }]);
  const page = await member.newPage();
  page.setDefaultTimeout(10_000);
  await signInWithForm(page, registered);
  await page.goto("/shophub/new", { waitUntil: "domcontentloaded" });
  await hydrated(page, "form.account-form");
  await page.locator("#field-name").fill(SHOP_NAME);
  await page.locator("#field-businessType").selectOption("cafe");
  await page.locator("#field-address").fill("99/1 ถนนนิมมานเหมินท์ เชียงใหม่ 50200");
  await page.locator("#field-phone").fill("053-123-456");
  await page.locator("form.account-form button[type=submit]").click();
  await page.waitForURL((url) => url.pathname === "/storehub");
  await page.close();
});

afterAll(async () => {
  await member?.close();
});

/** Layout facts of the header on the current page. */
function headerFacts(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("header")!;
    const box = (element: Element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { left, right, top, bottom };
    };
    // A label broken inside a word has text on more than one line.
    const linesOf = (element: Element) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
      }
      return tops.size;
    };
    const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true });
    const labels = Array.from(
      header.querySelectorAll(".nav-link, .header-actions > * > summary, .header-actions .btn"),
    ).filter(visible);
    const summary = header.querySelector<HTMLElement>("[data-testid=active-shop]");
    return {
      height: header.getBoundingClientRect().height,
      multiLine: labels.filter((label) => linesOf(label) > 1).map((l) => l.textContent),
      parts: [
        header.querySelector(".navbar-brand"),
        header.querySelector(".navbar-nav"),
        ...Array.from(header.querySelectorAll(".header-actions > *")),
      ]
        .filter((element): element is Element => !!element && visible(element))
        .map((element) => ({ text: element.textContent, ...box(element) })),
      shopFullName: summary?.closest("summary")?.getAttribute("title") ?? null,
    };
  });
}

describe("layout facts", () => {
  it("a page draws its text with the font files it preloads, none found only once laid out, and no SVG picture", async () => {
    // A face the browser finds only when it lays the page out arrives a round trip later, and
    // bold Thai text waits for it (even its spaces come from the Latin file).
    const visitor = await newContext(e2e.browser);
    const pages: [BrowserContext, "th" | "en", string[]][] = [
      [visitor, "th", ["/", "/article/wire", "/contact", "/shophub", "/asset"]],
      [visitor, "en", ["/", "/contact", "/shophub"]],
      [member, "th", ["/shophub/sell", "/storehub", "/shophub"]],
    ];
    try {
      for (const [context, lang, paths] of pages) {
        await setLanguage(context, lang);
        const page = await context.newPage();
        for (const path of paths) {
          await page.goto(path, { waitUntil: "load" });
          const fonts = await page.evaluate(async () => {
            await document.fonts.ready;
            const pathOf = (url: string) => new URL(url, location.href).pathname;
            return {
              preloaded: Array.from(
                document.querySelectorAll<HTMLLinkElement>("link[rel=preload][as=font]"),
                (link) => pathOf(link.href),
              ),
              loaded: performance
                .getEntriesByType("resource")
                .map((entry) => pathOf(entry.name))
                .filter((name) => name.endsWith(".woff2")),
            };
          });
          expect(fonts.loaded.length, `${lang} ${path}`).toBeGreaterThan(0);
          expect(
            fonts.loaded.filter((file) => !fonts.preloaded.includes(file)),
            `${lang} ${path}`,
          ).toEqual([]);
          // Every SVG picture (an <img>, a CSS background, the icon) costs the page an isolated
          // document on its main thread while it loads (decision 0049). Selects keep
          // Bootstrap's arrow, shown only on pages with a form.
          const svgPictures = await page.evaluate(() => {
            const svg = (url: string) =>
              /\.svg(\?|#|$)|^data:image\/svg|url\("data:image\/svg/.test(url);
            return [
              ...Array.from(document.images, (image) => image.currentSrc || image.src),
              ...Array.from(document.querySelectorAll("link[rel~=icon]"), (link) =>
                link.getAttribute("href"),
              ),
              ...Array.from(document.querySelectorAll("body *"))
                .filter((element) => !element.matches("select"))
                .map((element) => getComputedStyle(element).backgroundImage),
            ].filter((url): url is string => !!url && svg(url));
          });
          expect(svgPictures, `${lang} ${path}`).toEqual([]);
          // The header's member part is in the members' shared chunk (member-parts, decision
          // 0091): a member's page loads it before hydrating, a visitor's never (the home
          // page's script budget, issue 15). Counted once the page has hydrated.
          await hydrated(page, "header a");
          const memberHeaderScripts = await page.evaluate(
            () =>
              performance
                .getEntriesByType("resource")
                .filter((entry) => /\/assets\/member-parts-[^/]*\.js$/.test(entry.name)).length,
          );
          expect(memberHeaderScripts, `${lang} ${path}`).toBe(context === member ? 1 : 0);
        }
        await page.close();
      }
    } finally {
      await setLanguage(member, "th");
      await visitor.close();
    }
  });

  it("the signed-in header with an active shop is one row at 992 to 1920 px, in Thai and English", async () => {
    const page = await member.newPage();
    try {
      for (const lang of ["th", "en"] as const) {
        await setLanguage(member, lang);
        for (const width of [992, 1200, 1440, 1920]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto("/contact", { waitUntil: "domcontentloaded" });
          const facts = await headerFacts(page);
          const where = `${lang} ${width}px`;
          // 61 px is one row (brand, menu and buttons); two rows were 95 px.
          expect(facts.height, where).toBeLessThan(70);
          expect(facts.multiLine, `${where}: ${facts.multiLine.join(" / ")}`).toEqual([]);
          for (const [i, a] of facts.parts.entries())
            for (const b of facts.parts.slice(i + 1))
              expect(overlaps(a, b), `${where}: ${a.text} / ${b.text}`).toBe(false);
          if (width >= 1200) {
            // Inline menu: the member menu and the shop switcher are there, in one row.
            expect(facts.shopFullName, where).toBe(SHOP_NAME);
            const tops = facts.parts.map((part) => Math.round(part.top));
            expect(Math.max(...tops) - Math.min(...tops), where).toBeLessThan(20);
          }
        }
      }
      // The member menu leads to the member's own pages.
      await setLanguage(member, "th");
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await hydrated(page, "[data-testid=member-menu]");
      await page.getByTestId("signed-in-as").click();
      const menu = page.getByTestId("member-menu");
      for (const [key, href] of [
        ["nav.profile", "/user/profile"],
        ["nav.myListings", "/user/listings"],
        ["nav.myShops", "/shophub"],
      ] as const) {
        const link = menu.getByRole("link", { name: th[key], exact: true });
        expect(await link.isVisible(), key).toBe(true);
        expect(await link.getAttribute("href")).toBe(href);
      }
      expect(
        await menu.getByRole("button", { name: th["account.signOut"], exact: true }).isVisible(),
      ).toBe(true);
    } finally {
      await page.close();
      await setLanguage(member, "th");
    }
  });

  it("pages do not scroll sideways on a 375 px phone, signed out and in", async () => {
    const visitor = await newContext(e2e.browser, { viewport: { width: 375, height: 800 } });
    try {
      const pages = ["/", "/contact", "/article/wire", "/shophub", "/user/signIn", "/article"];
      for (const context of [visitor, member]) {
        const page = await context.newPage();
        await page.setViewportSize({ width: 375, height: 800 });
        for (const path of pages) {
          await page.goto(path, { waitUntil: "domcontentloaded" });
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            path,
          ).toBeLessThanOrEqual(375);
        }
        await page.close();
      }
    } finally {
      await visitor.close();
    }
  });

  it("every shophub tool is in view on a 375 px phone and a 1280 px screen, none hidden off the row's edge", async () => {
    const page = await member.newPage();
    try {
      for (const [width, lang] of [
        [375, "th"],
        [375, "en"],
        [1280, "th"],
        [1280, "en"],
      ] as const) {
        await page.setViewportSize({ width, height: 800 });
        await setLanguage(member, lang);
        await page.goto("/shophub/dashboard", { waitUntil: "domcontentloaded" });
        const tools = page.getByTestId("shophub-nav").locator("a, button");
        // The owner's row: sixteen tools (the tax reports, the tills, the day closing, the
        // journal, the customers, the receivables, the price levels and the options among them)
        // and the help entry.
        expect(await tools.count()).toBe(17);
        for (const box of await tools.evaluateAll((all) =>
          all.map((tool) => {
            const rect = tool.getBoundingClientRect();
            return { text: tool.textContent, left: rect.left, right: rect.right };
          }),
        )) {
          expect(box.left, `${width} ${lang} ${box.text}`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${width} ${lang} ${box.text}`).toBeLessThanOrEqual(width);
        }
      }
    } finally {
      await setLanguage(member, "th");
      await page.close();
    }
  });

  it("article card pictures keep their 1200×630 shape on the home page and /article", async () => {
    const page = await e2e.browser.newPage({
      baseURL: baseURL(),
      viewport: { width: 1200, height: 900 },
    });
    try {
      for (const path of ["/", "/article"]) {
        await page.goto(path, { waitUntil: "domcontentloaded" });
        const sizes = await page
          .locator(".article-card .card-img-top")
          .evaluateAll((images) =>
            images.map((image) => image.getBoundingClientRect()).map((r) => [r.width, r.height]),
          );
        expect(sizes.length, path).toBeGreaterThan(0);
        for (const [width, height] of sizes) {
          // About 354×186 at this width; the tall strips were 354×630.
          expect(Math.abs(width! / height! - 1200 / 630), path).toBeLessThan(0.05);
        }
      }
    } finally {
      await page.close();
    }
  });

  it("the home banner: controls clear of the slide's text, a current indicator, focus rings, no pause with reduced motion", async () => {
    for (const width of [375, 992, 1280, 1440]) {
      const page = await e2e.browser.newPage({
        baseURL: baseURL(),
        viewport: { width, height: 900 },
      });
      try {
        await page.goto("/", { waitUntil: "domcontentloaded" });
        const facts = await page.evaluate(() => {
          const box = (selector: string) => {
            const { left, right, top, bottom } = document
              .querySelector(selector)!
              .getBoundingClientRect();
            return { left, right, top, bottom };
          };
          const indicators = Array.from(
            document.querySelectorAll(".slide-carousel .carousel-indicators > button"),
            (button) => getComputedStyle(button).backgroundColor,
          );
          const subtitle = box(".carousel-item.active .hero-slide__subtitle");
          // Every banner drawing (public/images/banners/*.svg, 1600 x 600) starts at x = 760;
          // the image is cropped like CSS object-fit: cover with object-position: right.
          const image = box(".carousel-item.active .hero-slide__image");
          const scale = Math.max(
            (image.right - image.left) / 1600,
            (image.bottom - image.top) / 600,
          );
          const drawingLeft = image.right - 1600 * scale + 760 * scale;
          return {
            controls: [box(".carousel-control-prev"), box(".carousel-control-next")],
            text: [
              box(".carousel-item.active .hero-slide__box .btn"),
              box(".carousel-item.active .hero-slide__title"),
              subtitle,
            ],
            activeIndicator: getComputedStyle(
              document.querySelector(".slide-carousel .carousel-indicators > .active")!,
            ).backgroundColor,
            indicators,
            drawingLeft,
          };
        });
        for (const control of facts.controls)
          for (const text of facts.text) expect(overlaps(control, text), `${width}px`).toBe(false);
        expect(facts.indicators.filter((color) => color === facts.activeIndicator)).toHaveLength(1);
        // From 992 px the text has no backdrop: title, subtitle and button end before the
        // drawing begins (below that they sit on a dark gradient).
        if (width >= 992)
          for (const text of facts.text)
            expect(text.right, `${width}px`).toBeLessThan(facts.drawingLeft);
      } finally {
        await page.close();
      }
    }
    const page = await e2e.browser.newPage({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 900 },
    });
    try {
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await hydrated(page, "[data-testid=home-carousel]");
      await page.locator(".carousel-control-next").focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      expect(
        await page
          .locator(".carousel-control-next")
          .evaluate((button) => getComputedStyle(button).outlineStyle),
      ).not.toBe("none");
      // The dark header's menu links show their focus too.
      await page.locator("header .nav-link").first().focus();
      expect(
        await page
          .locator("header .nav-link")
          .first()
          .evaluate((link) => getComputedStyle(link).outlineStyle),
      ).not.toBe("none");
      await page.emulateMedia({ reducedMotion: "reduce" });
      expect(await page.locator(".slide-carousel__pause").isVisible()).toBe(false);
    } finally {
      await page.close();
    }
  });

  it("the article's contents box stays under the header, and /shophub's contacts are separate links", async () => {
    const page = await e2e.browser.newPage({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 800 },
    });
    try {
      await page.goto("/article/wire", { waitUntil: "domcontentloaded" });
      // Scroll until the contents box is carried up behind the header by the article's end.
      const probe = await page.evaluate(() => {
        const toc = document.querySelector(".article-toc")!;
        const column = toc.parentElement!;
        window.scrollTo({
          top: column.getBoundingClientRect().bottom + window.scrollY - 30,
          behavior: "instant",
        });
        const header = document.querySelector("header")!.getBoundingClientRect();
        const rect = toc.getBoundingClientRect();
        return {
          x: rect.left + 10,
          y: header.bottom - 5,
          tocTop: rect.top,
          headerBottom: header.bottom,
        };
      });
      expect(probe.tocTop).toBeLessThan(probe.headerBottom);
      expect(
        await page.evaluate(
          ({ x, y }) => !!document.elementFromPoint(x, y)?.closest("header"),
          probe,
        ),
      ).toBe(true);

      await page.goto("/shophub", { waitUntil: "domcontentloaded" });
      const links = await page
        .getByTestId("final-cta-contacts")
        .locator("a")
        .evaluateAll((anchors) =>
          anchors.map((a) => ({ href: a.getAttribute("href")!, text: a.textContent! })),
        );
      expect(links.map((link) => link.href.split(":")[0])).toEqual(["tel", "mailto", "https"]);
      // A tel: link holds a phone number, not a sentence with an e-mail in it.
      expect(links[0]!.text).not.toContain("@");
    } finally {
      await page.close();
    }
  });

  it("/shophub's Thai copy never cuts สต็อก, พร้อมเพย์, บาร์โค้ด or คิวอาร์ across two lines", async () => {
    const page = await e2e.browser.newPage({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 800 },
    });
    try {
      await page.goto("/shophub", { waitUntil: "load" });
      // Chrome cut the lead's "สต็อก" as "ดูสต็" / "อก" at 1280 px, and others at phone and
      // tablet widths: each width reflows the same page.
      for (const width of [375, 390, 768, 820, 992, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        const cut = await page.evaluate((words) => {
          const found: string[] = [];
          const main = document.querySelector("main")!;
          const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const raw = (node as Text).data;
            // Where each letter of the text sits once the word joiners are left out.
            const at: number[] = [];
            let plain = "";
            for (let i = 0; i < raw.length; i += 1) {
              if (raw[i] === "\u2060") continue;
              at.push(i);
              plain += raw[i];
            }
            for (const word of words) {
              for (let i = plain.indexOf(word); i >= 0; i = plain.indexOf(word, i + 1)) {
                const range = document.createRange();
                range.setStart(node, at[i]!);
                range.setEnd(node, at[i + word.length - 1]! + 1);
                const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
                if (tops.size > 1)
                  found.push(`${word} in “${plain.slice(Math.max(0, i - 12), i + 16)}”`);
              }
            }
          }
          return found;
        }, WHOLE_THAI_WORDS);
        expect(cut, `${width} px`).toEqual([]);
      }
    } finally {
      await page.close();
    }
  });

  it("keyboard: Tab stays in the phone menu, a failed form's summary gets the focus, category links differ", async () => {
    const page = await e2e.browser.newPage({
      baseURL: baseURL(),
      viewport: { width: 375, height: 800 },
    });
    try {
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await hydrated(page, ".navbar-toggler");
      await page.locator(".navbar-toggler").click();
      await page.locator("#site-menu[aria-modal=true]").waitFor();
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press(i % 7 === 6 ? "Shift+Tab" : "Tab");
        expect(
          await page.evaluate(() => !!document.activeElement?.closest("#site-menu")),
          `Tab ${i + 1}`,
        ).toBe(true);
      }
      await page.keyboard.press("Escape");

      const names = await page
        .locator(".category-card a")
        .evaluateAll((links) => links.map((link) => link.textContent?.trim()));
      expect(names.length).toBeGreaterThan(1);
      expect(new Set(names).size).toBe(names.length);

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/contact", { waitUntil: "domcontentloaded" });
      await hydrated(page, "form.contact-form");
      await page.locator("form.contact-form button[type=submit]").click();
      await page.getByTestId("error-summary").waitFor();
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null),
        )
        .toBe("error-summary");
    } finally {
      await page.close();
    }
  });
});

describe("the till's layout (issue 32.13)", () => {
  /** A cashier's till with twelve items, open at `viewport` on a device that has the font. */
  async function openTill(viewport: { width: number; height: number }) {
    const { member } = await cashierWithTillItems(e2e, {
      emailPrefix: "layout-till",
      moreItems: Array.from({ length: 10 }, (_, i) => ({
        fields: {
          name: `สินค้าทดสอบ ${i + 1}`,
          sku: `LAYOUT-${Date.now()}-${i}`,
          barcode: null,
          unit: "ชิ้น",
          price: 1_000 + i * 100,
        },
        qty: 20_000,
      })),
    });
    const context = await newContext(e2e.browser, { viewport });
    await context.addCookies([{ name: "fonts", value: "1", url: baseURL() }]);
    await addSession(context, member);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    return { context, page };
  }

  it("at 1280 × 720 with ten lines on the bill, its total and the Pay button stay in view", async () => {
    const { context, page } = await openTill({ width: 1280, height: 720 });
    try {
      const tiles = page.getByTestId("till-item");
      for (let i = 0; i < 10; i += 1) await tiles.nth(i).click();
      await expect.poll(() => page.getByTestId("till-line").count()).toBe(10);
      for (const where of ["top", "bottom"] as const) {
        await page.evaluate(
          (end) => window.scrollTo(0, end === "top" ? 0 : document.documentElement.scrollHeight),
          where,
        );
        const inView = await page.evaluate(() => {
          const shown = (testId: string) => {
            const box = document.querySelector(`[data-testid=${testId}]`)!.getBoundingClientRect();
            return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
          };
          return { total: shown("till-total"), pay: shown("till-pay-open") };
        });
        expect(inView, `scrolled to the ${where}`).toEqual({ total: true, pay: true });
      }
    } finally {
      await context.close();
    }
  });

  it("on a 375 × 812 phone, two rows of tiles or more show above the bottom bar as it opens", async () => {
    const { context, page } = await openTill({ width: 375, height: 812 });
    try {
      const rows = await page.evaluate(() => {
        const bar = document.querySelector(".till-bar")!.getBoundingClientRect();
        const bottom = Math.min(window.innerHeight, bar.top);
        const tops = new Set<number>();
        for (const tile of document.querySelectorAll("[data-testid=till-item]")) {
          const box = tile.getBoundingClientRect();
          if (box.top >= 0 && box.bottom <= bottom) tops.add(Math.round(box.top));
        }
        return {
          rows: tops.size,
          firstTile: document.querySelector("[data-testid=till-item]")!.getBoundingClientRect().top,
        };
      });
      expect(rows.rows, `the first tile starts at ${rows.firstTile} px`).toBeGreaterThanOrEqual(2);
    } finally {
      await context.close();
    }
  });
});
