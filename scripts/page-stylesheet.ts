// A PostCSS step of the production build: a stylesheet with the mark
// `/*! page-stylesheet: <page> */` is cut to the rules whose classes all appear in the source
// files the page can render (its routes and what they import, scripts/page-modules.ts). The
// till's first visit on a phone is held by its stylesheet (docs/decisions/0056-till-stylesheet-
// and-fonts-for-the-next-load.md; the sizes are in bench/README.md).
// A class name made at run time (`alert-${level}`) is invisible to the scan: the source names
// classes whole, and tests/e2e/till-first-load.test.ts checks every class the till shows.
import path from "node:path";
import type { Comment, Plugin } from "postcss";
import { purgeRules, wordsOf } from "./css-purge.ts";
import { pageModules } from "./page-modules.ts";

/**
 * The route modules of each page with a stylesheet of its own, relative to app/: every route
 * the page's address matches (tests/integration/page-stylesheet.test.ts checks them against
 * app/routes.ts).
 */
export const PAGE_ROUTES = {
  till: ["root.tsx", "routes/shophub/layout.tsx", "routes/shophub/sell/route.tsx"],
} as const satisfies Record<string, readonly string[]>;

const MARK = /^!?\s*page-stylesheet:\s*([a-z-]+)\s*$/;

/** The page a stylesheet is cut for, from its mark; null for a stylesheet without one. */
function markedPage(css: { nodes: readonly { type: string }[] }): string | null {
  for (const node of css.nodes) {
    const page = node.type === "comment" ? MARK.exec((node as Comment).text.trim())?.[1] : null;
    if (page) return page;
  }
  return null;
}

/**
 * The PostCSS plugin. `pages` names each page's route modules (relative to `appDir`); `enabled`
 * is asked per stylesheet (production builds only: a class typed into a component works in
 * development without a restart).
 */
export function pageStylesheets(
  appDir: string,
  pages: Record<string, readonly string[]>,
  enabled: () => boolean,
): Plugin {
  return {
    postcssPlugin: "dptech-page-stylesheets",
    Once(css) {
      const page = markedPage(css);
      if (page === null || !enabled()) return;
      const routes = pages[page];
      if (!routes) throw new Error(`page-stylesheet: no page called ${page}`);
      const files = pageModules(
        routes.map((route) => path.join(appDir, route)),
        appDir,
      );
      purgeRules([...css.nodes], wordsOf(files));
    },
  };
}
