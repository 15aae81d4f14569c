import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { sale } from "~/db/schema";
import { buddhistYear, completeSale, type SaleActor } from "~/modules/sales/index.server";
import {
  bindTillDevice,
  listTills,
  registerTill,
  releaseTillDevice,
} from "~/modules/tills/index.server";
import { insertItem, insertShop } from "../setup/factories";
import { createSaleForTest } from "../setup/sales-factory";
import { databaseBefore } from "../setup/database-before";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * A registered till numbers its sales itself, in its own series (issue 34, decision 0071): the
 * server takes only the next number of that till (no gap, no repeat, no year back), a retry of
 * the same sale is the same sale, and the till's clock is corrected by how far it was off.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const PRICE = 5_000;

async function shopWithTill(on: Database = db) {
  const t = await insertShop(on);
  const item = await insertItem(on, t.shop.id, t.ownerId, {
    fields: { price: PRICE, cost: 2_000 },
    opening: { qty: 1_000_000, locationId: t.defaultLocationId },
  });
  const owner = { shopId: t.shop.id, userId: t.ownerId, role: "owner" as const };
  const [first] = await listTills(on, t.shop.id);
  const bound = await bindTillDevice(on, owner, { tillId: first!.id, deviceLabel: "test" });
  if (!bound.ok) throw new Error(bound.error);
  const actor: SaleActor = {
    shopId: t.shop.id,
    userId: t.ownerId,
    cashierName: "เจ้าของ",
    role: "owner",
  };
  return { t, item, owner, actor, till: bound.value };
}

type Counter = Awaited<ReturnType<typeof shopWithTill>>;

function sellAt(
  c: Counter,
  number: { year: number; seq: number },
  options: { clientSaleId?: string; till?: { tillId: string; token: string }; clock?: number } = {},
) {
  const now = Date.now() + (options.clock ?? 0);
  return completeSale(db, c.actor, {
    clientSaleId: options.clientSaleId ?? randomUUID(),
    till: "เครื่อง 1",
    lines: [{ itemId: c.item.id, qtyMilli: 1000 }],
    payments: [{ method: "cash", amountSatang: PRICE }],
    expectedTotalSatang: PRICE,
    device: {
      tillId: options.till?.tillId ?? c.till.tillId,
      token: options.till?.token ?? c.till.token,
      kind: "receipt",
      prefix: "RC",
      year: number.year,
      seq: number.seq,
      soldAt: new Date(now - 60_000).toISOString(),
      sentAt: new Date(now).toISOString(),
    },
  });
}

const YEAR = buddhistYear(new Date());

describe("a registered till's own numbers", () => {
  it("takes the next number only: a gap or a repeat is refused with where the series stands", async () => {
    const c = await shopWithTill();
    expect(await sellAt(c, { year: YEAR, seq: 1 })).toMatchObject({
      ok: true,
      sale: { documentNumber: `RC-P01-${YEAR}-000001` },
    });
    expect((await sellAt(c, { year: YEAR, seq: 2 })).ok).toBe(true);
    expect(await sellAt(c, { year: YEAR, seq: 2 })).toEqual({
      ok: false,
      error: { code: "outOfSequence", year: YEAR, lastSeq: 2 },
    });
    expect(await sellAt(c, { year: YEAR, seq: 4 })).toEqual({
      ok: false,
      error: { code: "outOfSequence", year: YEAR, lastSeq: 2 },
    });
    const kept = await db
      .select({ number: sale.documentNumber, tillId: sale.tillId })
      .from(sale)
      .where(eq(sale.shopId, c.t.shop.id));
    expect(kept.map((row) => row.number).sort()).toEqual([
      `RC-P01-${YEAR}-000001`,
      `RC-P01-${YEAR}-000002`,
    ]);
    expect(kept.every((row) => row.tillId === c.till.tillId)).toBe(true);
  });

  it("answers a retry of the same sale with the same sale, whatever the series says now", async () => {
    const c = await shopWithTill();
    const id = randomUUID();
    const first = await sellAt(c, { year: YEAR, seq: 1 }, { clientSaleId: id });
    expect(first.ok).toBe(true);
    expect((await sellAt(c, { year: YEAR, seq: 2 })).ok).toBe(true);
    const again = await sellAt(c, { year: YEAR, seq: 1 }, { clientSaleId: id });
    expect(again).toMatchObject({ ok: true, sale: { replayed: true } });
    if (first.ok && again.ok) expect(again.sale.id).toBe(first.sale.id);
  });

  it("keeps each till's series apart, and starts a new year at 1 without going back", async () => {
    const c = await shopWithTill();
    const second = await registerTill(db, c.owner, { name: "เครื่อง 2", posNumber: "" });
    if (!second.ok) throw new Error(second.error);
    const bound = await bindTillDevice(db, c.owner, { tillId: second.value.id, deviceLabel: "x" });
    if (!bound.ok) throw new Error(bound.error);
    expect((await sellAt(c, { year: YEAR, seq: 1 })).ok).toBe(true);
    expect(await sellAt(c, { year: YEAR, seq: 1 }, { till: bound.value })).toMatchObject({
      ok: true,
      sale: { documentNumber: `RC-P02-${YEAR}-000001` },
    });
    expect((await sellAt(c, { year: YEAR + 1, seq: 1 })).ok).toBe(true);
    expect(await sellAt(c, { year: YEAR, seq: 2 })).toMatchObject({
      ok: false,
      error: { code: "outOfSequence", year: YEAR + 1 },
    });
  });

  it("refuses a device that is not the till's, or was released", async () => {
    const c = await shopWithTill();
    expect(
      await sellAt(
        c,
        { year: YEAR, seq: 1 },
        { till: { tillId: c.till.tillId, token: "x".repeat(43) } },
      ),
    ).toEqual({ ok: false, error: { code: "tillNotRegistered" } });
    await releaseTillDevice(db, c.owner, c.till.tillId);
    expect(await sellAt(c, { year: YEAR, seq: 1 })).toEqual({
      ok: false,
      error: { code: "tillNotRegistered" },
    });
    expect(await db.select().from(sale).where(eq(sale.shopId, c.t.shop.id))).toEqual([]);
  });

  it("counts a sale when it sold by the server's clock, telling a till whose clock is off", async () => {
    const c = await shopWithTill();
    // The till's clock is 10 minutes behind.
    const sold = await sellAt(c, { year: YEAR, seq: 1 }, { clock: -10 * 60_000 });
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    expect(sold.sale.clockSkewSeconds).toBeGreaterThanOrEqual(599);
    expect(sold.sale.clockSkewSeconds).toBeLessThanOrEqual(601);
    const [row] = await db
      .select({ at: sale.createdAt, device: sale.deviceSoldAt, received: sale.receivedAt })
      .from(sale)
      .where(eq(sale.id, sold.sale.id));
    // Sold a minute before it was sent, by the corrected clock; the till's own time kept too.
    const minuteAgo = Date.now() - 60_000;
    expect(Math.abs(row!.at.getTime() - minuteAgo)).toBeLessThan(5_000);
    expect(row!.received.getTime() - row!.device!.getTime()).toBeGreaterThan(10 * 60_000);
  });

  it("lets two requests race for one number: one sale takes it, the other is told", async () => {
    const c = await shopWithTill();
    const results = await Promise.all([
      sellAt(c, { year: YEAR, seq: 1 }),
      sellAt(c, { year: YEAR, seq: 1 }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      ok: false,
      error: { code: "outOfSequence", lastSeq: 1 },
    });
  });
});

describe("migration 0034 on a shop that sold before", () => {
  it("continues the shop's series on its first till, renumbering nothing", async () => {
    const old = await databaseBefore("0034_sales_by_registered_tills");
    try {
      const t = await insertShop(old.db);
      const item = await insertItem(old.db, t.shop.id, t.ownerId, {
        opening: { qty: 100_000, locationId: t.defaultLocationId },
      });
      for (let n = 0; n < 3; n++) {
        await createSaleForTest(old.db, {
          shopId: t.shop.id,
          userId: t.ownerId,
          lines: [{ itemId: item.id, qty: 1 }],
        });
      }
      const before = await old.db.execute<{ number: string }>(
        sql`SELECT document_number AS number FROM sale WHERE shop_id = ${t.shop.id} ORDER BY id`,
      );
      await old.migrateRest();
      const after = await old.db.execute<{ number: string; till_id: string | null }>(
        sql`SELECT document_number AS number, till_id FROM sale WHERE shop_id = ${t.shop.id} ORDER BY id`,
      );
      expect(after.rows.map((row) => row.number)).toEqual(before.rows.map((row) => row.number));
      const series = await old.db.execute<{ kind: string; last_seq: string }>(
        sql`SELECT s.kind, s.last_seq FROM till_series s JOIN till t ON t.id = s.till_id
             WHERE t.shop_id = ${t.shop.id} AND t.code = 'P01'`,
      );
      expect(series.rows.map((row) => [row.kind, Number(row.last_seq)])).toEqual([["receipt", 3]]);
    } finally {
      await old.drop();
    }
  });
});
