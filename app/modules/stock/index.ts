// The public surface of this module: other folders import only this file (see
// docs/decisions/0016-modules-public-surface-and-layers.md). Kept by
// scripts/rewrite-module-imports.mjs, which adds a line when something outside the
// module starts using one of its files.
export * from "./barcode";
export * from "./document-number";
export * from "./inout-form";
export * from "./item-form";
export * from "./item-list-query";
export * from "./item-row";
export * from "./location-form";
export * from "./reversal";
export * from "./stock-balance-sort";
export * from "./variant-form";
