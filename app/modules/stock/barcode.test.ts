import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkBarcode, gs1CheckDigit } from "./barcode";

describe("barcodes", () => {
  it("accepts real EAN-13, UPC-A and EAN-8 codes", () => {
    expect(checkBarcode("8850999320014")).toEqual({ ok: true, value: "8850999320014" });
    expect(checkBarcode(" 036000291452 ")).toEqual({ ok: true, value: "036000291452" });
    expect(checkBarcode("96385074")).toEqual({ ok: true, value: "96385074" });
  });

  it("refuses a wrong check digit and numeric codes of other lengths", () => {
    expect(checkBarcode("8850999320015").ok).toBe(false);
    expect(checkBarcode("036000291453").ok).toBe(false);
    expect(checkBarcode("12345").ok).toBe(false);
    expect(checkBarcode("").ok).toBe(false);
  });

  it("takes a shop's own codes with letters as they are", () => {
    expect(checkBarcode("SKU-00017")).toEqual({ ok: true, value: "SKU-00017" });
    expect(checkBarcode("รหัสไทย").ok).toBe(false);
  });

  it("catches every single mistyped digit of an EAN-13", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, position, change) => {
          const body = digits.join("");
          const code = body + String(gs1CheckDigit(body));
          expect(checkBarcode(code).ok).toBe(true);
          const typo = [...code];
          typo[position] = String((Number(typo[position]) + change) % 10);
          expect(checkBarcode(typo.join("")).ok).toBe(false);
        },
      ),
    );
  });
});
