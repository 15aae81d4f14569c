// The public surface of this module: other folders import only this file (see
// docs/decisions/0016-modules-public-surface-and-layers.md). Kept by
// scripts/rewrite-module-imports.mjs, which adds a line when something outside the
// module starts using one of its files.
export * from "./index";
export * from "./csv";
export * from "./csv-download.server";
// The CSV writer: finance exports its lists with the same rules (BOM, formula-safe text).
export { csvRow, csvText, UTF8_BOM } from "./csv";
export * from "./documents.server";
export * from "./inout.server";
export * from "./item-csv-export.server";
export * from "./item-csv-import.server";
export * from "./level-price-store";
export * from "./item-image.server";
export * from "./item-selection.server";
export * from "./items.server";
export * from "./ledger-api.server";
export * from "./ledger.server";
export * from "./ledger-api.server";
export * from "./live-stock.server";
export * from "./locations.server";
export * from "./overview.server";
export * from "./sample-items.server";
export * from "./stock-shortage.server";
export * from "./storehub-access.server";
export * from "./stock-balance.server";
// The per-shop stock data kept until the shop's stock changes (storehub's overview).
export { cachedShopStock } from "./stock-summary-cache.server";
// The till's grid of sellable items (the sales module sells them; the items are ours).
export * from "./till-items.server";
export * from "./open-prices.server";
export * from "./variants.server";
export * from "./recipes.server";
