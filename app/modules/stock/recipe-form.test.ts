import { describe, expect, it } from "vitest";
import { readRecipeText } from "./recipe-form";

describe("readRecipeText", () => {
  it("reads one SKU and quantity a line, in thousandths, SKUs in capitals", () => {
    expect(readRecipeText("beans 0.018\r\n\n  MILK   0.2 \nCUP 1")).toEqual({
      ok: true,
      lines: [
        { sku: "BEANS", qtyMilli: 18 },
        { sku: "MILK", qtyMilli: 200 },
        { sku: "CUP", qtyMilli: 1_000 },
      ],
    });
  });

  it("an empty text is no recipe", () => {
    expect(readRecipeText(" \n ")).toEqual({ ok: true, lines: [] });
  });

  it("names the line it cannot read or that repeats a SKU", () => {
    expect(readRecipeText("CUP 1\nMILK")).toEqual({
      ok: false,
      error: "storehub.recipes.error.line",
      line: 2,
    });
    expect(readRecipeText("CUP 0")).toMatchObject({ ok: false, line: 1 });
    expect(readRecipeText("CUP 0.0001")).toMatchObject({ ok: false, line: 1 });
    expect(readRecipeText("CUP 1\n\ncup 2")).toEqual({
      ok: false,
      error: "storehub.recipes.error.duplicate",
      line: 3,
    });
  });

  it("refuses more than 30 components", () => {
    const text = Array.from({ length: 31 }, (_, i) => `P${i} 1`).join("\n");
    expect(readRecipeText(text)).toMatchObject({
      ok: false,
      error: "storehub.recipes.error.tooMany",
    });
  });
});
