import { z } from "zod";
import { parseBahtToSatang } from "~/lib/money";
import { ACCOUNT_PAYMENT_METHODS } from "./account-methods";

/*
 * The forms of selling on account (decision 0083): a customer's credit limit (empty: no
 * selling on account) and a payment against the account. Each field names its Thai message.
 */

/** The largest limit or payment the forms take: 1,000,000,000 baht, far past a shop's. */
export const MAX_ACCOUNT_SATANG = 100_000_000_000;

export const creditLimitFormSchema = z.object({
  creditLimit: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const typed = (value ?? "").trim();
      if (typed === "") return null;
      const satang = parseBahtToSatang(typed);
      if (satang === null || satang < 1 || satang > MAX_ACCOUNT_SATANG) {
        ctx.addIssue({ code: "custom", message: "shops.customers.account.error.limit" });
        return z.NEVER;
      }
      return satang;
    }),
});

export const accountPaymentFormSchema = z.object({
  amount: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const satang = parseBahtToSatang((value ?? "").trim());
      if (satang === null || satang < 1 || satang > MAX_ACCOUNT_SATANG) {
        ctx.addIssue({ code: "custom", message: "shops.customers.account.error.amount" });
        return z.NEVER;
      }
      return satang;
    }),
  method: z.enum(ACCOUNT_PAYMENT_METHODS, { message: "shops.customers.account.error.method" }),
  reference: z
    .string()
    .trim()
    .max(100, "shops.customers.account.error.reference")
    .optional()
    .transform((value) => value ?? ""),
});

/**
 * The approval a cashier's transfer or PromptPay payment carries (decision 0095): the approver
 * chosen and their PIN. Empty fields are read as "no approval"; the server says which is missing.
 */
export const accountPaymentApprovalFormSchema = z.object({
  approverId: z
    .string()
    .trim()
    .max(100, "shops.customers.account.error.approver")
    .optional()
    .transform((value) => value ?? ""),
  pin: z
    .string()
    .trim()
    .max(20, "shops.customers.account.error.wrongPin")
    .optional()
    .transform((value) => value ?? ""),
});

/** Voiding a payment on account (decision 0095): which receipt and why. */
export const accountPaymentVoidFormSchema = z.object({
  paymentId: z.coerce
    .number("shops.customers.account.error.voidPayment")
    .int("shops.customers.account.error.voidPayment")
    .positive("shops.customers.account.error.voidPayment")
    .max(Number.MAX_SAFE_INTEGER, "shops.customers.account.error.voidPayment"),
  reason: z
    .string("shops.customers.account.error.voidReason")
    .trim()
    .min(1, "shops.customers.account.error.voidReason")
    .max(200, "shops.customers.account.error.voidReason"),
});
