import { afterEach, describe, expect, it } from "vitest";
import { assetUrls } from "../../bench/page-assets";
import {
  scriptsAfterFirstPaint as firstPaintOfBytes,
  scriptsAfterLargestPaint as largestPaintOfBytes,
} from "../../server/http/scripts-after-largest-paint";

// The rewrites work on the page's bytes, as the server holds it; these pages are text.
const scriptsAfterLargestPaint = (html: string) =>
  largestPaintOfBytes(Buffer.from(html)).toString();
const scriptsAfterFirstPaint = (html: string) => firstPaintOfBytes(Buffer.from(html)).toString();

// Modules as data: addresses, so that the rewritten script really runs (in Node, as a module):
// each one reports whether the page had painted when it was evaluated. Node keeps a module
// per address, so every run has addresses of its own.
const module = (name: string, run: string) =>
  `data:text/javascript,globalThis.loaded.push(['${name}',globalThis.painted]);export const name=1;//${run}`;

/** The shape of React Router's output (8.x): preloads in the head, the module script last. */
function page(nonce: string, run = "") {
  const [ROOT, HOME, ENTRY] = ["root", "home", "entry"].map((name) => module(name, run));
  return `<!DOCTYPE html><html lang="th"><head><meta charSet="utf-8"/><title>หน้าแรก | ดีพีเทค</title>
<link rel="preload" as="image" href="/images/banners/ai-camera.svg" fetchPriority="high"/>
<link rel="preload" href="/assets/sarabun.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>
<link rel="preload" href="/i18n/th/frame.b2388773551f.json" as="fetch" crossorigin="anonymous" fetchPriority="low"/>
<link rel="preload" href="/i18n/th/home.3d6bfe16818b.json" as="fetch" crossorigin="anonymous" fetchPriority="low"/>
<link rel="modulepreload" href="${ENTRY}" nonce="${nonce}"/>
<link rel="modulepreload" href="/assets/framework-sBaC3vkF.js" nonce="${nonce}"/>
<link rel="modulepreload" href="${ROOT}" nonce="${nonce}"/>
<link nonce="${nonce}" rel="stylesheet" href="/assets/app-zwYdg1KV.css"/>
</head><body><h1>หน้าแรก</h1>
<script nonce="${nonce}">window.__reactRouterContext = {"basename":"/"};</script>
<script nonce="${nonce}" type="module" async="">;
import * as route0 from "${ROOT}";
import * as route1 from "${HOME}";
  window.__reactRouterManifest = {"entry":{"module":"${ENTRY}"},"url":"/assets/manifest-43a1d66a.js"};
  window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};

import("${ENTRY}");</script><script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script></body></html>`;
}

declare global {
  var loaded: [string, boolean][];
  var painted: boolean;
}

const moduleScript = (html: string) =>
  /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

interface Added {
  rel?: string;
  as?: string;
  crossOrigin?: string;
  href?: string;
  type?: string;
  nonce?: string;
  textContent?: string;
  afterPaint: boolean;
}

/**
 * The page's document, as far as the deferred script uses it: what it adds to the head is
 * recorded, and a module script added there runs (as a data: module), as a browser would run it.
 */
function fakeDocument(visibilityState: string, images: unknown[]): Added[] {
  const added: Added[] = [];
  (globalThis as Record<string, unknown>).document = {
    visibilityState,
    images,
    createElement: (name: string) => {
      expect(["link", "script"]).toContain(name);
      return {};
    },
    querySelector: (selector: string) => (selector === "script[nonce]" ? { nonce: "n0nce" } : null),
    head: {
      append(element: Omit<Added, "afterPaint">) {
        added.push({ ...element, afterPaint: globalThis.painted });
        if (element.type === "module")
          void import(
            /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(element.textContent ?? "")}`
          );
      },
    },
  };
  return added;
}

/**
 * The browser's PerformanceObserver as the deferred script uses it: the first contentful paint
 * after `firstPaintMs`, then (with `largestPaint`) the entry of the image painted as the largest
 * element. `painted` becomes true with the last of them (what the modules record when they run).
 */
function browserPaints(options: { firstPaintMs: number; largestPaint?: [number, unknown] }) {
  const globals = globalThis as Record<string, unknown>;
  const types: string[] = [];
  return class {
    static types = types;
    constructor(
      private readonly report: (list: {
        getEntries(): unknown[];
        getEntriesByName(name: string): unknown[];
      }) => void,
    ) {}
    observe({ type, buffered }: { type: string; buffered: boolean }) {
      expect(buffered).toBe(true);
      types.push(type);
      if (type === "paint") {
        setTimeout(() => {
          if (!options.largestPaint) globals.painted = true;
          const entries = [{ name: "first-contentful-paint" }];
          this.report({
            getEntries: () => entries,
            getEntriesByName: (name) => entries.filter((entry) => entry.name === name),
          });
        }, options.firstPaintMs);
      } else {
        expect(type).toBe("largest-contentful-paint");
        const [ms, element] = options.largestPaint ?? [];
        if (ms === undefined) return;
        setTimeout(() => {
          globals.painted = true;
          const entries = [{ element }];
          this.report({ getEntries: () => entries, getEntriesByName: () => [] });
        }, ms);
      }
    }
    disconnect() {}
  };
}

/** The globals a visible tab's page script reads: nothing loaded or painted yet, frames drawn. */
function visibleBrowser() {
  const globals = globalThis as Record<string, unknown>;
  globals.loaded = [];
  globals.painted = false;
  globals.window = globals;
  globals.innerHeight = 800;
  globals.requestAnimationFrame = (frame: () => void) => setTimeout(frame, 1);
}

describe("a kept visitor page's scripts", () => {
  const globals = globalThis as Record<string, unknown>;
  const nodesOwn = globalThis.PerformanceObserver;
  afterEach(() => {
    for (const name of ["window", "document", "requestAnimationFrame", "innerHeight", "loaded"])
      Reflect.deleteProperty(globals, name);
    delete globals.painted;
    globals.PerformanceObserver = nodesOwn;
  });

  it("lose their module and text preloads and keep every other link and script", () => {
    const before = page("n0nce");
    const after = scriptsAfterLargestPaint(before);
    expect(after).not.toContain('<link rel="modulepreload"');
    // The interface text is read by hydration only: it waits with the scripts.
    expect(after).not.toMatch(/<link rel="preload" href="\/i18n\//);
    expect(after).toContain(
      '<link nonce="n0nce" rel="stylesheet" href="/assets/app-zwYdg1KV.css"/>',
    );
    expect(after).toContain('as="font"');
    expect(after).toContain('fetchPriority="high"');
    expect(after.match(/<script/g)).toHaveLength(3);
    expect(after).toContain("window.__reactRouterContext.streamController.close();");
    expect(after).toContain("<h1>หน้าแรก</h1>");
    // The rewrite cuts the page's bytes around Thai text: all but the changed parts is the same.
    const unchanged = (html: string) =>
      html
        .replace(/<link rel="modulepreload"[^>]*>|<link rel="preload" href="\/i18n\/[^>]*>/g, "")
        .replace(/(<script[^>]*type="module"[^>]*>)[\s\S]*?<\/script>/, "$1</script>");
    expect(unchanged(after)).toBe(unchanged(before));
    expect(after).toContain("<title>หน้าแรก | ดีพีเทค</title>");
    // React Router's script is still there, as text, to be run after the largest paint.
    expect(moduleScript(after)).not.toMatch(/^\s*import \* as/m);
    expect(moduleScript(after)).not.toContain("</");
  });

  it("load the route modules once the first screen's image has painted, then the entry", async () => {
    visibleBrowser();
    // The hero image: decoded a moment after the first frame, then painted, which the browser
    // reports as the largest contentful paint.
    const hero = {
      getBoundingClientRect: () => ({ top: 120, bottom: 420, width: 375, height: 300 }),
      decode: () => new Promise((decoded) => setTimeout(decoded, 20)),
    };
    // None is waited for: one is further down, one has no box, and a hidden slide's is where
    // the hero is but not visible (the carousel does not lay it out before it runs, so it
    // would never load).
    const belowTheFold = {
      getBoundingClientRect: () => ({ top: 2400, bottom: 2700, width: 375, height: 300 }),
      decode: () => new Promise(() => undefined),
    };
    const noBox = {
      getBoundingClientRect: () => ({ top: 0, bottom: 0, width: 0, height: 0 }),
      decode: () => new Promise(() => undefined),
    };
    const hiddenSlide = {
      getBoundingClientRect: () => ({ top: 120, bottom: 420, width: 375, height: 300 }),
      checkVisibility: () => false,
      decode: () => new Promise(() => undefined),
    };
    globals.PerformanceObserver = browserPaints({ firstPaintMs: 10, largestPaint: [40, hero] });
    const added = fakeDocument("visible", [hero, belowTheFold, noBox, hiddenSlide]);
    const script = moduleScript(scriptsAfterLargestPaint(page("n0nce", "visible")));
    const started = performance.now();
    await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(script)}`);
    // Well before the 3 s the wait gives the pictures: none of the others held it back.
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect.poll(() => globalThis.loaded.length).toBe(3);
    const preloads = added.filter((element) => element.rel === "modulepreload");
    expect(preloads.map(({ href }) => href)).toEqual([
      module("entry", "visible"),
      "/assets/framework-sBaC3vkF.js",
      module("root", "visible"),
    ]);
    expect(preloads.every(({ afterPaint }) => afterPaint)).toBe(true);
    const texts = added.filter((element) => element.rel === "preload");
    expect(texts).toEqual([
      {
        rel: "preload",
        as: "fetch",
        crossOrigin: "anonymous",
        href: "/i18n/th/frame.b2388773551f.json",
        afterPaint: true,
      },
      {
        rel: "preload",
        as: "fetch",
        crossOrigin: "anonymous",
        href: "/i18n/th/home.3d6bfe16818b.json",
        afterPaint: true,
      },
    ]);
    // React Router's own script, with the page's nonce, after the preloads.
    expect(added.at(-1)).toMatchObject({ type: "module", nonce: "n0nce", afterPaint: true });
    expect(globalThis.loaded).toEqual([
      ["root", true],
      ["home", true],
      ["entry", true],
    ]);
    const modules = globals.__reactRouterRouteModules as Record<string, { name: number }>;
    expect(modules.root?.name).toBe(1);
    expect(modules["routes/site/home"]?.name).toBe(1);
  });

  it("load after the first contentful paint when the first screen has no picture", async () => {
    // A frame can come before the text is painted (it waits for its font): waiting for the
    // frame alone let /contact start its scripts 36 ms before its first paint.
    visibleBrowser();
    const observer = browserPaints({ firstPaintMs: 30 });
    globals.PerformanceObserver = observer;
    fakeDocument("visible", []);
    const script = moduleScript(scriptsAfterLargestPaint(page("n0nce", "text-first")));
    await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(script)}`);
    await expect.poll(() => globalThis.loaded.length).toBe(3);
    expect(globalThis.loaded).toEqual([
      ["root", true],
      ["home", true],
      ["entry", true],
    ]);
    expect(observer.types).toEqual(["paint"]);
  });

  it("load after the first paint alone on the till, without waiting for its pictures", async () => {
    visibleBrowser();
    // A product photo on the first screen that never finishes decoding: the largest-paint wait
    // would sit out its 3 s for it; the till's does not look at pictures at all.
    const photo = {
      getBoundingClientRect: () => ({ top: 300, bottom: 400, width: 100, height: 100 }),
      decode: () => new Promise(() => undefined),
    };
    const observer = browserPaints({ firstPaintMs: 30 });
    globals.PerformanceObserver = observer;
    const added = fakeDocument("visible", [photo]);
    const html = scriptsAfterFirstPaint(page("n0nce", "till"));
    expect(html).not.toContain('<link rel="modulepreload"');
    const started = performance.now();
    await import(
      /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(moduleScript(html))}`
    );
    await expect.poll(() => globalThis.loaded.length).toBe(3);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(globalThis.loaded).toEqual([
      ["root", true],
      ["home", true],
      ["entry", true],
    ]);
    expect(observer.types).toEqual(["paint"]);
    expect(added.filter((element) => element.rel === "modulepreload")).toHaveLength(3);
  });

  it("load at once in a hidden tab, which paints nothing until it is shown", async () => {
    globals.loaded = [];
    globals.painted = false;
    globals.window = globals;
    fakeDocument("hidden", []);
    globals.requestAnimationFrame = () => {
      throw new Error("no frame in a hidden tab");
    };
    const script = moduleScript(scriptsAfterLargestPaint(page("n0nce", "hidden")));
    await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(script)}`);
    await expect.poll(() => globalThis.loaded.length).toBe(3);
    expect(globalThis.loaded.map(([name]) => name)).toEqual(["root", "home", "entry"]);
  });

  it("are all still found by the asset budget (npm run bench), which reads them from the HTML", () => {
    const urls = (html: string) =>
      assetUrls(html, "http://127.0.0.1/")
        .map(({ url, kind }) => `${kind} ${url}`)
        .sort();
    // The page as served: its modules under /assets.
    const before = page("n0nce").replace(
      /data:text\/javascript,[^"]*?'(\w+)'[^"]*/g,
      "/assets/$1.js",
    );
    expect(urls(scriptsAfterLargestPaint(before))).toEqual(urls(before));
    expect(urls(before)).toEqual([
      "css http://127.0.0.1/assets/app-zwYdg1KV.css",
      "js http://127.0.0.1/assets/entry.js",
      "js http://127.0.0.1/assets/framework-sBaC3vkF.js",
      "js http://127.0.0.1/assets/home.js",
      "js http://127.0.0.1/assets/root.js",
    ]);
  });

  it("are left as they are on a page without a module script", () => {
    const plain = '<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(scriptsAfterLargestPaint(plain)).toBe(plain);
  });
});
