import type { MessageKey } from "~/lib/i18n";

/**
 * The customer page's refusals of a payment on account in the till's own words: the till
 * (`POST /shophub/sell/account-payment`) is sent only `shops.sell.*` text, so each page key has
 * a twin with the same words, and a refusal reads alike on both (the till's test keeps each pair
 * equal). Kept outside the till's folder, whose files may name only till keys. A key the page
 * adds later reads as the amount's refusal until it is listed here.
 */
export const TILL_REFUSAL_KEYS: Readonly<Record<string, MessageKey>> = {
  "shops.customers.error.notFound": "shops.sell.accountPay.error.notFound",
  "shops.customers.account.error.amount": "shops.sell.accountPay.error.amount",
  "shops.customers.account.error.method": "shops.sell.accountPay.error.method",
  "shops.customers.account.error.reference": "shops.sell.accountPay.error.reference",
  "shops.customers.account.error.overBalance": "shops.sell.accountPay.error.overBalance",
  "shops.customers.account.error.noShift": "shops.sell.accountPay.error.noShift",
  "shops.customers.account.error.needsApproval": "shops.sell.accountPay.error.needsApproval",
  "shops.customers.account.error.approver": "shops.sell.accountPay.error.approver",
  "shops.customers.account.error.wrongPin": "shops.sell.accountPay.error.wrongPin",
  "shops.customers.account.error.tooManyTries": "shops.sell.accountPay.error.tooManyTries",
};
