// A PostCSS step of the production build: Bootstrap's utility classes (`.mt-3`, `.d-md-none`,
// `.text-bg-…` … 69 kB of the 215 kB stylesheet, every utility at every breakpoint) are kept
// only when their class name appears somewhere in the source: app/, server/ and content/.
// Only the rules between the `purge-utilities` markers of app/styles/app.scss are touched;
// Bootstrap's components and the site's own rules stay whole (react-bootstrap builds their
// class names from props, which a scan of the source cannot see).
// docs/decisions/0041-lighter-css-and-fonts.md says why this and not PurgeCSS.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Comment, Plugin } from "postcss";
import { purgeRules, wordsOf } from "./css-purge.ts";

const START = "purge-utilities:start";
const END = "purge-utilities:end";
const SCANNED = ["app", "server", "content"];
const SOURCE_FILE = /\.(tsx?|mdx?|json|html)$/;
/**
 * Utility classes react-bootstrap makes from props (`<Badge bg="danger">` → `bg-danger`,
 * `<Stack gap={2}>` → `gap-2`, `text="white"`): the scan sees only the prop's value.
 */
const MADE_FROM_PROPS = /^(bg|text|gap)-[a-z0-9-]+$/;

/** Every word that could be a class name, in every source file under the scanned folders. */
export function sourceWords(root: string): Set<string> {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE_FILE.test(entry.name)) files.push(full);
    }
  };
  for (const folder of SCANNED) walk(path.join(root, folder));
  return wordsOf(files);
}

function isMarker(node: unknown, text: string): boolean {
  return (node as Comment).type === "comment" && (node as Comment).text.includes(text);
}

const madeFromProps = (name: string) => MADE_FROM_PROPS.test(name);

/** The PostCSS plugin; `enabled` is asked per stylesheet (production builds only). */
export function purgeUnusedUtilities(root: string, enabled: () => boolean): Plugin {
  let used: Set<string> | undefined;
  return {
    postcssPlugin: "dptech-purge-unused-utilities",
    Once(css) {
      const start = css.nodes.findIndex((n) => isMarker(n, START));
      if (start < 0 || !enabled()) return;
      const end = css.nodes.findIndex((n) => isMarker(n, END));
      if (end < start) throw new Error(`${START} without ${END}`);
      const words = (used ??= sourceWords(root));
      // The root-level rules and @media blocks of the section, purged in place.
      purgeRules(css.nodes.slice(start + 1, end), words, madeFromProps);
    },
  };
}
