import path from "node:path";
import type { Logger } from "pino";
import { createDatabaseAvailability, type DatabaseAvailability } from "./availability.server";
import { createDatabase, type Database } from "./client.server";
import { findRunningEmbeddedPostgres, startEmbeddedPostgres } from "./embedded-postgres.server";
import { applyMigrations } from "./migrate.server";

export interface OpenDatabase {
  db: Database;
  /** "embedded" when this process started its own PostgreSQL. */
  mode: "embedded" | "external";
  /** Whether the database answers right now (pages answer 503 while it does not). */
  availability: DatabaseAvailability;
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
  /**
   * Called when the embedded PostgreSQL died and could not be started again in time: the
   * process should exit non-zero so that its supervisor restarts the whole service.
   */
  onFatal?: (error: Error) => void;
  /** How long to keep trying to restart a dead embedded PostgreSQL (default 60 s). */
  restartTimeoutMs?: number;
}): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const db = createDatabase(options.databaseUrl);
    await applyMigrations(db, options.migrationsFolder);
    const availability = watchAvailability(db, options.logger);
    return {
      db,
      mode: "external",
      availability,
      async close() {
        availability.close();
        await db.$client.end();
      },
    };
  }
  const pgLog = options.logger.child({ component: "postgres" });
  let availability: DatabaseAvailability | undefined;
  const server = await startEmbeddedPostgres({
    dataDir: path.join(options.dataDir, "postgres"),
    onLog: (line) => pgLog.debug(line),
    onNotice: (message) => pgLog.warn(message),
    restartTimeoutMs: options.restartTimeoutMs,
    onUnexpectedExit: () => availability?.markDown("the embedded PostgreSQL exited"),
    onGiveUp: (error) => {
      pgLog.fatal({ err: error }, "the embedded PostgreSQL could not be started again");
      options.onFatal?.(error);
    },
  });
  try {
    await ensureDatabaseExists(server.adminUrl, APP_DATABASE);
    const url = new URL(server.adminUrl);
    url.pathname = `/${APP_DATABASE}`;
    const db = createDatabase(url.toString());
    await applyMigrations(db, options.migrationsFolder);
    availability = watchAvailability(db, options.logger);
    options.logger.info({ port: server.port }, "embedded PostgreSQL started");
    const watched = availability;
    return {
      db,
      mode: "embedded",
      availability: watched,
      async close() {
        watched.close();
        await db.$client.end();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Follows the pool's connection errors: a lost server marks the database down until it answers. */
function watchAvailability(db: Database, logger: Logger): DatabaseAvailability {
  const availability = createDatabaseAvailability({
    probe: () => db.$client.query("SELECT 1"),
    logger: logger.child({ component: "database" }),
  });
  // Idle connections that the server closed (restart, failover) surface here.
  db.$client.on("error", (error) => availability.reportError(error));
  return availability;
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
