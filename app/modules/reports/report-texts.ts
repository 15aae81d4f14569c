import type { MessageKey } from "~/lib/i18n";
import { satangToBahtInput } from "~/lib/money";
import type { ExpenseRow, PnlTotals } from "./profit-and-loss.server";

// What the page and the CSV files share: the reports, the summary's lines and the names of
// built-in categories and payment methods. Pure and client-safe.

export const PNL_REPORTS = [
  "summary",
  "period",
  "expenses",
  "items",
  "categories",
  "cashiers",
  "customers",
  "topCustomers",
  "payments",
  "hours",
  "levels",
  "accountPayments",
  "vat",
] as const;
export type PnlReport = (typeof PNL_REPORTS)[number];

export const PNL_REPORT_TITLE: Record<PnlReport, MessageKey> = {
  summary: "shops.reports.section.summary",
  period: "shops.reports.section.period",
  expenses: "shops.reports.section.expenses",
  items: "shops.reports.section.items",
  categories: "shops.reports.section.categories",
  cashiers: "shops.reports.section.cashiers",
  customers: "shops.reports.section.customers",
  topCustomers: "shops.reports.section.topCustomers",
  payments: "shops.reports.section.payments",
  hours: "shops.reports.section.hours",
  levels: "shops.reports.section.levels",
  accountPayments: "shops.reports.section.accountPayments",
  vat: "shops.reports.section.vat",
};

/** The summary's lines in order: a money figure, a count, or the margin. */
export const PNL_FIGURES = [
  ["bills", "shops.reports.fig.bills"],
  ["grossSalesSatang", "shops.reports.fig.grossSales"],
  ["discountSatang", "shops.reports.fig.discount"],
  ["salesExVatSatang", "shops.reports.fig.salesExVat"],
  ["returnsExVatSatang", "shops.reports.fig.returns"],
  ["netRevenueSatang", "shops.reports.fig.netRevenue"],
  ["costOfGoodsSatang", "shops.reports.fig.cogs"],
  ["grossProfitSatang", "shops.reports.fig.grossProfit"],
  ["marginBasisPoints", "shops.reports.fig.margin"],
  ["otherIncomeSatang", "shops.reports.fig.otherIncome"],
  ["expensesSatang", "shops.reports.fig.expenses"],
  ["netProfitSatang", "shops.reports.fig.netProfit"],
] as const satisfies readonly (readonly [keyof PnlTotals, MessageKey])[];

export const EXPENSE_CATEGORY_TEXT: Record<string, MessageKey> = {
  rent: "shops.reports.expense.rent",
  wages: "shops.reports.expense.wages",
  utilities: "shops.reports.expense.utilities",
  transport: "shops.reports.expense.transport",
  marketing: "shops.reports.expense.marketing",
  fees: "shops.reports.expense.fees",
  other: "shops.reports.expense.other",
};

export const REPORT_METHOD_TEXT: Record<string, MessageKey> = {
  cash: "shops.reports.method.cash",
  promptpay: "shops.reports.method.promptpay",
  transfer: "shops.reports.method.transfer",
  card: "shops.reports.method.card",
  account: "shops.reports.method.account",
};

/** "12.34" for 1234 basis points; "" without revenue. */
export function marginPercent(basisPoints: number | null): string {
  if (basisPoints === null) return "";
  const sign = basisPoints < 0 ? "-" : "";
  const abs = Math.abs(basisPoints);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A figure of the summary as the CSV writes it. */
export function figureValue(totals: PnlTotals, key: keyof PnlTotals): string {
  if (key === "marginBasisPoints") return marginPercent(totals.marginBasisPoints);
  if (key === "bills" || key === "voidBills" || key === "returnNotes") return String(totals[key]);
  return satangToBahtInput(totals[key] as number);
}

export function expenseCategoryName(row: ExpenseRow, t: (key: MessageKey) => string): string {
  if (row.key) {
    const key = EXPENSE_CATEGORY_TEXT[row.key];
    return key ? t(key) : row.key;
  }
  return row.name;
}
