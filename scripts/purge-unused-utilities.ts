// A PostCSS step of the production build: Bootstrap's utility classes (`.mt-3`, `.d-md-none`,
// `.text-bg-…` … 69 kB of the 215 kB stylesheet, every utility at every breakpoint) are kept
// only when their class name appears somewhere in the source: app/, server/ and content/.
// Only the rules between the `purge-utilities` markers of app/styles/app.scss are touched;
// Bootstrap's components and the site's own rules stay whole (react-bootstrap builds their
// class names from props, which a scan of the source cannot see).
// docs/decisions/0041-lighter-css-and-fonts.md says why this and not PurgeCSS.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Comment, Container, Plugin, Rule } from "postcss";

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
  const words = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE_FILE.test(entry.name)) {
        for (const word of readFileSync(full, "utf8").match(/[A-Za-z0-9_-]+/g) ?? []) {
          words.add(word);
        }
      }
    }
  };
  for (const folder of SCANNED) walk(path.join(root, folder));
  return words;
}

function isMarker(node: unknown, text: string): boolean {
  return (node as Comment).type === "comment" && (node as Comment).text.includes(text);
}

/** Keeps a selector when each of its classes is used. */
function selectorUsed(selector: string, used: Set<string>): boolean {
  for (const [, name] of selector.matchAll(/\.([A-Za-z0-9_-]+)/g)) {
    if (name && !used.has(name) && !MADE_FROM_PROPS.test(name)) return false;
  }
  return true;
}

function purge(container: Container, used: Set<string>): void {
  container.each((node) => {
    if (node.type === "rule") {
      const rule = node as Rule;
      const kept = rule.selectors.filter((s) => selectorUsed(s, used));
      if (kept.length === 0) rule.remove();
      else if (kept.length !== rule.selectors.length) rule.selectors = kept;
    } else if (node.type === "atrule" && node.nodes) {
      purge(node, used);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

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
      used ??= sourceWords(root);
      // A root-level rule or an @media block of the section, purged in place.
      for (const node of css.nodes.slice(start + 1, end)) {
        if (node.type === "rule") {
          const kept = node.selectors.filter((s) => selectorUsed(s, used ?? new Set()));
          if (kept.length === 0) node.remove();
          else if (kept.length !== node.selectors.length) node.selectors = kept;
        } else if (node.type === "atrule" && node.nodes) {
          purge(node, used);
          if (node.nodes.length === 0) node.remove();
        }
      }
    },
  };
}
