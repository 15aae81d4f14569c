import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "~/db/client.server";
import { stockBalance, stockDocument, stockItem, stockMovement } from "~/db/schema";
import {
  findItem,
  listMovements,
  postStockDocument,
  reverseStockDocument,
  type StockLine,
  createLocation,
} from "~/modules/stock/index.server";
import {
  ANNOUNCE_WINDOW_MS,
  announceStockChange,
  STOCK_CHANGED_CHANNEL,
} from "~/modules/stock/stock-change-notifier.server";
import { qtyFromSql } from "~/lib/quantity";
import { insertItem, insertShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

describe("the stock ledger", () => {
  let test: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.db;
  });
  afterAll(() => test.drop());

  async function balanceOf(itemId: number, locationId: number): Promise<number | null> {
    const [row] = await db
      .select({ qty: stockBalance.qty })
      .from(stockBalance)
      .where(and(eq(stockBalance.itemId, itemId), eq(stockBalance.locationId, locationId)));
    return row?.qty ?? null;
  }

  async function newZone(shopId: string, parentId: number, name: string): Promise<number> {
    const created = await createLocation(db, shopId, { parentId, name });
    if (!created.ok) throw new Error(created.error);
    return created.location.id;
  }

  it("receives and issues at moving-average cost, keeping balances and totals in step", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId);
    const post = (kind: "receive" | "issue", lines: StockLine[]) =>
      postStockDocument(db, { shopId: shop.id, userId: ownerId, kind, lines });

    expect(
      await post("receive", [
        { itemId: item.id, locationId: home, qty: 10_000, unitCostSatang: 100 },
      ]),
    ).toMatchObject({ ok: true });
    expect(
      await post("receive", [
        { itemId: item.id, locationId: home, qty: 10_000, unitCostSatang: 200 },
      ]),
    ).toMatchObject({ ok: true });
    let now = await findItem(db, shop.id, item.id);
    expect(now).toMatchObject({ onHand: 20_000, stockValueSatang: 3_000, avgCostSatang: 150 });

    expect(
      await post("issue", [{ itemId: item.id, locationId: home, qty: 5_000, reason: "ชำรุด" }]),
    ).toMatchObject({ ok: true });
    now = await findItem(db, shop.id, item.id);
    expect(now).toMatchObject({
      onHand: 15_000,
      stockValueSatang: 2_250,
      avgCostSatang: 150,
      hasMovements: true,
    });
    expect(await balanceOf(item.id, home)).toBe(15_000);

    const ledger = await listMovements(db, shop.id, { itemId: item.id, page: 1 });
    expect(
      ledger.rows.map((row) => [
        row.kind,
        row.qty,
        row.itemQtyAfter,
        row.unitCostSatang,
        row.valueSatang,
      ]),
    ).toEqual([
      ["issue", -5_000, 15_000, 150, -750],
      ["receive", 10_000, 20_000, 200, 2_000],
      ["receive", 10_000, 10_000, 100, 1_000],
    ]);
    expect(ledger.rows[0]?.reason).toBe("ชำรุด");
  });

  it("refuses to take more than there is, writing nothing, and says how many are left", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 3_000, locationId: home },
    });
    const other = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 50_000, locationId: home },
    });
    const documentsBefore = await db.$count(stockDocument, eq(stockDocument.shopId, shop.id));

    const result = await postStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "issue",
      lines: [
        { itemId: other.id, locationId: home, qty: 10_000 },
        { itemId: item.id, locationId: home, qty: 4_000 },
      ],
    });
    expect(result).toEqual({
      ok: false,
      error: { code: "insufficient", line: 2, itemId: item.id, locationId: home, available: 3_000 },
    });
    // The first line, which alone would have succeeded, is not in the ledger either.
    expect(await balanceOf(other.id, home)).toBe(50_000);
    expect(await balanceOf(item.id, home)).toBe(3_000);
    expect(await db.$count(stockDocument, eq(stockDocument.shopId, shop.id))).toBe(documentsBefore);
  });

  it("moves stock between locations without changing the item's value", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const zone = await newZone(shop.id, home, "โซน A");
    const item = await insertItem(db, shop.id, ownerId, {
      fields: { cost: 333 },
      opening: { qty: 7_000, locationId: home },
    });
    const result = await postStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "transfer",
      lines: [{ itemId: item.id, locationId: home, toLocationId: zone, qty: 3_000 }],
    });
    expect(result.ok).toBe(true);
    expect(await balanceOf(item.id, home)).toBe(4_000);
    expect(await balanceOf(item.id, zone)).toBe(3_000);
    expect(await findItem(db, shop.id, item.id)).toMatchObject({
      onHand: 7_000,
      stockValueSatang: 7 * 333,
    });
  });

  it("posts the difference of a count as an adjustment, and nothing when the count agrees", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, {
      fields: { cost: 500 },
      opening: { qty: 12_000, locationId: home },
    });
    const count = (counted: number) =>
      postStockDocument(db, {
        shopId: shop.id,
        userId: ownerId,
        kind: "count",
        lines: [{ itemId: item.id, locationId: home, counted }],
      });
    expect((await count(9_000)).ok).toBe(true);
    expect(await balanceOf(item.id, home)).toBe(9_000);
    expect((await count(9_000)).ok).toBe(true);
    expect((await count(11_000)).ok).toBe(true);
    const ledger = await listMovements(db, shop.id, { itemId: item.id, page: 1 });
    expect(ledger.rows.map((row) => [row.kind, row.qty, row.locationQtyAfter])).toEqual([
      ["adjust", 2_000, 11_000],
      ["adjust", -3_000, 9_000],
      ["receive", 12_000, 12_000],
    ]);
    expect(await findItem(db, shop.id, item.id)).toMatchObject({
      onHand: 11_000,
      stockValueSatang: 11 * 500,
    });
  });

  it("undoes a document once with a reversing document; history stays", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId);
    const received = await postStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "receive",
      reference: "INV-2569-0042",
      lines: [{ itemId: item.id, locationId: home, qty: 6_000, unitCostSatang: 1_250 }],
    });
    if (!received.ok) throw new Error("receive failed");
    const reversed = await reverseStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      documentId: received.documentId,
      reason: "คีย์จำนวนผิด",
    });
    expect(reversed.ok).toBe(true);
    expect(await balanceOf(item.id, home)).toBe(0);
    expect(await findItem(db, shop.id, item.id)).toMatchObject({ onHand: 0, stockValueSatang: 0 });
    expect(await db.$count(stockMovement, eq(stockMovement.itemId, item.id))).toBe(2);
    expect(
      await reverseStockDocument(db, {
        shopId: shop.id,
        userId: ownerId,
        documentId: received.documentId,
        reason: "ซ้ำ",
      }),
    ).toEqual({ ok: false, error: { code: "alreadyReversed" } });
  });

  it("cannot reverse a receipt whose stock has already gone out", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId);
    const received = await postStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "receive",
      lines: [{ itemId: item.id, locationId: home, qty: 2_000, unitCostSatang: 100 }],
    });
    if (!received.ok) throw new Error("receive failed");
    await postStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "issue",
      lines: [{ itemId: item.id, locationId: home, qty: 1_000 }],
    });
    const reversed = await reverseStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      documentId: received.documentId,
      reason: "ผิด",
    });
    expect(reversed).toMatchObject({
      ok: false,
      error: { code: "insufficient", available: 1_000 },
    });
  });

  it("never lets anyone rewrite or delete a movement", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 1_000, locationId: home },
    });
    await expect(
      db.execute(sql`UPDATE stock_movement SET qty = 100 WHERE item_id = ${item.id}`),
    ).rejects.toMatchObject({ cause: { code: "SK001" } });
    await expect(
      db.execute(sql`DELETE FROM stock_movement WHERE item_id = ${item.id}`),
    ).rejects.toMatchObject({ cause: { code: "SK001" } });
    await expect(
      db.execute(sql`UPDATE stock_balance SET qty = -1 WHERE item_id = ${item.id}`),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
  });

  it("only touches the shop's own items and locations", async () => {
    const a = await insertShop(db);
    const b = await insertShop(db);
    const itemOfB = await insertItem(db, b.shop.id, b.ownerId, {
      opening: { qty: 5_000, locationId: b.defaultLocationId },
    });
    const itemOfA = await insertItem(db, a.shop.id, a.ownerId, {
      opening: { qty: 5_000, locationId: a.defaultLocationId },
    });
    const asA = (lines: StockLine[]) =>
      postStockDocument(db, { shopId: a.shop.id, userId: a.ownerId, kind: "issue", lines });
    expect(
      await asA([{ itemId: itemOfB.id, locationId: a.defaultLocationId, qty: 1_000 }]),
    ).toEqual({
      ok: false,
      error: { code: "notFound", line: 1 },
    });
    expect(
      await asA([{ itemId: itemOfA.id, locationId: b.defaultLocationId, qty: 1_000 }]),
    ).toEqual({
      ok: false,
      error: { code: "notFound", line: 1 },
    });
    expect(await balanceOf(itemOfB.id, b.defaultLocationId)).toBe(5_000);
    const bDocs = await db.select().from(stockDocument).where(eq(stockDocument.shopId, b.shop.id));
    const [firstDocOfB] = bDocs;
    if (!firstDocOfB) throw new Error("shop B has no document");
    expect(
      await reverseStockDocument(db, {
        shopId: a.shop.id,
        userId: a.ownerId,
        documentId: firstDocOfB.id,
        reason: "x",
      }),
    ).toEqual({ ok: false, error: { code: "notFound", line: null } });
  });

  it("lets stock go below zero only in a shop that allows it", async () => {
    const {
      shop,
      ownerId,
      defaultLocationId: home,
    } = await insertShop(db, { allowNegativeStock: true });
    const item = await insertItem(db, shop.id, ownerId, {
      fields: { cost: 100 },
      opening: { qty: 1_000, locationId: home },
    });
    const result = await postStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "issue",
      lines: [{ itemId: item.id, locationId: home, qty: 3_000 }],
    });
    expect(result.ok).toBe(true);
    expect(await balanceOf(item.id, home)).toBe(-2_000);
    expect(await findItem(db, shop.id, item.id)).toMatchObject({
      onHand: -2_000,
      stockValueSatang: -200,
    });
    // Stock arriving into a negative quantity is valued at its own cost.
    await postStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "receive",
      lines: [{ itemId: item.id, locationId: home, qty: 5_000, unitCostSatang: 130 }],
    });
    expect(await findItem(db, shop.id, item.id)).toMatchObject({
      onHand: 3_000,
      stockValueSatang: 390,
      avgCostSatang: 130,
    });
  });

  it("values stock going below zero and coming back at one cost: nothing on hand, no value", async () => {
    // The property test's counterexample: an item never received (no average yet) taken below
    // zero in one place and counted back in another used to keep its list cost as value.
    const { shop, ownerId, defaultLocationId } = await insertShop(db, { allowNegativeStock: true });
    const zone = await newZone(shop.id, defaultLocationId, "โซนติดลบ");
    const item = await insertItem(db, shop.id, ownerId);
    const base = { shopId: shop.id, userId: ownerId };
    const out = await postStockDocument(db, {
      ...base,
      kind: "issue",
      lines: [{ itemId: item.id, locationId: defaultLocationId, qty: 6_000 }],
    });
    expect(out.ok).toBe(true);
    const back = await postStockDocument(db, {
      ...base,
      kind: "count",
      lines: [{ itemId: item.id, locationId: zone, counted: 6_000 }],
    });
    expect(back.ok).toBe(true);
    const [row] = await db
      .select({ onHand: stockItem.onHand, value: stockItem.stockValueSatang })
      .from(stockItem)
      .where(eq(stockItem.id, item.id));
    expect(row).toEqual({ onHand: 0, value: 0 });
  });

  it("leaves no value at a place a reversal empties, after the place went below zero", async () => {
    // Another counterexample of the property test: the reversal takes back the value the
    // count once brought, but the place's value changed since; the place ends empty at 0.
    const { shop, ownerId, defaultLocationId } = await insertShop(db, { allowNegativeStock: true });
    const item = await insertItem(db, shop.id, ownerId);
    const base = { shopId: shop.id, userId: ownerId };
    const at = { itemId: item.id, locationId: defaultLocationId };
    const counted = await postStockDocument(db, {
      ...base,
      kind: "count",
      lines: [{ ...at, counted: 1_000 }],
    });
    if (!counted.ok) throw new Error("count refused");
    await postStockDocument(db, { ...base, kind: "issue", lines: [{ ...at, qty: 15_000 }] });
    await postStockDocument(db, {
      ...base,
      kind: "receive",
      lines: [{ ...at, qty: 15_000, unitCostSatang: 0 }],
    });
    const reversed = await reverseStockDocument(db, {
      ...base,
      documentId: counted.documentId,
      reason: "นับผิด",
    });
    expect(reversed.ok).toBe(true);
    const [place] = await db
      .select({ qty: stockBalance.qty, value: stockBalance.valueSatang })
      .from(stockBalance)
      .where(eq(stockBalance.itemId, item.id));
    expect(place).toEqual({ qty: 0, value: 0 });
  });

  it("keeps its invariants after any sequence of documents, in fractions of a unit too (property-based)", async () => {
    type Op =
      | { kind: "receive"; item: number; loc: number; qty: number; cost: number }
      | { kind: "issue"; item: number; loc: number; qty: number }
      | { kind: "transfer"; item: number; loc: number; to: number; qty: number }
      | { kind: "count"; item: number; loc: number; counted: number }
      | { kind: "reverse"; which: number };
    const index = fc.integer({ min: 0, max: 2 });
    // Thousandths: whole units, and any fraction with up to 3 decimals (the items are
    // measured, sold by weight), so rounding of value shares is exercised too.
    const qtyArb = (maxUnits: number) =>
      fc.oneof(
        fc.integer({ min: 1, max: maxUnits }).map((units) => units * 1_000),
        fc.integer({ min: 1, max: maxUnits * 1_000 }),
      );
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant("receive" as const),
        item: index,
        loc: index,
        qty: qtyArb(20),
        cost: fc.integer({ min: 0, max: 100_000 }),
      }),
      fc.record({
        kind: fc.constant("issue" as const),
        item: index,
        loc: index,
        qty: qtyArb(25),
      }),
      fc.record({
        kind: fc.constant("transfer" as const),
        item: index,
        loc: index,
        to: index,
        qty: qtyArb(15),
      }),
      fc.record({
        kind: fc.constant("count" as const),
        item: index,
        loc: index,
        counted: fc.oneof(
          fc.integer({ min: 0, max: 30 }).map((units) => units * 1_000),
          fc.integer({ min: 0, max: 30_000 }),
        ),
      }),
      fc.record({ kind: fc.constant("reverse" as const), which: fc.nat() }),
    );

    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        async (ops, allowNegative) => {
          const { shop, ownerId, defaultLocationId } = await insertShop(db, {
            allowNegativeStock: allowNegative,
          });
          const zoneA = await newZone(shop.id, defaultLocationId, "โซน A");
          const zoneB = await newZone(shop.id, defaultLocationId, "โซน B");
          const locations = [defaultLocationId, zoneA, zoneB];
          const measured = { fields: { measured: true } };
          const items = [
            await insertItem(db, shop.id, ownerId, measured),
            await insertItem(db, shop.id, ownerId, measured),
            await insertItem(db, shop.id, ownerId, measured),
          ].map((item) => item.id);
          // A model of the quantities predicts which documents must succeed.
          const model = new Map<string, number>();
          const key = (item: number, loc: number) => `${item}:${loc}`;
          const qtyOf = (item: number, loc: number) => model.get(key(item, loc)) ?? 0;
          const documents: number[] = [];
          for (const step of ops) {
            const base = { shopId: shop.id, userId: ownerId };
            if (step.kind === "reverse") {
              const target = documents[step.which % Math.max(documents.length, 1)];
              if (target === undefined) continue;
              const result = await reverseStockDocument(db, {
                ...base,
                documentId: target,
                reason: "ทดสอบ",
              });
              if (result.ok) {
                const moves = await db
                  .select()
                  .from(stockMovement)
                  .where(eq(stockMovement.documentId, target));
                for (const move of moves)
                  model.set(
                    key(move.itemId, move.locationId),
                    qtyOf(move.itemId, move.locationId) - move.qty,
                  );
              } else {
                expect(["alreadyReversed", "insufficient"]).toContain(result.error.code);
              }
              continue;
            }
            const item = items[step.item] ?? 0;
            const loc = locations[step.loc] ?? 0;
            let line: StockLine;
            let expectOk = true;
            let changes: [number, number][];
            if (step.kind === "receive") {
              line = { itemId: item, locationId: loc, qty: step.qty, unitCostSatang: step.cost };
              changes = [[loc, step.qty]];
            } else if (step.kind === "issue") {
              line = { itemId: item, locationId: loc, qty: step.qty };
              expectOk = allowNegative || qtyOf(item, loc) >= step.qty;
              changes = [[loc, -step.qty]];
            } else if (step.kind === "transfer") {
              const to = locations[step.to] ?? 0;
              line = { itemId: item, locationId: loc, toLocationId: to, qty: step.qty };
              expectOk = to !== loc && (allowNegative || qtyOf(item, loc) >= step.qty);
              changes = [
                [loc, -step.qty],
                [to, step.qty],
              ];
            } else {
              line = { itemId: item, locationId: loc, counted: step.counted };
              changes = [[loc, step.counted - qtyOf(item, loc)]];
            }
            const result = await postStockDocument(db, { ...base, kind: step.kind, lines: [line] });
            expect(result.ok).toBe(expectOk);
            if (result.ok) {
              documents.push(result.documentId);
              for (const [where, delta] of changes)
                model.set(key(item, where), qtyOf(item, where) + delta);
            }
          }

          // Balances equal the sum of movements per item and location, and the model.
          const sums = await db.execute<{
            item_id: string;
            location_id: string;
            moved: string;
            qty: string | null;
            last_after: string | null;
          }>(sql`
          SELECT m.item_id, m.location_id, sum(m.qty) AS moved, b.qty,
                 (SELECT location_qty_after FROM stock_movement l
                   WHERE l.item_id = m.item_id AND l.location_id = m.location_id
                   ORDER BY l.id DESC LIMIT 1) AS last_after
            FROM stock_movement m
            LEFT JOIN stock_balance b ON b.item_id = m.item_id AND b.location_id = m.location_id
           WHERE m.shop_id = ${shop.id}
           GROUP BY m.item_id, m.location_id, b.qty`);
          for (const row of sums.rows) {
            // numeric arrives as its exact text ("0.755"): compared in thousandths.
            const qty = qtyFromSql(row.qty);
            expect(qty).toBe(qtyFromSql(row.moved));
            expect(qtyFromSql(row.last_after)).toBe(qty);
            expect(qty).toBe(qtyOf(Number(row.item_id), Number(row.location_id)));
            if (!allowNegative) expect(qty).toBeGreaterThanOrEqual(0);
          }
          // Item totals equal the sum of their movements, in units and in value.
          const totals = await db.execute<{
            on_hand: string;
            moved: string;
            value: string;
            valued: string;
            last_after: string | null;
          }>(sql`
          SELECT i.on_hand, coalesce(sum(m.qty), 0) AS moved, i.stock_value_satang AS value,
                 coalesce(sum(m.value_satang), 0) AS valued,
                 (SELECT item_qty_after FROM stock_movement l WHERE l.item_id = i.id ORDER BY l.id DESC LIMIT 1) AS last_after
            FROM stock_item i LEFT JOIN stock_movement m ON m.item_id = i.id
           WHERE i.shop_id = ${shop.id}
           GROUP BY i.id`);
          for (const row of totals.rows) {
            expect(qtyFromSql(row.on_hand)).toBe(qtyFromSql(row.moved));
            expect(Number(row.value)).toBe(Number(row.valued));
            if (row.last_after !== null) {
              expect(qtyFromSql(row.last_after)).toBe(qtyFromSql(row.on_hand));
            }
            // With nothing on hand, nothing is left in value either, unless a place is below
            // zero (only when the shop allows it): then -18 units in one place and +18 in
            // another are two positions at their own costs, and their values need not cancel.
            // Each place that is empty holds no value (checked below).
            if (qtyFromSql(row.on_hand) === 0 && !allowNegative) {
              expect(Number(row.value)).toBe(0);
            }
          }
          // Value is kept per location too: a balance's value is the sum of its movements'
          // values, an empty place holds no value, and the places add up to the item's value
          // to the satang (what the two CSV exports show).
          const places = await db.execute<{
            qty: string;
            value: string;
            valued: string;
          }>(sql`
          SELECT b.qty, b.value_satang AS value,
                 (SELECT coalesce(sum(m.value_satang), 0) FROM stock_movement m
                   WHERE m.item_id = b.item_id AND m.location_id = b.location_id) AS valued
            FROM stock_balance b WHERE b.shop_id = ${shop.id}`);
          for (const row of places.rows) {
            expect(Number(row.value)).toBe(Number(row.valued));
            if (qtyFromSql(row.qty) === 0) expect(Number(row.value)).toBe(0);
          }
          const split = await db.execute<{ value: string; placed: string }>(sql`
          SELECT i.stock_value_satang AS value,
                 (SELECT coalesce(sum(b.value_satang), 0) FROM stock_balance b
                   WHERE b.item_id = i.id) AS placed
            FROM stock_item i WHERE i.shop_id = ${shop.id}`);
          for (const row of split.rows) expect(Number(row.placed)).toBe(Number(row.value));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("numbers documents gaplessly per shop and kind; a failed post takes no number", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const other = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 2_000, locationId: home },
    });
    const post = (kind: "receive" | "issue", qty: number) =>
      postStockDocument(db, {
        shopId: shop.id,
        userId: ownerId,
        kind,
        lines: [{ itemId: item.id, locationId: home, qty: qty * 1_000, unitCostSatang: 100 }],
      });
    const numberOf = async (result: Awaited<ReturnType<typeof post>>) => {
      if (!result.ok) throw new Error("not posted");
      const [row] = await db
        .select({ kind: stockDocument.kind, number: stockDocument.number })
        .from(stockDocument)
        .where(eq(stockDocument.id, result.documentId));
      return `${row?.kind}-${row?.number}`;
    };
    expect(await numberOf(await post("receive", 5))).toBe("receive-1");
    expect(await numberOf(await post("issue", 1))).toBe("issue-1");
    // More than there is: refused, and its number is not used up.
    expect(await post("issue", 100)).toMatchObject({ ok: false });
    expect(await numberOf(await post("issue", 1))).toBe("issue-2");
    expect(await numberOf(await post("receive", 1))).toBe("receive-2");
    // Another shop counts from 1 on its own.
    const otherItem = await insertItem(db, other.shop.id, other.ownerId);
    const theirs = await postStockDocument(db, {
      shopId: other.shop.id,
      userId: other.ownerId,
      kind: "receive",
      lines: [{ itemId: otherItem.id, locationId: other.defaultLocationId, qty: 1_000 }],
    });
    expect(await numberOf(theirs)).toBe("receive-1");
    // A reversal is a kind of its own; its movements say what they undo.
    const issued = await post("issue", 1);
    if (!issued.ok) throw new Error("not posted");
    const reversed = await reverseStockDocument(db, {
      shopId: shop.id,
      userId: ownerId,
      documentId: issued.documentId,
      reason: "บันทึกผิด",
    });
    expect(reversed).toMatchObject({ ok: true, number: 1 });
    const [latest] = (await listMovements(db, shop.id, { page: 1, withTotal: false })).rows;
    expect(latest).toMatchObject({ documentKind: "reversal", kind: "issue", qty: 1_000 });
  });

  it("keeps numbers gapless in a group-committed batch with a failing document", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 3_000, locationId: home },
    });
    // Twelve tills at once through the posting queue: three find stock, nine are refused.
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        postStockDocument(db, {
          shopId: shop.id,
          userId: ownerId,
          kind: "issue",
          lines: [{ itemId: item.id, locationId: home, qty: 1_000 }],
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    const numbers = await db
      .select({ number: stockDocument.number })
      .from(stockDocument)
      .where(and(eq(stockDocument.shopId, shop.id), eq(stockDocument.kind, "issue")))
      .orderBy(stockDocument.number);
    expect(numbers.map((row) => row.number)).toEqual([1, 2, 3]);
  });

  it("gives a number back when the (sub)transaction that took it rolls back", async () => {
    const { shop } = await insertShop(db);
    const client = await db.$client.connect();
    try {
      const next = async (kind: string, year = 0) =>
        Number(
          (
            await client.query<{ n: string }>("SELECT next_document_number($1, $2, $3) AS n", [
              shop.id,
              kind,
              year,
            ])
          ).rows[0]?.n,
        );
      await client.query("BEGIN");
      expect(await next("invoice", 2569)).toBe(1);
      await client.query("SAVEPOINT one_document");
      expect(await next("invoice", 2569)).toBe(2);
      await client.query("ROLLBACK TO SAVEPOINT one_document");
      expect(await next("invoice", 2569)).toBe(2);
      // Each Buddhist-era year and each kind has its own sequence.
      expect(await next("invoice", 2570)).toBe(1);
      expect(await next("receipt", 2569)).toBe(1);
      await client.query("ROLLBACK");
      expect(await next("invoice", 2569)).toBe(1);
    } finally {
      client.release();
    }
  });

  it("sells the last unit once when many people take it at the same moment", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const item = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 5_000, locationId: home },
    });
    // Separate connections, as separate app instances or requests would have.
    const clients: Database[] = Array.from({ length: 8 }, () =>
      createDatabase(test.url, { max: 5 }),
    );
    try {
      const attempts = Array.from({ length: 40 }, (_, n) =>
        postStockDocument(clients[n % clients.length] as Database, {
          shopId: shop.id,
          userId: ownerId,
          kind: "issue",
          lines: [{ itemId: item.id, locationId: home, qty: 1_000, reason: "ขายหน้าร้าน" }],
        }),
      );
      const results = await Promise.all(attempts);
      expect(results.filter((result) => result.ok)).toHaveLength(5);
      const refused = results.filter((result) => !result.ok);
      expect(refused).toHaveLength(35);
      for (const result of refused)
        expect(result).toMatchObject({ ok: false, error: { code: "insufficient", available: 0 } });
    } finally {
      await Promise.all(clients.map((client) => client.$client.end()));
    }
    expect(await balanceOf(item.id, home)).toBe(0);
    const [moved] = await db
      .select({ total: sql<number>`sum(qty)::int`, rows: sql<number>`count(*)::int` })
      .from(stockMovement)
      .where(eq(stockMovement.itemId, item.id));
    expect(moved).toEqual({ total: 0, rows: 6 });
    expect(await findItem(db, shop.id, item.id)).toMatchObject({ onHand: 0, stockValueSatang: 0 });
  });

  it("does not deadlock when documents lock the same items in opposite orders", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const first = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 100_000, locationId: home },
    });
    const second = await insertItem(db, shop.id, ownerId, {
      opening: { qty: 100_000, locationId: home },
    });
    const clients: Database[] = Array.from({ length: 6 }, () =>
      createDatabase(test.url, { max: 4 }),
    );
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, n) => {
          const pair = [first.id, second.id];
          if (n % 2) pair.reverse();
          return postStockDocument(clients[n % clients.length] as Database, {
            shopId: shop.id,
            userId: ownerId,
            kind: "issue",
            lines: pair.map((itemId) => ({ itemId, locationId: home, qty: 1_000 })),
          });
        }),
      );
      expect(results.every((result) => result.ok)).toBe(true);
    } finally {
      await Promise.all(clients.map((client) => client.$client.end()));
    }
    const left = await db
      .select({ onHand: stockItem.onHand })
      .from(stockItem)
      .where(eq(stockItem.shopId, shop.id));
    expect(left.map((row) => row.onHand)).toEqual([70_000, 70_000]);
  });
});

describe("stock change announcements", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it("announce a posted change after the commit, once per burst, to listeners of any connection", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(test.db);
    const item = await insertItem(test.db, shop.id, ownerId);
    // Creating the item is announced too: let that pass before listening.
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_WINDOW_MS * 4));
    const listener = new pg.Client({ connectionString: test.url });
    await listener.connect();
    const received: string[] = [];
    listener.on("notification", (message) => {
      if (message.channel === STOCK_CHANGED_CHANNEL) received.push(message.payload ?? "");
    });
    try {
      await listener.query(`LISTEN ${STOCK_CHANGED_CHANNEL}`);
      await postStockDocument(test.db, {
        shopId: shop.id,
        userId: ownerId,
        kind: "receive",
        lines: [{ itemId: item.id, locationId: home, qty: 1_000, unitCostSatang: 100 }],
      });
      await expect.poll(() => received, { timeout: 5_000 }).toEqual([shop.id]);
      // Announcements within one window (here: in the same tick) are sent once.
      for (let n = 0; n < 5; n++) announceStockChange(test.db, shop.id);
      await expect.poll(() => received.length, { timeout: 5_000 }).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_WINDOW_MS * 4));
      expect(received).toEqual([shop.id, shop.id]);
    } finally {
      await listener.end();
    }
  });
});
