import type { SampleItemInput } from "../stock/index.server";

/**
 * A small Thai shop's first shelf: everyday goods at the prices a corner shop charges, each
 * with a cost (so the dashboard shows a profit), a category, an in-store barcode the till can
 * scan, and opening stock. Names are Thai whatever the page's language: they are the shop's
 * data, as the shop's own items are. No photos: none could be bundled without weight.
 */
const SHELF: {
  name: string;
  category: string;
  unit: string;
  price: number;
  cost: number;
  qty: number;
}[] = [
  { name: "น้ำดื่ม 600 มล.", category: "เครื่องดื่ม", unit: "ขวด", price: 1_000, cost: 600, qty: 48 },
  { name: "กาแฟกระป๋อง", category: "เครื่องดื่ม", unit: "กระป๋อง", price: 1_500, cost: 1_100, qty: 24 },
  {
    name: "บะหมี่กึ่งสำเร็จรูป รสต้มยำ",
    category: "อาหารแห้ง",
    unit: "ซอง",
    price: 700,
    cost: 550,
    qty: 60,
  },
  { name: "ขนมปังแซนด์วิช", category: "เบเกอรี่", unit: "ชิ้น", price: 2_000, cost: 1_400, qty: 12 },
  { name: "ไข่ไก่ เบอร์ 2", category: "ของสด", unit: "ฟอง", price: 500, cost: 380, qty: 30 },
  { name: "สบู่ก้อน", category: "ของใช้", unit: "ก้อน", price: 2_500, cost: 1_700, qty: 10 },
];

/** The sample items, their barcodes made by `barcodeOf(n)` (stock's sampleBarcode). */
export function sampleCatalogue(barcodeOf: (n: number) => string): SampleItemInput[] {
  return SHELF.map((item, index) => ({
    fields: {
      name: item.name,
      sku: `SAMPLE-${String(index + 1).padStart(2, "0")}`,
      barcode: barcodeOf(index + 1),
      category: item.category,
      unit: item.unit,
      price: item.price,
      cost: item.cost,
      measured: false,
      reorderLevel: 0,
    },
    openingQty: item.qty * 1000,
  }));
}
