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
  stockValueSatang: number;
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
