import { describe, expect, it } from "vitest";
import { levelUnitPrice } from "./price-level";
import { levelBreaksText, readLevelPriceForm } from "./price-level-form";

describe("an item's prices at a level as typed", () => {
  it("reads the level's price and its quantity breaks, and shows them again", () => {
    const read = readLevelPriceForm("48", "100=42, 10 = 45");
    expect(read).toEqual({
      ok: true,
      breaks: [
        { minQtyMilli: 1_000, priceSatang: 4_800 },
        { minQtyMilli: 10_000, priceSatang: 4_500 },
        { minQtyMilli: 100_000, priceSatang: 4_200 },
      ],
    });
    if (read.ok) expect(levelBreaksText(read.breaks)).toBe("10=45, 100=42");
  });

  it("empty: no price at the level (the item sells at retail)", () => {
    expect(readLevelPriceForm(" ", "")).toEqual({ ok: true, breaks: [] });
  });

  it("refuses, with a Thai key for the field, what is not a price or a break", () => {
    expect(readLevelPriceForm("abc", "")).toEqual({
      ok: false,
      errors: { price: "shops.priceLevels.error.price" },
    });
    expect(readLevelPriceForm("", "10=45")).toEqual({
      ok: false,
      errors: { price: "shops.priceLevels.error.priceForBreaks" },
    });
    expect(readLevelPriceForm("48", "10-45")).toEqual({
      ok: false,
      errors: { breaks: "shops.priceLevels.error.breaks" },
    });
    expect(readLevelPriceForm("48", "1=45")).toEqual({
      ok: false,
      errors: { breaks: "shops.priceLevels.error.breakQty" },
    });
    expect(readLevelPriceForm("48", "10=45, 10=44")).toEqual({
      ok: false,
      errors: { breaks: "shops.priceLevels.error.breakQty" },
    });
  });
});

describe("levelUnitPrice", () => {
  const breaks = [
    { minQtyMilli: 1_000, priceSatang: 4_800 },
    { minQtyMilli: 10_000, priceSatang: 4_500 },
  ];
  it("no level: retail, not a fallback; a level without a price: retail, a fallback", () => {
    expect(levelUnitPrice(5_000, null, 1_000, false).fallback).toBe(false);
    expect(levelUnitPrice(5_000, [], 1_000, true)).toEqual({
      unitPriceSatang: 5_000,
      fallback: true,
    });
  });
  it("the largest break not above the quantity; below the smallest, the level's own price", () => {
    expect(levelUnitPrice(5_000, breaks, 500, true).unitPriceSatang).toBe(4_800);
    expect(levelUnitPrice(5_000, breaks, 9_999, true).unitPriceSatang).toBe(4_800);
    expect(levelUnitPrice(5_000, breaks, 10_000, true)).toEqual({
      unitPriceSatang: 4_500,
      fallback: false,
    });
  });
});
