import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { createDatabase, type Database } from "~/db/client.server";
import { TEMPLATE_DATABASE, withDatabase } from "./global-postgres";

export interface TestDatabase {
  db: Database;
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template: each test file gets its own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = createDatabase(adminUrl, { max: 1 });
  try {
    await admin.$client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.$client.end();
  }
  const url = withDatabase(adminUrl, name);
  const db = createDatabase(url, { max: 10 });
  return {
    db,
    url,
    name,
    async drop() {
      await db.$client.end();
      const cleanup = createDatabase(adminUrl, { max: 1 });
      try {
        await cleanup.$client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.$client.end();
      }
    },
  };
}
