import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";
import { normalizeThaiTaxId } from "./thai-tax-id";

describe("normalizeThaiTaxId", () => {
  it.each([
    ["0105512345678", null],
    ["1101700207030", "1101700207030"],
    ["1-1017-00207-03-0", "1101700207030"],
    ["0 1055 64012 34 5", null],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeThaiTaxId(input)).toBe(expected);
  });

  it("accepts exactly the numbers whose last digit is the checksum", () => {
    const base = "010555000123";
    const valid = [...Array(10).keys()].filter((d) => normalizeThaiTaxId(`${base}${d}`) !== null);
    expect(valid).toHaveLength(1);
  });

  it.each(["", "123", "12345678901234", "abcdefghijklm"])("rejects %j", (input) => {
    expect(normalizeThaiTaxId(input)).toBeNull();
  });
});

describe("the example tax ID shown next to the field", () => {
  // A visitor who copies the example must not be told it is wrong.
  it.each([
    ["th", th["shops.field.taxIdHint"]],
    ["en", en["shops.field.taxIdHint"]],
  ])("%s: passes our own checksum", (_lang, hint) => {
    const example = /\d[\d-]{15,}\d/.exec(hint)?.[0];
    expect(example).toBeDefined();
    expect(normalizeThaiTaxId(example ?? "")).not.toBeNull();
  });
});
