import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createDatabase, type Database } from "~/db/client.server";
import { applyMigrations } from "~/db/migrate.server";
import { withDatabase } from "../setup/global-postgres";
import { insertShop, insertUser } from "../setup/factories";

// Migration 0017 on a database that already has stock: documents keep the numbers they were
// shown with, each shop's kinds continue from there, and existing values are split over the
// locations so that they add up to each item's value.

const MIGRATION = "0017_stock_value_per_location_and_numbers";

describe("migration 0017 on existing stock", () => {
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
    // The migrations up to the one before 0017.
    before = mkdtempSync(path.join(tmpdir(), "migrations-before-0017-"));
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

  it("keeps document numbers, continues per kind, and splits values exactly", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(db);
    const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
    const [{ id: zone }] = (
      await q(
        `INSERT INTO stock_location (shop_id, parent_id, kind, name) VALUES ($1, $2, 'zone', 'B')
         RETURNING id`,
        [shop.id, home],
      )
    ).rows as [{ id: string }];
    const [{ id: itemId }] = (
      await q(
        `INSERT INTO stock_item (shop_id, name, sku, unit, cost_satang)
         VALUES ($1, 'น้ำมันพืช', 'OIL', 'ขวด', 1001) RETURNING id`,
        [shop.id],
      )
    ).rows as [{ id: string }];
    const post = (kind: string, lines: object[]) =>
      q(`SELECT stock_post_document($1, $2, '', '', $3, $4::jsonb) AS id`, [
        shop.id,
        kind,
        ownerId,
        JSON.stringify(lines),
      ]).then((result) => Number((result.rows[0] as { id: string }).id));
    const received = await post("receive", [
      { line: 1, item: Number(itemId), location: home, qty: 3, unitCost: 1001 },
    ]);
    const zoned = await post("receive", [
      { line: 1, item: Number(itemId), location: Number(zone), qty: 4, unitCost: 1000 },
    ]);
    // A failed post used up an id under the old numbering.
    await expect(
      post("issue", [{ line: 1, item: Number(itemId), location: home, qty: 99 }]),
    ).rejects.toThrow();
    const issued = await post("issue", [{ line: 1, item: Number(itemId), location: home, qty: 1 }]);
    const other = await insertShop(db, { ownerId: await insertUser(db) });

    await applyMigrations(db, path.resolve("drizzle"));

    const numbers = (
      await q(`SELECT id, kind, number FROM stock_document WHERE shop_id = $1 ORDER BY id`, [
        shop.id,
      ])
    ).rows.map((row: { id: string; kind: string; number: string }) => [
      Number(row.id),
      row.kind,
      Number(row.number),
    ]);
    expect(numbers).toEqual([
      [received, "receive", received],
      [zoned, "receive", zoned],
      [issued, "issue", issued],
    ]);
    // New documents continue after the highest number of their kind, without gaps.
    const next = await post("receive", [
      { line: 1, item: Number(itemId), location: home, qty: 1, unitCost: 1001 },
    ]);
    const [{ number }] = (await q(`SELECT number FROM stock_document WHERE id = $1`, [next]))
      .rows as [{ number: string }];
    expect(Number(number)).toBe(zoned + 1);
    // A shop without documents starts at 1.
    const [{ id: teaId }] = (
      await q(
        `INSERT INTO stock_item (shop_id, name, sku, unit) VALUES ($1, 'ชา', 'TEA', 'กล่อง')
         RETURNING id`,
        [other.shop.id],
      )
    ).rows as [{ id: string }];
    await q(`SELECT stock_post_document($1, 'receive', '', '', $2, $3::jsonb)`, [
      other.shop.id,
      other.ownerId,
      JSON.stringify([
        { line: 1, item: Number(teaId), location: other.defaultLocationId, qty: 2, unitCost: 5 },
      ]),
    ]);
    const [{ n }] = (
      await q(`SELECT max(number) AS n FROM stock_document WHERE shop_id = $1`, [other.shop.id])
    ).rows as [{ n: string }];
    expect(Number(n)).toBe(1);

    // The item's value, split over its locations, adds up exactly.
    const [item] = (await q(`SELECT stock_value_satang FROM stock_item WHERE id = $1`, [itemId]))
      .rows as [{ stock_value_satang: string }];
    const placed = (
      await q(`SELECT qty, value_satang FROM stock_balance WHERE item_id = $1 ORDER BY id`, [
        itemId,
      ])
    ).rows as { qty: number; value_satang: string }[];
    expect(placed.reduce((sum, row) => sum + Number(row.value_satang), 0)).toBe(
      Number(item.stock_value_satang),
    );
    expect(placed.every((row) => row.qty > 0 && Number(row.value_satang) > 0)).toBe(true);
  });
});
