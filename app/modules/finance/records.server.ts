import { and, asc, desc, eq, gte, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { bangkokDays } from "~/lib/dates";
import { type Page, pageWindow, toPage } from "~/lib/paging";
import { BUILT_IN, type CategoryRef } from "./form";
import type { SupplierTaxInvoice } from "./tax-invoice";
import { FINANCE_PAGE_SIZE } from "./limits";
import {
  expense,
  financeCategory,
  financeChange,
  type FinanceKind,
  type MoneyMethod,
  otherIncome,
} from "./schema";

/*
 * Expenses and other income of a shop. Every write runs in one transaction with its row in
 * finance_change (who, when, the fields before and after), so the audit trail can never miss
 * a change. Deleting sets deleted_at: the row stays for the trail but no list, total or export
 * counts it. Every query names the shop.
 */

/** Who made a change, as the audit trail keeps it (the name as it was then). */
export interface FinanceActor {
  id: string;
  name: string;
}

export interface FinanceFields {
  category: CategoryRef;
  amountSatang: number;
  /** The receipt's day, YYYY-MM-DD (Bangkok). */
  day: string;
  method: MoneyMethod;
  note: string;
  /** Expenses only. */
  inputVatSatang?: number;
  supplier?: string;
  receiptImageKey?: string | null;
  /** The supplier's full tax invoice (its VAT is input tax), or null. */
  taxInvoice?: SupplierTaxInvoice | null;
}

export interface ExpenseInput extends FinanceFields {
  shopId: string;
  actor: FinanceActor;
}

/** The fields the audit trail keeps of a row, before and after a change. */
export interface FinanceSnapshot {
  categoryKey: string | null;
  categoryId: number | null;
  amountSatang: number;
  day: string;
  method: MoneyMethod;
  note: string;
  inputVatSatang?: number;
  supplier?: string;
  receiptImageKey?: string | null;
  supplierTaxId?: string | null;
  supplierBranch?: string | null;
  taxInvoiceNumber?: string | null;
  taxInvoiceDate?: string | null;
  valueBeforeVatSatang?: number | null;
}

/** The tax invoice's columns of an expense row (all null without one). */
function taxInvoiceColumns(invoice: SupplierTaxInvoice | null | undefined) {
  return {
    supplierTaxId: invoice?.supplierTaxId ?? null,
    supplierBranch: invoice?.supplierBranch ?? null,
    taxInvoiceNumber: invoice?.number ?? null,
    taxInvoiceDate: invoice?.date ?? null,
    valueBeforeVatSatang: invoice?.valueBeforeVatSatang ?? null,
  };
}

/**
 * Whether the category may be used by the shop for this kind: a built-in one, or one of the
 * shop's own that is not archived (`keepId`: the row's current one stays usable when edited).
 */
async function categoryUsable(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
  ref: CategoryRef,
  keepId: number | null = null,
): Promise<boolean> {
  if (ref.key !== null) return BUILT_IN[kind].includes(ref.key);
  const [row] = await db
    .select({ archivedAt: financeCategory.archivedAt })
    .from(financeCategory)
    .where(
      and(
        eq(financeCategory.id, ref.id),
        eq(financeCategory.shopId, shopId),
        eq(financeCategory.kind, kind),
      ),
    );
  return row !== undefined && (row.archivedAt === null || ref.id === keepId);
}

function snapshotOf(kind: FinanceKind, fields: FinanceFields): FinanceSnapshot {
  const base = {
    categoryKey: fields.category.key,
    categoryId: fields.category.id,
    amountSatang: fields.amountSatang,
    day: fields.day,
    method: fields.method,
    note: fields.note,
  };
  if (kind === "income") return base;
  return {
    ...base,
    inputVatSatang: fields.inputVatSatang ?? 0,
    supplier: fields.supplier ?? "",
    receiptImageKey: fields.receiptImageKey ?? null,
    ...taxInvoiceColumns(fields.taxInvoice),
  };
}

async function writeChange(
  db: DbExecutor,
  change: {
    shopId: string;
    kind: FinanceKind;
    recordId: number;
    action: "create" | "update" | "delete";
    actor: FinanceActor;
    before: FinanceSnapshot | null;
    after: FinanceSnapshot | null;
  },
) {
  await db.insert(financeChange).values({
    shopId: change.shopId,
    kind: change.kind,
    recordId: change.recordId,
    action: change.action,
    userId: change.actor.id,
    userName: change.actor.name,
    before: change.before,
    after: change.after,
  });
}

export type FinanceWriteResult = { ok: true; id: number } | { ok: false; error: "category" };

/**
 * Books an expense and its audit row. Takes the caller's transaction (or the database) so that
 * another module books an expense inside its own step: a drawer pay-out and its expense are
 * saved together or not at all. The category must be usable by the shop.
 */
export async function bookExpense(
  tx: DbExecutor,
  input: ExpenseInput,
): Promise<FinanceWriteResult> {
  if (!(await categoryUsable(tx, input.shopId, "expense", input.category))) {
    return { ok: false, error: "category" };
  }
  const after = snapshotOf("expense", input);
  const [row] = await tx
    .insert(expense)
    .values({
      shopId: input.shopId,
      categoryKey: input.category.key,
      categoryId: input.category.id,
      amountSatang: input.amountSatang,
      inputVatSatang: input.inputVatSatang ?? 0,
      spentOn: input.day,
      method: input.method,
      supplier: input.supplier ?? "",
      note: input.note,
      receiptImageKey: input.receiptImageKey ?? null,
      ...taxInvoiceColumns(input.taxInvoice),
      createdBy: input.actor.id,
    })
    .returning({ id: expense.id });
  if (!row) throw new Error("expense insert returned no row");
  await writeChange(tx, {
    shopId: input.shopId,
    kind: "expense",
    recordId: row.id,
    action: "create",
    actor: input.actor,
    before: null,
    after,
  });
  return { ok: true, id: row.id };
}

/** Books other income and its audit row (in the caller's transaction, like bookExpense). */
export async function bookOtherIncome(
  tx: DbExecutor,
  input: Omit<ExpenseInput, "inputVatSatang" | "supplier" | "receiptImageKey">,
): Promise<FinanceWriteResult> {
  if (!(await categoryUsable(tx, input.shopId, "income", input.category))) {
    return { ok: false, error: "category" };
  }
  const [row] = await tx
    .insert(otherIncome)
    .values({
      shopId: input.shopId,
      categoryKey: input.category.key,
      categoryId: input.category.id,
      amountSatang: input.amountSatang,
      receivedOn: input.day,
      method: input.method,
      note: input.note,
      createdBy: input.actor.id,
    })
    .returning({ id: otherIncome.id });
  if (!row) throw new Error("other income insert returned no row");
  await writeChange(tx, {
    shopId: input.shopId,
    kind: "income",
    recordId: row.id,
    action: "create",
    actor: input.actor,
    before: null,
    after: snapshotOf("income", input),
  });
  return { ok: true, id: row.id };
}

/** Creates an expense or other income in its own transaction. */
export function createFinanceRecord(
  db: DbExecutor,
  kind: FinanceKind,
  input: ExpenseInput,
): Promise<FinanceWriteResult> {
  return db.transaction((tx) =>
    kind === "expense" ? bookExpense(tx, input) : bookOtherIncome(tx, input),
  );
}

export interface FinanceRecord extends FinanceSnapshot {
  id: number;
  createdAt: Date;
  updatedAt: Date;
}

function selectRecord(db: DbExecutor, kind: FinanceKind) {
  if (kind === "expense") {
    return db
      .select({
        id: expense.id,
        categoryKey: expense.categoryKey,
        categoryId: expense.categoryId,
        amountSatang: expense.amountSatang,
        day: expense.spentOn,
        method: expense.method,
        note: expense.note,
        inputVatSatang: expense.inputVatSatang,
        supplier: expense.supplier,
        receiptImageKey: expense.receiptImageKey,
        supplierTaxId: expense.supplierTaxId,
        supplierBranch: expense.supplierBranch,
        taxInvoiceNumber: expense.taxInvoiceNumber,
        taxInvoiceDate: expense.taxInvoiceDate,
        valueBeforeVatSatang: expense.valueBeforeVatSatang,
        createdAt: expense.createdAt,
        updatedAt: expense.updatedAt,
      })
      .from(expense);
  }
  return db
    .select({
      id: otherIncome.id,
      categoryKey: otherIncome.categoryKey,
      categoryId: otherIncome.categoryId,
      amountSatang: otherIncome.amountSatang,
      day: otherIncome.receivedOn,
      method: otherIncome.method,
      note: otherIncome.note,
      createdAt: otherIncome.createdAt,
      updatedAt: otherIncome.updatedAt,
    })
    .from(otherIncome);
}

function tableOf(kind: FinanceKind) {
  return kind === "expense" ? expense : otherIncome;
}

/** One row of the shop that is not deleted, or null (another shop's id reads as none). */
export async function getFinanceRecord(
  db: DbExecutor,
  kind: FinanceKind,
  shopId: string,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<FinanceRecord | null> {
  const table = tableOf(kind);
  const query = selectRecord(db, kind).where(
    and(eq(table.id, id), eq(table.shopId, shopId), isNull(table.deletedAt)),
  );
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return (row as FinanceRecord | undefined) ?? null;
}

function strip(record: FinanceRecord): FinanceSnapshot {
  const { id: _id, createdAt: _c, updatedAt: _u, ...snapshot } = record;
  return snapshot;
}

export type FinanceChangeResult =
  { ok: true; previousImageKey: string | null } | { ok: false; error: "notFound" | "category" };

/**
 * Changes a row of the shop and writes what it was and what it became. `receiptImageKey`
 * undefined keeps the photo; the previous key is returned for the caller to remove a photo
 * that was replaced or removed.
 */
export function updateFinanceRecord(
  db: DbExecutor,
  kind: FinanceKind,
  shopId: string,
  id: number,
  actor: FinanceActor,
  fields: FinanceFields,
): Promise<FinanceChangeResult> {
  return db.transaction(async (tx) => {
    const current = await getFinanceRecord(tx, kind, shopId, id, { forUpdate: true });
    if (!current) return { ok: false, error: "notFound" } as const;
    if (!(await categoryUsable(tx, shopId, kind, fields.category, current.categoryId))) {
      return { ok: false, error: "category" } as const;
    }
    const before = strip(current);
    const next: FinanceFields = {
      ...fields,
      receiptImageKey:
        fields.receiptImageKey === undefined
          ? (current.receiptImageKey ?? null)
          : fields.receiptImageKey,
    };
    const after = snapshotOf(kind, next);
    const common = {
      categoryKey: fields.category.key,
      categoryId: fields.category.id,
      amountSatang: fields.amountSatang,
      method: fields.method,
      note: fields.note,
      updatedAt: new Date(),
    };
    if (kind === "expense") {
      await tx
        .update(expense)
        .set({
          ...common,
          spentOn: fields.day,
          inputVatSatang: fields.inputVatSatang ?? 0,
          supplier: fields.supplier ?? "",
          receiptImageKey: next.receiptImageKey ?? null,
          ...taxInvoiceColumns(fields.taxInvoice),
        })
        .where(and(eq(expense.id, id), eq(expense.shopId, shopId)));
    } else {
      await tx
        .update(otherIncome)
        .set({ ...common, receivedOn: fields.day })
        .where(and(eq(otherIncome.id, id), eq(otherIncome.shopId, shopId)));
    }
    await writeChange(tx, { shopId, kind, recordId: id, action: "update", actor, before, after });
    return { ok: true, previousImageKey: current.receiptImageKey ?? null } as const;
  });
}

/** Marks a row of the shop deleted (it stays for the trail) and writes the change. */
export function deleteFinanceRecord(
  db: DbExecutor,
  kind: FinanceKind,
  shopId: string,
  id: number,
  actor: FinanceActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await getFinanceRecord(tx, kind, shopId, id, { forUpdate: true });
    if (!current) return false;
    const table = tableOf(kind);
    await tx
      .update(table)
      .set({ deletedAt: new Date() })
      .where(and(eq(table.id, id), eq(table.shopId, shopId)));
    await writeChange(tx, {
      shopId,
      kind,
      recordId: id,
      action: "delete",
      actor,
      before: strip(current),
      after: null,
    });
    return true;
  });
}

export interface FinanceChangeRow {
  id: number;
  action: "create" | "update" | "delete";
  userName: string;
  at: Date;
  before: FinanceSnapshot | null;
  after: FinanceSnapshot | null;
}

/** The audit trail of one row of the shop, oldest first. */
export async function financeHistory(
  db: DbExecutor,
  kind: FinanceKind,
  shopId: string,
  id: number,
): Promise<FinanceChangeRow[]> {
  const rows = await db
    .select({
      id: financeChange.id,
      action: financeChange.action,
      userName: financeChange.userName,
      at: financeChange.at,
      before: financeChange.before,
      after: financeChange.after,
    })
    .from(financeChange)
    .where(
      and(
        eq(financeChange.shopId, shopId),
        eq(financeChange.kind, kind),
        eq(financeChange.recordId, id),
      ),
    )
    .orderBy(asc(financeChange.at), asc(financeChange.id));
  return rows as FinanceChangeRow[];
}

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
  const day = kind === "expense" ? expense.spentOn : otherIncome.receivedOn;
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
  const day = kind === "expense" ? expense.spentOn : otherIncome.receivedOn;
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
  const day = kind === "expense" ? expense.spentOn : otherIncome.receivedOn;
  const rows = await selectRecord(db, kind)
    .where(conditionsOf(kind, shopId, filters))
    .orderBy(asc(day), asc(table.id));
  return rows as FinanceRecord[];
}

/**
 * What the sales brought in over the Bangkok days (both included): the standing sales' totals
 * less the money given back on standing credit notes issued in those days, read through the
 * sales book (drizzle/0029, decision 0058) like every other figure of the shop.
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

export interface FinanceCategoryRow {
  id: number;
  name: string;
  archived: boolean;
}

/** The shop's own categories of a kind, by name (archived ones too: old rows name them). */
export async function listShopCategories(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
): Promise<FinanceCategoryRow[]> {
  const rows = await db
    .select({
      id: financeCategory.id,
      name: financeCategory.name,
      archivedAt: financeCategory.archivedAt,
    })
    .from(financeCategory)
    .where(and(eq(financeCategory.shopId, shopId), eq(financeCategory.kind, kind)))
    .orderBy(asc(financeCategory.name));
  return rows.map((row) => ({ id: row.id, name: row.name, archived: row.archivedAt !== null }));
}

export type CategoryWriteResult = { ok: true } | { ok: false; error: "exists" | "notFound" };

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === "23505" || cause.cause?.code === "23505";
}

/** Adds a category of the shop; a name it already has (of that kind) is refused. */
export async function addShopCategory(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
  name: string,
): Promise<CategoryWriteResult> {
  try {
    await db.insert(financeCategory).values({ shopId, kind, name });
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "exists" };
    throw error;
  }
}

/** Renames a category of the shop (rows that use it show the new name). */
export async function renameShopCategory(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
  id: number,
  name: string,
): Promise<CategoryWriteResult> {
  try {
    const rows = await db
      .update(financeCategory)
      .set({ name })
      .where(
        and(
          eq(financeCategory.id, id),
          eq(financeCategory.shopId, shopId),
          eq(financeCategory.kind, kind),
        ),
      )
      .returning({ id: financeCategory.id });
    return rows.length > 0 ? { ok: true } : { ok: false, error: "notFound" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "exists" };
    throw error;
  }
}

/**
 * Archives (or restores) a category of the shop: archived, it is no longer offered for new
 * rows, while the rows that use it keep it.
 */
export async function archiveShopCategory(
  db: DbExecutor,
  shopId: string,
  kind: FinanceKind,
  id: number,
  archived: boolean,
): Promise<boolean> {
  const rows = await db
    .update(financeCategory)
    .set({ archivedAt: archived ? new Date() : null })
    .where(
      and(
        eq(financeCategory.id, id),
        eq(financeCategory.shopId, shopId),
        eq(financeCategory.kind, kind),
      ),
    )
    .returning({ id: financeCategory.id });
  return rows.length > 0;
}
