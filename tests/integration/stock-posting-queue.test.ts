import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "~/db/client.server";
import { stockBalance, stockDocument, stockItem } from "~/db/schema";
import { postStockDocument } from "~/modules/stock/index.server";
import { postThroughQueue } from "~/modules/stock/posting-queue.server";
import { insertItem, insertShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let db: Database;
const otherPools: Database[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(async () => {
  await Promise.all(otherPools.map((other) => other.$client.end()));
  await test.drop();
});

async function quantityOf(itemId: number, locationId: number): Promise<number> {
  const [row] = await db
    .select({ qty: stockBalance.qty })
    .from(stockBalance)
    .where(and(eq(stockBalance.itemId, itemId), eq(stockBalance.locationId, locationId)));
  return row?.qty ?? 0;
}

/** Transactions that wrote the shop's documents: rows of one transaction share now(). */
async function commitsOf(shopId: string): Promise<number> {
  const [row] = await db
    .select({ commits: sql<number>`count(DISTINCT ${stockDocument.createdAt})::int` })
    .from(stockDocument)
    .where(and(eq(stockDocument.shopId, shopId), eq(stockDocument.kind, "issue")));
  return row?.commits ?? 0;
}

function issueOne(
  shopId: string,
  userId: string,
  line: { itemId?: number; itemText?: string; locationId: number },
) {
  return postStockDocument(db, {
    shopId,
    userId,
    kind: "issue",
    lines: [{ ...line, qty: 1_000, reason: "ขายหน้าร้าน" }],
  });
}

describe("the stock posting queue (group commit)", () => {
  it("posts documents that arrive together in shared commits, each with its own outcome", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 25_000, locationId: defaultLocationId },
    });

    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () =>
        issueOne(shop.id, ownerId, { itemId: item.id, locationId: defaultLocationId }),
      ),
    );

    // Exactly the 25 units there were; the other 15 tills are told there is not enough.
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(25);
    const refused = outcomes.filter((outcome) => !outcome.ok);
    expect(refused).toHaveLength(15);
    for (const outcome of refused) {
      expect(outcome).toMatchObject({ ok: false, error: { code: "insufficient", available: 0 } });
    }
    expect(await quantityOf(item.id, defaultLocationId)).toBe(0);
    const [totals] = await db.select().from(stockItem).where(eq(stockItem.id, item.id));
    expect(totals?.onHand).toBe(0);
    expect(totals?.stockValueSatang).toBe(0);
    // The first document went alone; the 39 that waited for it shared one commit.
    expect(await commitsOf(shop.id)).toBeLessThanOrEqual(2);
  });

  it("finds the item as typed (barcode, SKU in any case, exact name) only in the posting shop", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(db);
    const other = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, {
      fields: { name: "กาแฟเย็น", sku: "COF-1", barcode: "8850999320014" },
      opening: { qty: 10_000, locationId: defaultLocationId },
    });
    await insertItem(db, other.shop.id, other.ownerId, {
      fields: { name: "ชาเขียว", sku: "TEA-1" },
      opening: { qty: 10_000, locationId: other.defaultLocationId },
    });

    for (const text of ["8850999320014", "cof-1", " COF-1 ", "กาแฟเย็น"]) {
      const posted = await issueOne(shop.id, ownerId, {
        itemText: text,
        locationId: defaultLocationId,
      });
      expect(posted, text).toMatchObject({ ok: true });
    }
    expect(await quantityOf(item.id, defaultLocationId)).toBe(6_000);

    // Another shop's SKU and a made-up code are not found; nothing is posted.
    for (const text of ["TEA-1", "NOPE-404"]) {
      const posted = await issueOne(shop.id, ownerId, {
        itemText: text,
        locationId: defaultLocationId,
      });
      expect(posted, text).toEqual({ ok: false, error: { code: "notFound", line: 1 } });
    }
    // A place of another shop is not found either.
    const elsewhere = await issueOne(shop.id, ownerId, {
      itemText: "COF-1",
      locationId: other.defaultLocationId,
    });
    expect(elsewhere).toEqual({ ok: false, error: { code: "notFound", line: 1 } });
    expect(await quantityOf(item.id, defaultLocationId)).toBe(6_000);
  });

  it("prefers a barcode over another item's SKU, and refuses a name two items share", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(db);
    const byBarcode = await insertItem(db, shop.id, ownerId, {
      fields: { name: "สบู่ก้อน", sku: "SOAP-1", barcode: "12345670" },
      opening: { qty: 5_000, locationId: defaultLocationId },
    });
    const bySku = await insertItem(db, shop.id, ownerId, {
      fields: { name: "แชมพู", sku: "12345670" },
      opening: { qty: 5_000, locationId: defaultLocationId },
    });
    for (const sku of ["TWIN-1", "TWIN-2"]) {
      await insertItem(db, shop.id, ownerId, {
        fields: { name: "ยาสีฟัน", sku },
        opening: { qty: 5_000, locationId: defaultLocationId },
      });
    }

    expect(
      await issueOne(shop.id, ownerId, { itemText: "12345670", locationId: defaultLocationId }),
    ).toMatchObject({ ok: true });
    expect(await quantityOf(byBarcode.id, defaultLocationId)).toBe(4_000);
    expect(await quantityOf(bySku.id, defaultLocationId)).toBe(5_000);
    expect(
      await issueOne(shop.id, ownerId, { itemText: "ยาสีฟัน", locationId: defaultLocationId }),
    ).toEqual({ ok: false, error: { code: "notFound", line: 1 } });
  });

  it("receives at the item's own cost when the line gives none", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, { fields: { cost: 1_250, sku: "RICE-5" } });
    const posted = await postStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "receive",
      lines: [{ itemText: "rice-5", locationId: defaultLocationId, qty: 4_000 }],
    });
    expect(posted).toMatchObject({ ok: true });
    const [totals] = await db.select().from(stockItem).where(eq(stockItem.id, item.id));
    expect(totals?.onHand).toBe(4_000);
    expect(totals?.stockValueSatang).toBe(5_000);
  });

  it("posts the others of a batch alone when one of them breaks the whole statement", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 10_000, locationId: defaultLocationId },
    });
    const good = {
      kind: "issue",
      reference: "",
      note: "",
      user: ownerId,
      // Raw lines of the queue carry the ledger's decimals in units.
      lines: [{ line: 1, item: item.id, location: defaultLocationId, qty: 1, reason: "ขาย" }],
    };
    // Not a ledger rule but a malformed number: PostgreSQL fails the statement itself.
    const broken = { ...good, lines: [{ ...good.lines[0], qty: "many" }] };
    const results = await Promise.allSettled([
      postThroughQueue(db.$client, shop.id, good),
      postThroughQueue(db.$client, shop.id, good),
      postThroughQueue(db.$client, shop.id, broken),
      postThroughQueue(db.$client, shop.id, good),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(await quantityOf(item.id, defaultLocationId)).toBe(7_000);
  });

  it("never deadlocks batches of two app instances that take items in opposite orders", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(db);
    const first = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 100_000, locationId: defaultLocationId },
    });
    const second = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 100_000, locationId: defaultLocationId },
    });
    const otherInstance = createDatabase(test.url, { max: 4 });
    otherPools.push(otherInstance);
    const document = (database: Database, itemIds: number[]) =>
      postStockDocument(database, {
        shopId: shop.id,
        userId: ownerId,
        kind: "issue",
        lines: itemIds.map((itemId) => ({
          itemId,
          locationId: defaultLocationId,
          qty: 1_000,
          reason: "ขาย",
        })),
      });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        index % 2 === 0
          ? document(db, [first.id, second.id])
          : document(otherInstance, [second.id, first.id]),
      ),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(await quantityOf(first.id, defaultLocationId)).toBe(70_000);
    expect(await quantityOf(second.id, defaultLocationId)).toBe(70_000);
  });
});
