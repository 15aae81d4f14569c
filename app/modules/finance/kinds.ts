/*
 * The built-in finance categories, kinds and money methods, without drizzle: the till and the
 * finance pages import them in the browser, and the table definitions in schema.ts would bring
 * drizzle's column builders (9 KB gzipped) into every page that lists a category.
 */

/** Categories every shop has; a shop adds its own in finance_category. */
export const EXPENSE_CATEGORIES = [
  "rent",
  "wages",
  "utilities",
  "transport",
  "marketing",
  "fees",
  "other",
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const INCOME_CATEGORIES = ["service", "interest", "rental", "other"] as const;
export type IncomeCategory = (typeof INCOME_CATEGORIES)[number];

export const FINANCE_KINDS = ["expense", "income"] as const;
export type FinanceKind = (typeof FINANCE_KINDS)[number];
export const MONEY_METHODS = ["cash", "transfer", "card", "promptpay"] as const;
export type MoneyMethod = (typeof MONEY_METHODS)[number];
