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
  /** null for members who may not see costs (cashiers). */
  stockValueSatang: number | null;
  priceSatang: number;
  reorderLevel: number;
  status: StockItem["status"];
  hasMovements: boolean;
}

export function toItemRow(item: StockItem): ItemRow {
  return {
    id: item.id,
    name: item.name,
    sku: item.sku,
    barcode: item.barcode,
    category: item.category,
    unit: item.unit,
    onHand: item.onHand,
    stockValueSatang: item.stockValueSatang,
    priceSatang: item.priceSatang,
    reorderLevel: item.reorderLevel,
    status: item.status,
    hasMovements: item.hasMovements,
  };
}

/** The row as a member who may not see costs (a cashier) gets it. */
export function withoutCosts(row: ItemRow): ItemRow {
  return { ...row, stockValueSatang: null };
}
