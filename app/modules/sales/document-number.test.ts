import { describe, expect, it } from "vitest";
import {
  buddhistYear,
  DEFAULT_DOCUMENT_PREFIXES,
  normalizeDocumentPrefix,
  saleDocumentNumber,
} from "./document-number";

describe("sale document numbers", () => {
  it("prints prefix, Buddhist-era year and a six-digit sequence", () => {
    expect(saleDocumentNumber("INV", 2569, 123)).toBe("INV2569-000123");
    expect(saleDocumentNumber(DEFAULT_DOCUMENT_PREFIXES.abbreviatedTaxInvoice, 2569, 1)).toBe(
      "ABB2569-000001",
    );
    expect(saleDocumentNumber("CN-", 2570, 1_234_567)).toBe("CN-2570-1234567");
    expect(() => saleDocumentNumber("INV", 2569, 0)).toThrow(RangeError);
  });

  it("takes the year in Bangkok time: 31 December 17:00 UTC is New Year in Thailand", () => {
    expect(buddhistYear(new Date("2026-12-31T16:59:59Z"))).toBe(2569);
    expect(buddhistYear(new Date("2026-12-31T17:00:00Z"))).toBe(2570);
  });

  it.each([
    [" inv ", "INV"],
    ["abb-", "ABB-"],
    ["R2D", "R2D"],
  ])("accepts the prefix %j as %s", (input, prefix) => {
    expect(normalizeDocumentPrefix(input)).toEqual({ ok: true, prefix });
  });

  it.each(["", "1INV", "INV1", "ใบเสร็จ", "TOOLONGPX", "IN V"])("refuses the prefix %j", (input) => {
    expect(normalizeDocumentPrefix(input)).toEqual({ ok: false });
  });
});
