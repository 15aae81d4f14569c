// The finance module's public surface, client-safe: the built-in categories and methods the
// pages list, and the form's rules (the page shows the same limits the server checks).
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
export { FINANCE_PAGE_SIZE, NOTE_MAX, SUPPLIER_MAX, CATEGORY_NAME_MAX } from "./limits";
export { categoryValue } from "./category-value";
export {
  CLAIM_MONTHS,
  HEAD_OFFICE,
  readSupplierTaxInvoice,
  type SupplierTaxInvoice,
  TAX_INVOICE_NUMBER_MAX,
} from "./tax-invoice";
