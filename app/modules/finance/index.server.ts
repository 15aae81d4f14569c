// The public surface of this module: other folders import only this file (see
// docs/decisions/0016-modules-public-surface-and-layers.md).
export * from "./index";
export * from "./records.server";
export * from "./lists.server";
export {
  addShopCategory,
  archiveShopCategory,
  type CategoryWriteResult,
  type FinanceCategoryRow,
  listShopCategories,
  renameShopCategory,
} from "./categories.server";
export * from "./receipt-photo.server";
export * from "./form";
