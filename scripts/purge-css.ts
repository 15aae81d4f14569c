// A PostCSS step of the production build that hands each stylesheet to PurgeCSS
// (https://purgecss.com), which drops the rules whose selectors name a class, id or element
// that appears as no word of the given source files (docs/decisions/0041, 0056 and 0065).
//
// - The site's stylesheet (app/styles/app.scss) marks what PurgeCSS must leave whole with its
//   `purgecss start ignore` / `end ignore` comments: Bootstrap's components and the site's own
//   rules, whose class names react-bootstrap builds from props. Only Bootstrap's utilities are
//   purged, against every source file under app/, server/ and content/.
// - A page's own stylesheet, marked `page-stylesheet: <page>` (app/styles/till.scss), is the
//   site's cut to what that page can render: all of it is purged, against the files its routes
//   import (scripts/page-modules.ts).
import path from "node:path";
import postcss, { type Plugin, type Root } from "postcss";
import { type ExtractorResultDetailed, PurgeCSS, type UserDefinedSafelist } from "purgecss";
import { pageModules } from "./page-modules.ts";

/**
 * The route modules of each page with a stylesheet of its own, relative to app/: every route
 * the page's address matches (tests/integration/purge-css.test.ts checks them against
 * app/routes.ts).
 */
export const PAGE_ROUTES = {
  till: ["root.tsx", "routes/shophub/layout.tsx", "routes/shophub/sell/route.tsx"],
} as const satisfies Record<string, readonly string[]>;

/** The files whose words keep the site stylesheet's utilities. */
const SITE_CONTENT = ["app/**/*.{ts,tsx}", "server/**/*.ts", "content/**/*.{md,json,html}"];

/**
 * Utilities react-bootstrap makes from props (`<Badge bg="danger">` → `bg-danger`,
 * `<Stack gap={2}>` → `gap-2`, `text="white"`): the word scan sees only the prop's value.
 */
const SAFELIST: UserDefinedSafelist = { standard: [/^(bg|text|gap)-[a-z0-9-]+$/] };

/**
 * The HTML elements a page may render, counted as present in every file: react-bootstrap
 * renders elements (an `<input>` for `<Form.Control>`, a `<dialog>`-like `<div>`) that the
 * page's own files never name, so element selectors stay, as the site's rules expect.
 */
const ELEMENTS = (
  "html body main header footer nav section article aside div span p a abbr b strong i em " +
  "small mark s del ins sub sup code kbd pre samp q blockquote cite figure figcaption hr br " +
  "h1 h2 h3 h4 h5 h6 ul ol li dl dt dd img picture source svg video audio canvas iframe " +
  "table caption thead tbody tfoot tr th td form fieldset legend label input button select " +
  "option optgroup textarea output progress meter details summary dialog template address " +
  "time var"
).split(" ");

/**
 * The attributes the site's rules select on (`[type=checkbox]`, `[data-bs-theme=dark]`,
 * `[aria-current]` …), kept like the elements: react-bootstrap and the browser set them where the
 * page's files never name them. tests/e2e/till-first-load.test.ts fails on one missing here.
 */
const ATTRIBUTES = [
  "type",
  "size",
  "data-bs-theme",
  "data-bs-target",
  "multiple",
  "readonly",
  "disabled",
  "hidden",
  "aria-current",
  "href",
  "class",
  "title",
  "role",
  "list",
];

/** PurgeCSS's word scan (its default extractor's), with every element present. */
function wordsAndElements(content: string): ExtractorResultDetailed {
  return {
    undetermined: content.match(/[A-Za-z0-9_-]+/g) ?? [],
    tags: ELEMENTS,
    classes: [],
    ids: [],
    attributes: { names: [], values: [] },
  };
}

const PAGE_MARK = /^!?\s*page-stylesheet:\s*([a-z-]+)\s*$/;
const IGNORE_MARK = /purgecss (start|end) ignore/;

/** The page a stylesheet is cut for, from its mark; null for the site's stylesheet. */
function markedPage(css: Root): string | null {
  for (const node of css.nodes) {
    const page = node.type === "comment" ? PAGE_MARK.exec(node.text.trim())?.[1] : null;
    if (page) return page;
  }
  return null;
}

/**
 * The PostCSS plugin for the project at `root`; `enabled` is asked per stylesheet (production
 * builds only); `pages` names each page's route modules, relative to `root`/app.
 */
export function purgeCss(
  root: string,
  enabled: () => boolean,
  pages: Record<string, readonly string[]> = PAGE_ROUTES,
): Plugin {
  return {
    postcssPlugin: "dptech-purgecss",
    async Once(css) {
      if (!enabled()) return;
      const page = markedPage(css);
      // Other stylesheets (a route's own print sheet) are not the site's: left as they are.
      let marked = page !== null;
      css.walkComments((comment) => {
        marked ||= IGNORE_MARK.test(comment.text);
      });
      if (!marked) return;
      let content: string[];
      if (page === null) {
        content = SITE_CONTENT.map((glob) => path.join(root, glob));
      } else {
        const routes = pages[page];
        if (!routes) throw new Error(`purge-css: no page called ${page}`);
        const appDir = path.join(root, "app");
        content = pageModules(
          routes.map((route) => path.join(appDir, route)),
          appDir,
        );
        // The whole sheet is the page's to cut, the site's sections left whole included.
        css.walkComments((comment) => {
          if (IGNORE_MARK.test(comment.text)) comment.remove();
        });
      }
      const [purged] = await new PurgeCSS().purge({
        content,
        css: [{ raw: css.toString() }],
        // The page's own files are read whole: a prop's value is there with its name.
        safelist: page === null ? SAFELIST : [],
        defaultExtractor: wordsAndElements,
        dynamicAttributes: ATTRIBUTES,
      });
      css.removeAll();
      // Parsed as the same file, so that Vite resolves the fonts' url()s from where they are.
      css.append(postcss.parse(purged?.css ?? "", { from: css.source?.input.file }).nodes);
    },
  };
}
