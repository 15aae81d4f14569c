import type { DbExecutor } from "~/db/client.server";
import type { FinanceSnapshot } from "./records.server";
import { expense, type FinanceKind, otherIncome } from "./schema";

// How a row of expenses or other income is read, for the records (one row) and the lists.

export interface FinanceRecord extends FinanceSnapshot {
  id: number;
  createdAt: Date;
  updatedAt: Date;
}

export function selectRecord(db: DbExecutor, kind: FinanceKind) {
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

export function tableOf(kind: FinanceKind) {
  return kind === "expense" ? expense : otherIncome;
}

/** The column of a row's day: when the expense was paid, or the income received. */
export function dayOf(kind: FinanceKind) {
  return kind === "expense" ? expense.spentOn : otherIncome.receivedOn;
}
