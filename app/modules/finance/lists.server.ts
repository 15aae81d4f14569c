import { and, asc, desc, eq, gte, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { type Page, pageWindow, toPage } from "~/lib/paging";
import type { CategoryRef } from "./form";
import { FINANCE_PAGE_SIZE } from "./limits";
import { dayOf, type FinanceRecord, selectRecord, tableOf } from "./record-rows.server";
import { expense, type FinanceKind } from "./schema";

// The lists of a shop's expenses and other income: a page with its totals, and everything the
// filters match for the CSV export. Deleted rows count nowhere.

export interface FinanceFilters {
  /** Bangkok calendar days, YYYY-MM-DD, both included. */
  from?: string | null;
  to?: string | null;
  category?: CategoryRef | null;
  page?: number;
}

export interface FinanceTotals {
  count: number;
  amountSatang: number;
  inputVatSatang: number;
}

function conditionsOf(kind: FinanceKind, shopId: string, filters: FinanceFilters): SQL {
  const table = tableOf(kind);
  const day = dayOf(kind);
  const where: SQL[] = [eq(table.shopId, shopId), isNull(table.deletedAt)];
  if (filters.from) where.push(gte(day, filters.from));
  if (filters.to) where.push(lte(day, filters.to));
  const category = filters.category;
  if (category) {
    where.push(
      category.key !== null
        ? eq(table.categoryKey, category.key)
        : eq(table.categoryId, category.id),
    );
  }
  return and(...where) ?? sql`true`;
}

/** The shop's rows the filters match, newest day first, 20 a page, and their totals. */
export async function listFinance(
  db: DbExecutor,
  kind: FinanceKind,
  shopId: string,
  filters: FinanceFilters,
): Promise<{ page: Page<FinanceRecord>; totals: FinanceTotals }> {
  const where = conditionsOf(kind, shopId, filters);
  const page = Math.max(1, filters.page ?? 1);
  const { limit, offset } = pageWindow(page, FINANCE_PAGE_SIZE);
  const table = tableOf(kind);
  const day = dayOf(kind);
  const vat = kind === "expense" ? sql`${expense.inputVatSatang}` : sql`0`;
  const [rows, [totals]] = await Promise.all([
    selectRecord(db, kind)
      .where(where)
      .orderBy(desc(day), desc(table.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        amountSatang: sql<number>`coalesce(sum(${table.amountSatang}), 0)`.mapWith(Number),
        inputVatSatang: sql<number>`coalesce(sum(${vat}), 0)`.mapWith(Number),
      })
      .from(table)
      .where(where),
  ]);
  const sums = totals ?? { count: 0, amountSatang: 0, inputVatSatang: 0 };
  return {
    page: toPage(rows as FinanceRecord[], sums.count, page, FINANCE_PAGE_SIZE),
    totals: sums,
  };
}

/** Every row the filters match (no paging), oldest first, for the CSV export. */
export async function allFinance(
  db: DbExecutor,
  kind: FinanceKind,
  shopId: string,
  filters: FinanceFilters,
): Promise<FinanceRecord[]> {
  const table = tableOf(kind);
  const day = dayOf(kind);
  const rows = await selectRecord(db, kind)
    .where(conditionsOf(kind, shopId, filters))
    .orderBy(asc(day), asc(table.id));
  return rows as FinanceRecord[];
}
