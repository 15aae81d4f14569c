import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createDatabase, type Database } from "~/db/client.server";
import { applyMigrations } from "~/db/migrate.server";
import { withDatabase } from "../setup/global-postgres";
import { asc, eq } from "drizzle-orm";
import { stockBalance, stockItem, stockMovement } from "~/db/schema";
import { postStockDocument } from "~/modules/stock/index.server";
import { insertShop } from "../setup/factories";

// Migration 0020 (fractions of a unit) on a database that already has stock: every quantity
// posted before in whole units reads back as the same number, and the ledger goes on from it.

const MIGRATION = "0020_fractional_stock_quantities";

describe("migration 0020 on existing stock", () => {
  let db: Database;
  let name: string;
  let before: string;
  beforeAll(async () => {
    name = `m_${randomBytes(6).toString("hex")}`;
    const admin = createDatabase(inject("pgAdminUrl"), { max: 1 });
    try {
      await admin.$client.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.$client.end();
    }
    db = createDatabase(withDatabase(inject("pgAdminUrl"), name), { max: 4 });
    // The migrations up to the one before 0020.
    before = mkdtempSync(path.join(tmpdir(), "migrations-before-0020-"));
    cpSync(path.resolve("drizzle"), before, { recursive: true });
    const journalPath = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
      entries: { tag: string }[];
    };
    const at = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));
    await applyMigrations(db, before);
  });
  afterAll(async () => {
    await db.$client.end();
    rmSync(before, { recursive: true, force: true });
    const admin = createDatabase(inject("pgAdminUrl"), { max: 1 });
    try {
      await admin.$client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.$client.end();
    }
  });

  it("reads whole quantities posted before as the same numbers, and posts fractions after", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
    const [{ id: itemId }] = (
      await q(
        `INSERT INTO stock_item (shop_id, name, sku, unit, cost_satang, reorder_level)
         VALUES ($1, 'น้ำปลา', 'FISH', 'ขวด', 2500, 4) RETURNING id`,
        [shop.id],
      )
    ).rows as [{ id: string }];
    const item = Number(itemId);
    const post = (kind: string, lines: object[]) =>
      q(`SELECT stock_post_document($1, $2, '', '', $3, $4::jsonb) AS id`, [
        shop.id,
        kind,
        ownerId,
        JSON.stringify(lines),
      ]);
    // Whole units, through the integer ledger of 0019.
    await post("receive", [{ line: 1, item, location: home, qty: 12, unitCost: 2500 }]);
    await post("issue", [{ line: 1, item, location: home, qty: 5, reason: "ขาย" }]);

    await applyMigrations(db, path.resolve("drizzle"));

    const [after] = await db.select().from(stockItem).where(eq(stockItem.id, item));
    expect(after).toMatchObject({
      onHand: 7_000,
      reorderLevel: 4_000,
      stockValueSatang: 17_500,
      avgCostSatang: 2_500,
      measured: false,
    });
    const [place] = await db
      .select({ qty: stockBalance.qty })
      .from(stockBalance)
      .where(eq(stockBalance.itemId, item));
    expect(place?.qty).toBe(7_000);
    const moved = await db
      .select({
        qty: stockMovement.qty,
        location: stockMovement.locationQtyAfter,
        item: stockMovement.itemQtyAfter,
      })
      .from(stockMovement)
      .where(eq(stockMovement.itemId, item))
      .orderBy(asc(stockMovement.id));
    expect(moved).toEqual([
      { qty: 12_000, location: 12_000, item: 12_000 },
      { qty: -5_000, location: 7_000, item: 7_000 },
    ]);
    const [raw] = (await q(`SELECT on_hand::text AS on_hand FROM stock_item WHERE id = $1`, [item]))
      .rows as [{ on_hand: string }];
    expect(raw.on_hand).toBe("7.000");

    // The ledger goes on from there: a whole item in whole units, and once it is sold by
    // weight, in fractions.
    expect(
      await postStockDocument(db, {
        shopId: shop.id,
        userId: ownerId,
        kind: "issue",
        lines: [{ itemId: item, locationId: home, qty: 2_000, reason: "ขาย" }],
      }),
    ).toMatchObject({ ok: true });
    await db.update(stockItem).set({ measured: true }).where(eq(stockItem.id, item));
    expect(
      await postStockDocument(db, {
        shopId: shop.id,
        userId: ownerId,
        kind: "issue",
        lines: [{ itemId: item, locationId: home, qty: 250, reason: "ขาย" }],
      }),
    ).toMatchObject({ ok: true });
    const [last] = await db.select().from(stockItem).where(eq(stockItem.id, item));
    expect(last).toMatchObject({ onHand: 4_750, stockValueSatang: 11_875 });
  });
});
