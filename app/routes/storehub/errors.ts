import type { MessageKey } from "~/lib/i18n";
import type { ItemWriteResult } from "~/modules/stock/index.server";

type DuplicateField = Extract<ItemWriteResult, { field: "sku" | "barcode" }>["error"];

/** The text next to the SKU or barcode field when another item of the shop has it. */
export const DUPLICATE_FIELD_TEXTS = {
  "sku-taken": "storehub.error.skuTaken",
  "barcode-taken": "storehub.error.barcodeTaken",
} as const satisfies Record<DuplicateField, MessageKey>;
