import { describe, expect, it } from "vitest";
import { categoriesOf, packItems, unpackItems, type TillItem } from "./till-data";

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
