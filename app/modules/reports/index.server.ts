// The public surface of this module: other folders import only this file (see
// docs/decisions/0016-modules-public-surface-and-layers.md).
export * from "./index";
export * from "./profit-and-loss.server";
export * from "./report-csv.server";
export * from "./sales-tax-report.server";
export * from "./purchase-tax-report.server";
export * from "./vat-return.server";
export * from "./tax-files.server";
