import path from "node:path";
import type { Logger } from "pino";
import { createDatabase, type Database } from "./client.server";
import { findRunningEmbeddedPostgres, startEmbeddedPostgres } from "./embedded-postgres.server";
import { applyMigrations } from "./migrate.server";

export interface OpenDatabase {
  db: Database;
  /** "embedded" when this process started its own PostgreSQL. */
  mode: "embedded" | "external";
  close(): Promise<void>;
}

const APP_DATABASE = "dptech";

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL in `<dataDir>/postgres`
 * when no URL is given; then applies the committed migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  migrationsFolder: string;
  logger: Logger;
}): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const db = createDatabase(options.databaseUrl);
    await applyMigrations(db, options.migrationsFolder);
    return { db, mode: "external", close: () => db.$client.end() };
  }
  const pgLog = options.logger.child({ component: "postgres" });
  const server = await startEmbeddedPostgres({
    dataDir: path.join(options.dataDir, "postgres"),
    onLog: (line) => pgLog.debug(line),
    onNotice: (message) => pgLog.warn(message),
  });
  try {
    await ensureDatabaseExists(server.adminUrl, APP_DATABASE);
    const url = new URL(server.adminUrl);
    url.pathname = `/${APP_DATABASE}`;
    const db = createDatabase(url.toString());
    await applyMigrations(db, options.migrationsFolder);
    options.logger.info({ port: server.port }, "embedded PostgreSQL started");
    return {
      db,
      mode: "embedded",
      async close() {
        await db.$client.end();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function ensureDatabaseExists(adminUrl: string, name: string): Promise<void> {
  const admin = createDatabase(adminUrl, { max: 1 });
  try {
    const found = await admin.$client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await admin.$client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.$client.end();
  }
}

/**
 * For command-line tools: the same database the site uses. While the site runs on the
 * embedded server (its folder is locked), the tool connects to that server instead of
 * starting its own.
 */
export async function openDatabaseForTool(
  options: Parameters<typeof openDatabase>[0],
): Promise<OpenDatabase> {
  if (!options.databaseUrl) {
    const running = await findRunningEmbeddedPostgres(path.join(options.dataDir, "postgres"));
    if (running) {
      const url = new URL(running);
      url.pathname = `/${APP_DATABASE}`;
      return openDatabase({ ...options, databaseUrl: url.toString() });
    }
  }
  return openDatabase(options);
}
