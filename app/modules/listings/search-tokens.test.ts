import { describe, expect, it } from "vitest";
import { highlightParts, snippetAround } from "./highlight";
import { queryWords, searchTokens, searchWords } from "./search-tokens";

describe("search tokens", () => {
  it("cuts Thai written without spaces into words", () => {
    expect(searchWords("ขายบ้านเดี่ยวพร้อมที่ดินย่านบางนา")).toEqual([
      "ขาย",
      "บ้าน",
      "เดี่ยว",
      "พร้อม",
      "ที่ดิน",
      "ย่าน",
      "บางนา",
    ]);
  });

  it("also stores each pair of Thai words written together, so parts of cut words are found", () => {
    // The segmenter does not know "คอนโด" and cuts it in two.
    expect(searchTokens("ขายคอนโด ใกล้ BTS")).toBe("ขาย คอน โด ใกล้ bts ขายคอน คอนโด");
  });

  it("keeps Latin words (lower case) and numbers, and separates them from Thai", () => {
    expect(searchTokens("Honda Civic ปี2019 ราคา 1,250,000 บาท 1.8 ลิตร ๓๕ ตร.ม.")).toBe(
      "honda civic ปี 2019 ราคา 1250000 บาท 1.8 ลิตร 35 ตร ม",
    );
  });

  it("reads a keyword the same way, without repeats or punctuation", () => {
    expect(queryWords("บ้านเดี่ยว บ้าน!")).toEqual(["บ้าน", "เดี่ยว"]);
    expect(queryWords("  ...  ")).toEqual([]);
  });
});

describe("highlighting", () => {
  it("marks every match and keeps markup as plain text", () => {
    expect(highlightParts("<b>บ้าน</b>หมู่บ้าน", ["บ้าน"])).toEqual([
      { text: "<b>", mark: false },
      { text: "บ้าน", mark: true },
      { text: "</b>หมู่", mark: false },
      { text: "บ้าน", mark: true },
    ]);
    expect(highlightParts("Toyota HILUX", ["hilux"])).toContainEqual({ text: "HILUX", mark: true });
    expect(highlightParts("สวนทุเรียนหมอนทองสิบไร่", ["หมอน", "ทอง"])).toEqual([
      { text: "สวนทุเรียน", mark: false },
      { text: "หมอนทอง", mark: true },
      { text: "สิบไร่", mark: false },
    ]);
  });

  it("cuts a long description around the first match", () => {
    const text = `${"ก".repeat(300)} ทำเลดีมาก ${"ข".repeat(300)}`;
    const snippet = snippetAround(text, ["ทำเล"], 100);
    expect(snippet).toContain("ทำเล");
    expect(snippet.startsWith("…") && snippet.endsWith("…")).toBe(true);
  });
});
