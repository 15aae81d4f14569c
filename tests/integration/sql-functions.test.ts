import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// The migrations are history: a function's body may be spread over several of them, each
// replacing the last. drizzle/functions/<name>.sql holds the body that stands, one file per
// function (decision 0066). This test builds the database from the migrations and compares
// each function PostgreSQL has with its file, so changing a function takes a new migration
// AND the same edit in its file; a function without a file, or a file without a function,
// fails too.

const FOLDER = path.resolve("drizzle/functions");

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

/** The same text whatever the line breaks and indentation; the statement's `;` is optional. */
function normalised(sql: string): string {
  return sql.trim().replace(/;$/, "").replace(/\s+/g, " ").trim();
}

describe("drizzle/functions", () => {
  it("holds exactly the functions the migrations create, as the database has them", async () => {
    // Our own functions: those of extensions (pg_trgm's) are not ours to keep.
    const { rows } = await test.db.$client.query<{ name: string; definition: string }>(`
      SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
        FROM pg_proc p
       WHERE p.pronamespace = 'public'::regnamespace
         AND NOT EXISTS (SELECT 1 FROM pg_depend d
                          WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
                            AND d.deptype = 'e')
       ORDER BY 1`);
    const files = (await readdir(FOLDER)).filter((file) => file.endsWith(".sql")).sort();
    expect(files).toEqual(rows.map((row) => `${row.name}.sql`));
    for (const { name, definition } of rows) {
      const file = await readFile(path.join(FOLDER, `${name}.sql`), "utf8");
      expect(normalised(file), `drizzle/functions/${name}.sql`).toBe(normalised(definition));
    }
  });

  it("compares text, not layout", () => {
    expect(normalised("CREATE  FUNCTION f()\n  RETURNS int\nAS $$ SELECT 1 $$;\n")).toBe(
      normalised("CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$"),
    );
    expect(normalised("SELECT 1")).not.toBe(normalised("SELECT 2"));
  });
});
