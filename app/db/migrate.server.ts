import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import type { Database } from "./client.server";

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 4_711_001;

/**
 * Applies the committed SQL migrations in `migrationsFolder`. Several instances starting at
 * once against one server take turns through an advisory lock.
 */
export async function applyMigrations(db: Database, migrationsFolder: string): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      // Migrate on the connection that holds the lock (a one-connection pool must not deadlock).
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** True when the database answers a trivial query (used by the health check). */
export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
