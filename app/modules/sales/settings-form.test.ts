import { describe, expect, it } from "vitest";
import { readForm } from "~/lib/forms/read-form";
import { defaultSalesSettings } from "./settings.server";
import { salesSettingsFormSchema } from "./settings-form";
import { formatBasisPoints, readScalePrefixes, salesSettingsFormValues } from "./settings-values";

/** The form as the page shows it for a shop that never saved anything. */
const DEFAULT_FORM = salesSettingsFormValues(defaultSalesSettings("shop"));

function read(changes: Record<string, string>) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...DEFAULT_FORM, ...changes })) {
    // An unticked checkbox is not sent at all.
    if (value !== "") form.append(name, value);
  }
  return readForm(form, salesSettingsFormSchema);
}

describe("the selling settings form", () => {
  it("reads the defaults back as the defaults (the page's values and the schema agree)", () => {
    const reading = read({});
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const { shopId: _shopId, logoKey: _logoKey, ...defaults } = defaultSalesSettings("shop");
    expect(reading.data).toEqual({ values: defaults, logo: undefined, removeLogo: false });
  });

  it("a branch needs its number; head office ignores a number left in the field", () => {
    expect(read({ branchKind: "branch", branchNo: "" })).toMatchObject({
      ok: false,
      errors: { branchNo: "shops.sellingSettings.error.branchNoRequired" },
    });
    expect(read({ branchKind: "branch", branchNo: "00000" })).toMatchObject({
      ok: false,
      errors: { branchNo: "shops.sellingSettings.error.branchNo" },
    });
    expect(read({ branchKind: "branch", branchNo: "123" })).toMatchObject({
      ok: true,
      data: { values: { branchCode: "00123" } },
    });
    expect(read({ branchKind: "head", branchNo: "7" })).toMatchObject({
      ok: true,
      data: { values: { branchCode: "00000" } },
    });
  });

  it("scale labels need a prefix 20-29 only when they are on", () => {
    expect(read({ scaleLabels: "on", scalePrefixes: "" })).toMatchObject({
      ok: false,
      errors: { scalePrefixes: "shops.sellingSettings.error.scalePrefixesRequired" },
    });
    expect(read({ scaleLabels: "on", scalePrefixes: "20, 30" })).toMatchObject({
      ok: false,
      errors: { scalePrefixes: "shops.sellingSettings.error.scalePrefixes" },
    });
    expect(read({ scaleLabels: "", scalePrefixes: "" })).toMatchObject({
      ok: true,
      data: { values: { scaleLabelLayout: null } },
    });
    expect(
      read({ scaleLabels: "on", scalePrefixes: "22 21,22", scaleItemDigits: "4" }),
    ).toMatchObject({
      ok: true,
      data: {
        values: {
          scaleLabelLayout: { prefixes: ["21", "22"], itemCodeDigits: 4, value: "weight" },
        },
      },
    });
  });

  it("refuses a VAT rate of 0 or 100 % and reads 7.5 as 750 basis points", () => {
    for (const bad of ["0", "100", "", "abc", "7.555"]) {
      expect(read({ vatRate: bad })).toMatchObject({
        ok: false,
        errors: { vatRate: "shops.sellingSettings.error.vatRate" },
      });
    }
    expect(read({ vatRate: "7.5" })).toMatchObject({
      ok: true,
      data: { values: { vatRateBasisPoints: 750 } },
    });
  });

  it("limits the receipt texts to 6 lines and 300 characters, counting Thai letters one by one", () => {
    expect(read({ receiptHeader: "ก\n".repeat(7) })).toMatchObject({
      ok: false,
      errors: { receiptHeader: "shops.sellingSettings.error.headerLines" },
    });
    expect(read({ receiptFooter: "ขอบคุณ".repeat(51) })).toMatchObject({
      ok: false,
      errors: { receiptFooter: "shops.sellingSettings.error.footerTooLong" },
    });
    expect(read({ receiptFooter: "ขอบคุณ".repeat(50) }).ok).toBe(true);
  });

  it("writes rates and prefixes back the way they are typed", () => {
    expect([700, 750, 725, 1000, 5].map(formatBasisPoints)).toEqual([
      "7",
      "7.5",
      "7.25",
      "10",
      "0.05",
    ]);
    expect(readScalePrefixes(" 21, 20 ,21 ")).toEqual(["20", "21"]);
    expect(readScalePrefixes("2")).toBeNull();
  });
});
