import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import type { Database } from "~/db/client.server";
import { stockBalance, stockDocument, stockItem } from "~/db/schema";
import { readForm } from "~/lib/forms/read-form";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { newItemSchema } from "~/modules/stock";
import {
  type FormMessage,
  type InoutErrors,
  type InoutValues,
  findItem,
  listMovements,
  postStockDocument,
} from "~/modules/stock/index.server";
import { postMovements, voidSaleMovements } from "~/modules/stock/ledger-api.server";
import * as exportBalancesRoute from "~/routes/storehub/export-balances";
import * as exportItemsRoute from "~/routes/storehub/export-items";
import * as importRoute from "~/routes/storehub/import";
import * as inoutRoute from "~/routes/storehub/inout/route";
import * as overviewRoute from "~/routes/storehub/overview";
import * as storageRoute from "~/routes/storehub/storage/route";
import { say as sayOnPage } from "~/routes/storehub/stock-text";
import { insertItem, insertShop } from "../setup/factories";
import {
  callRoute,
  formShopIdOf,
  outcomeOf,
  routeContext,
  sessionUserOf,
} from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// Fractions of a unit in the stock ledger (issue 12): items sold by weight or length keep
// quantities with up to 3 decimals, exactly, from the form to the ledger and back to the page;
// every other item stays in whole units.

let test: TestDatabase;
let db: Database;
const th = serverTranslate("th");

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

/** Rice by the kilogram: sold by weight, its quantities take 3 decimals. */
const RICE = { name: "ข้าวหอมมะลิ (ตัก)", unit: "กก.", cost: 4_500, measured: true };

async function newShop() {
  const { shop, ownerId, defaultLocationId } = await insertShop(db);
  return { shopId: shop.id, ownerId, owner: sessionUserOf(ownerId), home: defaultLocationId };
}

async function placeQty(itemId: number, locationId: number): Promise<string | undefined> {
  // The column's own text: what PostgreSQL keeps, not a float read of it.
  const result = await db.execute<{ qty: string }>(
    sql`SELECT qty::text AS qty FROM stock_balance
         WHERE item_id = ${itemId} AND location_id = ${locationId}`,
  );
  return result.rows[0]?.qty;
}

const run = async (
  fn: (args: never) => unknown,
  path: string,
  user: SessionUser,
  form?: Record<string, string> | FormData,
) => {
  // Posts like the page's forms do: with `shopId`, the member's active shop.
  let sent = form;
  const shopId = form ? ((await formShopIdOf(db, user.id)) ?? "") : "";
  if (form instanceof FormData) form.set("shopId", shopId);
  else if (form) sent = { shopId, ...form };
  return outcomeOf(callRoute(fn, path, { context: routeContext(db, user), form: sent }));
};

const say = (message: FormMessage | undefined) => sayOnPage(th, "th", message);

describe("the ledger in fractions of a unit", () => {
  it("receives 1.255 kg, issues 0.5 and keeps 0.755 exactly, with value and average to the satang", async () => {
    const { shopId, ownerId, home } = await newShop();
    const rice = await insertItem(db, shopId, ownerId, { fields: RICE });
    const base = { shopId, userId: ownerId };
    expect(
      await postStockDocument(db, {
        ...base,
        kind: "receive",
        lines: [{ itemId: rice.id, locationId: home, qty: 1_255, unitCostSatang: 4_999 }],
      }),
    ).toMatchObject({ ok: true });
    // Worked example: 1.255 kg × 49.99 baht = 62.73745 baht -> 6,274 satang; the average is
    // 6,274 / 1.255 = 4,999.2 -> 4,999 satang a kilogram.
    expect(await findItem(db, shopId, rice.id)).toMatchObject({
      onHand: 1_255,
      stockValueSatang: 6_274,
      avgCostSatang: 4_999,
    });
    expect(
      await postStockDocument(db, {
        ...base,
        kind: "issue",
        lines: [{ itemId: rice.id, locationId: home, qty: 500, reason: "ชิมตัวอย่าง" }],
      }),
    ).toMatchObject({ ok: true });
    // 0.5 of 1.255 kg takes round(6,274 × 0.5 / 1.255) = round(2,499.60) = 2,500 satang;
    // 3,774 satang stay for 0.755 kg, an average of round(4,998.68) = 4,999.
    expect(await placeQty(rice.id, home)).toBe("0.755");
    expect(await findItem(db, shopId, rice.id)).toMatchObject({
      onHand: 755,
      stockValueSatang: 3_774,
      avgCostSatang: 4_999,
    });
    const ledger = await listMovements(db, shopId, { itemId: rice.id, page: 1 });
    expect(
      ledger.rows.map((row) => [
        row.kind,
        row.qty,
        row.itemQtyAfter,
        row.unitCostSatang,
        row.valueSatang,
      ]),
    ).toEqual([
      ["issue", -500, 755, 5_000, -2_500],
      ["receive", 1_255, 1_255, 4_999, 6_274],
    ]);
  });

  it("sells a fraction through the ledger API and gives back the exact share in partial voids", async () => {
    const { shopId, ownerId, home } = await newShop();
    const rice = await insertItem(db, shopId, ownerId, {
      fields: RICE,
      opening: { qty: 755, locationId: home },
    });
    // 0.755 kg at 4,500 satang a kilogram: round(3,397.5) = 3,398 satang.
    expect(await findItem(db, shopId, rice.id)).toMatchObject({ stockValueSatang: 3_398 });
    const sold = await db.transaction((tx) =>
      postMovements(tx, {
        shopId,
        userId: ownerId,
        kind: "sale",
        lines: [{ itemId: rice.id, locationId: home, qty: 400 }],
      }),
    );
    // 0.4 of 0.755 kg: round(3,398 × 0.4 / 0.755) = round(1,800.26) = 1,800 satang, 4,500 a kg.
    expect(sold.movements).toEqual([
      expect.objectContaining({
        kind: "sale",
        qty: -400,
        unitCostSatang: 4_500,
        valueSatang: -1_800,
        locationQtyAfter: 355,
        itemQtyAfter: 355,
      }),
    ]);
    const saleMovement = sold.movements[0]?.id ?? 0;
    const giveBack = (qty?: number) =>
      db.transaction((tx) =>
        voidSaleMovements(tx, {
          shopId,
          userId: ownerId,
          lines: [{ movementId: saleMovement, ...(qty === undefined ? {} : { qty }) }],
        }),
      );
    // 0.123 kg back: round(1,800 × 0.123 / 0.4) = round(553.5) = 554 satang.
    const first = await giveBack(123);
    expect(first.movements[0]).toMatchObject({ kind: "sale_void", qty: 123, valueSatang: 554 });
    // The rest (0.277 kg): the cumulative share of all 0.4 kg, 1,800, minus the 554 given back.
    const rest = await giveBack();
    expect(rest.movements[0]).toMatchObject({ kind: "sale_void", qty: 277, valueSatang: 1_246 });
    expect(await placeQty(rice.id, home)).toBe("0.755");
    expect(await findItem(db, shopId, rice.id)).toMatchObject({
      onHand: 755,
      stockValueSatang: 3_398,
      avgCostSatang: 4_501,
    });
  });

  it("refuses a fraction of an item counted in whole units, and more than 3 decimals of any", async () => {
    const { shopId, ownerId, home } = await newShop();
    const water = await insertItem(db, shopId, ownerId, {
      opening: { qty: 5_000, locationId: home },
    });
    const rice = await insertItem(db, shopId, ownerId, { fields: RICE });
    const before = await db.$count(stockDocument, eq(stockDocument.shopId, shopId));
    expect(
      await postStockDocument(db, {
        shopId,
        userId: ownerId,
        kind: "issue",
        lines: [{ itemId: water.id, locationId: home, qty: 1_500, reason: "ชำรุด" }],
      }),
    ).toEqual({ ok: false, error: { code: "invalid", line: 1 } });
    // Straight to the ledger with 4 decimals: refused rather than rounded by the column.
    await expect(
      db.execute(sql`SELECT stock_post_document(${shopId}, 'receive', '', '', ${ownerId},
        ${JSON.stringify([{ line: 1, item: rice.id, location: home, qty: "1.2345", unitCost: 1 }])}::jsonb)`),
    ).rejects.toMatchObject({ cause: { code: "SK400" } });
    expect(await db.$count(stockDocument, eq(stockDocument.shopId, shopId))).toBe(before);
  });
});

interface InoutActionData {
  values: InoutValues;
  errors: InoutErrors;
}

describe("the stock in/out form with fractions", () => {
  it("refuses 1.5 of a whole-unit item and 4 decimals of a measured one, in Thai, keeping the input", async () => {
    const { shopId, ownerId, owner, home } = await newShop();
    const water = await insertItem(db, shopId, ownerId, {
      opening: { qty: 5_000, locationId: home },
    });
    const rice = await insertItem(db, shopId, ownerId, { fields: RICE });
    const documents = () => db.$count(stockDocument, eq(stockDocument.shopId, shopId));
    const before = await documents();

    // A form with no other problem goes straight to the ledger, which refuses the fraction;
    // the page then explains it next to the quantity.
    const whole = await run(inoutRoute.action, "/storehub/inout?kind=issue", owner, {
      kind: "issue",
      intent: "post",
      reason: "ชำรุด",
      "lines[0].item": water.sku,
      "lines[0].location": String(home),
      "lines[0].qty": "1.5",
    });
    expect(whole.status).toBe(400);
    const refused = whole.data as InoutActionData;
    expect(refused.errors.lines[0]?.qty?.key).toBe("storehub.error.qtyWhole");
    expect(say(refused.errors.lines[0]?.qty)).toBe(
      "สินค้านี้นับเป็นหน่วยเต็ม กรุณาใส่จำนวนเต็มโดยไม่มีทศนิยม (สินค้าที่ขายตามน้ำหนักหรือความยาว ให้เลือก “ขายตามน้ำหนัก/ความยาว” ในข้อมูลสินค้า)",
    );
    expect(refused.values.lines[0]).toMatchObject({ item: water.sku, qty: "1.5" });

    const tooFine = await run(inoutRoute.action, "/storehub/inout?kind=receive", owner, {
      kind: "receive",
      intent: "post",
      "lines[0].item": rice.sku,
      "lines[0].location": String(home),
      "lines[0].qty": "1.2555",
    });
    expect(tooFine.status).toBe(400);
    const fine = tooFine.data as InoutActionData;
    expect(say(fine.errors.lines[0]?.qty)).toBe(
      "จำนวนต้องมากกว่า 0 ไม่เกิน 1,000,000 และทศนิยมไม่เกิน 3 ตำแหน่ง เช่น 2 หรือ 1.255",
    );
    expect(fine.values.lines[0]).toMatchObject({ item: rice.sku, qty: "1.2555" });
    expect(await documents()).toBe(before);

    // 1.255 kg of rice is fine, and so is 2 bottles of water.
    const posted = await run(inoutRoute.action, "/storehub/inout?kind=receive", owner, {
      kind: "receive",
      intent: "post",
      "lines[0].item": rice.sku,
      "lines[0].location": String(home),
      "lines[0].qty": "1.255",
      "lines[0].cost": "45",
      "lines[1].item": water.sku,
      "lines[1].location": String(home),
      "lines[1].qty": "2",
    });
    expect(posted.status).toBe(302);
    expect(await placeQty(rice.id, home)).toBe("1.255");
    expect(await placeQty(water.id, home)).toBe("7.000");

    // Counting a whole-unit item refuses a fraction too; a measured count takes one.
    const count = await run(inoutRoute.action, "/storehub/inout?kind=count", owner, {
      kind: "count",
      intent: "post",
      "lines[0].item": water.sku,
      "lines[0].location": String(home),
      "lines[0].counted": "6.25",
      "lines[1].item": rice.sku,
      "lines[1].location": String(home),
      "lines[1].counted": "1.2",
    });
    expect(count.status).toBe(400);
    const counted = count.data as InoutActionData;
    expect(counted.errors.lines[0]?.counted?.key).toBe("storehub.error.qtyWhole");
    expect(counted.errors.lines[1]).toBeUndefined();
  });

  it("explains a shortage of a measured item in its decimals", async () => {
    const { shopId, ownerId, owner, home } = await newShop();
    const rice = await insertItem(db, shopId, ownerId, {
      fields: RICE,
      opening: { qty: 755, locationId: home },
    });
    const outcome = await run(inoutRoute.action, "/storehub/inout?kind=issue", owner, {
      kind: "issue",
      intent: "post",
      reason: "ชำรุด",
      "lines[0].item": rice.sku,
      "lines[0].location": String(home),
      "lines[0].qty": "0.8",
    });
    expect(outcome.status).toBe(400);
    expect(say((outcome.data as InoutActionData).errors.lines[0]?.qty)).toContain("เหลือ 0.755 กก.");
  });
});

describe("the item form's measured flag", () => {
  const form = (fields: Record<string, string>) =>
    new URLSearchParams({
      name: "ผ้าใบ",
      sku: "TARP",
      barcode: "",
      category: "",
      unit: "ม.",
      price: "10",
      cost: "5",
      reorderLevel: "",
      openingQty: "",
      ...fields,
    });

  it("takes decimals for an item sold by weight or length and refuses them otherwise, next to the field", () => {
    const measured = readForm(
      form({ measured: "on", reorderLevel: "2.5", openingQty: "10.125" }),
      newItemSchema,
    );
    expect(measured).toMatchObject({
      ok: true,
      data: { measured: true, reorderLevel: 2_500, openingQty: 10_125 },
    });
    const whole = readForm(form({ reorderLevel: "2.5", openingQty: "10.125" }), newItemSchema);
    expect(whole).toMatchObject({
      ok: false,
      errors: { reorderLevel: "storehub.error.qtyWhole", openingQty: "storehub.error.qtyWhole" },
      values: { reorderLevel: "2.5", openingQty: "10.125" },
    });
    expect(readForm(form({ measured: "on", reorderLevel: "1.0005" }), newItemSchema)).toMatchObject(
      { ok: false, errors: { reorderLevel: "storehub.error.reorderInvalid" } },
    );
  });
});

describe("CSV with fractions", () => {
  const importForm = (text: string) => {
    const form = new FormData();
    form.set("intent", "preview");
    form.set("file", new File([new TextEncoder().encode(text)], "items.csv", { type: "text/csv" }));
    return form;
  };
  const textOf = async (response: Response | undefined) =>
    new TextDecoder("utf-8", { ignoreBOM: true })
      .decode(new Uint8Array(await (response as Response).arrayBuffer()))
      .slice(1);

  it("imports decimals for measured rows only, with a Thai reason per row", async () => {
    const { shopId, owner } = await newShop();
    const text = [
      "ชื่อสินค้า,รหัสสินค้า (SKU),หน่วยนับ,จุดสั่งซื้อ,ยอดยกมา,ขายตามน้ำหนัก/ความยาว",
      "น้ำดื่ม,WATER,ขวด,2,1.5,",
      "ข้าวสาร,RICE,กก.,2.5,10.125,ใช่",
      "เชือก,ROPE,ม.,0,1.2345,ใช่",
      "ตะปู,NAIL,กล่อง,1.5,,",
      "ท่อ,PIPE,ม.,,,บางที",
    ].join("\r\n");
    const preview = await run(importRoute.action, "/storehub/import", owner, importForm(text));
    expect(preview.status).toBe(400);
    const { check } = preview.data as {
      check: { problems: { row: number; field: string; message: string }[]; validCount: number };
    };
    expect(check.problems).toEqual([
      { row: 2, field: "openingQty", message: "storehub.error.qtyWhole" },
      { row: 4, field: "openingQty", message: "storehub.error.qtyInvalid" },
      { row: 5, field: "reorderLevel", message: "storehub.error.qtyWhole" },
      { row: 6, field: "measured", message: "storehub.import.error.measuredInvalid" },
    ]);
    for (const problem of check.problems) {
      expect(th(problem.message as Parameters<typeof th>[0])).toMatch(/[ก-๙]/);
    }
    expect(check.validCount).toBe(1);
    expect(await db.$count(stockItem, eq(stockItem.shopId, shopId))).toBe(0);

    // The good rows alone go in, the rice with 10.125 kg.
    const good = [text.split("\r\n")[0], text.split("\r\n")[2]].join("\r\n");
    const checked = await run(importRoute.action, "/storehub/import", owner, importForm(good));
    expect(checked.status).toBe(200);
    const done = await run(importRoute.action, "/storehub/import", owner, {
      intent: "import",
      csv: (checked.data as { csv: string }).csv,
      fileName: "items.csv",
    });
    expect(done.status).toBe(302);
    const [rice] = await db.select().from(stockItem).where(eq(stockItem.shopId, shopId));
    expect(rice).toMatchObject({
      sku: "RICE",
      measured: true,
      reorderLevel: 2_500,
      onHand: 10_125,
    });
  });

  it("exports 0.755 as a plain decimal in both files, and the pages get it exactly", async () => {
    const { shopId, ownerId, owner, home } = await newShop();
    const rice = await insertItem(db, shopId, ownerId, {
      fields: { ...RICE, sku: "RICE-1", reorderLevel: 1_500 },
      opening: { qty: 1_255, locationId: home },
    });
    await postStockDocument(db, {
      shopId,
      userId: ownerId,
      kind: "issue",
      lines: [{ itemId: rice.id, locationId: home, qty: 500, reason: "ชิม" }],
    });
    const items = await textOf(
      (await run(exportItemsRoute.loader, "/storehub/export/items.csv", owner)).response,
    );
    // name, SKU, barcode, category, unit, price, cost, reorder level, on hand, ..., measured,
    // then its variant group and options (none: an item of its own, decision 0080), then its
    // open price and bounds (none, decision 0097)
    expect(items.split("\r\n")[1]).toBe(
      "ข้าวหอมมะลิ (ตัก),RICE-1,,เครื่องดื่ม,กก.,10.00,45.00,1.5,0.755,45.01,33.98,ใช้งาน,ใช่,,,,,",
    );
    const balances = await textOf(
      (await run(exportBalancesRoute.loader, "/storehub/export/balances.csv", owner)).response,
    );
    // The place's quantity and its average per kilogram: 3,398 satang / 0.755 kg.
    expect(balances.split("\r\n")[1]).toMatch(
      /,RICE-1,ข้าวหอมมะลิ \(ตัก\),,กก\.,0\.755,45\.01,33\.98$/,
    );

    // The pages receive thousandths and show them with formatQuantityMilli ("0.755").
    type Storage = Awaited<ReturnType<typeof storageRoute.loader>>;
    const storage = (await run(storageRoute.loader, `/storehub/storage?item=${rice.id}`, owner))
      .data as Storage;
    expect(storage.ledger.rows.map((row) => [row.qty, row.running])).toEqual([
      [-500, 755],
      [1_255, 1_255],
    ]);
    type Overview = Extract<Awaited<ReturnType<typeof overviewRoute.loader>>, { kind: "shop" }>;
    const overview = (await run(overviewRoute.loader, "/storehub", owner)).data as Overview;
    expect(overview.overview.unitsOnHand).toBe(755);
    // 0.755 kg is at or below the reorder level of 1.5 kg: low stock, compared exactly.
    expect(overview.overview.lowStock.map((item) => [item.onHand, item.reorderLevel])).toEqual([
      [755, 1_500],
    ]);
    const [place] = await db
      .select({ qty: stockBalance.qty })
      .from(stockBalance)
      .where(and(eq(stockBalance.itemId, rice.id), eq(stockBalance.locationId, home)));
    expect(place?.qty).toBe(755);
  });
});
