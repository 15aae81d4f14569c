import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import {
  resolveItemText,
  findItemByCode,
  postStockDocument,
  createStockEvents,
  type StockEvents,
} from "~/modules/stock/index.server";
import {
  LedgerError,
  postedMovementsOf,
  postMovements,
  runLedgerStatement,
  runLedgerWork,
  UnitError,
  voidSaleMovements,
  type PostedMovements,
} from "~/modules/stock/ledger-api.server";
import { stockBalance, stockItem, stockMovement } from "~/db/schema";
import { cachedStockSummary } from "~/modules/stock/stock-summary-cache.server";
import { qtyToSql } from "~/lib/quantity";
import { insertItemAnnounced } from "../setup/announced-item";
import { insertItem, insertShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let db: Database;
const hubs: StockEvents[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  // The caller's own rows (the till's sale header), written in the same unit as the movements.
  await db.execute(sql`CREATE TABLE test_sale (
    id serial PRIMARY KEY, shop_id uuid NOT NULL, label text NOT NULL,
    cost_satang bigint NOT NULL DEFAULT 0, UNIQUE (shop_id, label))`);
  // A SQL unit as the till's module would write one: its row, then its movements; a payload
  // with "fail" raises an error of the module's own class after posting.
  await db.execute(sql`CREATE FUNCTION test_sale_post(p_shop uuid, p_sale jsonb) RETURNS jsonb
    LANGUAGE plpgsql AS $$
    DECLARE
      posted jsonb;
    BEGIN
      posted := stock_post_movements(p_shop, 'sale', p_sale->>'label', '', p_sale->>'user',
                                     p_sale->'lines');
      INSERT INTO test_sale (shop_id, label, cost_satang)
      SELECT p_shop, p_sale->>'label', -sum((m->>'value')::bigint)
        FROM jsonb_array_elements(posted->'movements') AS m;
      IF (p_sale->>'fail')::boolean THEN
        RAISE EXCEPTION 'payment declined' USING ERRCODE = 'SX001';
      END IF;
      RETURN posted;
    END;
    $$`);
});
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  await test.drop();
});

async function quantityOf(itemId: number, locationId: number): Promise<number> {
  const [row] = await db
    .select({ qty: stockBalance.qty })
    .from(stockBalance)
    .where(and(eq(stockBalance.itemId, itemId), eq(stockBalance.locationId, locationId)));
  return row?.qty ?? 0;
}

async function itemState(itemId: number) {
  const [row] = await db
    .select({
      onHand: stockItem.onHand,
      value: stockItem.stockValueSatang,
      avg: stockItem.avgCostSatang,
    })
    .from(stockItem)
    .where(eq(stockItem.id, itemId));
  return row;
}

async function salesLabelled(shopId: string): Promise<string[]> {
  const result = await db.execute<{ label: string }>(
    sql`SELECT label FROM test_sale WHERE shop_id = ${shopId} ORDER BY label`,
  );
  return result.rows.map((row) => row.label);
}

/** A 1-line "sale": its header row, then its movement, in one unit of work. */
function sell(
  shop: { id: string; userId: string; locationId: number },
  itemId: number,
  label: string,
  options: { qty?: number; failAfterPosting?: boolean } = {},
): Promise<PostedMovements> {
  return runLedgerWork(db, shop.id, {
    items: [itemId],
    run: async (tx) => {
      await tx.execute(sql`INSERT INTO test_sale (shop_id, label) VALUES (${shop.id}, ${label})`);
      const posted = await postMovements(tx, {
        shopId: shop.id,
        userId: shop.userId,
        kind: "sale",
        reference: label,
        lines: [{ itemId, locationId: shop.locationId, qty: options.qty ?? 1_000 }],
      });
      if (options.failAfterPosting) throw new Error("payment declined");
      return posted;
    },
  });
}

/** The same 1-line sale as a SQL unit (runLedgerStatement). */
async function sellInSql(
  shop: { id: string; userId: string; locationId: number },
  itemId: number,
  label: string,
  options: { qty?: number; fail?: boolean } = {},
): Promise<PostedMovements> {
  const posted = await runLedgerStatement<Parameters<typeof postedMovementsOf>[0]>(db, shop.id, {
    fn: "test_sale_post",
    items: [itemId],
    payload: {
      label,
      user: shop.userId,
      fail: options.fail ?? false,
      // The payload of a SQL unit carries the ledger's exact decimals ("1.255").
      lines: [
        { line: 1, item: itemId, location: shop.locationId, qty: qtyToSql(options.qty ?? 1_000) },
      ],
    },
  });
  return postedMovementsOf(posted);
}

/** Holds the shop's queue until released, so that the units submitted meanwhile form one batch. */
function holdQueue(shopId: string): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  void runLedgerWork(db, shopId, { items: [], run: () => gate });
  return release;
}

async function newShop(options: { allowNegativeStock?: boolean } = {}) {
  const { shop, ownerId, defaultLocationId } = await insertShop(db, options);
  return { id: shop.id, userId: ownerId, locationId: defaultLocationId };
}

describe("the ledger API for sales (units of work, group-committed)", () => {
  it("commits a unit's own rows and its movements together and returns the movements with their cost", async () => {
    const shop = await newShop();
    // 10 at 7.00 (the item's cost) + 10 at 10.00: the moving average is 8.50.
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 10_000, locationId: shop.locationId },
    });
    const received = await postStockDocument(db, {
      shopId: shop.id,
      userId: shop.userId,
      kind: "receive",
      lines: [{ itemId: item.id, locationId: shop.locationId, qty: 10_000, unitCostSatang: 1_000 }],
    });
    expect(received.ok).toBe(true);

    const posted = await sell(shop, item.id, "INV-1", { qty: 3_000 });

    expect(posted.movements).toEqual([
      expect.objectContaining({
        line: 1,
        itemId: item.id,
        locationId: shop.locationId,
        kind: "sale",
        qty: -3_000,
        unitCostSatang: 850,
        valueSatang: -2_550,
        locationQtyAfter: 17_000,
        itemQtyAfter: 17_000,
        reversesMovementId: null,
      }),
    ]);
    expect(posted.number).toBe(1);
    expect(await salesLabelled(shop.id)).toEqual(["INV-1"]);
    expect(await quantityOf(item.id, shop.locationId)).toBe(17_000);
    expect(await itemState(item.id)).toEqual({ onHand: 17_000, value: 14_450, avg: 850 });
  });

  it("rolls back a unit that throws after posting, alone: no movement, no balance change; the others of the batch commit", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 10_000, locationId: shop.locationId },
    });
    const release = holdQueue(shop.id);
    const outcomes = Promise.allSettled([
      sell(shop, item.id, "A"),
      sell(shop, item.id, "B", { failAfterPosting: true }),
      sell(shop, item.id, "C", { qty: 20_000 }), // more than there is: refused by the ledger
      sell(shop, item.id, "D"),
    ]);
    release();
    const [a, b, c, d] = await outcomes;

    expect(a?.status).toBe("fulfilled");
    expect(d?.status).toBe("fulfilled");
    expect(b).toMatchObject({ status: "rejected", reason: { message: "payment declined" } });
    expect(c?.status).toBe("rejected");
    const refused = (c as PromiseRejectedResult).reason as unknown;
    expect(refused).toBeInstanceOf(LedgerError);
    expect((refused as LedgerError).error).toMatchObject({
      code: "insufficient",
      itemId: item.id,
      available: 9_000,
    });

    expect(await salesLabelled(shop.id)).toEqual(["A", "D"]);
    expect(await quantityOf(item.id, shop.locationId)).toBe(8_000);
    const sales = await db
      .select({ reference: stockMovement.reference, createdAt: stockMovement.createdAt })
      .from(stockMovement)
      .where(and(eq(stockMovement.itemId, item.id), eq(stockMovement.kind, "sale")));
    expect(sales.map((row) => row.reference).sort()).toEqual(["A", "D"]);
    // One commit for the batch (rows of one transaction share now()).
    expect(new Set(sales.map((row) => row.createdAt.getTime())).size).toBe(1);
    // The rolled-back units gave their numbers back: the sale documents are 1 and 2.
    expect(
      [
        (a as PromiseFulfilledResult<PostedMovements>).value.number,
        (d as PromiseFulfilledResult<PostedMovements>).value.number,
      ].sort(),
    ).toEqual([1, 2]);
  });

  it("never oversells when 32 units sell the same item at once, and groups them into fewer commits", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 20_000, locationId: shop.locationId },
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 32 }, (_, index) => sell(shop, item.id, `T${index}`)),
    );

    const sold = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(sold).toHaveLength(20);
    expect(refused).toHaveLength(12);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(LedgerError);
      expect((outcome.reason as LedgerError).error.code).toBe("insufficient");
    }
    expect(await quantityOf(item.id, shop.locationId)).toBe(0);
    expect(await salesLabelled(shop.id)).toHaveLength(20);
    const [commits] = await db
      .select({ count: sql<number>`count(DISTINCT ${stockMovement.createdAt})::int` })
      .from(stockMovement)
      .where(and(eq(stockMovement.itemId, item.id), eq(stockMovement.kind, "sale")));
    expect(commits?.count).toBeGreaterThan(0);
    expect(commits?.count).toBeLessThan(20);
  });

  it("announces the change to live pages after the commit, without the caller asking", async () => {
    const shop = await newShop();
    const item = await insertItemAnnounced(db, test.url, shop.id, shop.userId, {
      opening: { qty: 5_000, locationId: shop.locationId },
    });
    const hub = createStockEvents({
      createClient: () => new pg.Client({ connectionString: test.url }),
      debounceMs: 10,
      reconnectMinMs: 50,
      reconnectMaxMs: 200,
    });
    hubs.push(hub);
    const heard: string[] = [];
    hub.subscribe(shop.id, (event) => void heard.push(event));
    await hub.whenListening();

    await sell(shop, item.id, "LIVE");

    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(["change"]);
    // A listening hub forgets cached totals of any shop it hears of: the next tests watch those.
    await hub.close();
  });

  it("announces nothing for a unit that rolled back (this instance keeps its cached totals)", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 5_000, locationId: shop.locationId },
    });
    let loads = 0;
    const summary = () => cachedStockSummary(shop.id, async () => ++loads);
    expect(await summary()).toBe(1);

    await expect(sell(shop, item.id, "X", { failAfterPosting: true })).rejects.toThrow(
      "payment declined",
    );
    await expect(sell(shop, item.id, "Y", { qty: 99_000 })).rejects.toBeInstanceOf(LedgerError);
    expect(await summary()).toBe(1);

    await sell(shop, item.id, "Z");
    expect(await summary()).toBe(2);
  });

  it("sale_void gives back what a sale took, at the cost it left with: balance, value and average return", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 3_000, locationId: shop.locationId },
    });
    await postStockDocument(db, {
      shopId: shop.id,
      userId: shop.userId,
      kind: "receive",
      lines: [{ itemId: item.id, locationId: shop.locationId, qty: 4_000, unitCostSatang: 1_001 }],
    });
    const before = await itemState(item.id);
    const sale = await sell(shop, item.id, "S1", { qty: 5_000 });
    const sold = sale.movements[0];
    if (!sold) throw new Error("no sale movement");
    // A receipt at another cost in between: the void still brings back what the sale took.
    await postStockDocument(db, {
      shopId: shop.id,
      userId: shop.userId,
      kind: "receive",
      lines: [{ itemId: item.id, locationId: shop.locationId, qty: 1_000, unitCostSatang: 5_000 }],
    });
    const middle = await itemState(item.id);

    // Returned in two parts (a credit note, then the rest).
    const first = await runLedgerWork(db, shop.id, {
      items: [item.id],
      run: (tx) =>
        voidSaleMovements(tx, {
          shopId: shop.id,
          userId: shop.userId,
          lines: [{ movementId: sold.id, qty: 2_000 }],
        }),
    });
    const rest = await runLedgerWork(db, shop.id, {
      items: [item.id],
      run: (tx) =>
        voidSaleMovements(tx, {
          shopId: shop.id,
          userId: shop.userId,
          lines: [{ movementId: sold.id }],
        }),
    });
    expect(first.movements[0]).toMatchObject({
      kind: "sale_void",
      qty: 2_000,
      reversesMovementId: sold.id,
    });
    expect(rest.movements[0]).toMatchObject({ kind: "sale_void", qty: 3_000 });
    // Exactly the value the sale took, to the satang, over both parts.
    expect((first.movements[0]?.valueSatang ?? 0) + (rest.movements[0]?.valueSatang ?? 0)).toBe(
      -sold.valueSatang,
    );
    expect(await itemState(item.id)).toMatchObject({
      onHand: (middle?.onHand ?? 0) + 5_000,
      value: (middle?.value ?? 0) - sold.valueSatang,
    });
    expect(await quantityOf(item.id, shop.locationId)).toBe((before?.onHand ?? 0) + 1_000);

    // Nothing is left to give back.
    const again = runLedgerWork(db, shop.id, {
      items: [item.id],
      run: (tx) =>
        voidSaleMovements(tx, {
          shopId: shop.id,
          userId: shop.userId,
          lines: [{ movementId: sold.id, qty: 1_000 }],
        }),
    });
    await expect(again).rejects.toMatchObject({ error: { code: "alreadyReversed" } });
  });

  it("sale_void of a whole sale returns the average cost it had before the sale", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 3_000, locationId: shop.locationId },
    });
    await postStockDocument(db, {
      shopId: shop.id,
      userId: shop.userId,
      kind: "receive",
      lines: [{ itemId: item.id, locationId: shop.locationId, qty: 4_000, unitCostSatang: 1_001 }],
    });
    const before = await itemState(item.id);
    const sale = await sell(shop, item.id, "S2", { qty: 6_000 });
    await runLedgerWork(db, shop.id, {
      items: [item.id],
      run: (tx) =>
        voidSaleMovements(tx, {
          shopId: shop.id,
          userId: shop.userId,
          lines: sale.movements.map((movement) => ({ movementId: movement.id })),
        }),
    });
    expect(await itemState(item.id)).toEqual(before);
  });

  it("never gives back more than a sale took when voids of it race in separate transactions", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 10_000, locationId: shop.locationId },
    });
    const sale = await sell(shop, item.id, "RACE", { qty: 5_000 });
    const movementId = sale.movements[0]?.id ?? 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        db.transaction((tx) =>
          voidSaleMovements(tx, {
            shopId: shop.id,
            userId: shop.userId,
            lines: [{ movementId, qty: 1_000 }],
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(5);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") {
        expect(outcome.reason).toMatchObject({ error: { code: "alreadyReversed" } });
      }
    }
    expect(await quantityOf(item.id, shop.locationId)).toBe(10_000);
    expect(await itemState(item.id)).toMatchObject({ onHand: 10_000, value: 7_000, avg: 700 });
  });

  it("refuses to sell below zero unless the shop allows negative stock", async () => {
    const strict = await newShop();
    const lenient = await newShop({ allowNegativeStock: true });
    const a = await insertItem(db, strict.id, strict.userId, {
      opening: { qty: 1_000, locationId: strict.locationId },
    });
    const b = await insertItem(db, lenient.id, lenient.userId, {
      opening: { qty: 1_000, locationId: lenient.locationId },
    });
    await expect(sell(strict, a.id, "N1", { qty: 2_000 })).rejects.toMatchObject({
      error: { code: "insufficient", available: 1_000 },
    });
    await sell(lenient, b.id, "N2", { qty: 2_000 });
    expect(await quantityOf(a.id, strict.locationId)).toBe(1_000);
    expect(await quantityOf(b.id, lenient.locationId)).toBe(-1_000);
  });

  it("the database refuses a document or movement kind it does not know (CHECK)", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 1_000, locationId: shop.locationId },
    });
    const caught = async (statement: ReturnType<typeof sql>) => {
      try {
        await db.execute(statement);
      } catch (error) {
        return pgErrorOf(error);
      }
      return null;
    };
    expect(
      await caught(sql`INSERT INTO stock_document (shop_id, kind, number)
        VALUES (${shop.id}, 'refund', 1)`),
    ).toMatchObject({ code: "23514", constraint: "stock_document_kind_known" });
    const [movement] = await db
      .select()
      .from(stockMovement)
      .where(eq(stockMovement.itemId, item.id));
    expect(
      await caught(sql`INSERT INTO stock_movement (shop_id, document_id, line_no, item_id,
          location_id, kind, qty, location_qty_after, item_qty_after, unit_cost_satang,
          value_satang)
        VALUES (${shop.id}, ${movement?.documentId}, 9, ${item.id}, ${shop.locationId},
          'refund', 1, 2, 2, 0, 0)`),
    ).toMatchObject({ code: "23514", constraint: "stock_movement_kind_known" });
  });
});

describe("the ledger API's SQL units (one statement per batch)", () => {
  it("commits the unit's rows and movements together and answers the movements with their cost", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 10_000, locationId: shop.locationId },
    });
    await postStockDocument(db, {
      shopId: shop.id,
      userId: shop.userId,
      kind: "receive",
      lines: [{ itemId: item.id, locationId: shop.locationId, qty: 10_000, unitCostSatang: 1_000 }],
    });
    const posted = await sellInSql(shop, item.id, "Q-1", { qty: 4_000 });
    expect(posted.movements).toEqual([
      expect.objectContaining({
        kind: "sale",
        qty: -4_000,
        unitCostSatang: 850,
        valueSatang: -3_400,
      }),
    ]);
    const rows = await db.execute<{ label: string; cost_satang: string }>(
      sql`SELECT label, cost_satang FROM test_sale WHERE shop_id = ${shop.id}`,
    );
    expect(rows.rows.map((row) => [row.label, Number(row.cost_satang)])).toEqual([["Q-1", 3_400]]);
    expect(await quantityOf(item.id, shop.locationId)).toBe(16_000);
  });

  it("rolls back a failing unit alone, with its own error, and commits the others of the batch at once", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 10_000, locationId: shop.locationId },
    });
    const release = holdQueue(shop.id);
    const outcomes = Promise.allSettled([
      sellInSql(shop, item.id, "A"),
      sellInSql(shop, item.id, "B", { fail: true }),
      sellInSql(shop, item.id, "C", { qty: 20_000 }),
      sellInSql(shop, item.id, "A"), // the same sale sent twice (a retry): one sale
      sellInSql(shop, item.id, "E"),
    ]);
    release();
    const [a, b, c, replay, e] = await outcomes;

    expect(a?.status).toBe("fulfilled");
    expect(e?.status).toBe("fulfilled");
    expect((b as PromiseRejectedResult).reason).toBeInstanceOf(UnitError);
    expect((b as PromiseRejectedResult).reason).toMatchObject({ state: "SX001" });
    expect((c as PromiseRejectedResult).reason).toBeInstanceOf(LedgerError);
    expect((c as PromiseRejectedResult).reason).toMatchObject({
      error: { code: "insufficient", available: 9_000 },
    });
    expect((replay as PromiseRejectedResult).reason).toMatchObject({
      state: "23505",
      constraint: "test_sale_shop_id_label_key",
    });
    expect(await salesLabelled(shop.id)).toEqual(["A", "E"]);
    expect(await quantityOf(item.id, shop.locationId)).toBe(8_000);
    const sales = await db
      .select({ createdAt: stockMovement.createdAt })
      .from(stockMovement)
      .where(and(eq(stockMovement.itemId, item.id), eq(stockMovement.kind, "sale")));
    expect(sales).toHaveLength(2);
    expect(new Set(sales.map((row) => row.createdAt.getTime())).size).toBe(1);
  });

  it("never oversells when 32 units sell the same item at once, in fewer commits than sales", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 20_000, locationId: shop.locationId },
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 32 }, (_, index) => sellInSql(shop, item.id, `Q${index}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(20);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused).toHaveLength(12);
    for (const outcome of refused) {
      expect((outcome.reason as LedgerError).error.code).toBe("insufficient");
    }
    expect(await quantityOf(item.id, shop.locationId)).toBe(0);
    const [commits] = await db
      .select({ count: sql<number>`count(DISTINCT ${stockMovement.createdAt})::int` })
      .from(stockMovement)
      .where(and(eq(stockMovement.itemId, item.id), eq(stockMovement.kind, "sale")));
    expect(commits?.count).toBeLessThan(20);
  });

  it("does not let a stream of sales starve a stock document of the same shop", async () => {
    const shop = await newShop();
    const item = await insertItem(db, shop.id, shop.userId, {
      opening: { qty: 100_000, locationId: shop.locationId },
    });
    const release = holdQueue(shop.id);
    // More sales than one batch takes, then a storehub document behind them.
    const sales = Array.from({ length: 40 }, (_, index) => sellInSql(shop, item.id, `F${index}`));
    const delivery = postStockDocument(db, {
      shopId: shop.id,
      userId: shop.userId,
      kind: "issue",
      reference: "DELIVERY",
      lines: [{ itemId: item.id, locationId: shop.locationId, qty: 1_000 }],
    });
    release();
    await Promise.all([...sales, delivery]);
    const [order] = await db
      .select({
        delivery: sql<number>`max(${stockMovement.id}) FILTER (WHERE ${stockMovement.kind} = 'issue')`,
        lastSale: sql<number>`max(${stockMovement.id}) FILTER (WHERE ${stockMovement.kind} = 'sale')`,
      })
      .from(stockMovement)
      .where(eq(stockMovement.itemId, item.id));
    expect(Number(order?.delivery)).toBeLessThan(Number(order?.lastSale));
  });

  it("announces a committed unit to live pages and nothing for a unit that rolled back", async () => {
    const shop = await newShop();
    const item = await insertItemAnnounced(db, test.url, shop.id, shop.userId, {
      opening: { qty: 5_000, locationId: shop.locationId },
    });
    let loads = 0;
    const summary = () => cachedStockSummary(shop.id, async () => ++loads);
    expect(await summary()).toBe(1);
    await expect(sellInSql(shop, item.id, "X", { fail: true })).rejects.toBeInstanceOf(UnitError);
    await expect(sellInSql(shop, item.id, "Y", { qty: 9_000 })).rejects.toBeInstanceOf(LedgerError);
    expect(await summary()).toBe(1);

    const hub = createStockEvents({
      createClient: () => new pg.Client({ connectionString: test.url }),
      debounceMs: 10,
      reconnectMinMs: 50,
      reconnectMaxMs: 200,
    });
    hubs.push(hub);
    const heard: string[] = [];
    hub.subscribe(shop.id, (event) => void heard.push(event));
    await hub.whenListening();
    await sellInSql(shop, item.id, "Z");
    expect(await summary()).toBe(2);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(["change"]);
    await hub.close();
  });
});

describe("the item lookup rule exists once", () => {
  it("finds the same item from the forms (TypeScript) and from the posting statement (SQL)", async () => {
    const shop = await newShop();
    const make = (fields: { name: string; sku: string; barcode?: string | null }) =>
      insertItem(db, shop.id, shop.userId, {
        fields: { barcode: null, ...fields },
        opening: { qty: 50_000, locationId: shop.locationId },
      });
    const water = await make({ name: "น้ำดื่ม 600 มล.", sku: "WATER-600", barcode: "8850000000010" });
    // Its SKU is another item's barcode: the barcode wins.
    await make({ name: "โค้ก", sku: "8850000000010X", barcode: "8850000000027" });
    await make({ name: "Soap", sku: "8850000000010" });
    await make({ name: "ขนมปัง", sku: "BREAD-1" });
    await make({ name: "ขนมปัง", sku: "BREAD-2" });
    await make({ name: "Green Tea", sku: "TEA-1" });
    const texts = [
      "8850000000010",
      "  8850000000027 ",
      "water-600",
      "WATER-600",
      "green tea",
      "GREEN TEA",
      "ขนมปัง",
      "น้ำดื่ม 600 มล.",
      "Soap",
      "nothing-like-this",
      "8850000000",
    ];
    for (const text of texts) {
      const viaForms = await resolveItemText(db, shop.id, text);
      const formsId = viaForms.ok ? viaForms.item.id : null;
      const viaSql = await db.execute<{ id: string | null }>(
        sql`SELECT stock_item_by_text(${shop.id}::uuid, ${text.trim()}, NULL) AS id`,
      );
      const sqlId = viaSql.rows[0]?.id == null ? null : Number(viaSql.rows[0].id);
      expect({ text, id: sqlId }).toEqual({ text, id: formsId });
      // And the posting path (items as typed, resolved by the statement that posts) agrees.
      const posted = await postStockDocument(db, {
        shopId: shop.id,
        userId: shop.userId,
        kind: "issue",
        lines: [{ itemText: text, locationId: shop.locationId, qty: 1_000 }],
      });
      if (formsId === null) {
        expect({ text, posted: posted.ok }).toEqual({ text, posted: false });
      } else {
        expect({ text, posted: posted.ok }).toEqual({ text, posted: true });
        const [last] = await db
          .select({ itemId: stockMovement.itemId })
          .from(stockMovement)
          .where(eq(stockMovement.shopId, shop.id))
          .orderBy(sql`${stockMovement.id} DESC`)
          .limit(1);
        expect({ text, item: last?.itemId }).toEqual({ text, item: formsId });
      }
    }
    expect((await resolveItemText(db, shop.id, "water-600")).ok && water.id).toBe(water.id);
    // A code look-up (the item edit search) does not match names.
    expect(await findItemByCode(db, shop.id, "green tea")).toBeNull();
    expect((await findItemByCode(db, shop.id, "8850000000010"))?.id).toBe(water.id);
  });
});
