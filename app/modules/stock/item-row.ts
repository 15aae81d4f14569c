import type { StockItem } from "./items.server";

/** What an item list shows of an item (lists send only this to the browser). */
export interface ItemRow {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  category: string;
  unit: string;
  onHand: number;
  /** Value at moving-average cost: only for a member who sees costs (maySeeCosts). */
  stockValueSatang?: number;
  priceSatang: number;
  reorderLevel: number;
  status: StockItem["status"];
  hasMovements: boolean;
}

/**
 * The row of an item; `costs: false` (a member who sees no costs, a cashier) leaves its value
 * at cost out of the row, so the page's data never holds it.
 */
export function toItemRow(item: StockItem, { costs }: { costs: boolean }): ItemRow {
  return {
    id: item.id,
    name: item.name,
    sku: item.sku,
    barcode: item.barcode,
    category: item.category,
    unit: item.unit,
    onHand: item.onHand,
    ...(costs ? { stockValueSatang: item.stockValueSatang } : {}),
    priceSatang: item.priceSatang,
    reorderLevel: item.reorderLevel,
    status: item.status,
    hasMovements: item.hasMovements,
  };
}
