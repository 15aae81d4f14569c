// The source files a page can render: its route modules and every file of the app they import,
// statically or lazily, followed through `~/` and relative specifiers. Packages are not
// followed (their class names are not the site's), nor `.server` files (they render nothing).
// scripts/purge-css.ts has PurgeCSS cut a page's stylesheet to the words these files contain.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
const EXTENSIONS = ["", ".tsx", ".ts", "/index.tsx", "/index.ts"];
const SOURCE = /\.tsx?$/;

function resolve(specifier: string, fromFile: string, appDir: string): string | null {
  const bare = specifier.split("?")[0] ?? "";
  let base: string;
  if (bare.startsWith("~/")) base = path.join(appDir, bare.slice(2));
  else if (bare.startsWith("./") || bare.startsWith("../"))
    base = path.resolve(path.dirname(fromFile), bare);
  else return null;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (SOURCE.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** The files reachable from `roots` (absolute paths), the roots included, sorted. */
export function pageModules(roots: readonly string[], appDir: string): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const target = specifier ? resolve(specifier, file, appDir) : null;
      if (target && !/\.server\.tsx?$/.test(target) && !seen.has(target)) stack.push(target);
    }
  }
  return [...seen].sort();
}
