import { describe, expect, it } from "vitest";
import { readOptionChoiceForm, readOptionGroupForm, readSkuList } from "./option-form";

describe("the option groups page's forms", () => {
  it("reads a group, refusing an empty name and a minimum above the maximum", () => {
    expect(readOptionGroupForm({ name: " ความหวาน ", min: "1", max: "1" })).toEqual({
      ok: true,
      group: { name: "ความหวาน", min: 1, max: 1 },
    });
    expect(readOptionGroupForm({ name: "", min: "3", max: "2" })).toEqual({
      ok: false,
      errors: { name: "shops.options.error.nameEmpty", max: "shops.options.error.minOverMax" },
    });
    expect(readOptionGroupForm({ name: "x", min: "-1", max: "0" })).toEqual({
      ok: false,
      errors: { min: "shops.options.error.min", max: "shops.options.error.max" },
    });
  });

  it("reads a choice with its price and the stock it consumes", () => {
    expect(
      readOptionChoiceForm({ name: "เพิ่มช็อต", price: "15", stockSku: "BEANS", stockQty: "0.018" }),
    ).toEqual({
      ok: true,
      choice: { name: "เพิ่มช็อต", priceSatang: 1_500, stock: { sku: "BEANS", qtyMilli: 18 } },
    });
    expect(readOptionChoiceForm({ name: "น้อย", price: "", stockSku: "", stockQty: "" })).toEqual({
      ok: true,
      choice: { name: "น้อย", priceSatang: 0, stock: null },
    });
    expect(readOptionChoiceForm({ name: "x", price: "-5", stockSku: "", stockQty: "1" })).toEqual({
      ok: false,
      errors: {
        price: "shops.options.error.priceNegative",
        stockSku: "shops.options.error.stockSkuMissing",
      },
    });
    expect(readOptionChoiceForm({ name: "x", price: "abc", stockSku: "B", stockQty: "0" })).toEqual(
      {
        ok: false,
        errors: { price: "shops.options.error.price", stockQty: "shops.options.error.stockQty" },
      },
    );
  });

  it("reads SKUs separated by spaces, commas or lines, once each", () => {
    expect(readSkuList("A1, B2\nA1  C3")).toEqual(["A1", "B2", "C3"]);
  });
});
