import { describe, expect, it } from "vitest";
import { keepThaiWordsWhole, thaiGraphemes, WHOLE_THAI_WORDS } from "./thai-words";

describe("keepThaiWordsWhole", () => {
  it("joins the letters of สต็อก with word joiners, never between a consonant and its marks", () => {
    expect(keepThaiWordsWhole("ดูสต็อกได้")).toBe("ดูส\u2060ต็\u2060อ\u2060กได้");
    expect(keepThaiWordsWhole("พร้อมเพย์ บาร์โค้ด")).toBe(
      "พ\u2060ร้\u2060อ\u2060ม\u2060เ\u2060พ\u2060ย์ บ\u2060า\u2060ร์\u2060โ\u2060ค้\u2060ด",
    );
  });

  it("reads the same once the joiners are taken out, and leaves other text alone", () => {
    const text = "ขายของ ดูสต็อก สต็อกคงเหลือ และ stock";
    expect(keepThaiWordsWhole(text).replaceAll("\u2060", "")).toBe(text);
    expect(keepThaiWordsWhole("Sell and see your stock")).toBe("Sell and see your stock");
  });

  it("splits Thai into the grapheme clusters Intl.Segmenter finds", () => {
    const segmenter = new Intl.Segmenter("th", { granularity: "grapheme" });
    const words = [...WHOLE_THAI_WORDS, "ที่นี่", "กำลังซื้อ", "น้ำแข็ง", "ฤดูฝน", "ไม้บรรทัด", "สั่งซื้อสินค้า"];
    for (const word of words) {
      expect(thaiGraphemes(word), word).toEqual(
        Array.from(segmenter.segment(word), (part) => part.segment),
      );
    }
  });
});
