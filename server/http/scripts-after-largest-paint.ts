/**
 * A kept visitor page (server/http/render-cache.ts) starts loading its JavaScript once it has
 * shown its largest element, not while it is still loading its stylesheet, fonts and images
 * (issue 15; docs/decisions/0044-visitor-scripts-after-the-largest-paint.md).
 *
 * Everything a visitor reads is in the server's HTML; the scripts only make the page
 * interactive (hydration). React Router's `<Scripts>` asks for every module at once: a
 * `<link rel="modulepreload">` per module in the head, found by the browser's preload scanner,
 * and static imports in its inline module script. On a slow mobile connection those 110 KiB
 * (high priority) share the line with what the first paint waits for. Here the preload links
 * go, and React Router's module script waits: once the page has painted its largest element,
 * the same preload links are added again and the script's text runs unchanged, as a module
 * script added with the page's nonce. The interface text files that hydration reads (decision
 * 0046) are preloaded then too, not before the paint. The page becomes interactive a moment
 * later than before; links and forms work as plain HTML until then. React Router marks its
 * elements `suppressHydrationWarning`, so hydration does not mind that their markup changed,
 * and it finds its preload links in the head when it runs.
 *
 * Member pages are applications used at once and repeatedly, mostly from the browser's cache:
 * they keep React Router's eager loading, except the till, whose scripts wait for its first
 * paint only (`scriptsAfterFirstPaint`, decision 0054).
 */

// The module preloads and the page's interface text (decision 0046), which only hydration reads.
const DEFERRED_PRELOAD =
  /<link rel="modulepreload"[^>]*>|<link rel="preload" href="\/i18n\/[^"]*"[^>]*>/g;
const MODULE_PRELOAD_START = '<link rel="modulepreload"';
const HREF = ' href="';
const MODULE_SCRIPT_TAG = /^<script\b[^>]*\btype="module"[^>]*>$/;
const STATIC_IMPORT = /^import \* as \w+ from "/m;

// The deferred script's waits, as lines of its text (it runs in the browser, not here).
const WAIT_HELPERS = [
  "const nextFrame = () => new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));",
  "const atMost = (ms, promise) => Promise.race([promise, new Promise((late) => setTimeout(late, ms))]);",
];
// The first contentful paint (at most 3 s), then the next frame.
const FIRST_PAINT = [
  '  if (typeof PerformanceObserver === "function") {',
  "    await atMost(3000, new Promise((painted) => {",
  '      const observer = new PerformanceObserver((list) => { if (list.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); painted(); } });',
  '      observer.observe({ type: "paint", buffered: true });',
  "    }));",
  "  }",
  "  await nextFrame();",
];

/**
 * Waits until the page has shown its largest element: its first contentful paint (at most 3 s:
 * a frame can come before it, while the text still waits for its font), the first frame, then
 * the images shown on the first screen decoded (at most 3 s; an image that is not visible, such
 * as a hidden slide's, which the carousel does not even lay out before it runs, is not waited
 * for: it would not load before the scripts run, and they would wait the whole 3 s), then the
 * paint that shows them, which the browser reports as a largest-contentful-paint entry (at
 * most 250 ms: when the largest element is text, that was the first paint and no entry
 * comes). A hidden tab does not wait (it draws nothing until it is shown).
 */
const AFTER_LARGEST_PAINT = [
  ...WAIT_HELPERS,
  'if (document.visibilityState !== "hidden") {',
  ...FIRST_PAINT,
  "  const shown = [...document.images].filter((image) => { const box = image.getBoundingClientRect(); return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0 && image.checkVisibility?.({ visibilityProperty: true }) !== false; });",
  "  await atMost(3000, Promise.all(shown.map((image) => image.decode().catch(() => undefined))));",
  '  if (shown.length > 0 && typeof PerformanceObserver === "function") {',
  "    let observer;",
  "    await atMost(250, new Promise((painted) => {",
  "      observer = new PerformanceObserver((list) => list.getEntries().some((entry) => shown.includes(entry.element)) && painted());",
  '      observer.observe({ type: "largest-contentful-paint", buffered: true });',
  "    }));",
  "    observer.disconnect();",
  "  }",
  "}",
].join("\n");

/**
 * Waits for the page's first contentful paint (at most 3 s) and the frame after it, not for
 * its pictures: the till's largest element is its heading, painted with the first paint, and a
 * cashier's till must not wait for a product photo to decode before it takes a scan.
 */
const AFTER_FIRST_PAINT = [
  ...WAIT_HELPERS,
  'if (document.visibilityState !== "hidden") {',
  ...FIRST_PAINT,
  "}",
].join("\n");

/**
 * A string literal of `text` that is safe inside an HTML `<script>` element: no `</script>`,
 * no `<!--`, and no line separators that older parsers took for line ends.
 */
function scriptStringLiteral(text: string): string {
  return JSON.stringify(text).replace(UNSAFE_IN_SCRIPT, (char) => UNICODE_ESCAPES[char] ?? char);
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const UNICODE_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** The page with its module loading deferred until its largest paint, or unchanged if it has none. */
export function scriptsAfterLargestPaint(page: Buffer): Buffer {
  return scriptsAfter(AFTER_LARGEST_PAINT, page);
}

/**
 * The page with its module loading deferred until its first paint (the till, which Lighthouse
 * otherwise counts as blocked by its 149 kB of scripts: decision 0054), or unchanged.
 */
export function scriptsAfterFirstPaint(page: Buffer): Buffer {
  return scriptsAfter(AFTER_FIRST_PAINT, page);
}

const HEAD_END = "</head>";
const SCRIPT_END = "</script>";

/**
 * Works on the page's bytes and decodes only the two parts it changes, the head (React hoists
 * the preload links there) and React Router's module script: the till pays this on every
 * request, and decoding and encoding its whole 30 KB page again cost more than the change
 * (0.13 ms against 0.05). Every mark searched for is ASCII, which UTF-8 never uses inside a
 * multi-byte character, so the byte offsets are exact.
 */
function scriptsAfter(wait: string, page: Buffer): Buffer {
  const headEnd = page.indexOf(HEAD_END);
  // React Router's module script is the page's only one, near its end (only the streamed
  // data's scripts follow it, where quotes are escaped): found from there, not across the body.
  const typeAt = headEnd < 0 ? -1 : page.lastIndexOf('type="module"');
  const start = typeAt < 0 ? -1 : page.lastIndexOf("<script", typeAt);
  const end = start < headEnd ? -1 : page.indexOf(SCRIPT_END, start);
  if (end < 0) return page;
  const afterScript = end + SCRIPT_END.length;
  const deferred = deferredModules(
    wait,
    page.toString("utf8", 0, headEnd),
    page.toString("utf8", start, afterScript),
  );
  if (!deferred) return page;
  return Buffer.concat([
    Buffer.from(deferred.head),
    page.subarray(headEnd, start),
    Buffer.from(deferred.script),
    page.subarray(afterScript),
  ]);
}

/** The head without its module and text preloads and the module script that adds them later. */
function deferredModules(
  wait: string,
  head: string,
  scriptElement: string,
): { head: string; script: string } | null {
  const open = scriptElement.slice(0, scriptElement.indexOf(">") + 1);
  const body = scriptElement.slice(open.length, -SCRIPT_END.length);
  if (!MODULE_SCRIPT_TAG.test(open) || !STATIC_IMPORT.test(body)) return null;
  const preloads: string[] = [];
  const texts: string[] = [];
  const headWithout = head.replace(DEFERRED_PRELOAD, (link) => {
    const at = link.indexOf(HREF);
    if (at >= 0) {
      const start = at + HREF.length;
      const href = link.slice(start, link.indexOf('"', start));
      (link.startsWith(MODULE_PRELOAD_START) ? preloads : texts).push(href);
    }
    return "";
  });
  // React Router's script runs unchanged, as a module script of its own added then: its static
  // imports load the route modules and the entry as one module graph, evaluated before its
  // body sets the globals that the entry's hydration reads (dynamic imports, one per module,
  // let the entry start hydrating before the last route module had arrived). It carries the
  // page's nonce, which the Content-Security-Policy asks of every script.
  const deferredBody = [
    wait,
    // Every module the page needs is asked for at once, as the preload links did.
    `for (const href of ${JSON.stringify([...new Set(preloads)])}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    // The entry finds the page's text files by these links (entry.client.tsx).
    `for (const href of ${JSON.stringify(texts)}) document.head.append(Object.assign(document.createElement("link"), { rel: "preload", as: "fetch", crossOrigin: "anonymous", href }));`,
    `const routerScript = Object.assign(document.createElement("script"), { type: "module", textContent: ${scriptStringLiteral(body)} });`,
    'routerScript.nonce = document.querySelector("script[nonce]").nonce;',
    "document.head.append(routerScript);",
  ].join("\n");
  return { head: headWithout, script: open + deferredBody + SCRIPT_END };
}
