import { z } from "zod";
import { bahtField, optionalIdField, wholeNumberField } from "~/lib/forms/fields";
import { checkBarcode } from "./barcode";

// Rules of the item form (add and edit), shared by the page and its action.

export const itemFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "storehub.error.nameRequired")
    .max(120, "storehub.error.nameTooLong"),
  sku: z
    .string()
    .trim()
    .min(1, "storehub.error.skuRequired")
    .max(64, "storehub.error.skuInvalid")
    .regex(/^[\p{L}\p{M}\p{N}._\-/]+$/u, "storehub.error.skuInvalid")
    // One spelling per SKU: people type "abc-1" and "ABC-1" for the same code.
    .transform((value) => value.toUpperCase()),
  barcode: z
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
    }),
  category: z.string().trim().max(60, "storehub.error.categoryTooLong"),
  unit: z
    .string()
    .trim()
    .min(1, "storehub.error.unitRequired")
    .max(20, "storehub.error.unitRequired"),
  price: bahtField("storehub.error.priceInvalid"),
  cost: bahtField("storehub.error.costInvalid"),
  reorderLevel: wholeNumberField("storehub.error.reorderInvalid"),
});

export type ItemFields = z.output<typeof itemFieldsSchema>;

/** The add form also takes optional opening stock at a location. */
export const newItemSchema = itemFieldsSchema.extend({
  openingQty: wholeNumberField("storehub.error.qtyInvalid"),
  // Looked up in the shop by the action: a missing or foreign id is "location not found".
  openingLocationId: optionalIdField(),
});
