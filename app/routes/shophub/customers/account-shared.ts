import type { FieldErrors, FormValues } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import type { AccountPaymentMethod } from "~/modules/customers";

/*
 * What the account's parts of a customer's page share (decisions 0083 and 0095): the texts of
 * an entry's kind and a payment's method, the statement's shape and a refused form.
 */

export const ACCOUNT_KIND_TEXT = {
  sale: "shops.customers.account.kind.sale",
  payment: "shops.customers.account.kind.payment",
  void: "shops.customers.account.kind.void",
  return: "shops.customers.account.kind.return",
} as const satisfies Record<string, MessageKey>;

export const ACCOUNT_METHOD_TEXT = {
  cash: "shops.customers.account.method.cash",
  transfer: "shops.customers.account.method.transfer",
  promptpay: "shops.customers.account.method.promptpay",
} as const satisfies Record<AccountPaymentMethod, MessageKey>;

export interface AccountSectionData {
  limitSatang: number | null;
  balanceSatang: number;
  statement: {
    id: number;
    kind: keyof typeof ACCOUNT_KIND_TEXT;
    documentNumber: string;
    saleId: number | null;
    paymentId: number | null;
    amountSatang: number;
    balanceAfterSatang: number;
    createdAt: string;
    voidReason: string | null;
  }[];
}

export interface AccountFailure {
  intent: "limit" | "payment" | "voidPayment";
  errors: FieldErrors;
  values: FormValues;
  /** For an over-balance refusal: what is owed. */
  balanceSatang?: number;
  /** For too many PIN tries: when to try again (decision 0095). */
  retryAfterMinutes?: number;
}

/** A payment an owner or a manager may still void (decision 0095). */
export interface VoidablePayment {
  id: number;
  documentNumber: string;
  amountSatang: number;
  method: AccountPaymentMethod;
  createdAt: string;
}
