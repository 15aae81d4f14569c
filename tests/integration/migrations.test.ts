import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { generateDrizzleJson, generateMigration, pushSchema } from "drizzle-kit/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

const META = path.resolve("drizzle/meta");

async function latestSnapshot() {
  const files = (await readdir(META)).filter((f) => f.endsWith("_snapshot.json")).sort();
  const last = files.at(-1);
  if (!last) throw new Error("no migration snapshot in drizzle/meta");
  return JSON.parse(await readFile(path.join(META, last), "utf8"));
}

describe("migrations", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it("cover every schema change: generating a migration now would produce nothing", async () => {
    const statements = await generateMigration(await latestSnapshot(), generateDrizzleJson(schema));
    // If this fails, run `npm run db:generate` and commit the new file in drizzle/.
    expect(statements).toEqual([]);
  });

  it("build a database that matches the schema exactly", async () => {
    // pushSchema is typed for a schema-less Drizzle instance; ours carries the schema.
    const { statementsToExecute } = await pushSchema(
      schema,
      test.db as unknown as Parameters<typeof pushSchema>[1],
    );
    expect(statementsToExecute).toEqual([]);
  });

  it("create every table of the schema", async () => {
    const result = await test.db.$client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    expect(result.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "article",
        "banner",
        "company_profile",
        "contact_message",
        "email_outbox",
        "product_category",
        "rate_limit_bucket",
      ]),
    );
  });
});
