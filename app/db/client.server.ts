import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

const NUL = /\0/g;
const withoutNul = (value: unknown) => (typeof value === "string" ? value.replace(NUL, "") : value);

/**
 * PostgreSQL text cannot hold a NUL character: one typed into a form or a URL made the query
 * fail (a 500 for a look-up by a tampered id or search). Every text parameter drops them.
 */
class Client extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values] = args as [unknown, unknown];
    const inConfig = (config as pg.QueryConfig | null)?.values;
    if (Array.isArray(values)) args[1] = values.map(withoutNul);
    else if (Array.isArray(inConfig) && Object.getPrototypeOf(config) === Object.prototype) {
      args[0] = { ...(config as pg.QueryConfig), values: inConfig.map(withoutNul) };
    }
    return (super.query as (...all: unknown[]) => never)(...args);
  }
}

/** Opens a connection pool and wraps it in Drizzle with the whole schema. */
export function createDatabase(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    Client,
    max: options.max ?? 20,
    // Fail fast instead of hanging a request when the server is unreachable.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor one checked out between two queries (a transaction awaiting the app) when the server
  // goes: node-postgres emits the loss on the client itself, and with no listener the process
  // died. Its queries fail (the caller's error path answers), and the pool drops it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  return drizzle(pool, { schema }) as Database;
}

/** Either the database or an open transaction: commands that take part in a caller's transaction accept this. */
export type DbExecutor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The pool behind a database handle; null for a transaction (it has not committed yet). */
export function poolOf(db: DbExecutor): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client && typeof (client as pg.Pool).query === "function" ? (client as pg.Pool) : null;
}
