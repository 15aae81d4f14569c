/*
 * The till's items travel as rows of values, not objects: a shop with thousands of items
 * would otherwise send every field name thousands of times. Categories are sent once, in Thai
 * order, and named by their index. The loader packs, the page unpacks once per load.
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
  /** Every category of the items, blank included, in the order Thai sorts them. */
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

// Made once, when the server first packs (a collator is costly to build).
let collator: Intl.Collator | undefined;
const thaiOrder = () => (collator ??= new Intl.Collator("th"));

/**
 * Packs the loader's rows. Sorts the categories with Thai collation here, on the server: the
 * first Intl object (a collator too) costs a browser tab 35-50 ms of main thread while the till
 * hydrates (decision 0049).
 */
export function packItems(rows: readonly TillItem[]): PackedItems {
  const categories = [...new Set(rows.map((row) => row.category))].sort(thaiOrder().compare);
  const indexOf = new Map(categories.map((category, index) => [category, index]));
  const items = rows.map((row): PackedItem => {
    const category = indexOf.get(row.category) ?? 0;
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

/** The categories that have items, in Thai order (packItems sorted them), blanks left out. */
export function categoriesOf(packed: PackedItems): string[] {
  return packed.categories.filter((category) => category.trim() !== "");
}
