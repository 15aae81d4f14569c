// Writes the site's Sarabun faces: app/styles/sarabun-faces.css and a smaller Latin file per
// weight, app/styles/fonts/sarabun-latin-core-<weight>-normal.woff2. Run it again after an
// update of @fontsource/sarabun: `node scripts/sarabun-faces.ts`
// (tests/integration/sarabun-faces.test.ts fails while the committed files are out of date).
//
// Why (docs/decisions/0052-precompressed-assets-and-a-smaller-latin-face.md): every page
// preloads Sarabun's Latin file in both weights, since Thai text takes its spaces, digits and
// punctuation from it. @fontsource's Latin file also carries every accented letter of
// Latin-1 and many symbols (11.4 KB a weight); the characters the site's pages use fit in
// 6.7 KB. The rest of @fontsource's Latin range stays available in its own face, which a
// browser downloads only for a page that has such a character (a listing called "Crème brûlée").
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import subsetFont from "subset-font";

const require = createRequire(import.meta.url);
const FONTSOURCE = path.dirname(require.resolve("@fontsource/sarabun/package.json"));
const ROOT = path.resolve(import.meta.dirname, "..");
export const FACES_CSS = path.join(ROOT, "app/styles/sarabun-faces.css");
export const CORE_FOLDER = path.join(ROOT, "app/styles/fonts");

export const WEIGHTS = [400, 700] as const;
export type Weight = (typeof WEIGHTS)[number];

/**
 * The Latin characters of the core face: ASCII and the few others the interface text,
 * Intl's number and date formats and the seeded content use (checked by
 * tests/integration/sarabun-faces.test.ts against the interface text files). In order.
 */
export const LATIN_CORE: readonly (readonly [number, number])[] = [
  // ASCII with its control characters (a line break in pre-wrapped text must not fetch the
  // rest of Latin) and the no-break space.
  [0x00, 0xa0],
  [0xa9, 0xa9], // ©
  [0xae, 0xae], // ®
  [0xb0, 0xb2], // ° ± ²
  [0xb7, 0xb7], // · (the site's separator)
  [0xd7, 0xd7], // ×
  [0xe9, 0xe9], // é (café)
  [0xf7, 0xf7], // ÷
  [0x2000, 0x200f], // spaces, zero-width and direction marks (text pasted from elsewhere)
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x202f, 0x202f], // narrow no-break space (Intl's English times)
  [0x2039, 0x203a], // ‹ ›
  [0x2060, 0x2064], // word joiner and invisible operators
  [0x2212, 0x2212], // −
  [0xfeff, 0xfeff], // zero-width no-break space
];

type Ranges = [number, number][];

/** A CSS unicode-range ("U+0000-00FF,U+0131") as inclusive pairs. */
export function parseUnicodeRange(css: string): Ranges {
  return css.split(",").map((part) => {
    const [from = "", to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
  });
}

export function formatUnicodeRange(ranges: Ranges): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(",");
}

function codePoints(ranges: readonly (readonly [number, number])[]): Set<number> {
  const points = new Set<number>();
  for (const [a, b] of ranges) for (let n = a; n <= b; n++) points.add(n);
  return points;
}

function toRanges(points: Set<number>): Ranges {
  const sorted = [...points].sort((a, b) => a - b);
  const ranges: Ranges = [];
  for (const point of sorted) {
    const last = ranges.at(-1);
    if (last && last[1] === point - 1) last[1] = point;
    else ranges.push([point, point]);
  }
  return ranges;
}

/** @fontsource's faces of one weight: subset name, file and unicode-range, in its order. */
async function fontsourceFaces(
  weight: Weight,
): Promise<{ subset: string; file: string; range: string }[]> {
  const css = await readFile(path.join(FONTSOURCE, `${weight}.css`), "utf8");
  const faces = [
    ...css.matchAll(/\/\* sarabun-([a-z-]+)-\d+-normal \*\/\s*@font-face\s*{([^}]*)}/g),
  ];
  return faces.map(([, subset = "", body = ""]) => {
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!range)
      throw new Error(`@fontsource/sarabun/${weight}.css: no unicode-range for ${subset}`);
    return { subset, file: `sarabun-${subset}-${weight}-normal.woff2`, range: range.trim() };
  });
}

export function coreFileName(weight: Weight): string {
  return `sarabun-latin-core-${weight}-normal.woff2`;
}

/** The core face of `weight`, cut from @fontsource's Latin file by HarfBuzz (subset-font). */
export async function latinCoreFont(weight: Weight): Promise<Buffer> {
  const latin = await readFile(
    path.join(FONTSOURCE, "files", `sarabun-latin-${weight}-normal.woff2`),
  );
  const text = String.fromCodePoint(...codePoints(LATIN_CORE));
  return subsetFont(latin, text, { targetFormat: "woff2" });
}

/** The stylesheet of every face, both weights (the @font-face rules app.scss imports). */
export async function facesCss(): Promise<string> {
  const core = codePoints(LATIN_CORE);
  const rules: string[] = [];
  for (const weight of WEIGHTS) {
    for (const face of await fontsourceFaces(weight)) {
      const rule = (src: string, range: string) =>
        [
          "@font-face {",
          '  font-family: "Sarabun";',
          "  font-style: normal;",
          "  font-display: swap;",
          `  font-weight: ${weight};`,
          `  src: url("${src}") format("woff2");`,
          `  unicode-range: ${range};`,
          "}",
        ].join("\n");
      const fontsourceFile = `../../node_modules/@fontsource/sarabun/files/${face.file}`;
      if (face.subset !== "latin") {
        rules.push(rule(fontsourceFile, face.range));
        continue;
      }
      // The rest of the Latin range, from @fontsource's whole Latin file; then the core,
      // disjoint from it, so the browser never needs both for one character.
      const rest = codePoints(parseUnicodeRange(face.range));
      for (const point of core) rest.delete(point);
      rules.push(rule(fontsourceFile, formatUnicodeRange(toRanges(rest))));
      rules.push(rule(`./fonts/${coreFileName(weight)}`, formatUnicodeRange(toRanges(core))));
    }
  }
  return [
    "/* Generated by scripts/sarabun-faces.ts from @fontsource/sarabun: do not edit. */",
    ...rules,
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  await writeFile(FACES_CSS, await facesCss());
  for (const weight of WEIGHTS) {
    const file = path.join(CORE_FOLDER, coreFileName(weight));
    const font = await latinCoreFont(weight);
    await writeFile(file, font);
    console.log(`${path.relative(ROOT, file)}: ${font.length} bytes`);
  }
  console.log(`${path.relative(ROOT, FACES_CSS)} written`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
