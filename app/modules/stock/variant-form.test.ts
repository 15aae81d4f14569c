import { describe, expect, it } from "vitest";
import {
  readVariantOptions,
  suggestedVariantSku,
  variantCombinations,
  variantFormRows,
  variantItemName,
} from "./variant-form";

describe("variant options as typed", () => {
  it("read one option per line, blank lines skipped, a Thai colon too", () => {
    expect(readVariantOptions("ขนาด: S, M, L\n\nสี：แดง,ดำ ")).toEqual({
      ok: true,
      options: [
        { name: "ขนาด", values: ["S", "M", "L"] },
        { name: "สี", values: ["แดง", "ดำ"] },
      ],
    });
  });

  it("refuse what a shop would not mean, each with its own message", () => {
    const error = (text: string) => {
      const read = readVariantOptions(text);
      return read.ok ? null : read.error;
    };
    expect(error("")).toBe("storehub.variants.error.optionsRequired");
    expect(error("a: 1\nb: 1\nc: 1\nd: 1")).toBe("storehub.variants.error.tooManyOptions");
    expect(error("S, M")).toBe("storehub.variants.error.optionName");
    expect(error("ขนาด: S\nขนาด: M")).toBe("storehub.variants.error.duplicateOption");
    expect(error("ขนาด: S,,M")).toBe("storehub.variants.error.emptyValue");
    expect(error("ขนาด: S, M,")).toBe("storehub.variants.error.emptyValue");
    expect(error("ขนาด: s, S")).toBe("storehub.variants.error.duplicateValue");
    const many = Array.from({ length: 11 }, (_, i) => `v${i}`).join(",");
    expect(error(`a: ${many}\nb: ${many}`)).toBe("storehub.variants.error.tooManyVariants");
  });
});

describe("variants made from options", () => {
  const options = [
    { name: "ขนาด", values: ["S", "M"] },
    { name: "สี", values: ["แดง", "ดำ"] },
  ];

  it("are every combination, the first option changing slowest", () => {
    expect(variantCombinations(options)).toEqual([
      ["S", "แดง"],
      ["S", "ดำ"],
      ["M", "แดง"],
      ["M", "ดำ"],
    ]);
  });

  it("are named and coded after the item and their values", () => {
    expect(variantItemName("เสื้อยืด", ["M", "แดง"])).toBe("เสื้อยืด (M / แดง)");
    expect(suggestedVariantSku("tee shirt", ["M", "แดง"])).toBe("TEE-SHIRT-M-แดง");
    expect(suggestedVariantSku("", ["XL"])).toBe("XL");
  });

  it("keep what was typed in rows that stay, and take the defaults in new ones", () => {
    const kept = new Map([
      ["S / แดง", { itemId: 7, sku: "TEE-RED-S", barcode: "", price: "199.00", cost: "80.00" }],
    ]);
    const rows = variantFormRows(options, { skuPrefix: "TEE", price: "179.00", cost: "" }, kept);
    expect(rows.map((row) => [row.key, row.sku, row.price, row.itemId])).toEqual([
      ["S / แดง", "TEE-RED-S", "199.00", 7],
      ["S / ดำ", "TEE-S-ดำ", "179.00", null],
      ["M / แดง", "TEE-M-แดง", "179.00", null],
      ["M / ดำ", "TEE-M-ดำ", "179.00", null],
    ]);
  });
});
