import { z } from "zod";
import { bahtField, optionalIdField } from "~/lib/forms/fields";
import type { MessageKey } from "~/lib/i18n";
import { itemBarcodeField, itemSkuField } from "./item-form";

// Rules of the variant group form (decision 0080), shared by storehub's page and its action.

/** At most three option names per item, as Shopify, Loyverse and most tills allow. */
export const MAX_VARIANT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
/** Variants of one group: a picker on a till stays one tap away. */
export const MAX_VARIANTS = 100;

export interface VariantOption {
  name: string;
  values: string[];
}

export type OptionsReading =
  { ok: true; options: VariantOption[] } | { ok: false; error: MessageKey };

/**
 * Reads the options as typed, one per line: "ขนาด: S, M, L". Blank lines are skipped; a value
 * typed twice (in any case), an empty value between commas or more than three option names is
 * refused with its own message.
 */
export function readVariantOptions(text: string): OptionsReading {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length === 0) return { ok: false, error: "storehub.variants.error.optionsRequired" };
  if (lines.length > MAX_VARIANT_OPTIONS) {
    return { ok: false, error: "storehub.variants.error.tooManyOptions" };
  }
  const options: VariantOption[] = [];
  for (const line of lines) {
    const colon = line.search(/[:：]/);
    const name = colon < 0 ? "" : line.slice(0, colon).trim();
    if (name === "" || name.length > 30) {
      return { ok: false, error: "storehub.variants.error.optionName" };
    }
    if (options.some((option) => option.name.toLowerCase() === name.toLowerCase())) {
      return { ok: false, error: "storehub.variants.error.duplicateOption" };
    }
    const values = line
      .slice(colon + 1)
      .split(",")
      .map((value) => value.trim());
    if (values.some((value) => value === "")) {
      return { ok: false, error: "storehub.variants.error.emptyValue" };
    }
    if (values.some((value) => value.length > 30)) {
      return { ok: false, error: "storehub.variants.error.valueTooLong" };
    }
    if (values.length > MAX_OPTION_VALUES) {
      return { ok: false, error: "storehub.variants.error.tooManyValues" };
    }
    const seen = new Set<string>();
    for (const value of values) {
      const key = value.toLowerCase();
      if (seen.has(key)) return { ok: false, error: "storehub.variants.error.duplicateValue" };
      seen.add(key);
    }
    options.push({ name, values });
  }
  if (combinationCount(options) > MAX_VARIANTS) {
    return { ok: false, error: "storehub.variants.error.tooManyVariants" };
  }
  return { ok: true, options };
}

/** The options as the form shows them again, one per line. */
export function formatVariantOptions(options: readonly VariantOption[]): string {
  return options.map((option) => `${option.name}: ${option.values.join(", ")}`).join("\n");
}

function combinationCount(options: readonly VariantOption[]): number {
  return options.reduce((count, option) => count * option.values.length, 1);
}

/** Every combination of the options' values, the first option changing slowest. */
export function variantCombinations(options: readonly VariantOption[]): string[][] {
  let combos: string[][] = [[]];
  for (const option of options) {
    combos = combos.flatMap((combo) => option.values.map((value) => [...combo, value]));
  }
  return combos;
}

/** How the form names a combination in its hidden field, and the key rows are matched by. */
export function variantKey(values: readonly string[]): string {
  return values.join(" / ");
}

/** A variant's item name: "ลาเต้ (M)", "เสื้อยืด (M / แดง)"; receipts and reports show it. */
export function variantItemName(groupName: string, values: readonly string[]): string {
  return `${groupName} (${variantKey(values)})`;
}

/** The SKU offered for a new variant: the group's SKU and the values ("LATTE-M"). */
export function suggestedVariantSku(prefix: string, values: readonly string[]): string {
  const part = (text: string) =>
    text
      .trim()
      .replace(/[^\p{L}\p{M}\p{N}._\-/]+/gu, "-")
      .toUpperCase();
  return [part(prefix), ...values.map(part)].filter((piece) => piece !== "").join("-");
}

const variantRowSchema = z.object({
  /** The combination, as variantKey wrote it (a hidden field). */
  key: z.string().max(200),
  sku: itemSkuField,
  barcode: itemBarcodeField,
  price: bahtField("storehub.error.priceInvalid"),
  cost: bahtField("storehub.error.costInvalid"),
});

/**
 * The variant group form without its rows: what "generate" reads to make the rows from the
 * options (keeping what was typed in rows that stay).
 */
export const variantOptionsSchema = z.object({
  groupId: optionalIdField(),
  name: z
    .string()
    .trim()
    .min(1, "storehub.error.nameRequired")
    .max(80, "storehub.error.nameTooLong"),
  category: z.string().trim().max(60, "storehub.error.categoryTooLong"),
  unit: z
    .string()
    .trim()
    .min(1, "storehub.error.unitRequired")
    .max(20, "storehub.error.unitRequired"),
  skuPrefix: z.string().trim().max(40, "storehub.error.skuInvalid"),
  options: z
    .string()
    .max(2000, "storehub.variants.error.tooManyVariants")
    .transform((text, ctx) => {
      const read = readVariantOptions(text);
      if (!read.ok) {
        ctx.addIssue({ code: "custom", message: read.error });
        return z.NEVER;
      }
      return read.options;
    }),
  price: bahtField("storehub.error.priceInvalid"),
  cost: bahtField("storehub.error.costInvalid"),
});

/**
 * The whole form, as "save" reads it: the group and one row per variant, each with its own SKU,
 * barcode, price and cost. A SKU or barcode typed on two rows is refused on the second.
 */
export const variantGroupSchema = variantOptionsSchema
  .safeExtend({
    variants: z
      .array(variantRowSchema)
      .min(1, "storehub.variants.error.generateFirst")
      .max(MAX_VARIANTS),
  })
  .superRefine((form, ctx) => {
    const skus = new Map<string, number>();
    const barcodes = new Map<string, number>();
    form.variants.forEach((row, index) => {
      if (skus.has(row.sku)) {
        ctx.addIssue({
          code: "custom",
          path: ["variants", index, "sku"],
          message: "storehub.variants.error.skuRepeated",
        });
      }
      skus.set(row.sku, index);
      if (row.barcode !== null) {
        if (barcodes.has(row.barcode)) {
          ctx.addIssue({
            code: "custom",
            path: ["variants", index, "barcode"],
            message: "storehub.variants.error.barcodeRepeated",
          });
        }
        barcodes.set(row.barcode, index);
      }
    });
  });

export type VariantGroupForm = z.output<typeof variantGroupSchema>;
export type VariantRowInput = VariantGroupForm["variants"][number];

/** A row of the form as the page shows it: the combination and what is (or was) typed. */
export interface VariantFormRow {
  key: string;
  values: string[];
  /** The item already saved for this combination, or null for a new one. */
  itemId: number | null;
  sku: string;
  barcode: string;
  price: string;
  cost: string;
}

/**
 * The rows for the options: a combination already saved or typed keeps its fields, a new one
 * gets a suggested SKU and the group's price and cost.
 */
export function variantFormRows(
  options: readonly VariantOption[],
  defaults: { skuPrefix: string; price: string; cost: string },
  known: ReadonlyMap<string, Omit<VariantFormRow, "key" | "values">>,
): VariantFormRow[] {
  return variantCombinations(options).map((values) => {
    const key = variantKey(values);
    const kept = known.get(key);
    return kept
      ? { key, values, ...kept }
      : {
          key,
          values,
          itemId: null,
          sku: suggestedVariantSku(defaults.skuPrefix, values),
          barcode: "",
          price: defaults.price,
          cost: defaults.cost,
        };
  });
}

/** A variant's options in one CSV cell: "ขนาด: M | สี: แดง" (the export writes, the import reads). */
export function formatVariantCell(names: readonly string[], values: readonly string[]): string {
  return names.map((name, index) => `${name}: ${values[index] ?? ""}`).join(" | ");
}

/** The CSV cell read back: option names and values, or null when it is not 1-3 "name: value". */
export function readVariantCell(cell: string): { names: string[]; values: string[] } | null {
  const parts = cell.split("|").map((part) => part.trim());
  if (parts.length === 0 || parts.length > MAX_VARIANT_OPTIONS) return null;
  const names: string[] = [];
  const values: string[] = [];
  for (const part of parts) {
    const colon = part.search(/[:：]/);
    const name = colon < 0 ? "" : part.slice(0, colon).trim();
    const value = colon < 0 ? "" : part.slice(colon + 1).trim();
    if (name === "" || value === "" || name.length > 30 || value.length > 30) return null;
    if (value.includes(",") || names.some((each) => each.toLowerCase() === name.toLowerCase())) {
      return null;
    }
    names.push(name);
    values.push(value);
  }
  return { names, values };
}
