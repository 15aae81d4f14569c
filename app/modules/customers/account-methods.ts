/** How a customer pays against their account (decision 0083): never on account again. */
export const ACCOUNT_PAYMENT_METHODS = ["cash", "transfer", "promptpay"] as const;
export type AccountPaymentMethod = (typeof ACCOUNT_PAYMENT_METHODS)[number];
