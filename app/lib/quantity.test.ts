import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatQuantityMilli,
  MAX_QTY_MILLI,
  parsePercent,
  parseQuantity,
  qtyFromSql,
  qtyFromUnits,
  qtyToSql,
  readQuantity,
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

describe("quantities to and from the ledger's numeric(14,3)", () => {
  it.each([
    [1_255, "1.255"],
    [500, "0.5"],
    [12_000, "12"],
    [-755, "-0.755"],
    [1, "0.001"],
    [0, "0"],
  ])("writes %i as %j", (milli, text) => {
    expect(qtyToSql(milli)).toBe(text);
  });

  it.each([
    ["0.755", 755],
    ["-12.000", -12_000],
    ["5", 5_000],
    ["99999999999.999", 99_999_999_999_999],
  ] as const)("reads the column's text %j as %i", (text, milli) => {
    expect(qtyFromSql(text)).toBe(milli);
  });

  it("reads jsonb numbers (JSON.parse) exactly, never through a float division", () => {
    expect(qtyFromSql(1.255)).toBe(1_255);
    expect(qtyFromSql(0.3)).toBe(300);
    expect(qtyFromSql(-0.005)).toBe(-5);
    expect(qtyFromSql(null)).toBe(0);
    expect(() => qtyFromSql("1.2345")).toThrow(RangeError);
    expect(() => qtyFromSql("abc")).toThrow(RangeError);
  });

  it("round-trips every quantity through the text the database reads and writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_QTY_MILLI, max: MAX_QTY_MILLI }), (milli) => {
        expect(qtyFromSql(qtyToSql(milli))).toBe(milli);
        // As jsonb answers it: a JS number parsed from the decimal text.
        expect(qtyFromSql(JSON.parse(qtyToSql(milli)) as number)).toBe(milli);
      }),
    );
  });

  it("reads a count of 0 and refuses 4 decimals", () => {
    expect(readQuantity("0")).toBe(0);
    expect(readQuantity("")).toBeNull();
    expect(readQuantity("0.0001")).toBeNull();
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
