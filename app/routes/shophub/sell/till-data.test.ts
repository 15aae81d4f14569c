import { describe, expect, it } from "vitest";
import {
  categoriesOf,
  packItems,
  tilesOf,
  unpackItems,
  variantsOf,
  type TillItem,
} from "./till-data";

const item = (id: number, category: string): TillItem => ({
  id,
  name: `สินค้า ${id}`,
  sku: `SKU-${id}`,
  barcode: null,
  category,
  unit: "ชิ้น",
  priceSatang: 1_000,
  onHandMilli: 1_000,
  imageUrl: null,
  measured: false,
});

describe("the till's categories", () => {
  const rows = [
    item(1, "เครื่องดื่ม"),
    item(2, "อาหาร"),
    item(3, ""),
    item(4, "กาแฟ"),
    item(5, "เครื่องดื่ม"),
    item(6, "ขนม"),
    item(7, "ไอศกรีม"),
  ];

  it("come sorted as Thai sorts them (a leading vowel sorts by its consonant), blanks left out", () => {
    const packed = packItems(rows);
    expect(categoriesOf(packed)).toEqual(["กาแฟ", "ขนม", "เครื่องดื่ม", "อาหาร", "ไอศกรีม"]);
    const named = rows.map((row) => row.category).filter((category) => category !== "");
    expect(categoriesOf(packed)).toEqual([...new Set(named)].sort(new Intl.Collator("th").compare));
  });

  it("still name each item's own category once unpacked", () => {
    expect(unpackItems(packItems(rows)).map((row) => row.category)).toEqual(
      rows.map((row) => row.category),
    );
  });
});

describe("the till's tiles for items with variants", () => {
  const variant = (id: number, label: string, price: number, position: number): TillItem => ({
    ...item(id, "กาแฟ"),
    name: `ลาเต้ (${label})`,
    sku: `LATTE-${label}`,
    priceSatang: price,
    variant: { groupId: 9, groupName: "ลาเต้", label, position },
  });
  const rows = [
    variant(3, "L", 6_500, 2),
    item(1, "กาแฟ"),
    variant(2, "M", 5_500, 1),
    variant(4, "S", 4_500, 0),
  ];

  it("show one tile per group, with its price range and its variants' stock", () => {
    const tiles = tilesOf(rows, false);
    expect(tiles.map((tile) => tile.group?.name ?? tile.item.name)).toEqual(["ลาเต้", "สินค้า 1"]);
    expect(tiles[0]!.group).toEqual({
      groupId: 9,
      name: "ลาเต้",
      fromSatang: 4_500,
      toSatang: 6_500,
      onHandMilli: 3_000,
    });
  });

  it("show a variant alone when a search found only it, so one tap adds it", () => {
    const tiles = tilesOf([variant(2, "M", 5_500, 1)], true);
    expect(tiles).toEqual([{ item: rows[2], group: null }]);
  });

  it("list a group's variants in the order the shop typed them", () => {
    expect(variantsOf(rows, 9).map((row) => row.variant?.label)).toEqual(["S", "M", "L"]);
  });

  it("travel packed and come back with their group", () => {
    const packed = packItems(rows);
    expect(packed.groups).toEqual([[9, "ลาเต้"]]);
    expect(unpackItems(packed)).toEqual(
      rows.map((row) => ({ ...row, variant: row.variant ?? null })),
    );
  });

  it("read a page packed before variants as items without a group", () => {
    const old = packItems([item(1, "")]);
    const legacy = { categories: old.categories, items: old.items.map((row) => row.slice(0, 10)) };
    expect(unpackItems(legacy as typeof old)[0]?.variant).toBeNull();
  });
});
