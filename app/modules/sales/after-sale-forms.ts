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

/**
 * How money goes back on a return: the ways a sale is paid. `account`: taken off what the
 * sale's customer owes (a sale on account, decision 0083).
 */
export const REFUND_METHODS = [
  "cash",
  "promptpay",
  "transfer",
  "card",
  "account",
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

/**
 * Whether a return must name its buyer: the sale had only an abbreviated tax invoice, which
 * names none, and Revenue Code s. 86/10 wants the buyer's name and address on the credit note
 * (decision 0084). After a full tax invoice the note goes to that invoice's buyer.
 */
export function returnNeedsBuyer(documentKind: string, hasFullTaxInvoice: boolean): boolean {
  return documentKind === "abbreviatedTaxInvoice" && !hasFullTaxInvoice;
}

/** The buyer's fields refused, field name → message key (the first message of each). */
export function buyerFieldErrors(input: {
  name: string;
  address: string;
  taxId: string;
  branchCode: string;
}): { ok: true; buyer: BuyerForm } | { ok: false; fields: Record<string, string> } {
  const parsed = buyerFormSchema.safeParse({
    buyerName: input.name,
    buyerAddress: input.address,
    buyerTaxId: input.taxId,
    buyerBranchCode: input.branchCode,
  });
  if (parsed.success) return { ok: true, buyer: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "form");
    fields[name] ??= issue.message;
  }
  return { ok: false, fields };
}
