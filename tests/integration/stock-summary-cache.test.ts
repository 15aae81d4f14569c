import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createItem,
  postStockDocument,
  createStockEvents,
  getStockOverview,
} from "~/modules/stock/index.server";
import { tillItemsForPage } from "~/modules/stock/index.server";
import { STOCK_CHANGED_CHANNEL } from "~/modules/stock/stock-change-notifier.server";
import { insertItemAnnounced } from "../setup/announced-item";
import { insertItem, insertShop, itemFields } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

describe("the storehub overview's cached totals", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it("change at once when this instance posts stock or changes items", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    const item = await insertItem(test.db, shop.id, ownerId, {
      fields: { cost: 1_000, reorderLevel: 5_000 },
    });
    expect(await getStockOverview(test.db, shop.id)).toMatchObject({
      activeItems: 1,
      unitsOnHand: 0,
      lowStockCount: 1,
    });
    await postStockDocument(test.db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "receive",
      lines: [
        { itemId: item.id, locationId: defaultLocationId, qty: 8_000, unitCostSatang: 1_000 },
      ],
    });
    expect(await getStockOverview(test.db, shop.id)).toMatchObject({
      unitsOnHand: 8_000,
      stockValueSatang: 8_000,
      lowStockCount: 0,
    });
    // The latest movements too: kept (the same rows for the next page), and new after a post.
    const latest = (await getStockOverview(test.db, shop.id)).latestMovements;
    expect(latest.map((movement) => movement.qty)).toEqual([8_000]);
    expect((await getStockOverview(test.db, shop.id)).latestMovements).toBe(latest);
    await createItem(test.db, { shopId: shop.id, userId: ownerId, fields: itemFields() });
    expect((await getStockOverview(test.db, shop.id)).activeItems).toBe(2);
    await postStockDocument(test.db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "issue",
      lines: [{ itemId: item.id, locationId: defaultLocationId, qty: 1_000 }],
    });
    expect(
      (await getStockOverview(test.db, shop.id)).latestMovements.map((movement) => movement.qty),
    ).toEqual([-1_000, 8_000]);
  });

  it("change when another instance's change is announced (NOTIFY), and only then", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    await insertItemAnnounced(test.db, test.url, shop.id, ownerId);
    const hub = createStockEvents({
      createClient: () => new pg.Client({ connectionString: test.url }),
      debounceMs: 20,
    });
    try {
      await hub.whenListening();
      expect((await getStockOverview(test.db, shop.id)).activeItems).toBe(1);
      // Another instance adds an item: this instance's cache does not know yet...
      await test.db.execute(sql`
        INSERT INTO stock_item (shop_id, name, sku, unit)
        VALUES (${shop.id}, 'กาแฟเย็น', 'COFFEE-1', 'แก้ว')`);
      expect((await getStockOverview(test.db, shop.id)).activeItems).toBe(1);
      // ...until its announcement arrives.
      await test.db.execute(sql`SELECT pg_notify(${STOCK_CHANGED_CHANNEL}, ${shop.id})`);
      await expect
        .poll(async () => (await getStockOverview(test.db, shop.id)).activeItems, {
          timeout: 5_000,
        })
        .toBe(2);
    } finally {
      await hub.close();
    }
  });

  it("the till's item list: kept until the shop's stock or items change, here or elsewhere", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    const item = await insertItemAnnounced(test.db, test.url, shop.id, ownerId);
    const hub = createStockEvents({
      createClient: () => new pg.Client({ connectionString: test.url }),
      debounceMs: 20,
    });
    try {
      await hub.whenListening();
      const first = await tillItemsForPage(test.db, shop.id);
      expect(first.map((row) => [row.id, row.onHandMilli])).toEqual([[item.id, 0]]);
      // The same rows: no query for the next opening of the till.
      expect(await tillItemsForPage(test.db, shop.id)).toBe(first);
      // Stock posted on this instance: the next opening has it at once.
      await postStockDocument(test.db, {
        shopId: shop.id,
        userId: ownerId,
        kind: "receive",
        lines: [
          { itemId: item.id, locationId: defaultLocationId, qty: 3_000, unitCostSatang: 1_000 },
        ],
      });
      expect((await tillItemsForPage(test.db, shop.id))[0]?.onHandMilli).toBe(3_000);
      // A price changed on another instance is seen once its announcement arrives.
      await test.db.execute(sql`UPDATE stock_item SET price_satang = 4_500 WHERE id = ${item.id}`);
      expect((await tillItemsForPage(test.db, shop.id))[0]?.priceSatang).not.toBe(4_500);
      await test.db.execute(sql`SELECT pg_notify(${STOCK_CHANGED_CHANNEL}, ${shop.id})`);
      await expect
        .poll(async () => (await tillItemsForPage(test.db, shop.id))[0]?.priceSatang, {
          timeout: 5_000,
        })
        .toBe(4_500);
    } finally {
      await hub.close();
    }
  });
});
