import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";
import { DEMO_CATEGORIES } from "~/modules/content/demo-content";
import {
  baseURL,
  memberWithShop,
  openAs,
  registerMember,
  withPage,
  setupE2E,
  hydrated,
} from "./fixtures";

const THAI = /[\u0E00-\u0E7F]/;

const e2e = setupE2E();

/** Every JSON-LD block of the page, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The page has hydrated (React attached its handlers), so client-side behaviour works. */
async function waitForHydration(page: Page): Promise<void> {
  await hydrated(page, "header a");
}

describe("home page", () => {
  it("is Thai by default and carries the SEO tags and the Organization JSON-LD", async () => {
    await withPage(e2e.browser, async (page) => {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("th");
      expect(await page.title()).toBe(th["site.title"]);

      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description).toMatch(THAI);
      expect(description!.length).toBeGreaterThan(50);
      expect(await page.locator('meta[name="keywords"]').getAttribute("content")).toBe(
        th["site.keywords"],
      );
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
        `${baseURL()}/`,
      );
      expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(
        th["site.title"],
      );
      expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
        /^https?:\/\/.+\.(png|jpe?g|webp)$/,
      );

      const organization = (await jsonLd(page)).find((block) => block["@type"] === "Organization");
      expect(organization).toBeDefined();
      expect(organization!.telephone).toBe("+6621147788");
    });
  });

  it("lists the seven product categories, the featured articles and the shophub promotion", async () => {
    await withPage(e2e.browser, async (page) => {
      await page.goto("/");
      const products = page.locator("#products");
      await expect
        .poll(() => products.locator(".category-card:not(.category-card--cta) h3").allInnerTexts())
        .toEqual(DEMO_CATEGORIES.map((category) => category.nameTh));
      expect(await products.locator("h2").innerText()).toBe(th["home.categoriesTitle"]);

      const featured = page.locator('section[aria-labelledby="featured-title"] .article-card a');
      expect(await featured.count()).toBe(3);
      for (const href of await featured.evaluateAll((links) =>
        links.map((link) => link.getAttribute("href")),
      )) {
        expect(href).toMatch(/^\/article\/[\w-]+$/);
      }

      const promo = page.getByRole("link", { name: th["home.shophubCta"] });
      expect(await promo.getAttribute("href")).toBe("/shophub");
      await waitForHydration(page);
      await promo.click();
      await page.waitForURL("**/shophub");
      await page.locator("[data-plan]").first().waitFor();
    });
  });
});

describe("home carousel", () => {
  /** The settled active slide's id, or null while a slide transition is running. */
  const activeSlide = (page: Page) =>
    page.evaluate(() => {
      const active = document.querySelectorAll(".carousel-item.active");
      const moving = document.querySelectorAll(".carousel-item-next, .carousel-item-prev");
      return active.length === 1 && moving.length === 0
        ? active[0]!.getAttribute("data-slide")
        : null;
    });

  const slideIds = (page: Page) =>
    page
      .locator(".carousel-item")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-slide")!));

  async function openHome(page: Page): Promise<string[]> {
    await page.goto("/");
    await waitForHydration(page);
    const ids = await slideIds(page);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    return ids;
  }

  const following = (ids: string[], id: string) => ids[(ids.indexOf(id) + 1) % ids.length];

  it("fetches the other slides' pictures only once its script can show them", async () => {
    const bannersRequested = (page: Page) => {
      const names = new Set<string>();
      page.on("request", (request) => {
        const name = /\/images\/banners\/([\w-]+)\.\d+\.webp/.exec(request.url())?.[1];
        if (name) names.add(name);
      });
      return names;
    };
    // Until the page's scripts run nothing advances: only the first slide's picture is
    // fetched. (Scripts held back rather than JavaScript turned off: the browser then fetches
    // every lazy picture at once.)
    await withPage(e2e.browser, async (page) => {
      await page.route("**/assets/*.js", (route) => route.abort());
      const requested = bannersRequested(page);
      await page.goto("/", { waitUntil: "load" });
      await page.waitForTimeout(500);
      expect([...requested]).toHaveLength(1);
    });
    // Once the carousel runs, every slide's picture comes before the first advance.
    await withPage(e2e.browser, async (page) => {
      const requested = bannersRequested(page);
      const ids = await openHome(page);
      await expect.poll(() => requested.size, { timeout: 4_000 }).toBe(ids.length);
    });
  });

  it("advances by itself within about seven seconds", async () => {
    await withPage(e2e.browser, async (page) => {
      const ids = await openHome(page);
      const first = await activeSlide(page);
      expect(first).toBe(ids[0]);
      await expect
        .poll(() => activeSlide(page), { timeout: 7_000, interval: 200 })
        .toBe(following(ids, first!));
    });
  });

  it("advances with the next control and with the ArrowRight key", async () => {
    await withPage(e2e.browser, async (page) => {
      const ids = await openHome(page);
      const carousel = page.getByTestId("home-carousel");
      // Keep the pointer over the slides (which pauses auto-advance) so only our input moves them.
      await carousel.hover({ position: { x: 40, y: 40 } });
      await expect.poll(() => activeSlide(page)).not.toBeNull();

      const beforeClick = (await activeSlide(page))!;
      await page.getByRole("button", { name: th["home.heroNext"] }).click();
      await expect.poll(() => activeSlide(page)).toBe(following(ids, beforeClick));

      const beforeKey = (await activeSlide(page))!;
      // Focus the carousel and use the keyboard.
      await carousel.focus();
      expect(await carousel.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => activeSlide(page)).toBe(following(ids, beforeKey));
    });
  });

  // These two check that nothing happens for longer than the 5 s interval. The page runs on
  // Playwright's clock, which jumps that time forward instantly; each test then shows that the
  // same jump does move a running carousel, so a stopped one is really stopped.
  const SIX_SECONDS = 6_000;

  it("does not advance while keyboard focus is inside it", async () => {
    await withPage(e2e.browser, async (page) => {
      await page.clock.install();
      await openHome(page);
      await expect.poll(() => activeSlide(page)).not.toBeNull();
      const focused = (await activeSlide(page))!;
      // A keyboard user tabs to the slide's link (the pointer stays off the slides).
      await page.locator(".carousel-item.active a").focus();
      expect(
        await page.evaluate(() => !!document.activeElement?.closest(".carousel-item.active")),
      ).toBe(true);
      await page.clock.runFor(SIX_SECONDS);
      expect(await activeSlide(page)).toBe(focused);

      // Focus leaves the carousel: it runs again.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.clock.runFor(SIX_SECONDS);
      await expect.poll(() => activeSlide(page)).not.toBe(focused);
    });
  });

  it("stops advancing after the pause button is pressed", async () => {
    await withPage(e2e.browser, async (page) => {
      await page.clock.install();
      await openHome(page);
      const pause = page.locator(".slide-carousel__pause");
      expect(await pause.innerText()).toBe(th["home.pauseSlides"]);
      await pause.click();
      // Move the pointer and the focus off the slides, so only the pause button can be what
      // stops them (hover and focus pause the slides too).
      await page.mouse.move(5, 5);
      await pause.evaluate((button) => (button as HTMLElement).blur());
      await expect.poll(() => pause.getAttribute("aria-pressed")).toBe("true");
      expect(await pause.innerText()).toBe(th["home.playSlides"]);
      await expect.poll(() => activeSlide(page)).not.toBeNull();
      const paused = (await activeSlide(page))!;
      await page.clock.runFor(SIX_SECONDS);
      expect(await activeSlide(page)).toBe(paused);
      await page.clock.runFor(SIX_SECONDS);
      expect(await activeSlide(page)).toBe(paused);

      // The same button starts it again.
      await pause.click();
      await page.mouse.move(5, 5);
      await pause.evaluate((button) => (button as HTMLElement).blur());
      expect(await pause.innerText()).toBe(th["home.pauseSlides"]);
      await page.clock.runFor(SIX_SECONDS);
      await expect.poll(() => activeSlide(page)).not.toBe(paused);
    });
  });
});

describe("articles", () => {
  it.each(["ai", "pos-manual", "buy-house-or-car"])(
    "/article/%s renders in Thai with headings and Article JSON-LD",
    async (slug) => {
      await withPage(e2e.browser, async (page) => {
        const response = await page.goto(`/article/${slug}`);
        expect(response?.status()).toBe(200);
        const h1 = (await page.locator("h1").innerText()).trim();
        expect(h1).toMatch(THAI);
        expect(await page.title()).toBe(`${h1} | ${th["site.name"]}`);
        expect(await page.locator(".article-body h2").count()).toBeGreaterThan(0);
        expect(await page.locator(".article-body h2").first().innerText()).toMatch(THAI);
        const article = (await jsonLd(page)).find((block) => block["@type"] === "Article");
        expect(article).toBeDefined();
        expect(article!.headline).toBe(h1);
        expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe(
          "article",
        );
      });
    },
  );

  it("the article list shows twelve cards linking to the articles", async () => {
    await withPage(e2e.browser, async (page) => {
      await page.goto("/article");
      expect(await page.locator("h1").innerText()).toBe(th["articles.title"]);
      const cards = page.locator('[data-testid="article-list"] .article-card');
      expect(await cards.count()).toBe(12);
      const hrefs = await cards
        .locator("h2 a")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(new Set(hrefs).size).toBe(12);
      for (const href of hrefs) expect(href).toMatch(/^\/article\/[\w-]+$/);
    });
  });
});

describe("404 page", () => {
  it("answers 404 in Thai, links home, and switches to English", async () => {
    await withPage(e2e.browser, async (page) => {
      const response = await page.goto("/no/such/page");
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.locator("h1").innerText()).toBe(th["error.notFound"]);
      const home = page.getByRole("link", { name: th["error.backHome"] });
      expect(await home.getAttribute("href")).toBe("/");

      await waitForHydration(page);
      const switchLanguage = page.getByRole("button", { name: th["lang.switchLabel"] });
      await Promise.all([page.waitForURL("**/no/such/page"), switchLanguage.click()]);
      await expect.poll(() => page.locator("h1").innerText()).toBe("This page could not be found");
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      const englishHome = page.getByRole("link", { name: "Back to the home page" });
      expect(await englishHome.getAttribute("href")).toBe("/");

      await englishHome.click();
      await page.waitForURL(`${baseURL()}/`);
      await expect.poll(() => page.title()).toBe(en["site.title"]);

      // And back to Thai.
      await Promise.all([
        page.waitForURL(`${baseURL()}/`),
        page.getByRole("button", { name: en["lang.switchLabel"] }).click(),
      ]);
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("th");
      expect(await page.title()).toBe(th["site.title"]);
    });
  });

  it("the Thai 'back home' link goes to the home page", async () => {
    await withPage(e2e.browser, async (page) => {
      await page.goto("/no/such/page");
      await waitForHydration(page);
      await page.getByRole("link", { name: th["error.backHome"] }).click();
      await page.waitForURL(`${baseURL()}/`);
      await page.getByTestId("home-carousel").waitFor();
    });
  });
});

describe("mobile menu", () => {
  const mobile = { viewport: { width: 375, height: 740 } };

  it("opens a 320 px offcanvas menu with the nav links, and a link navigates and closes it", async () => {
    await withPage(
      e2e.browser,
      async (page) => {
        await page.goto("/");
        await waitForHydration(page);
        const menu = page.locator("#site-menu");
        const contactLink = menu.getByRole("link", { name: th["nav.contact"] });
        expect(await contactLink.isVisible()).toBe(false);

        await page.locator(".navbar-toggler").click();
        await menu.getByText(th["nav.menu"]).waitFor();
        await contactLink.waitFor({ state: "visible" });
        await expect.poll(async () => (await menu.boundingBox())?.width).toBe(320);
        // Slides in from the right edge of the 375 px screen.
        await expect.poll(async () => (await menu.boundingBox())?.x).toBe(375 - 320);
        for (const key of ["nav.home", "nav.articles", "nav.shophub", "nav.contact"] as const) {
          expect(await menu.getByRole("link", { name: th[key] }).isVisible()).toBe(true);
        }

        await contactLink.click();
        await page.waitForURL("**/contact");
        await expect.poll(() => page.locator("h1").innerText()).toBe(th["contact.title"]);
        await contactLink.waitFor({ state: "hidden" });
        await expect.poll(() => page.locator(".offcanvas-backdrop").count()).toBe(0);
      },
      mobile,
    );
  });

  it("labels the menu button in Thai for screen readers", async () => {
    await withPage(
      e2e.browser,
      async (page) => {
        await page.goto("/");
        const toggler = page.locator(".navbar-toggler");
        await toggler.waitFor();
        expect(await toggler.getAttribute("aria-label")).toBe(th["nav.openMenu"]);
      },
      mobile,
    );
  });
});

describe("a visitor page's scripts", () => {
  it("are React Router's own, preloaded by the page, and the page hydrates", async () => {
    await withPage(e2e.browser, async (page) => {
      for (const path of ["/", "/article", "/contact"]) {
        const response = await page.goto(path);
        const html = (await response?.text()) ?? "";
        // React Router's <Scripts> as it renders them: module preloads and its module script.
        expect(html, path).toContain('rel="modulepreload"');
        expect(html, path).toMatch(/^import \* as route0 from/m);
        await waitForHydration(page);
      }
    });
  });

  it("are the same on a member's page, which is not kept for visitors", async () => {
    const member = await registerMember(e2e);
    const html = await (
      await fetch(`${baseURL()}/`, { headers: { cookie: member.cookie } })
    ).text();
    expect(html).toContain('rel="modulepreload"');
    expect(html).toMatch(/^import \* as route0 from/m);
  });
});

describe("missing pages", () => {
  it("a missing article or listing says so in the page title", async () => {
    for (const path of ["/article/no-such-article", "/asset/no-such-listing"]) {
      const response = await fetch(`${baseURL()}${path}`);
      expect(response.status, path).toBe(404);
      const title = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] ?? "";
      expect(title, path).toContain(th["error.notFound"]);
    }
  });
});

describe("self-check page", () => {
  const row = (page: Page, id: string) => page.locator(`[data-check="${id}"] dd`);

  it("shows the version, the connection and resolves the browser checks", async () => {
    const health = (await (await fetch(`${baseURL()}/healthz`)).json()) as { version: string };
    await withPage(e2e.browser, async (page) => {
      await page.goto("/test");
      expect(await page.locator("h1").innerText()).toBe(th["selfCheck.title"]);
      expect((await row(page, "version").innerText()).trim()).toBe(health.version);
      expect((await row(page, "connection").innerText()).trim()).toBe(th["selfCheck.online"]);
      expect((await row(page, "server").innerText()).trim()).toBe(th["selfCheck.serverOk"]);
      await expect
        .poll(async () => (await row(page, "push").innerText()).trim())
        .toMatch(new RegExp(`^(${th["selfCheck.pushYes"]}|${th["selfCheck.pushNo"]})$`));
      // No analytics run at all: the page says so instead of "allowed".
      expect((await row(page, "analytics").innerText()).trim()).toBe(th["selfCheck.analyticsNone"]);
      expect((await row(page, "javascript").innerText()).trim()).toBe(th["selfCheck.javascriptOn"]);
    });
  });

  it("without JavaScript, the browser-only rows stay at the checking text", async () => {
    // This is what the server sends before the browser takes over.
    await withPage(
      e2e.browser,
      async (page) => {
        await page.goto("/test");
        expect((await row(page, "push").innerText()).trim()).toBe(th["selfCheck.checking"]);
        expect((await row(page, "analytics").innerText()).trim()).toBe(
          th["selfCheck.analyticsNone"],
        );
        expect((await row(page, "javascript").innerText()).trim()).toBe(
          th["selfCheck.javascriptOff"],
        );
      },
      { javaScriptEnabled: false },
    );
  });
});

describe("shophub page", () => {
  it("shows the one free plan there is, no prices that cannot be paid, and links to the manual", async () => {
    await withPage(e2e.browser, async (page) => {
      const response = await page.goto("/shophub");
      expect(response?.status()).toBe(200);
      const plans = await page
        .locator("#pricing [data-plan]")
        .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-plan")));
      expect(plans).toEqual(["free"]);
      expect(await page.locator('[data-plan="free"] h3').innerText()).toBe(
        th["shophubPage.pricing.free.name"],
      );
      const pricing = await page.locator("#pricing").innerText();
      expect(pricing).not.toMatch(/\d\s*บาท|290|590/);
      // A visitor is invited to sign up.
      expect(
        await page
          .getByTestId("shophub-start")
          .evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
      ).toEqual(["/register", "/register"]);
      const manual = page.locator('#manual a[href="/article/pos-manual"]');
      const article = page.locator('#manual a[href="/article/shophub-pos"]');
      expect(await manual.count()).toBe(1);
      expect(await article.count()).toBe(1);

      await waitForHydration(page);
      await manual.click();
      await page.waitForURL("**/article/pos-manual");
      await expect.poll(() => page.locator("h1").innerText()).toMatch(THAI);
    });
  });
  it("asks no member to sign up: an owner goes to the shop's stock, a member without a shop opens one", async () => {
    const owner = await memberWithShop(e2e);
    const noShop = await registerMember(e2e);
    for (const [member, href, label] of [
      [owner.member, "/storehub", th["shophubPage.cta.myShop"]],
      [noShop, "/shophub/new", th["shophubPage.cta.openShop"]],
    ] as const) {
      const { context, page } = await openAs(e2e.browser, member);
      try {
        await page.goto("/shophub");
        const starts = page.getByTestId("shophub-start");
        expect(
          await starts.evaluateAll((links) => links.map((l) => l.getAttribute("href"))),
        ).toEqual([href, href]);
        expect(await starts.first().innerText()).toBe(label);
        expect(await page.locator("main").innerText()).not.toContain(th["shophubPage.heroCta"]);
      } finally {
        await context.close();
      }
    }
  });

  it("walks through the real first sale with screenshots of the real screens, in Thai and in English", async () => {
    const steps = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
    const shots = ["till", "pay", "receipt", "dashboard", "report"] as const;
    for (const [lang, text] of [
      ["th", th],
      ["en", en],
    ] as const) {
      await withPage(e2e.browser, async (page, context) => {
        await context.addCookies([{ name: "lang", value: lang, url: baseURL() }]);
        await page.goto("/shophub");
        const tutorial = page.locator("#tutorial");
        // The page holds some Thai words whole with word joiners (lib/thai-words.ts).
        const plain = (value: string) => value.replaceAll("\u2060", "");
        expect(
          (await tutorial.getByTestId("tutorial-steps").locator("li").allInnerTexts()).map(plain),
        ).toEqual(steps.map((n) => text[`shophubPage.tutorial.step${n}`]));
        expect(plain(await tutorial.innerText())).toContain(text["shophubPage.tutorial.guided"]);
        // What the product does now is on the page: shifts and the drawer, the dashboard.
        const features = (await page.locator("#features h3").allInnerTexts()).map(plain);
        expect(features).toContain(text["shophubPage.features.9.title"]);
        expect(features).toContain(text["shophubPage.features.10.title"]);

        const images = tutorial.getByTestId("tutorial-shots").locator("img");
        const facts = await images.evaluateAll((list) =>
          (list as HTMLImageElement[]).map((img) => ({
            src: img.getAttribute("src") ?? "",
            alt: img.alt.replaceAll("\u2060", ""),
            loading: img.loading,
            width: img.getAttribute("width"),
            height: img.getAttribute("height"),
          })),
        );
        expect(facts).toEqual(
          shots.map((shot) => ({
            src: `/images/shophub/${shot}-${lang}.webp`,
            alt: text[`shophubPage.tutorial.shot.${shot}.alt`],
            // Below the fold: fetched when scrolled to, never competing with the hero.
            loading: "lazy",
            width: "640",
            height: "400",
          })),
        );
        for (const { src, alt } of facts) {
          expect(alt.length).toBeGreaterThan(20);
          const response = await page.request.get(src);
          expect(response.status(), src).toBe(200);
          expect(response.headers()["content-type"]).toBe("image/webp");
        }
        // Scrolled to, every picture loads and shows.
        await tutorial.getByTestId("tutorial-shots").scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            images.evaluateAll((list) =>
              (list as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
            ),
          )
          .toBe(true);

        expect(plain(await page.locator("#manual p").first().innerText())).toBe(
          text["shophubPage.manual.text"],
        );
      });
    }
  });

  it("the manual describes the till's real shortcut keys and no limit the product does not have", async () => {
    await withPage(e2e.browser, async (page) => {
      const response = await page.goto("/article/pos-manual");
      expect(response?.status()).toBe(200);
      const keys = await page
        .locator(".article-body table tbody tr td:first-child")
        .allInnerTexts()
        .then((cells) => cells.map((cell) => cell.trim()));
      // The keys the till's shortcut list shows (routes/shophub/sell/till-page.tsx).
      for (const key of ["F2", "F4", "F8", "F9", "Esc", "Enter"]) expect(keys).toContain(key);
      const body = await page.locator(".article-body").innerText();
      // Each VAT document, and the printers by browser.
      for (const phrase of [
        th["shops.sell.document.receipt"],
        th["shops.sell.document.abbreviatedTaxInvoice"],
        th["shops.sell.document.fullTaxInvoice"],
        th["shops.sell.document.creditNote"],
        "WebUSB",
        "Web Serial",
        "Web Bluetooth",
      ]) {
        expect(body).toContain(phrase);
      }
      // The free plan has no item limit (the old manual said 200).
      expect(body).not.toMatch(/200 รายการ/);
    });
  });

  it("sends only the visitor's language of the page's copy, in the HTML and in the JavaScript", async () => {
    // One long sentence of each language; neither may reach a visitor reading the other.
    const sentence = { th: th["shophubPage.what.p1"], en: en["shophubPage.what.p1"] };
    for (const [lang, other] of [
      ["th", "en"],
      ["en", "th"],
    ] as const) {
      const headers = { cookie: `lang=${lang}` };
      const html = await (await fetch(`${baseURL()}/shophub`, { headers })).text();
      // Every script the page loads: the entry, the route modules and their chunks (named in
      // preload links, or in the module script that loads them after the paint).
      // And the page's interface text, in files of its own (message-registry.ts).
      const scripts = [
        ...new Set(
          [...html.matchAll(/"(\/(?:assets\/[^"\\]+\.js|i18n\/[^"\\]+\.json))\\?"/g)].map(
            (m) => m[1]!,
          ),
        ),
      ];
      const textScript = scripts.find((path) => path.startsWith(`/i18n/${lang}/shophubPage.`));
      expect(textScript).toBeDefined();
      expect(scripts.length).toBeGreaterThan(0);
      const javascript = await Promise.all(
        scripts.map(async (path) => (await fetch(`${baseURL()}${path}`)).text()),
      );
      // What a client-side visit to the page fetches instead of the HTML.
      const data = await (await fetch(`${baseURL()}/shophub.data`, { headers })).text();
      const payload = [html, data, ...javascript].join("\n");
      expect(html).toContain(sentence[lang]);
      // The title tag reads the page's title text (the meta function sees the area too).
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      expect(title).toContain({ th, en }[lang]["shophubPage.title"].slice(0, 20));
      // The data refers to the same text file, which holds the copy.
      expect(data).toContain(textScript);
      expect(javascript[scripts.indexOf(textScript!)]).toContain(sentence[lang]);
      for (const form of [sentence[other], JSON.stringify(sentence[other]).slice(1, -1)]) {
        expect(payload.includes(form), `${lang} page carries the ${other} copy`).toBe(false);
      }
    }
  });
});
