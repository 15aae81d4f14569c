import type { LevelBreak, OpenPrice } from "~/modules/sales";

/*
 * The till's items travel as rows of values, not objects: a shop with thousands of items
 * would otherwise send every field name thousands of times. Categories are sent once, in Thai
 * order, and named by their index. The loader packs, the page unpacks once per load.
 */

/**
 * [id, name, sku, barcode or "", category index, unit, price, on hand (thousandths), photo or "",
 * sold by weight or length (1) or not (0), variant group index or -1, variant label or "",
 * place in its group]
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
  // Left out by a page packed before variants (a till's cached page): no variant then.
  number?,
  string?,
  number?,
];

export interface PackedItems {
  /** Every category of the items, blank included, in the order Thai sorts them. */
  categories: string[];
  items: PackedItem[];
  /** The variant groups of the items ([id, name]), named by their index (decision 0080). */
  groups?: [number, string][];
}

/** A variant of a group: the till shows one tile per group and asks which (decision 0080). */
export interface TillVariant {
  groupId: number;
  groupName: string;
  /** Its option values: "M", "M / แดง". */
  label: string;
  /** Its place in the picker. */
  position: number;
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
  /** Its variant group, when it is one of several versions of an item (decision 0080). */
  variant?: TillVariant | null;
  /** Sold at a price typed at the till, within these bounds (decision 0093). */
  openPrice?: OpenPrice | null;
  /** The option groups it asks, in order (decision 0092): tapping it opens the options dialog. */
  optionGroups?: readonly number[];
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
  const groups: [number, string][] = [];
  const groupIndex = new Map<number, number>();
  for (const row of rows) {
    if (row.variant && !groupIndex.has(row.variant.groupId)) {
      groupIndex.set(row.variant.groupId, groups.length);
      groups.push([row.variant.groupId, row.variant.groupName]);
    }
  }
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
      row.variant ? (groupIndex.get(row.variant.groupId) ?? -1) : -1,
      row.variant?.label ?? "",
      row.variant?.position ?? 0,
    ];
  });
  return { categories, items, groups };
}

/** `open`: the open-price items' bounds by item id (decision 0093), sent beside the rows. */
export function unpackItems(
  packed: PackedItems,
  open?: Readonly<Record<number, OpenPrice>> | null,
): TillItem[] {
  return packed.items.map(
    ([
      id,
      name,
      sku,
      barcode,
      category,
      unit,
      priceSatang,
      onHandMilli,
      imageUrl,
      measured,
      group,
      label,
      position,
    ]) => {
      const [groupId, groupName] = group === undefined ? [] : (packed.groups?.[group] ?? []);
      return {
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
        variant:
          groupId === undefined || groupName === undefined
            ? null
            : { groupId, groupName, label: label ?? "", position: position ?? 0 },
        ...(open?.[id] ? { openPrice: open[id] } : {}),
      };
    },
  );
}

/** The items by id, and by barcode and SKU (upper case) for scans. */
export interface ItemIndex {
  byId: Map<number, TillItem>;
  byCode: Map<string, TillItem>;
  /** Price levels' prices (decision 0089): level id → item id → quantity breaks. */
  levels?: Readonly<Record<number, Readonly<Record<number, readonly LevelBreak[]>>>>;
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

/** The variants of a group, in one tile of the grid. */
export interface VariantTile {
  groupId: number;
  name: string;
  /** Lowest and highest price of its variants. */
  fromSatang: number;
  toSatang: number;
  /** On hand over all its variants (they share a unit). */
  onHandMilli: number;
}

/** A tile of the grid: an item, or a variant group that asks which variant (decision 0080). */
export interface TillTile {
  /** The item, or a group's first variant (its photo, unit and key). */
  item: TillItem;
  group: VariantTile | null;
}

/**
 * The grid's tiles for the items found: a group's variants share one tile, in the place of the
 * first found. While searching, a group with only one variant found shows that variant itself
 * (its SKU or barcode was typed): one tap adds it.
 */
export function tilesOf(found: readonly TillItem[], searching: boolean): TillTile[] {
  const byGroup = new Map<number, TillItem[]>();
  for (const item of found) {
    if (!item.variant) continue;
    const list = byGroup.get(item.variant.groupId);
    if (list) list.push(item);
    else byGroup.set(item.variant.groupId, [item]);
  }
  const tiles: TillTile[] = [];
  const shown = new Set<number>();
  for (const item of found) {
    const variants = item.variant ? byGroup.get(item.variant.groupId) : undefined;
    if (!item.variant || !variants || (searching && variants.length === 1)) {
      tiles.push({ item, group: null });
      continue;
    }
    if (shown.has(item.variant.groupId)) continue;
    shown.add(item.variant.groupId);
    const prices = variants.map((variant) => variant.priceSatang);
    tiles.push({
      item,
      group: {
        groupId: item.variant.groupId,
        name: item.variant.groupName,
        fromSatang: Math.min(...prices),
        toSatang: Math.max(...prices),
        onHandMilli: variants.reduce((sum, variant) => sum + variant.onHandMilli, 0),
      },
    });
  }
  return tiles;
}

/** A group's variants as the picker lists them: in the order the shop typed their values. */
export function variantsOf(items: readonly TillItem[], groupId: number): TillItem[] {
  return items
    .filter((item) => item.variant?.groupId === groupId)
    .sort((a, b) => (a.variant?.position ?? 0) - (b.variant?.position ?? 0) || a.id - b.id);
}
