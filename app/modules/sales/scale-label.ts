import { gs1CheckDigit } from "~/modules/stock";
import { mulDivHalfUp } from "./arithmetic";
import type { BillLineInput } from "./bill";
import { QTY_SCALE } from "~/lib/quantity";

/**
 * EAN-13 labels printed by a shop's weighing scale. GS1 leaves the prefixes 20-29 to each
 * shop ("restricted circulation"), and scales print one of a few layouts there:
 *
 *     2 P | I I I I I | V V V V V | C      prefix, item code, value, check digit
 *
 * The shop picks its scale's layout in its settings: which prefixes its scale uses, how many
 * digits the item code has (4, 5 or 6; the value takes the rest of the 10 digits between the
 * prefix and the check digit), and whether the value is the weight in grams (= thousandths of
 * a kilogram, the till's quantity unit) or the price in satang. Layouts with a second check
 * digit inside the price (some European scales) are not read.
 */
export interface ScaleLabelLayout {
  /** Two-digit prefixes between 20 and 29 that this shop's scale prints. */
  prefixes: readonly string[];
  itemCodeDigits: 4 | 5 | 6;
  value: "weight" | "price";
}

/** The most common layout: prefix 20, a 5-digit item code (PLU), the weight in grams. */
export const DEFAULT_SCALE_LABEL_LAYOUT: ScaleLabelLayout = {
  prefixes: ["20"],
  itemCodeDigits: 5,
  value: "weight",
};

export type ScaleLabel =
  | { prefix: string; itemCode: string; kind: "weight"; qtyMilli: number }
  | { prefix: string; itemCode: string; kind: "price"; priceSatang: number };

export type ScaleLabelError =
  /** The digits are right for a scale label but the check digit is not: a misread scan. */
  | "checkDigit"
  /** A label that weighs or costs nothing. */
  | "zeroValue";

/**
 * null: not a label of this layout (any other code: look it up as an ordinary barcode).
 * Otherwise the item code (with its leading zeros, as the scale's PLU list has it) and the
 * weight or price.
 */
export type ScaleLabelRead =
  null | { ok: true; label: ScaleLabel } | { ok: false; error: ScaleLabelError };

const SCALE_PREFIX = /^2\d$/;

/** Whether a layout typed in the shop's settings can be read; false for nonsense prefixes. */
export function isValidScaleLabelLayout(layout: ScaleLabelLayout): boolean {
  return (
    layout.prefixes.length > 0 &&
    layout.prefixes.every((p) => SCALE_PREFIX.test(p)) &&
    [4, 5, 6].includes(layout.itemCodeDigits)
  );
}

export function readScaleLabel(scanned: string, layout: ScaleLabelLayout): ScaleLabelRead {
  const code = scanned.trim();
  if (!/^\d{13}$/.test(code)) return null;
  const prefix = code.slice(0, 2);
  if (!SCALE_PREFIX.test(prefix) || !layout.prefixes.includes(prefix)) return null;
  if (gs1CheckDigit(code.slice(0, 12)) !== Number(code[12])) {
    return { ok: false, error: "checkDigit" };
  }
  const itemCode = code.slice(2, 2 + layout.itemCodeDigits);
  const value = Number(code.slice(2 + layout.itemCodeDigits, 12));
  if (value === 0) return { ok: false, error: "zeroValue" };
  return {
    ok: true,
    label:
      layout.value === "weight"
        ? { prefix, itemCode, kind: "weight", qtyMilli: value }
        : { prefix, itemCode, kind: "price", priceSatang: value },
  };
}

/**
 * The label a scale would print (for tests, and for shops that print their own labels).
 * Throws when the item code or value does not fit the layout.
 */
export function scaleLabelCode(
  layout: ScaleLabelLayout,
  prefix: string,
  itemCode: string,
  value: number,
): string {
  const valueDigits = 10 - layout.itemCodeDigits;
  const valueText = String(value);
  if (
    !layout.prefixes.includes(prefix) ||
    !new RegExp(`^\\d{${layout.itemCodeDigits}}$`).test(itemCode) ||
    !Number.isSafeInteger(value) ||
    value <= 0 ||
    valueText.length > valueDigits
  ) {
    throw new RangeError("The item code or value does not fit the scale label layout");
  }
  const body = `${prefix}${itemCode}${valueText.padStart(valueDigits, "0")}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/**
 * The cart line of a scanned label for an item priced `unitPriceSatang` per kilogram (or per
 * unit). A weight label gives the quantity; a price label gives the line's amount as printed
 * (the customer pays what the label says) and a quantity worked back from the price, for the
 * stock ledger: round(price × 1000 / unit price) thousandths, at least one.
 */
export function scaleLabelLine(label: ScaleLabel, unitPriceSatang: number): BillLineInput {
  if (label.kind === "weight") return { unitPriceSatang, qtyMilli: label.qtyMilli };
  const qtyMilli =
    unitPriceSatang > 0 ? mulDivHalfUp(label.priceSatang, QTY_SCALE, unitPriceSatang) : QTY_SCALE;
  return { unitPriceSatang, qtyMilli: Math.max(1, qtyMilli), amountSatang: label.priceSatang };
}
