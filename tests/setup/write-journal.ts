import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/**
 * A journal of every row a test database's statements really change: triggers on every table
 * write the row (before and after, as JSON) to `test_write_journal` when it is inserted,
 * deleted, or updated to a different value. Reading the journal after a call tells what the call
 * wrote at the cost of its own writes, where comparing snapshots of every table costs two scans
 * of the whole database per call (the form fuzzer made 11,000 calls: two thirds of its time
 * went to snapshots). The journal is written in the writer's transaction, so a write that is
 * rolled back leaves no entry, as it leaves no row.
 */

export interface JournalEntry {
  table: string;
  op: "INSERT" | "UPDATE" | "DELETE" | "TRUNCATE";
  /** The row before the change (UPDATE, DELETE). */
  before: Record<string, unknown> | null;
  /** The row after the change (INSERT, UPDATE). */
  after: Record<string, unknown> | null;
}

export interface WriteJournal {
  /** Forgets the entries so far (and empties the `alsoEmpty` tables in the same round trip). */
  clear(): Promise<void>;
  /** Every change since the last clear, oldest first. */
  entries(): Promise<JournalEntry[]>;
}

const JOURNAL = "test_write_journal";

/**
 * Installs the journal in the test database, on every table but `skip` (tables every request
 * writes whatever its outcome, e.g. rate-limit buckets). `clear()` also empties `alsoEmpty`.
 * The schema must not change afterwards: a table created later is not watched.
 */
export async function installWriteJournal(
  db: Database,
  options: { skip?: readonly string[]; alsoEmpty?: readonly string[] } = {},
): Promise<WriteJournal> {
  const skip = new Set([...(options.skip ?? []), JOURNAL]);
  await db.execute(
    sql.raw(`
      CREATE TABLE ${JOURNAL} (
        id bigserial PRIMARY KEY,
        table_name text NOT NULL,
        op text NOT NULL,
        before_row jsonb,
        after_row jsonb
      );
      CREATE FUNCTION ${JOURNAL}_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${JOURNAL} (table_name, op, before_row, after_row)
        VALUES (
          TG_TABLE_NAME,
          TG_OP,
          CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END,
          CASE WHEN TG_OP IN ('UPDATE', 'INSERT') THEN to_jsonb(NEW) END
        );
        RETURN NULL;
      END
      $$;
    `),
  );
  const tables = await db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const watched = tables.rows.map((row) => row.table_name).filter((name) => !skip.has(name));
  await db.execute(
    sql.raw(
      watched
        .map((table) => {
          const t = `"${table.replaceAll('"', '""')}"`;
          // An UPDATE that leaves the row as it was changes nothing a reader can see.
          return `
            CREATE TRIGGER ${JOURNAL}_rows AFTER INSERT OR DELETE ON ${t}
              FOR EACH ROW EXECUTE FUNCTION ${JOURNAL}_write();
            CREATE TRIGGER ${JOURNAL}_updates AFTER UPDATE ON ${t}
              FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION ${JOURNAL}_write();
            CREATE TRIGGER ${JOURNAL}_truncate AFTER TRUNCATE ON ${t}
              FOR EACH STATEMENT EXECUTE FUNCTION ${JOURNAL}_write();`;
        })
        .join("\n"),
    ),
  );
  const emptied = [...(options.alsoEmpty ?? []), JOURNAL]
    .map((table) => `DELETE FROM "${table.replaceAll('"', '""')}";`)
    .join(" ");
  return {
    async clear() {
      await db.execute(sql.raw(emptied));
    },
    async entries() {
      const result = await db.execute<{
        table_name: string;
        op: JournalEntry["op"];
        before_row: Record<string, unknown> | null;
        after_row: Record<string, unknown> | null;
      }>(sql.raw(`SELECT table_name, op, before_row, after_row FROM ${JOURNAL} ORDER BY id`));
      return result.rows.map((row) => ({
        table: row.table_name,
        op: row.op,
        before: row.before_row,
        after: row.after_row,
      }));
    },
  };
}
