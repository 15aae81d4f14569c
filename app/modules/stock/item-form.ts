import { z } from "zod";
import { bahtField, checkboxField, optionalIdField, quantityField } from "~/lib/forms/fields";
import { parseBahtToSatang } from "~/lib/money";
import { isWholeQuantity } from "~/lib/quantity";
import { checkBarcode } from "./barcode";

// Rules of the item form (add and edit), shared by the page and its action.

/** An item's SKU as the forms read it: one spelling (capitals) per code. */
export const itemSkuField = z
  .string()
  .trim()
  .min(1, "storehub.error.skuRequired")
  .max(64, "storehub.error.skuInvalid")
  .regex(/^[\p{L}\p{M}\p{N}._\-/]+$/u, "storehub.error.skuInvalid")
  // One spelling per SKU: people type "abc-1" and "ABC-1" for the same code.
  .transform((value) => value.toUpperCase());

/** An item's barcode as the forms read it: empty is none, a wrong check digit is refused. */
export const itemBarcodeField = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === "") return null;
    const checked = checkBarcode(value);
    if (!checked.ok) {
      context.addIssue({ code: "custom", message: "storehub.error.barcodeInvalid" });
      return z.NEVER;
    }
    return checked.value;
  });

const itemFieldsShape = z.object({
  name: z
    .string()
    .trim()
    .min(1, "storehub.error.nameRequired")
    .max(120, "storehub.error.nameTooLong"),
  sku: itemSkuField,
  barcode: itemBarcodeField,
  category: z.string().trim().max(60, "storehub.error.categoryTooLong"),
  unit: z
    .string()
    .trim()
    .min(1, "storehub.error.unitRequired")
    .max(20, "storehub.error.unitRequired"),
  price: bahtField("storehub.error.priceInvalid"),
  cost: bahtField("storehub.error.costInvalid"),
  /** Sold by weight or length: its quantities take up to 3 decimals. */
  measured: checkboxField(),
  /** In thousandths of the unit (~/lib/quantity). */
  reorderLevel: quantityField("storehub.error.reorderInvalid"),
});

/**
 * The item's fields. Quantities are read in thousandths; an item not sold by weight or
 * length takes whole numbers only (1.5 boxes is a typing mistake), said next to the field.
 * Routes add fields with `.safeExtend` (which keeps this rule).
 */
export const itemFieldsSchema = itemFieldsShape.superRefine((fields, ctx) => {
  if (!fields.measured && !isWholeQuantity(fields.reorderLevel)) {
    ctx.addIssue({ code: "custom", path: ["reorderLevel"], message: "storehub.error.qtyWhole" });
  }
});

export type ItemFields = z.output<typeof itemFieldsSchema>;

/** The add form also takes optional opening stock at a location. */
export const newItemSchema = itemFieldsSchema
  .safeExtend({
    /** In thousandths of the unit. */
    openingQty: quantityField("storehub.error.qtyInvalid"),
    // Looked up in the shop by the action: a missing or foreign id is "location not found".
    openingLocationId: optionalIdField(),
  })
  .superRefine((fields, ctx) => {
    if (!fields.measured && !isWholeQuantity(fields.openingQty)) {
      ctx.addIssue({ code: "custom", path: ["openingQty"], message: "storehub.error.qtyWhole" });
    }
  });

/** An optional amount in baht: empty is none (null), not 0. */
const optionalBaht = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = (value ?? "").trim();
    if (text === "") return null;
    const satang = parseBahtToSatang(text);
    if (satang === null) {
      ctx.addIssue({ code: "custom", message: "storehub.error.openPriceInvalid" });
      return z.NEVER;
    }
    return satang;
  });

/**
 * The item form's open price (issue 37, decision 0093): ราคาตามจริง ticked, with an optional
 * lowest and highest price in baht. Bounds without the tick are kept as typed but not stored.
 */
export const openPriceFieldsSchema = z
  .object({
    openPrice: checkboxField(),
    openPriceMin: optionalBaht,
    openPriceMax: optionalBaht,
  })
  .superRefine((fields, ctx) => {
    const { openPriceMin: min, openPriceMax: max } = fields;
    if (fields.openPrice && min !== null && max !== null && min > max) {
      ctx.addIssue({
        code: "custom",
        path: ["openPriceMax"],
        message: "storehub.error.openPriceOrder",
      });
    }
  });

export type OpenPriceFields = z.output<typeof openPriceFieldsSchema>;

/** The bounds to store from the form's fields: null when the item is not sold at an open price. */
export function openPriceOf(
  fields: OpenPriceFields,
): { minSatang: number | null; maxSatang: number | null } | null {
  return fields.openPrice
    ? { minSatang: fields.openPriceMin, maxSatang: fields.openPriceMax }
    : null;
}
