import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbExecutor } from "~/db/client.server";

/**
 * Inserts a row naming only the columns given (Drizzle's insert names every column of the
 * table, `default` for the others): the tests of old migrations write rows with today's
 * factories into a database that lacks the columns added since. Values are encoded by each
 * column as Drizzle would (jsonb, numeric, timestamps).
 */
export async function insertGiven<T extends PgTable>(
  db: DbExecutor,
  table: T,
  values: Partial<T["$inferInsert"]>,
): Promise<{ id: number }> {
  const columns = getTableColumns(table);
  const names: SQL[] = [];
  const params: SQL[] = [];
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key];
    if (!column || value === undefined) continue;
    names.push(sql`${sql.identifier(column.name)}`);
    params.push(sql`${sql.param(value, column)}`);
  }
  const result = await db.execute<{ id: string | number }>(
    sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) VALUES (${sql.join(params, sql`, `)}) RETURNING id`,
  );
  const row = result.rows[0];
  if (!row) throw new Error("insertGiven: no row returned");
  return { id: Number(row.id) };
}
