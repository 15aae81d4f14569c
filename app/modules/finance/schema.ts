import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { shop } from "../shops/schema";
import { EXPENSE_CATEGORIES, FINANCE_KINDS, INCOME_CATEGORIES, MONEY_METHODS } from "./kinds";

/*
 * The shop's money outside its sales: expenses (rent, wages, the electricity bill...) and other
 * income, so that profit and loss shows a true net profit. Goods bought for stock are NOT
 * expenses: they are received in storehub and reach profit as the cost of goods sold recorded
 * on each sale line. Every create, edit and delete is kept in finance_change (who, when, what
 * changed); a deleted row stays, marked deleted, so history and audit agree. Money is integer
 * satang; dates are the shop's calendar days (Bangkok), as written on the supplier's receipt.
 */

function inList(column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} IN (${sql.raw(list)})`;
}

// The lists live in their own file: the pages import them without drizzle's table builders.
export {
  EXPENSE_CATEGORIES,
  type ExpenseCategory,
  FINANCE_KINDS,
  type FinanceKind,
  INCOME_CATEGORIES,
  type IncomeCategory,
  MONEY_METHODS,
  type MoneyMethod,
} from "./kinds";

/** A category a shop added for its expenses or its other income. */
export const financeCategory = pgTable(
  "finance_category",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FINANCE_KINDS }).notNull(),
    name: text("name").notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("finance_category_shop_kind_name").on(table.shopId, table.kind, table.name),
    check("finance_category_kind_known", inList(table.kind, FINANCE_KINDS)),
  ],
);

/** Columns expenses and other income share. */
const moneyRecord = () => ({
  id: bigserial("id", { mode: "number" }).primaryKey(),
  shopId: uuid("shop_id")
    .notNull()
    .references(() => shop.id, { onDelete: "cascade" }),
  /** A built-in category's key, or null when the shop's own category (categoryId) is used. */
  categoryKey: text("category_key"),
  categoryId: bigint("category_id", { mode: "number" }).references(() => financeCategory.id),
  amountSatang: bigint("amount_satang", { mode: "number" }).notNull(),
  method: text("method", { enum: MONEY_METHODS }).notNull(),
  note: text("note").notNull().default(""),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Deleted rows stay (the audit trail names them) but count nowhere. */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
});

/** An expense of the shop (not goods for stock). */
export const expense = pgTable(
  "expense",
  {
    ...moneyRecord(),
    /** The day on the supplier's receipt. */
    spentOn: date("spent_on", { mode: "string" }).notNull(),
    /** VAT on the supplier's tax invoice, when it shows it (input VAT for the VAT return). */
    inputVatSatang: bigint("input_vat_satang", { mode: "number" }).notNull().default(0),
    supplier: text("supplier").notNull().default(""),
    /** A photo of the receipt (through the image pipeline), its key in media storage. */
    receiptImageKey: text("receipt_image_key"),
    /*
     * The supplier's full tax invoice (ใบกำกับภาษีเต็มรูป), when the shop has one: only such an
     * expense's VAT is input tax (the purchase tax report, ภ.พ.30 and the P&L count no other;
     * issue 35, decision 0068). All five are set together or none is.
     */
    /** The supplier's 13-digit tax ID (checksum checked by the form). */
    supplierTaxId: text("supplier_tax_id"),
    /** "00000" the supplier's head office, or its 5-digit branch number. */
    supplierBranch: text("supplier_branch"),
    taxInvoiceNumber: text("tax_invoice_number"),
    /** The day printed on the tax invoice (on or before spent_on, at most 6 months earlier). */
    taxInvoiceDate: date("tax_invoice_date", { mode: "string" }),
    /** The value of the goods or services before VAT, as the tax invoice shows it. */
    valueBeforeVatSatang: bigint("value_before_vat_satang", { mode: "number" }),
  },
  (table) => [
    index("expense_shop_spent").on(table.shopId, table.spentOn),
    check(
      "expense_one_category",
      sql`(${table.categoryKey} IS NULL) <> (${table.categoryId} IS NULL)`,
    ),
    check(
      "expense_category_known",
      sql`${table.categoryKey} IS NULL OR ${inList(table.categoryKey, EXPENSE_CATEGORIES)}`,
    ),
    check("expense_method_known", inList(table.method, MONEY_METHODS)),
    check("expense_amount_positive", sql`${table.amountSatang} > 0`),
    check(
      "expense_vat_within",
      sql`${table.inputVatSatang} >= 0 AND ${table.inputVatSatang} <= ${table.amountSatang}`,
    ),
    check(
      "expense_tax_invoice_whole",
      sql`num_nulls(${table.supplierTaxId}, ${table.supplierBranch}, ${table.taxInvoiceNumber}, ${table.taxInvoiceDate}, ${table.valueBeforeVatSatang}) IN (0, 5)`,
    ),
    check(
      "expense_tax_invoice_fields",
      sql`(${table.supplierTaxId} IS NULL OR ${table.supplierTaxId} ~ '^[0-9]{13}$') AND (${table.supplierBranch} IS NULL OR ${table.supplierBranch} ~ '^[0-9]{5}$') AND (${table.valueBeforeVatSatang} IS NULL OR (${table.valueBeforeVatSatang} > 0 AND ${table.valueBeforeVatSatang} + ${table.inputVatSatang} <= ${table.amountSatang}))`,
    ),
  ],
);

/** Income other than sales (a repair fee, rent of a shelf, bank interest). */
export const otherIncome = pgTable(
  "other_income",
  {
    ...moneyRecord(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
  },
  (table) => [
    index("other_income_shop_received").on(table.shopId, table.receivedOn),
    check(
      "other_income_one_category",
      sql`(${table.categoryKey} IS NULL) <> (${table.categoryId} IS NULL)`,
    ),
    check(
      "other_income_category_known",
      sql`${table.categoryKey} IS NULL OR ${inList(table.categoryKey, INCOME_CATEGORIES)}`,
    ),
    check("other_income_method_known", inList(table.method, MONEY_METHODS)),
    check("other_income_amount_positive", sql`${table.amountSatang} > 0`),
  ],
);

export const FINANCE_ACTIONS = ["create", "update", "delete"] as const;

/** The audit trail of expenses and other income: who changed what, when, from what to what. */
export const financeChange = pgTable(
  "finance_change",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FINANCE_KINDS }).notNull(),
    /** The expense's or the income's id. */
    recordId: bigint("record_id", { mode: "number" }).notNull(),
    action: text("action", { enum: FINANCE_ACTIONS }).notNull(),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    /** The row's fields before and after (null before a create, after a delete). */
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("finance_change_record").on(table.shopId, table.kind, table.recordId),
    check("finance_change_kind_known", inList(table.kind, FINANCE_KINDS)),
    check("finance_change_action_known", inList(table.action, FINANCE_ACTIONS)),
  ],
);
