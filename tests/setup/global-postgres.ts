import { rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabase } from "~/db/client.server";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { applyMigrations } from "~/db/migrate.server";
import { tempFolderForPostgres } from "./temp-folder";

export const TEMPLATE_DATABASE = "app_template";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL server. */
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL server for the whole run (embedded, or TEST_DATABASE_URL), with a
 * migrated template database that each test file clones for itself.
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedPostgres | undefined;
  let folder: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    folder = await tempFolderForPostgres("dptech-test-pg-");
    server = await startEmbeddedPostgres({ dataDir: path.join(folder, "postgres") });
    adminUrl = server.adminUrl;
  }
  await createMigratedTemplate(adminUrl);
  project.provide("pgAdminUrl", adminUrl);
  return async () => {
    await server?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  };
}

export async function createMigratedTemplate(adminUrl: string): Promise<void> {
  const admin = createDatabase(adminUrl, { max: 1 });
  try {
    await admin.$client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.$client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.$client.end();
  }
  const template = createDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE), { max: 1 });
  try {
    await applyMigrations(template, path.resolve("drizzle"));
  } finally {
    await template.$client.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
