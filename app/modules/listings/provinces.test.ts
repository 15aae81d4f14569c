import { describe, expect, it } from "vitest";
import { isProvinceCode, PROVINCES, provinceName, provincesForSelect } from "./provinces";

describe("provinces", () => {
  it("lists Thailand's 77 provinces once each, with Thai and English names", () => {
    expect(PROVINCES).toHaveLength(77);
    expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(77);
    expect(new Set(PROVINCES.map((p) => p.th)).size).toBe(77);
    expect(new Set(PROVINCES.map((p) => p.en)).size).toBe(77);
    expect(PROVINCES.every((p) => /^[1-9]\d$/.test(p.code) && /^\p{Script=Thai}/u.test(p.th))).toBe(
      true,
    );
  });

  it("names a province in the reader's language and puts Bangkok first", () => {
    expect(provinceName("50", "th")).toBe("เชียงใหม่");
    expect(provinceName("50", "en")).toBe("Chiang Mai");
    expect(isProvinceCode("38")).toBe(true);
    expect(isProvinceCode("99")).toBe(false);
    const thai = provincesForSelect("th");
    expect(thai[0]).toEqual({ code: "10", name: "กรุงเทพมหานคร" });
    expect(thai[1]?.name).toBe("กระบี่");
    expect(provincesForSelect("en")[1]?.name).toBe("Amnat Charoen");
  });
});
