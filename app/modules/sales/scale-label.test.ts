import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SCALE_LABEL_LAYOUT,
  isValidScaleLabelLayout,
  readScaleLabel,
  type ScaleLabelLayout,
  scaleLabelCode,
  scaleLabelLine,
} from "./scale-label";
import { computeBill } from "./bill";

const priceLayout: ScaleLabelLayout = { prefixes: ["22", "23"], itemCodeDigits: 4, value: "price" };

describe("scale labels", () => {
  it("reads item code and weight: 20 00123 01255 → item 00123, 1.255 kg", () => {
    // 2000123012551: the check digit of 200012301255 is 1 (weights 1,3 from the left).
    expect(readScaleLabel("2000123012551", DEFAULT_SCALE_LABEL_LAYOUT)).toEqual({
      ok: true,
      label: { prefix: "20", itemCode: "00123", kind: "weight", qtyMilli: 1_255 },
    });
  });

  it("reads a price label with a 4-digit item code: 23 0042 011170 → 111.70 baht", () => {
    const code = scaleLabelCode(priceLayout, "23", "0042", 11_170);
    expect(code).toBe("2300420111705");
    expect(readScaleLabel(code, priceLayout)).toEqual({
      ok: true,
      label: { prefix: "23", itemCode: "0042", kind: "price", priceSatang: 11_170 },
    });
  });

  it("refuses a misread check digit and a label of zero", () => {
    expect(readScaleLabel("2000123012557", DEFAULT_SCALE_LABEL_LAYOUT)).toEqual({
      ok: false,
      error: "checkDigit",
    });
    const zero = "200012300000";
    expect(readScaleLabel(`${zero}${checkOf(zero)}`, DEFAULT_SCALE_LABEL_LAYOUT)).toEqual({
      ok: false,
      error: "zeroValue",
    });
  });

  it("leaves every other code to the ordinary barcode lookup", () => {
    // A product's own EAN-13, a prefix the shop's scale does not use, other lengths, letters.
    for (const code of ["8850999320014", "2100123012553", "20001230125", "SKU-00017", ""]) {
      expect(readScaleLabel(code, DEFAULT_SCALE_LABEL_LAYOUT)).toBeNull();
    }
  });

  it("reads back every label it writes, for every layout", () => {
    const layout = fc.record({
      prefixes: fc.uniqueArray(fc.integer({ min: 20, max: 29 }).map(String), { minLength: 1 }),
      itemCodeDigits: fc.constantFrom(4 as const, 5 as const, 6 as const),
      value: fc.constantFrom("weight" as const, "price" as const),
    });
    fc.assert(
      fc.property(layout, fc.nat(), fc.nat(), fc.nat(), (l, p, item, v) => {
        const prefix = l.prefixes[p % l.prefixes.length] ?? "20";
        const itemCode = String(item % 10 ** l.itemCodeDigits).padStart(l.itemCodeDigits, "0");
        const value = 1 + (v % (10 ** (10 - l.itemCodeDigits) - 1));
        const read = readScaleLabel(scaleLabelCode(l, prefix, itemCode, value), l);
        expect(read).toEqual({
          ok: true,
          label:
            l.value === "weight"
              ? { prefix, itemCode, kind: "weight", qtyMilli: value }
              : { prefix, itemCode, kind: "price", priceSatang: value },
        });
      }),
    );
  });

  it("checks the layouts a shop may choose", () => {
    expect(isValidScaleLabelLayout(DEFAULT_SCALE_LABEL_LAYOUT)).toBe(true);
    expect(isValidScaleLabelLayout({ ...priceLayout, prefixes: [] })).toBe(false);
    expect(isValidScaleLabelLayout({ ...priceLayout, prefixes: ["19"] })).toBe(false);
    expect(() => scaleLabelCode(priceLayout, "23", "42", 100)).toThrow(RangeError);
    expect(() => scaleLabelCode(priceLayout, "23", "0042", 1_000_000)).toThrow(RangeError);
  });
});

describe("scanned labels as cart lines", () => {
  const noVat = { mode: "none", rateBasisPoints: 0 } as const;

  it("a weight label sells its weight at the item's price per kilogram", () => {
    const line = scaleLabelLine(
      { prefix: "20", itemCode: "00123", kind: "weight", qtyMilli: 1_255 },
      8_900,
    );
    expect(line).toEqual({ unitPriceSatang: 8_900, qtyMilli: 1_255 });
    const bill = computeBill({ lines: [line], vat: noVat });
    expect(bill.ok && bill.bill.totalSatang).toBe(11_170);
  });

  it("a price label charges what it says and works the weight back for the stock", () => {
    const line = scaleLabelLine(
      { prefix: "23", itemCode: "0042", kind: "price", priceSatang: 11_165 },
      8_900,
    );
    // 111.65 / 89.00 = 1.2544… kg → 1.254 kg leaves the stock; the bill says 111.65.
    expect(line).toEqual({ unitPriceSatang: 8_900, qtyMilli: 1_254, amountSatang: 11_165 });
    const bill = computeBill({ lines: [line], vat: noVat });
    expect(bill.ok && bill.bill.totalSatang).toBe(11_165);
    // An item without a price sells one unit at the label's price.
    expect(
      scaleLabelLine({ prefix: "23", itemCode: "0042", kind: "price", priceSatang: 500 }, 0),
    ).toEqual({ unitPriceSatang: 0, qtyMilli: 1_000, amountSatang: 500 });
  });
});

/** GS1 check digit computed here by hand, independent of the code under test. */
function checkOf(body: string): number {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}
