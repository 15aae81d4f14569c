import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { itemLevelPrice, itemOpenPrice, priceLevel, stockItem } from "~/db/schema";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { th } from "~/lib/i18n/th";
import { createPriceLevel, setItemLevelPrices } from "~/modules/sales/index.server";
import { listTillItems, setItemOpenPrice } from "~/modules/stock/index.server";
import * as exportItemsRoute from "~/routes/storehub/export-items";
import * as importRoute from "~/routes/storehub/import";
import { addShopMember, insertItem, insertShop } from "../setup/factories";
import {
  callRoute,
  formShopIdOf,
  outcomeOf,
  routeContext,
  sessionUserOf,
  type DataFunction,
} from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * The item CSV carries open prices and level prices (issue 37, decision 0097): an export
 * imported back gives the same prices, an old file leaves them alone, every refusal names its
 * row and column in Thai and writes nothing, and another shop's levels are never touched.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(async () => {
  await test.drop();
});

const call = async (fn: DataFunction, path: string, userId: string, form?: FormData) => {
  if (form) form.set("shopId", (await formShopIdOf(db, userId)) ?? "");
  return outcomeOf(callRoute(fn, path, { form, context: routeContext(db, sessionUserOf(userId)) }));
};

async function exported(userId: string): Promise<string> {
  const result = await call(exportItemsRoute.loader, "/storehub/export/items.csv", userId);
  expect(result.status).toBe(200);
  return ((await result.response?.text()) ?? "").replace(/^\uFEFF/, "");
}

type Problem = { row: number; field: string | null; message: string; level?: string };
type Checked = {
  check: {
    fileError: string | null;
    fileErrorValues?: Record<string, string>;
    problems: Problem[];
    updateCount: number;
    sameCount: number;
  };
  csv: string | null;
};

/** Checks the file as the page does, then confirms it when it is valid. */
async function importCsv(userId: string, text: string) {
  const upload = new FormData();
  upload.set("intent", "preview");
  upload.set("file", new File([text], "items.csv", { type: "text/csv" }));
  const checked = await call(importRoute.action, "/storehub/import", userId, upload);
  const data = checked.data as Checked;
  if (data.csv === null) {
    return { ok: false as const, status: checked.status, location: null, ...data };
  }
  const confirm = new FormData();
  confirm.set("intent", "import");
  confirm.set("csv", data.csv);
  const done = await call(importRoute.action, "/storehub/import", userId, confirm);
  expect(done.status).toBe(302);
  return { ok: true as const, status: done.status, location: done.location, ...data };
}

/** The shop's open prices and level prices by SKU and level name: what must round-trip. */
async function pricesOf(shopId: string) {
  const open = await db
    .select({
      sku: stockItem.sku,
      min: itemOpenPrice.minSatang,
      max: itemOpenPrice.maxSatang,
    })
    .from(itemOpenPrice)
    .innerJoin(stockItem, eq(stockItem.id, itemOpenPrice.itemId))
    .where(eq(itemOpenPrice.shopId, shopId))
    .orderBy(asc(stockItem.sku));
  const levels = await db
    .select({
      sku: stockItem.sku,
      level: priceLevel.name,
      qty: itemLevelPrice.minQtyMilli,
      price: itemLevelPrice.priceSatang,
    })
    .from(itemLevelPrice)
    .innerJoin(stockItem, eq(stockItem.id, itemLevelPrice.itemId))
    .innerJoin(priceLevel, eq(priceLevel.id, itemLevelPrice.priceLevelId))
    .where(eq(itemLevelPrice.shopId, shopId))
    .orderBy(asc(stockItem.sku), asc(priceLevel.name), asc(itemLevelPrice.minQtyMilli));
  return { open, levels };
}

async function level(shopId: string, name: string) {
  const made = await createPriceLevel(db, shopId, name);
  if (!made.ok) throw new Error(made.error);
  return made.level;
}

/** A hardware shop: two levels, a pipe with breaks, a measured rope, open-price items. */
async function hardwareShop() {
  const made = await insertShop(db);
  const shopId = made.shop.id;
  const wholesale = await level(shopId, "ราคาส่ง");
  const member = await level(shopId, "สมาชิก");
  const pipe = await insertItem(db, shopId, made.ownerId, {
    fields: { name: "ท่อ PVC 1/2 นิ้ว", sku: "PIPE-12", price: 5_000 },
  });
  const rope = await insertItem(db, shopId, made.ownerId, {
    fields: { name: "เชือกไนลอน", sku: "ROPE-1", price: 1_250, unit: "เมตร", measured: true },
  });
  const glue = await insertItem(db, shopId, made.ownerId, {
    fields: { name: "กาวทาท่อ", sku: "GLUE-1", price: 2_500 },
  });
  const heap = await insertItem(db, shopId, made.ownerId, {
    fields: { name: "ผักบุ้ง (กอง)", sku: "HEAP-1", price: 2_000 },
  });
  const labour = await insertItem(db, shopId, made.ownerId, {
    fields: { name: "ค่าแรงติดตั้ง", sku: "LABOUR", price: 0 },
  });
  await setItemLevelPrices(db, shopId, wholesale.id, pipe.id, [
    { minQtyMilli: 1_000, priceSatang: 4_800 },
    { minQtyMilli: 10_000, priceSatang: 4_500 },
    { minQtyMilli: 100_000, priceSatang: 4_200 },
  ]);
  await setItemLevelPrices(db, shopId, member.id, pipe.id, [
    { minQtyMilli: 1_000, priceSatang: 4_950 },
  ]);
  await setItemLevelPrices(db, shopId, wholesale.id, rope.id, [
    { minQtyMilli: 1_000, priceSatang: 1_100 },
    { minQtyMilli: 2_500, priceSatang: 1_050 },
  ]);
  await setItemOpenPrice(db, shopId, heap.id, { minSatang: 2_000, maxSatang: 10_050 });
  await setItemOpenPrice(db, shopId, labour.id, { minSatang: null, maxSatang: null });
  return { ...made, shopId, wholesale, member, pipe, rope, glue, heap, labour };
}

const t = serverTranslate("th");

/** The file with one cell changed: the item's (by SKU) under the header (cells unquoted). */
function setCell(text: string, sku: string, header: string, value: string): string {
  const lines = text.split("\r\n");
  const column = (lines[0] ?? "").split(",").indexOf(header);
  expect(column).toBeGreaterThan(0);
  return lines
    .map((line) => {
      const cells = line.split(",");
      if (cells[1] !== sku) return line;
      cells[column] = value;
      return cells.join(",");
    })
    .join("\r\n");
}

describe("the item CSV's open prices and level prices", () => {
  it("exports them after the old columns and imports them back the same (round trip)", async () => {
    const shop = await hardwareShop();
    const before = await pricesOf(shop.shopId);
    expect(before.open).toHaveLength(2);
    expect(before.levels).toHaveLength(6);

    const text = await exported(shop.ownerId);
    const lines = text.split("\r\n");
    expect(lines[0]).toMatch(
      /,กลุ่มสินค้าหลายแบบ,ตัวเลือกของแบบ,ราคาตามจริง,ราคาต่ำสุด \(บาท\),ราคาสูงสุด \(บาท\),ระดับราคา: ราคาส่ง,ระดับราคา: สมาชิก$/,
    );
    const line = (sku: string) => lines.find((row) => row.includes(`,${sku},`)) ?? "";
    expect(line("PIPE-12")).toMatch(/,,,,48\.00; 10=45\.00; 100=42\.00,49\.50$/);
    expect(line("ROPE-1")).toMatch(/,,,,11\.00; 2\.5=10\.50,$/);
    expect(line("HEAP-1")).toMatch(/,ใช่,20\.00,100\.50,,$/);
    expect(line("LABOUR")).toMatch(/,ใช่,,,,$/);
    expect(line("GLUE-1")).toMatch(/,,,,,$/);

    // Back into the same shop: nothing to change.
    const same = await importCsv(shop.ownerId, text);
    expect(same.ok).toBe(true);
    expect(same.check).toMatchObject({ updateCount: 0, sameCount: 5 });

    // The prices gone (levels emptied, open prices off), the export puts them all back.
    await db.delete(itemLevelPrice).where(eq(itemLevelPrice.shopId, shop.shopId));
    await db.delete(itemOpenPrice).where(eq(itemOpenPrice.shopId, shop.shopId));
    const back = await importCsv(shop.ownerId, text);
    expect(back.ok).toBe(true);
    expect(back.check.updateCount).toBe(4);
    expect(await pricesOf(shop.shopId)).toEqual(before);

    // Into a new shop with the same levels: the same items, open prices and level prices.
    const copy = await insertShop(db);
    await level(copy.shop.id, "ราคาส่ง");
    await level(copy.shop.id, "สมาชิก");
    const made = await importCsv(copy.ownerId, text);
    expect(made.ok).toBe(true);
    expect(made.location).toBe("/storehub/import?created=5&updated=0&stock=0");
    expect(await pricesOf(copy.shop.id)).toEqual(before);
    // The copy's till asks the heap's price within its bounds.
    const till = await listTillItems(db, copy.shop.id);
    expect(till.find((item) => item.sku === "HEAP-1")?.openPrice).toEqual({
      minSatang: 2_000,
      maxSatang: 10_050,
    });
    // And its export is the same file, to the cell.
    const again = (await exported(copy.ownerId)).split("\r\n");
    const tail = (row: string) => row.split(",").slice(15).join(",");
    expect(again.map(tail)).toEqual(lines.map(tail));
  });

  it("leaves them as they are for a file without their columns; an empty cell clears", async () => {
    const shop = await hardwareShop();
    const before = await pricesOf(shop.shopId);
    // An old-format file (the columns before decision 0097) that renames the items.
    const old = [
      "ชื่อสินค้า,รหัสสินค้า (SKU),หน่วยนับ,ราคาขาย (บาท)",
      "ท่อ PVC 4 หุน,PIPE-12,ชิ้น,51",
      "ผักบุ้ง,HEAP-1,ชิ้น,20",
      "ค่าแรง,LABOUR,ครั้ง,0",
    ].join("\r\n");
    const result = await importCsv(shop.ownerId, old);
    expect(result.ok).toBe(true);
    expect(await pricesOf(shop.shopId)).toEqual(before);
    const [pipe] = await db.select().from(stockItem).where(eq(stockItem.id, shop.pipe.id));
    expect(pipe).toMatchObject({ name: "ท่อ PVC 4 หุน", priceSatang: 5_100 });

    // Only the wholesale column, in English headers: the member price stays, the pipe's
    // wholesale price is cleared, the glue gets one; only the open-price flag column: the
    // heap stops being an open price, the labour keeps its (lack of) bounds.
    const some = [
      "name,sku,unit,Price level: ราคาส่ง,Open price",
      "ท่อ PVC 4 หุน,PIPE-12,ชิ้น,,",
      "กาวทาท่อ,GLUE-1,ชิ้น,23.5; 12=22,",
      "ผักบุ้ง,HEAP-1,ชิ้น,,no",
      "ค่าแรง,LABOUR,ครั้ง,,yes",
      "เชือกไนลอน,ROPE-1,เมตร,11; 2.5=10.50,",
    ].join("\r\n");
    const changed = await importCsv(shop.ownerId, some);
    expect(changed.ok).toBe(true);
    const after = await pricesOf(shop.shopId);
    expect(after.open).toEqual([{ sku: "LABOUR", min: null, max: null }]);
    expect(after.levels).toEqual([
      { sku: "GLUE-1", level: "ราคาส่ง", qty: 1_000, price: 2_350 },
      { sku: "GLUE-1", level: "ราคาส่ง", qty: 12_000, price: 2_200 },
      { sku: "PIPE-12", level: "สมาชิก", qty: 1_000, price: 4_950 },
      { sku: "ROPE-1", level: "ราคาส่ง", qty: 1_000, price: 1_100 },
      { sku: "ROPE-1", level: "ราคาส่ง", qty: 2_500, price: 1_050 },
    ]);
  });

  it("refuses each contradiction with its row and column in Thai, writing nothing", async () => {
    const shop = await hardwareShop();
    const before = await pricesOf(shop.shopId);
    const text = [
      "ชื่อสินค้า,รหัสสินค้า (SKU),หน่วยนับ,ราคาตามจริง,ราคาต่ำสุด (บาท),ราคาสูงสุด (บาท),ระดับราคา: ราคาส่ง",
      // 2: a valid change, which must not be written while other rows are wrong.
      "กาวทาท่อ,GLUE-1,ชิ้น,,,,30",
      // 3: the lowest above the highest.
      "ผักบุ้ง,HEAP-1,ชิ้น,ใช่,50,40,",
      // 4: a negative level price.
      "ท่อ,PIPE-12,ชิ้น,,,,-48",
      // 5: a level price on an open-price item.
      "ค่าแรง,LABOUR,ครั้ง,ใช่,,,100",
      // 6: bounds on an item not at an open price; a break before the level's price.
      "เชือก,ROPE-1,เมตร,,5,,10=45",
      // 7: a flag that is neither yes nor no; a negative bound; a repeated break.
      "ใหม่,NEW-1,ชิ้น,บางที,-1,,10; 5=9; 5=8",
    ].join("\r\n");
    const result = await importCsv(shop.ownerId, text);
    expect(result.ok).toBe(false);
    expect(result.status).toBe(400);
    expect(result.check.problems).toEqual([
      { row: 3, field: "openPriceMax", message: "storehub.error.openPriceOrder" },
      {
        row: 4,
        field: "levelPrice",
        message: "storehub.import.error.priceNegative",
        level: "ราคาส่ง",
      },
      {
        row: 5,
        field: "levelPrice",
        message: "storehub.import.error.levelOnOpenPrice",
        level: "ราคาส่ง",
      },
      { row: 6, field: "openPriceMin", message: "storehub.import.error.boundsWithoutOpenPrice" },
      {
        row: 6,
        field: "levelPrice",
        message: "storehub.import.error.levelPriceFirst",
        level: "ราคาส่ง",
      },
      { row: 7, field: "openPrice", message: "storehub.import.error.openPriceFlag" },
      { row: 7, field: "openPriceMin", message: "storehub.import.error.priceNegative" },
      {
        row: 7,
        field: "levelPrice",
        message: "storehub.import.error.levelBreakQty",
        level: "ราคาส่ง",
      },
    ]);
    // Every message has Thai text, and a level's column is named by its level, as the page
    // shows it: "แถวที่ 4 · ระดับราคา: ราคาส่ง · ราคาติดลบไม่ได้ …".
    for (const problem of result.check.problems) {
      expect(th[problem.message as keyof typeof th]).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(t("storehub.import.rowNumber", { row: 4 })).toBe("แถวที่ 4");
    expect(t("storehub.csv.levelPrice", { name: "ราคาส่ง" })).toBe("ระดับราคา: ราคาส่ง");
    expect(t("storehub.import.error.priceNegative")).toContain("ราคาติดลบไม่ได้");
    // Nothing was written, the valid row neither.
    expect(await pricesOf(shop.shopId)).toEqual(before);
    expect(await db.$count(stockItem, eq(stockItem.shopId, shop.shopId))).toBe(5);
  });

  it("takes back an open-price item's level price the shop already had, but makes none", async () => {
    const shop = await hardwareShop();
    // The price levels page can give the heap (an open price) a wholesale price: its export
    // imports back unchanged, but a changed price there is refused.
    await setItemLevelPrices(db, shop.shopId, shop.wholesale.id, shop.heap.id, [
      { minQtyMilli: 1_000, priceSatang: 1_500 },
    ]);
    const text = await exported(shop.ownerId);
    expect((await importCsv(shop.ownerId, text)).ok).toBe(true);
    const changed = setCell(text, "HEAP-1", "ระดับราคา: ราคาส่ง", "14");
    expect((await importCsv(shop.ownerId, changed)).check.problems).toEqual([
      {
        row: expect.any(Number),
        field: "levelPrice",
        message: "storehub.import.error.levelOnOpenPrice",
        level: "ราคาส่ง",
      },
    ]);
    // Nor may a file make the pipe (with level prices) an open price while keeping them.
    const opened = setCell(text, "PIPE-12", "ราคาตามจริง", "ใช่");
    expect((await importCsv(shop.ownerId, opened)).check.problems).toHaveLength(2);
  });

  it("stops a file whose level column names no level of the shop (renamed or another shop's)", async () => {
    const shop = await hardwareShop();
    const other = await insertShop(db);
    await level(other.shop.id, "ขายส่งร้านบี");
    for (const name of ["ราคาขายส่ง", "ขายส่งร้านบี"]) {
      const result = await importCsv(
        shop.ownerId,
        `name,sku,unit,ระดับราคา: ${name}\r\nกาว,GLUE-1,ชิ้น,30\r\n`,
      );
      expect(result.ok).toBe(false);
      expect(result.check.fileError).toBe("storehub.import.error.unknownLevel");
      expect(result.check.fileErrorValues).toEqual({ column: `ระดับราคา: ${name}`, name });
      expect(
        t("storehub.import.error.unknownLevel", { column: `ระดับราคา: ${name}`, name }),
      ).toContain(`ร้านนี้ไม่มีระดับราคา "${name}"`);
    }
  });

  it("lets only owners and managers change level prices; stock staff round-trip them unchanged", async () => {
    const shop = await hardwareShop();
    const stock = await addShopMember(db, shop.shopId, "stock");
    const manager = await addShopMember(db, shop.shopId, "manager");
    const text = await exported(stock.id);
    expect((await importCsv(stock.id, text)).ok).toBe(true);
    const raised = text.replace("48.00; 10=45.00; 100=42.00", "49.00; 10=45.00; 100=42.00");
    const refused = await importCsv(stock.id, raised);
    expect(refused.check.problems).toEqual([
      {
        row: expect.any(Number),
        field: "levelPrice",
        message: "storehub.import.error.levelPriceRole",
        level: "ราคาส่ง",
      },
    ]);
    // Open prices are the item form's, which stock staff use.
    const opened = setCell(text, "GLUE-1", "ราคาตามจริง", "ใช่");
    expect((await importCsv(stock.id, opened)).ok).toBe(true);
    expect((await importCsv(manager.id, raised)).ok).toBe(true);
    const [wholesale] = await db
      .select({ price: itemLevelPrice.priceSatang })
      .from(itemLevelPrice)
      .where(
        and(
          eq(itemLevelPrice.itemId, shop.pipe.id),
          eq(itemLevelPrice.priceLevelId, shop.wholesale.id),
          eq(itemLevelPrice.minQtyMilli, 1_000),
        ),
      );
    expect(wholesale?.price).toBe(4_900);
  });

  it("writes a large file's prices a thousand items at a time", async () => {
    const { shop, ownerId } = await insertShop(db);
    await level(shop.id, "ราคาส่ง");
    const count = 1_203;
    const rows = Array.from({ length: count }, (_, i) =>
      i % 3 === 0
        ? `สินค้า ${i},BULK-${i},ชิ้น,ใช่,${i},${i + 1},`
        : `สินค้า ${i},BULK-${i},ชิ้น,,,,${i}.50; 10=${i}`,
    );
    const text = ["name,sku,unit,ราคาตามจริง,ราคาต่ำสุด,ราคาสูงสุด,ระดับราคา: ราคาส่ง", ...rows].join(
      "\r\n",
    );
    expect((await importCsv(ownerId, text)).ok).toBe(true);
    const prices = await pricesOf(shop.id);
    expect(prices.open).toHaveLength(401);
    expect(prices.levels).toHaveLength(802 * 2);
    expect(prices.open.find((row) => row.sku === "BULK-1200")).toEqual({
      sku: "BULK-1200",
      min: 120_000,
      max: 120_100,
    });
    // Imported again with every level price cleared: all of them go, the open prices stay.
    const cleared = text.replace(/,\d+\.50; 10=\d+$/gm, ",");
    expect((await importCsv(ownerId, cleared)).ok).toBe(true);
    expect((await pricesOf(shop.id)).levels).toEqual([]);
    expect((await pricesOf(shop.id)).open).toHaveLength(401);
  });

  it("never touches another shop's levels, prices or open prices", async () => {
    const a = await hardwareShop();
    const b = await hardwareShop();
    const bBefore = await pricesOf(b.shopId);
    // A's file names the same SKUs and level names as B's: only A's rows change.
    const text = [
      "name,sku,unit,ระดับราคา: ราคาส่ง,ระดับราคา: สมาชิก,ราคาตามจริง,ราคาต่ำสุด,ราคาสูงสุด",
      "ท่อ,PIPE-12,ชิ้น,1,,,,",
      "ผักบุ้ง,HEAP-1,ชิ้น,,,,,",
      "กาว,GLUE-1,ชิ้น,,,ใช่,1,2",
    ].join("\r\n");
    expect((await importCsv(a.ownerId, text)).ok).toBe(true);
    expect(await pricesOf(b.shopId)).toEqual(bBefore);
    const aAfter = await pricesOf(a.shopId);
    expect(aAfter.levels.filter((row) => row.sku === "PIPE-12")).toEqual([
      { sku: "PIPE-12", level: "ราคาส่ง", qty: 1_000, price: 100 },
    ]);
    expect(aAfter.open).toEqual([
      { sku: "GLUE-1", min: 100, max: 200 },
      { sku: "LABOUR", min: null, max: null },
    ]);
    // A's export names A's levels only.
    const other = await level(b.shopId, "เฉพาะร้านบี");
    expect(other.name).toBe("เฉพาะร้านบี");
    expect((await exported(a.ownerId)).split("\r\n")[0]).not.toContain("เฉพาะร้านบี");
  });
});
