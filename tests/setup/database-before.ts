import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { createDatabase, type Database } from "~/db/client.server";
import { applyMigrations } from "~/db/migrate.server";
import { withDatabase } from "./global-postgres";

/**
 * A new database migrated up to (not including) the migration whose tag is `tag`, for a test
 * of what that migration does to rows written before it. `migrateRest` applies the others;
 * `drop` removes the database and the copied migrations.
 */
export async function databaseBefore(tag: string): Promise<{
  db: Database;
  migrateRest: () => Promise<void>;
  drop: () => Promise<void>;
}> {
  const name = `m_${randomBytes(6).toString("hex")}`;
  const admin = () => createDatabase(inject("pgAdminUrl"), { max: 1 });
  const created = admin();
  try {
    await created.$client.query(`CREATE DATABASE ${name}`);
  } finally {
    await created.$client.end();
  }
  const db = createDatabase(withDatabase(inject("pgAdminUrl"), name), { max: 4 });
  const before = mkdtempSync(path.join(tmpdir(), `migrations-before-${tag}-`));
  cpSync(path.resolve("drizzle"), before, { recursive: true });
  const journalPath = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag} in drizzle/meta/_journal.json`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  await applyMigrations(db, before);
  return {
    db,
    migrateRest: () => applyMigrations(db, path.resolve("drizzle")),
    drop: async () => {
      await db.$client.end();
      rmSync(before, { recursive: true, force: true });
      const dropping = admin();
      try {
        await dropping.$client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropping.$client.end();
      }
    },
  };
}
