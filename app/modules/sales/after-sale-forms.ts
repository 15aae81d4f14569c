import { z } from "zod";
import { normalizeThaiTaxId } from "~/modules/shops";
import type { PaymentMethod } from "./bill";
import { HEAD_OFFICE_BRANCH } from "./settings-values";

/*
 * The forms of a completed sale's page (void, return lines, full tax invoice), checked the
 * same way in the browser-facing action and again by the server functions. Each rule names
 * the message key shown next to its field.
 */

export const REASON_MAX = 500;

/** How money goes back on a return: the ways a sale is paid. */
export const REFUND_METHODS = [
  "cash",
  "promptpay",
  "transfer",
  "card",
] as const satisfies readonly PaymentMethod[];

const reason = z
  .string()
  .trim()
  .min(1, "shops.invoices.error.reasonRequired")
  .max(REASON_MAX, "shops.invoices.error.reasonTooLong");

export const voidSaleFormSchema = z.object({ reason });

export const returnFormSchema = z.object({
  reason,
  refundMethod: z.enum(REFUND_METHODS, { message: "shops.invoices.error.refundMethod" }),
});

export const buyerFormSchema = z.object({
  buyerName: z
    .string()
    .trim()
    .min(1, "shops.invoices.error.buyerNameRequired")
    .max(200, "shops.invoices.error.buyerNameTooLong"),
  buyerAddress: z
    .string()
    .trim()
    .min(1, "shops.invoices.error.buyerAddressRequired")
    .max(500, "shops.invoices.error.buyerAddressTooLong"),
  // Dashes and spaces as printed on documents are accepted and dropped.
  buyerTaxId: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") {
        ctx.addIssue({ code: "custom", message: "shops.invoices.error.buyerTaxIdRequired" });
        return z.NEVER;
      }
      const digits = normalizeThaiTaxId(value);
      if (digits === null) {
        ctx.addIssue({ code: "custom", message: "shops.invoices.error.buyerTaxIdInvalid" });
        return z.NEVER;
      }
      return digits;
    }),
  // Empty means the head office, the usual case for a company buyer.
  buyerBranchCode: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return HEAD_OFFICE_BRANCH;
      if (!/^\d{5}$/.test(value)) {
        ctx.addIssue({ code: "custom", message: "shops.invoices.error.buyerBranchInvalid" });
        return z.NEVER;
      }
      return value;
    }),
});

export type BuyerForm = z.output<typeof buyerFormSchema>;
