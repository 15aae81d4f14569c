import { describe, expect, it } from "vitest";
import {
  formatLevelCell,
  levelNameOfHeader,
  readBoundCell,
  readLevelCell,
} from "./item-csv-prices";

describe("a price level's CSV cell", () => {
  it("writes the level's price, then quantity=price breaks, and reads them back", () => {
    const breaks = [
      { minQtyMilli: 100_000, priceSatang: 4_200 },
      { minQtyMilli: 1_000, priceSatang: 4_800 },
      { minQtyMilli: 2_500, priceSatang: 4_550 },
    ];
    const cell = formatLevelCell(breaks);
    expect(cell).toBe("48.00; 2.5=45.50; 100=42.00");
    expect(readLevelCell(cell)).toEqual({
      ok: true,
      breaks: [...breaks].sort((a, b) => a.minQtyMilli - b.minQtyMilli),
    });
    expect(formatLevelCell([])).toBe("");
  });

  it("reads what a spreadsheet gives back: grouped baht, no decimals, spaces", () => {
    expect(readLevelCell(" 1,250 ;1,000=1,200.5 ")).toEqual({
      ok: true,
      breaks: [
        { minQtyMilli: 1_000, priceSatang: 125_000 },
        { minQtyMilli: 1_000_000, priceSatang: 120_050 },
      ],
    });
    expect(readLevelCell("  ")).toEqual({ ok: true, breaks: [] });
    expect(readLevelCell("0")).toEqual({
      ok: true,
      breaks: [{ minQtyMilli: 1_000, priceSatang: 0 }],
    });
  });

  it("names what is wrong", () => {
    const error = (cell: string) => {
      const read = readLevelCell(cell);
      return read.ok ? null : read.error;
    };
    expect(error("-5")).toBe("storehub.import.error.priceNegative");
    expect(error("48; 10=-1")).toBe("storehub.import.error.priceNegative");
    expect(error("สี่สิบ")).toBe("storehub.import.error.levelPriceInvalid");
    expect(error("48.505")).toBe("storehub.import.error.levelPriceInvalid");
    expect(error("10=45")).toBe("storehub.import.error.levelPriceFirst");
    expect(error("48; 10")).toBe("storehub.import.error.levelBreakInvalid");
    expect(error("48; 10=45=44")).toBe("storehub.import.error.levelBreakInvalid");
    expect(error("48; 1=45")).toBe("storehub.import.error.levelBreakQty");
    expect(error("48; 10=45; 10=44")).toBe("storehub.import.error.levelBreakQty");
  });
});

describe("the open price's bounds and the level columns' headers", () => {
  it("reads a bound as satang, empty as none", () => {
    expect(readBoundCell("")).toEqual({ ok: true, satang: null });
    expect(readBoundCell("20.5")).toEqual({ ok: true, satang: 2_050 });
    expect(readBoundCell("-1")).toEqual({
      ok: false,
      error: "storehub.import.error.priceNegative",
    });
    expect(readBoundCell("ยี่สิบ")).toEqual({ ok: false, error: "storehub.error.openPriceInvalid" });
  });

  it("finds the level a header names, in Thai or English", () => {
    expect(levelNameOfHeader("ระดับราคา: ราคาส่ง")).toBe("ราคาส่ง");
    expect(levelNameOfHeader(" Price level:สมาชิก (VIP) ")).toBe("สมาชิก (VIP)");
    expect(levelNameOfHeader("price level : Wholesale")).toBe("Wholesale");
    expect(levelNameOfHeader("ระดับราคา:")).toBeNull();
    expect(levelNameOfHeader("ราคาขาย (บาท)")).toBeNull();
  });
});
