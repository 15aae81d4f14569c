import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { installWriteJournal, type WriteJournal } from "../setup/write-journal";

// The form fuzzer trusts this journal to see every write a refused form makes: it must record
// inserts, real updates and deletes on every table, and nothing for a no-op or a rollback.

let test: TestDatabase;
let journal: WriteJournal;

beforeAll(async () => {
  test = await createTestDatabase();
  journal = await installWriteJournal(test.db, {
    skip: ["rate_limit_bucket"],
    alsoEmpty: ["rate_limit_bucket"],
  });
});
afterAll(async () => {
  await test.drop();
});

const ops = async () => (await journal.entries()).map(({ op, table }) => `${op} ${table}`);

describe("the write journal of a test database", () => {
  it("records an insert, a real update and a delete with the rows before and after", async () => {
    await journal.clear();
    await test.db.execute(sql`INSERT INTO app_secret (name, value) VALUES ('journal-test', 'a')`);
    await test.db.execute(sql`UPDATE app_secret SET value = 'b' WHERE name = 'journal-test'`);
    await test.db.execute(sql`DELETE FROM app_secret WHERE name = 'journal-test'`);
    const entries = await journal.entries();
    expect(entries.map(({ op, table }) => `${op} ${table}`)).toEqual([
      "INSERT app_secret",
      "UPDATE app_secret",
      "DELETE app_secret",
    ]);
    expect(entries[1]?.before?.value).toBe("a");
    expect(entries[1]?.after?.value).toBe("b");
    expect(entries[2]?.after).toBeNull();
  });

  it("records nothing for an update that leaves the row as it was, or a rolled back write", async () => {
    await test.db.execute(sql`INSERT INTO app_secret (name, value) VALUES ('journal-still', 'x')`);
    await journal.clear();
    await test.db.execute(sql`UPDATE app_secret SET value = value WHERE name = 'journal-still'`);
    await expect(
      test.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM app_secret WHERE name = 'journal-still'`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await ops()).toEqual([]);
  });

  it("leaves out the skipped tables, and clear() empties them", async () => {
    await test.db.execute(sql`INSERT INTO rate_limit_bucket (key, hits) VALUES ('journal', 1)`);
    expect(await ops()).toEqual([]);
    await journal.clear();
    const left = await test.db.execute(sql`SELECT count(*)::int AS n FROM rate_limit_bucket`);
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});
