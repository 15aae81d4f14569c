import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { bangkokDays } from "~/lib/dates";

/**
 * What the sales brought in over the Bangkok days (both included): the standing sales' totals
 * less the money given back on standing credit notes issued in those days, read through the
 * sales book (drizzle/0029, decision 0058) like every other figure of the shop. The finance
 * page shows it beside the other income.
 */
export async function salesTakings(
  db: DbExecutor,
  shopId: string,
  from: string | null,
  to: string | null,
): Promise<{ salesSatang: number; returnedSatang: number; netSatang: number }> {
  const where: SQL[] = [sql`shop_id = ${shopId}`];
  const start = from ? bangkokDays(from)?.start : undefined;
  const end = to ? bangkokDays(to)?.end : undefined;
  if (start) where.push(sql`at >= ${start.toISOString()}::timestamptz`);
  if (end) where.push(sql`at < ${end.toISOString()}::timestamptz`);
  const result = await db.execute<{ sales: string; returned: string }>(sql`
    SELECT coalesce(sum(total_satang) FILTER (WHERE credit_note_id IS NULL), 0) AS sales,
           coalesce(-sum(total_satang) FILTER (WHERE credit_note_id IS NOT NULL), 0) AS returned
      FROM sales_book WHERE ${sql.join(where, sql` AND `)}`);
  const salesSatang = Number(result.rows[0]?.sales ?? 0);
  const returnedSatang = Number(result.rows[0]?.returned ?? 0);
  return { salesSatang, returnedSatang, netSatang: salesSatang - returnedSatang };
}
