import type { MessageKey } from "~/lib/i18n";
import type { FullInvoiceRefusal, ReturnRefusal, VoidRefusal } from "~/modules/sales/index.server";

// Every refusal of a void, a return or a full tax invoice as the invoice page shows it: a
// status and a text (decision 0016). A new refusal in the module does not compile until it
// has both here.

export const VOID_REFUSALS = {
  "not-found": { status: 404, message: "shops.invoices.error.notFound" },
  "not-allowed": { status: 403, message: "shops.invoices.error.notAllowed" },
  "already-void": { status: 409, message: "shops.invoices.error.alreadyVoid" },
  "reason-required": { status: 400, message: "shops.invoices.error.reasonRequired" },
  "has-returns": { status: 409, message: "shops.invoices.error.hasReturns" },
  "day-closed": { status: 409, message: "shops.invoices.error.voidDayClosed" },
} as const satisfies Record<VoidRefusal, { status: number; message: MessageKey }>;

export const RETURN_REFUSALS = {
  "not-found": { status: 404, message: "shops.invoices.error.notFound" },
  "not-allowed": { status: 403, message: "shops.invoices.error.notAllowed" },
  void: { status: 409, message: "shops.invoices.error.saleVoid" },
  "reason-required": { status: 400, message: "shops.invoices.error.reasonRequired" },
  "bad-refund-method": { status: 400, message: "shops.invoices.error.refundMethod" },
  "nothing-to-return": { status: 400, message: "shops.invoices.error.nothingToReturn" },
  "bad-quantity": { status: 400, message: "shops.invoices.error.badQuantity" },
  "more-than-sold": { status: 409, message: "shops.invoices.error.moreThanSold" },
  "day-closed": { status: 409, message: "shops.invoices.error.returnDayClosed" },
  "bad-buyer": { status: 400, message: "shops.invoices.error.fixErrors" },
  "over-account": { status: 409, message: "shops.invoices.error.overAccount" },
} as const satisfies Record<ReturnRefusal["code"], { status: number; message: MessageKey }>;

export const FULL_INVOICE_REFUSALS = {
  "not-found": { status: 404, message: "shops.invoices.error.notFound" },
  "not-vat": { status: 409, message: "shops.invoices.error.notVat" },
  void: { status: 409, message: "shops.invoices.error.saleVoid" },
  "bad-buyer": { status: 400, message: "shops.invoices.error.fixErrors" },
} as const satisfies Record<FullInvoiceRefusal["code"], { status: number; message: MessageKey }>;

export const SALE_STATUS_TEXT = {
  completed: "shops.invoices.status.completed",
  void: "shops.invoices.status.void",
} as const satisfies Record<string, MessageKey>;

/** The roles that open the invoice pages. */
export const INVOICE_ROLES = ["owner", "manager", "cashier"] as const;
