/**
 * What a page asks of the document around it, through its route's `handle`: the till loads a
 * stylesheet cut to its own rules, and on a device that has not loaded the site's font yet it
 * is drawn in the system's Thai font. Both serve one goal: the till on a phone that never
 * opened it shows in under 1 s (docs/decisions/0056-till-stylesheet-and-fonts-for-the-next-
 * load.md).
 */
export interface PageLookHandle {
  /** "till": app/styles/till.scss, the site's stylesheet cut to what the till can render. */
  stylesheet?: "till";
  /**
   * On a device without the `fonts` cookie the page is drawn in the system's font and fetches
   * the web fonts for the next load; its loader returns `fontsCached` (`fontsCachedIn`).
   */
  fontsLater?: boolean;
}

type Match = { handle?: unknown; loaderData?: unknown };

/** The stylesheet the matched routes ask for (the deepest route that says wins). */
export function stylesheetOf(matches: readonly Match[]): "site" | "till" {
  let stylesheet: "site" | "till" = "site";
  for (const match of matches) {
    const wanted = (match.handle as PageLookHandle | undefined)?.stylesheet;
    if (wanted) stylesheet = wanted;
  }
  return stylesheet;
}

/**
 * Whether the page is drawn in the system's font and fetches the web fonts once loaded: a
 * matched route asks for it and its loader found no `fonts` cookie.
 */
export function fontsLaterOf(matches: readonly Match[]): boolean {
  return matches.some(
    (match) =>
      (match.handle as PageLookHandle | undefined)?.fontsLater === true &&
      (match.loaderData as { fontsCached?: boolean } | undefined)?.fontsCached === false,
  );
}

/** Set by the browser once it has loaded the site's faces (`fontsLaterScript`). */
export const FONTS_COOKIE = "fonts";
// A literal, not built from FONTS_COOKIE: a module-level `new RegExp` would stay in the
// browser's bundle of the frame (page-look.test.ts checks the two agree).
const FONTS_COOKIE_SET = /(?:^|;)\s*fonts=1\s*(?:;|$)/;

/** Whether the browser said it has the site's faces (a `Cookie` header, or null). */
export function fontsCachedIn(cookieHeader: string | null): boolean {
  return cookieHeader !== null && FONTS_COOKIE_SET.test(cookieHeader);
}

/** The class that keeps the web fonts off the page (app.scss). */
const FONTS_LATER_CLASS = "fonts-later";

/**
 * The script for the head, run before the body is parsed: this page, for as long as it stays
 * open, is drawn in the system's Thai font. A second after it has loaded, when the browser is
 * idle, the site's faces (`fonts`, the files the other pages preload) are fetched at low
 * priority into the browser's cache, not applied: swapping them in would lay the whole till out
 * again and move its text under the cashier's eyes. Once all have arrived, the cookie tells the
 * server that the next load may preload them and paint in Sarabun. The class is added here, not
 * rendered on `<html>`, so that React never owns it. Only the server renders this (root.tsx):
 * the browser never runs a script React adds.
 */
export function fontsLaterScript(fonts: readonly string[]): string {
  return `document.documentElement.classList.add("${FONTS_LATER_CLASS}");
new Promise((loaded) => (document.readyState === "complete" ? loaded() : addEventListener("load", () => loaded(), { once: true })))
.then(() => new Promise((later) => setTimeout(later, 1000)))
.then(() => new Promise((idle) => (self.requestIdleCallback ?? setTimeout)(() => idle())))
.then(() => Promise.all(${JSON.stringify(fonts)}.map((href) => fetch(href, { priority: "low" }).then((answer) => answer.ok && answer.arrayBuffer()))))
.then((files) => {
  if (files.every(Boolean)) document.cookie = "${FONTS_COOKIE}=1; path=/; max-age=31536000; samesite=lax";
}, () => undefined);`;
}
