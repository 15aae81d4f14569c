import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatQuantityMilli,
  MAX_QTY_MILLI,
  parsePercent,
  parseQuantity,
  qtyFromUnits,
} from "./quantity";

describe("quantities in thousandths", () => {
  it.each([
    ["2", 2_000],
    ["1.255", 1_255],
    ["0.5", 500],
    [".25", 250],
    ["3.", 3_000],
    [" 1,250.5 ", 1_250_500],
    ["0.001", 1],
    ["1000000", MAX_QTY_MILLI],
  ])("reads %j as %i", (input, milli) => {
    expect(parseQuantity(input)).toBe(milli);
  });

  it.each(["", "0", "0.000", "1.2345", "-1", "1e3", "abc", "1000000.001", "."])(
    "refuses %j",
    (input) => {
      expect(parseQuantity(input)).toBeNull();
    },
  );

  it("shows thousandths without trailing zeros, grouped", () => {
    expect(formatQuantityMilli(2_000, "th")).toBe("2");
    expect(formatQuantityMilli(1_255, "th")).toBe("1.255");
    expect(formatQuantityMilli(500, "en")).toBe("0.5");
    expect(formatQuantityMilli(1_250_500, "en")).toBe("1,250.5");
    expect(formatQuantityMilli(-1_500, "th")).toBe("-1.5");
    expect(qtyFromUnits(3)).toBe(3_000);
  });

  it("reads back what it shows, exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_QTY_MILLI }), (milli) => {
        expect(parseQuantity(formatQuantityMilli(milli, "en"))).toBe(milli);
      }),
    );
  });
});

describe("percentages in basis points", () => {
  it.each([
    ["10", 1_000],
    ["12.5", 1_250],
    ["7.25 %", 725],
    ["100", 10_000],
    ["0", 0],
  ])("reads %j as %i", (input, bp) => {
    expect(parsePercent(input)).toBe(bp);
  });

  it.each(["100.01", "1.234", "-5", "", "ten"])("refuses %j", (input) => {
    expect(parsePercent(input)).toBeNull();
  });
});
