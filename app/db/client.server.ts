import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** Opens a connection pool and wraps it in Drizzle with the whole schema. */
export function createDatabase(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    // Fail fast instead of hanging a request when the server is unreachable.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  return drizzle(pool, { schema }) as Database;
}

/** Either the database or an open transaction: commands that take part in a caller's transaction accept this. */
export type DbExecutor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The pool behind a database handle; null for a transaction (it has not committed yet). */
export function poolOf(db: DbExecutor): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client && typeof (client as pg.Pool).query === "function" ? (client as pg.Pool) : null;
}
