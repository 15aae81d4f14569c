import { describe, expect, it } from "vitest";
import { overridesBelow, overridesCovered, typedLinePrice } from "./open-price";

describe("typedLinePrice", () => {
  const open = { minSatang: 1_000, maxSatang: 5_000 };

  it("takes an open price within its bounds, and says which bound a price breaks", () => {
    expect(typedLinePrice(0, 2_500, open)).toEqual({
      unitPriceSatang: 2_500,
      problem: null,
      belowSatang: 0,
    });
    expect(typedLinePrice(0, 999, open).problem).toBe("below");
    expect(typedLinePrice(0, 5_001, open).problem).toBe("above");
    expect(typedLinePrice(0, undefined, open).problem).toBe("missing");
    expect(typedLinePrice(0, 0, { minSatang: null, maxSatang: null }).problem).toBeNull();
  });

  it("overrides any other item's list price, counting only how far below it goes", () => {
    expect(typedLinePrice(10_000, undefined, null)).toEqual({
      unitPriceSatang: 10_000,
      problem: null,
      belowSatang: 0,
    });
    expect(typedLinePrice(10_000, 8_000, null).belowSatang).toBe(2_000);
    expect(typedLinePrice(10_000, 12_000, null).belowSatang).toBe(0);
  });
});

describe("overridesBelow and overridesCovered", () => {
  const bill = overridesBelow([
    { itemId: 1, qtyMilli: 2_000, price: typedLinePrice(10_000, 8_000, null) },
    { itemId: 2, qtyMilli: 1_500, price: typedLinePrice(1_000, 999, null) },
    { itemId: 3, qtyMilli: 1_000, price: typedLinePrice(1_000, 1_200, null) },
  ]);

  it("sums how far below the list the bill goes, by quantity, rounded to the satang", () => {
    expect(bill).toEqual({
      lines: [
        { itemId: 1, unitPriceSatang: 8_000 },
        { itemId: 2, unitPriceSatang: 999 },
      ],
      belowSatang: 4_002,
    });
  });

  it("is covered only by an approval of each line at no higher a price, and no more in all", () => {
    expect(overridesCovered(bill.lines, bill.belowSatang, bill)).toBe(true);
    expect(overridesCovered(bill.lines, bill.belowSatang, null)).toBe(false);
    expect(overridesCovered(bill.lines, bill.belowSatang, { ...bill, belowSatang: 4_001 })).toBe(
      false,
    );
    expect(
      overridesCovered(bill.lines, bill.belowSatang, {
        lines: [{ itemId: 1, unitPriceSatang: 8_000 }],
        belowSatang: 10_000,
      }),
    ).toBe(false);
  });
});
