import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";
import { loadBundledArticles } from "~/modules/content/article-source";
import { DEMO_BANNERS, DEMO_CATEGORIES, DEMO_COMPANY } from "~/modules/content/demo-content";
import {
  CORE_FOLDER,
  FACES_CSS,
  LATIN_CORE,
  WEIGHTS,
  coreFileName,
  facesCss,
  latinCoreFont,
  parseUnicodeRange,
} from "../../scripts/sarabun-faces";

// The site's Sarabun faces (scripts/sarabun-faces.ts, decision 0052): every page preloads the
// Thai and the Latin core files; any other face is fetched only once the page is laid out.

interface Face {
  weight: number;
  src: string;
  ranges: [number, number][];
}

function faces(css: string): Face[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
    weight: Number(/font-weight:\s*(\d+)/.exec(body!)![1]),
    src: /url\("([^"]+)"\)/.exec(body!)![1]!,
    ranges: parseUnicodeRange(/unicode-range:\s*([^;]+);/.exec(body!)![1]!),
  }));
}

const inRanges = (point: number, ranges: [number, number][]) =>
  ranges.some(([from, to]) => point >= from && point <= to);

const committedCss = readFileSync(FACES_CSS, "utf8");
const require = createRequire(import.meta.url);

describe("the Sarabun faces", () => {
  it("are what scripts/sarabun-faces.ts makes from the installed @fontsource/sarabun", async () => {
    expect(committedCss, "run `node scripts/sarabun-faces.ts`").toBe(await facesCss());
    for (const weight of WEIGHTS) {
      const committed = readFileSync(`${CORE_FOLDER}/${coreFileName(weight)}`);
      const made = await latinCoreFont(weight);
      expect(committed.equals(made), `${coreFileName(weight)}: run the script`).toBe(true);
      // The point of the cut: well under @fontsource's Latin file (11.4 KB and 11.6 KB).
      expect(committed.length).toBeLessThan(7_500);
    }
  });

  it("split @fontsource's Latin range between the core and the rest, without overlap", () => {
    const fontsource = faces(
      readFileSync(require.resolve("@fontsource/sarabun/400.css"), "utf8").replaceAll(
        /url\(([^)]+)\)/g,
        'url("$1")',
      ),
    );
    const latin = fontsource.find((face) => face.src.includes("-latin-400"))!.ranges;
    const regular = faces(committedCss).filter((face) => face.weight === 400);
    const core = regular.find((face) => face.src.includes("latin-core"))!.ranges;
    const rest = regular.find((face) => face.src.includes("/sarabun-latin-400"))!.ranges;
    expect(core).toEqual(LATIN_CORE);
    for (let point = 0; point <= 0xffff; point++) {
      const inLatin = inRanges(point, latin);
      if (inRanges(point, core)) expect(inLatin, `U+${point.toString(16)}`).toBe(true);
      expect(inRanges(point, rest), `U+${point.toString(16)}`).toBe(
        inLatin && !inRanges(point, core),
      );
    }
  });

  it("cover the interface text and the demo content with the preloaded files alone", () => {
    const all = faces(committedCss);
    // Faces no page preloads: the rest of Latin, Latin Extended and Vietnamese.
    const notPreloaded = all.filter(
      (face) => !face.src.includes("latin-core") && !face.src.includes("-thai-"),
    );
    expect(notPreloaded).toHaveLength(6);
    const texts = [
      ...Object.values(th),
      ...Object.values(en),
      JSON.stringify([DEMO_COMPANY, DEMO_CATEGORIES, DEMO_BANNERS]),
      ...loadBundledArticles().map((article) => JSON.stringify(article)),
    ];
    const strays = new Set<string>();
    for (const text of texts) {
      for (const character of text) {
        const point = character.codePointAt(0)!;
        if (notPreloaded.some((face) => inRanges(point, face.ranges))) strays.add(character);
      }
    }
    // Such a character makes the page fetch another font file after its layout, holding
    // back the paint of its text: add it to LATIN_CORE and run the script.
    expect([...strays]).toEqual([]);
  });
});
