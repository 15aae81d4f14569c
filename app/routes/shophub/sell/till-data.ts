/*
 * The till's items travel as rows of values, not objects: a shop with thousands of items
 * would otherwise send every field name thousands of times. Categories are sent once and
 * named by their index. The loader packs, the page unpacks once per load.
 */

/**
 * [id, name, sku, barcode or "", category index, unit, price, on hand (thousandths), photo or "",
 * sold by weight or length (1) or not (0)]
 */
export type PackedItem = [
  number,
  string,
  string,
  string,
  number,
  string,
  number,
  number,
  string,
  0 | 1,
];

export interface PackedItems {
  categories: string[];
  items: PackedItem[];
}

export interface TillItem {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  category: string;
  unit: string;
  priceSatang: number;
  /** Thousandths of the unit. */
  onHandMilli: number;
  imageUrl: string | null;
  /** Sold by weight or length: the quantity is asked, with up to 3 decimals. */
  measured: boolean;
}

export function packItems(rows: readonly TillItem[]): PackedItems {
  const categories: string[] = [];
  const indexOf = new Map<string, number>();
  const items = rows.map((row): PackedItem => {
    let category = indexOf.get(row.category);
    if (category === undefined) {
      category = categories.length;
      categories.push(row.category);
      indexOf.set(row.category, category);
    }
    return [
      row.id,
      row.name,
      row.sku,
      row.barcode ?? "",
      category,
      row.unit,
      row.priceSatang,
      row.onHandMilli,
      row.imageUrl ?? "",
      row.measured ? 1 : 0,
    ];
  });
  return { categories, items };
}

export function unpackItems(packed: PackedItems): TillItem[] {
  return packed.items.map(
    ([id, name, sku, barcode, category, unit, priceSatang, onHandMilli, imageUrl, measured]) => ({
      id,
      name,
      sku,
      barcode: barcode || null,
      category: packed.categories[category] ?? "",
      unit,
      priceSatang,
      onHandMilli,
      imageUrl: imageUrl || null,
      measured: measured === 1,
    }),
  );
}

/** The items by id, and by barcode and SKU (upper case) for scans. */
export interface ItemIndex {
  byId: Map<number, TillItem>;
  byCode: Map<string, TillItem>;
}

export function indexItems(items: readonly TillItem[]): ItemIndex {
  const byId = new Map<number, TillItem>();
  const byCode = new Map<string, TillItem>();
  for (const item of items) {
    byId.set(item.id, item);
    byCode.set(item.sku.toUpperCase(), item);
  }
  // A barcode wins over a SKU that happens to be the same digits: scanners send barcodes.
  for (const item of items) if (item.barcode) byCode.set(item.barcode.toUpperCase(), item);
  return { byId, byCode };
}

/**
 * Items whose name, SKU or barcode contains the text, as storehub's search finds them
 * (a case-insensitive "contains", so a Thai word inside a name is found), in `category`
 * when one is chosen.
 */
export function searchTillItems(
  items: readonly TillItem[],
  text: string,
  category: string | null,
): TillItem[] {
  const q = text.trim().toLowerCase();
  return items.filter(
    (item) =>
      (category === null || item.category === category) &&
      (q === "" ||
        item.name.toLowerCase().includes(q) ||
        item.sku.toLowerCase().includes(q) ||
        (item.barcode?.toLowerCase().includes(q) ?? false)),
  );
}

/** The categories that have items, in the order the shop's items name them, blanks left out. */
export function categoriesOf(items: readonly TillItem[]): string[] {
  return [...new Set(items.map((item) => item.category).filter((c) => c.trim() !== ""))].sort(
    (a, b) => a.localeCompare(b, "th"),
  );
}
