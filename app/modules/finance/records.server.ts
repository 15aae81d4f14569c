import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { categoryUsable } from "./categories.server";
import type { CategoryRef } from "./form";
import { type FinanceRecord, selectRecord, tableOf } from "./record-rows.server";
import { expense, financeChange, type FinanceKind, type MoneyMethod, otherIncome } from "./schema";
import type { SupplierTaxInvoice } from "./tax-invoice";

export type { FinanceRecord } from "./record-rows.server";

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
