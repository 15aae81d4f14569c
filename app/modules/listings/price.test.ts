import { describe, expect, it } from "vitest";
import { formatPrice, parseBahtToSatang, satangToBahtInput } from "./price";

describe("prices", () => {
  it("reads baht the way people type them, as integer satang", () => {
    expect(parseBahtToSatang("2,500,000")).toBe(250_000_000);
    expect(parseBahtToSatang("1 250 000 บาท")).toBe(125_000_000);
    expect(parseBahtToSatang("4500.5")).toBe(450_050);
    expect(parseBahtToSatang("0.01")).toBe(1);
    for (const bad of ["", "abc", "1.234", "-5", "1e6", "99999999999"]) {
      expect(parseBahtToSatang(bad), bad).toBeNull();
    }
  });

  it("shows baht with the currency sign and satang only when there are any", () => {
    expect(formatPrice(250_000_000, "th")).toBe("฿2,500,000");
    expect(formatPrice(450_050, "en")).toBe("฿4,500.50");
    expect(satangToBahtInput(450_050)).toBe("4500.50");
    expect(satangToBahtInput(250_000_000)).toBe("2500000");
  });
});
