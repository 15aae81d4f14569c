import { describe, expect, it } from "vitest";
import { GLYPH_TEXT_PRIMER, runFeatures, textRuns } from "./pdf-text-layer.server";

describe("textRuns", () => {
  it("keeps Thai and Latin apart and sets a one-piece ำ with the font's precomposed glyph", () => {
    expect(textRuns("จำนวน 2 ขวด")).toEqual([
      { text: "จำ", thai: true, precomposedAm: true },
      { text: "นวน ", thai: true, precomposedAm: false },
      { text: "2 ", thai: false, precomposedAm: false },
      { text: "ขวด", thai: true, precomposedAm: false },
    ]);
    expect(runFeatures(textRuns("จำ")[0]!)).toEqual({ ccmp: false });
  });

  it("leaves to the font an ำ under a tone mark or beside a tall consonant", () => {
    // The font stacks the nikhahit under the tone mark, or moves it aside of ป's stroke.
    for (const word of ["น้ำ", "ต่ำ", "ปำ"]) {
      expect(textRuns(word).every((run) => !run.precomposedAm)).toBe(true);
    }
    expect(runFeatures(textRuns("น้ำ")[0]!)).toBeUndefined();
  });

  it("primes sara aa and nikhahit under every tone mark from their own characters", () => {
    expect(GLYPH_TEXT_PRIMER.startsWith("\u0E32")).toBe(true);
    for (const tone of ["\u0E48", "\u0E49", "\u0E4A", "\u0E4B"]) {
      expect(GLYPH_TEXT_PRIMER).toContain(`${tone}\u0E4D`);
    }
    expect(GLYPH_TEXT_PRIMER).not.toContain("\u0E33");
  });
});
