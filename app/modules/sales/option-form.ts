import type { MessageKey } from "~/lib/i18n";
import { parseBahtToSatang } from "~/lib/money";
import { parseQuantity } from "~/lib/quantity";

/*
 * The option groups page's forms as the owner types them (issue 37, decision 0092): each
 * refusal is a Thai message key for its own field, so the page shows it next to the field and
 * keeps what was typed.
 */

export const OPTION_NAME_MAX = 60;
export const OPTION_MAX_CHOICES = 50;

type Errors<F extends string> = Partial<Record<F, MessageKey>>;

function readName(text: string): { name: string } | { error: MessageKey } {
  const name = text.trim();
  if (name === "") return { error: "shops.options.error.nameEmpty" };
  if (name.length > OPTION_NAME_MAX) return { error: "shops.options.error.nameTooLong" };
  return { name };
}

function readCount(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,3}$/.test(t)) return null;
  return Number(t);
}

/** A group: its name and how many choices a line takes of it (min 0 = optional). */
export function readOptionGroupForm(input: {
  name: string;
  min: string;
  max: string;
}):
  | { ok: true; group: { name: string; min: number; max: number } }
  | { ok: false; errors: Errors<"name" | "min" | "max"> } {
  const errors: Errors<"name" | "min" | "max"> = {};
  const name = readName(input.name);
  if ("error" in name) errors.name = name.error;
  const min = readCount(input.min);
  const max = readCount(input.max);
  if (min === null || min > OPTION_MAX_CHOICES) errors.min = "shops.options.error.min";
  if (max === null || max < 1 || max > OPTION_MAX_CHOICES) errors.max = "shops.options.error.max";
  else if (min !== null && min > max) errors.max = "shops.options.error.minOverMax";
  if ("error" in name || min === null || max === null || Object.keys(errors).length > 0)
    return { ok: false, errors };
  return { ok: true, group: { name: name.name, min, max } };
}

export interface ChoiceFormValue {
  name: string;
  priceSatang: number;
  /** The SKU of the stock item one unit of the line consumes, with how much (thousandths). */
  stock: { sku: string; qtyMilli: number } | null;
}

/** A choice: its name, the price it adds (empty: 0) and what stock it consumes, if any. */
export function readOptionChoiceForm(input: {
  name: string;
  price: string;
  stockSku: string;
  stockQty: string;
}):
  | { ok: true; choice: ChoiceFormValue }
  | { ok: false; errors: Errors<"name" | "price" | "stockSku" | "stockQty"> } {
  const errors: Errors<"name" | "price" | "stockSku" | "stockQty"> = {};
  const name = readName(input.name);
  if ("error" in name) errors.name = name.error;
  const priceText = input.price.trim();
  let priceSatang: number | null = 0;
  if (priceText !== "") {
    if (/^-/.test(priceText)) {
      errors.price = "shops.options.error.priceNegative";
      priceSatang = null;
    } else {
      priceSatang = parseBahtToSatang(priceText);
      if (priceSatang === null) errors.price = "shops.options.error.price";
    }
  }
  const sku = input.stockSku.trim();
  const qtyText = input.stockQty.trim();
  let stock: ChoiceFormValue["stock"] = null;
  if (sku === "" && qtyText !== "") errors.stockSku = "shops.options.error.stockSkuMissing";
  if (sku !== "") {
    const qty = parseQuantity(qtyText);
    if (qty === null) errors.stockQty = "shops.options.error.stockQty";
    else stock = { sku, qtyMilli: qty };
  }
  if ("error" in name || priceSatang === null || Object.keys(errors).length > 0)
    return { ok: false, errors };
  return { ok: true, choice: { name: name.name, priceSatang, stock } };
}

/** SKUs typed to attach a group to, separated by spaces, commas or lines. */
export function readSkuList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    ),
  ];
}
