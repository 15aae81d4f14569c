import { z } from "zod";
import { checkboxField } from "~/lib/forms/fields";
import { toE164 } from "~/lib/phone";
import { EMAIL_FIELD } from "~/modules/accounts";
import { BUSINESS_TYPES, SHOP_ROLES } from "./shop-types";
import { normalizeThaiTaxId } from "./thai-tax-id";

export const SHOP_NAME_MAX = 120;
export const SHOP_ADDRESS_MAX = 500;

/** The new-shop form and the shop settings share these fields and their Thai messages. */
export const shopFormSchema = z.object({
  name: z
    .string({ error: "shops.error.nameRequired" })
    .trim()
    .min(1, "shops.error.nameRequired")
    .max(SHOP_NAME_MAX, "shops.error.nameTooLong"),
  businessType: z.enum(BUSINESS_TYPES, { error: "shops.error.businessTypeRequired" }),
  address: z
    .string({ error: "shops.error.addressRequired" })
    .trim()
    .min(1, "shops.error.addressRequired")
    .max(SHOP_ADDRESS_MAX, "shops.error.addressTooLong"),
  // Stored as E.164; Thai numbers may be typed the local way (081-234-5678, 02-123-4567).
  phone: z
    .string({ error: "shops.error.phoneRequired" })
    .trim()
    .min(1, "shops.error.phoneRequired")
    .transform((value, ctx) => {
      const e164 = toE164(value);
      if (e164 === null) {
        ctx.addIssue({ code: "custom", message: "shops.error.phoneInvalid" });
        return z.NEVER;
      }
      return e164;
    }),
  // Optional; dashes and spaces as printed on documents are accepted and dropped.
  taxId: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const digits = normalizeThaiTaxId(value);
      if (digits === null) {
        ctx.addIssue({ code: "custom", message: "shops.error.taxIdInvalid" });
        return z.NEVER;
      }
      return digits;
    }),
});

export type ShopFormInput = z.output<typeof shopFormSchema>;

/**
 * The settings add what only matters once the shop runs: whether stock may go below zero and
 * whether stock staff may reverse documents.
 */
export const shopSettingsFormSchema = shopFormSchema.extend({
  allowNegativeStock: checkboxField(),
  stockMayReverse: checkboxField(),
});

export const inviteFormSchema = z.object({
  email: EMAIL_FIELD,
  role: z.enum(SHOP_ROLES, { error: "shops.error.roleRequired" }),
});

export const roleFormSchema = z.object({
  userId: z.string({ error: "shops.error.badRequest" }).min(1, "shops.error.badRequest"),
  role: z.enum(SHOP_ROLES, { error: "shops.error.roleRequired" }),
});
