// The public surface of this module: other folders import only this file (see
// docs/decisions/0016-modules-public-surface-and-layers.md). Kept by
// scripts/rewrite-module-imports.mjs, which adds a line when something outside the
// module starts using one of its files.
export * from "./index";
export * from "./complete-sale.server";
export * from "./price-levels.server";
export * from "./options.server";
export * from "./settings.server";
export * from "./after-sale.server";
export * from "./invoices.server";
export * from "./sale-document.server";
// The e-receipt: links, the public page's receipt, the slip's QR (decision 0094).
export * from "./receipt-link.server";
export * from "./receipt-email.server";
export * from "./receipt-email-form";
export * from "./receipt-logo.server";
// The selling settings form's schema: the server reads the form, the page needs no zod.
export * from "./settings-form";
export * from "./dashboard.server";
export * from "./discount-approval.server";
export * from "./discount-approval-request";
// What the sales took over days, for the finance page beside the other income.
export * from "./takings.server";
export * from "./sale-flags.server";
