import { describe, expect, it } from "vitest";
import { formatBaht, formatQuantity, parseBahtToSatang, satangToBahtInput } from "./money";

describe("money", () => {
  it("reads baht the way people type it into integer satang", () => {
    expect(parseBahtToSatang("1,250")).toBe(125_000);
    expect(parseBahtToSatang("1250.5")).toBe(125_050);
    expect(parseBahtToSatang("฿ 99.75")).toBe(9_975);
    expect(parseBahtToSatang("0.01")).toBe(1);
    expect(parseBahtToSatang("12 บาท")).toBe(1_200);
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", "abc", "-5", "1.234", "1e5", "12.", ".5x", "99999999999"]) {
      expect(parseBahtToSatang(bad), bad).toBeNull();
    }
  });

  it("never goes through floating point: 0.1 + 0.2 style amounts stay exact", () => {
    expect(parseBahtToSatang("0.29")).toBe(29);
    expect(parseBahtToSatang("1.15")).toBe(115);
    expect(satangToBahtInput(115)).toBe("1.15");
    expect(satangToBahtInput(-5)).toBe("-0.05");
  });

  it("formats baht and quantities for Thai and English readers", () => {
    expect(formatBaht(125_050, "th")).toBe("฿1,250.50");
    expect(formatBaht(125_050, "en")).toBe("THB\u00a01,250.50");
    expect(formatQuantity(12_500, "th")).toBe("12,500");
  });
});
