import type { MessageKey } from "~/lib/i18n";
import {
  type ExpenseCategory,
  type FinanceKind,
  type IncomeCategory,
  type MoneyMethod,
} from "~/modules/finance";

/** Owners and managers keep the books; cashiers and stock staff see no expenses (issue 13). */
export const FINANCE_ROLES = ["owner", "manager"] as const;

/** Which list a request is for, by its address: /shophub/expenses… or /shophub/income…. */
export function kindOfPath(pathname: string): FinanceKind {
  return pathname.startsWith("/shophub/income") ? "income" : "expense";
}

export const BASE_PATH: Record<FinanceKind, string> = {
  expense: "/shophub/expenses",
  income: "/shophub/income",
};

export const EXPENSE_CATEGORY_TEXT: Record<ExpenseCategory, MessageKey> = {
  rent: "shops.finance.category.expense.rent",
  wages: "shops.finance.category.expense.wages",
  utilities: "shops.finance.category.expense.utilities",
  transport: "shops.finance.category.expense.transport",
  marketing: "shops.finance.category.expense.marketing",
  fees: "shops.finance.category.expense.fees",
  other: "shops.finance.category.expense.other",
};

export const INCOME_CATEGORY_TEXT: Record<IncomeCategory, MessageKey> = {
  service: "shops.finance.category.income.service",
  interest: "shops.finance.category.income.interest",
  rental: "shops.finance.category.income.rental",
  other: "shops.finance.category.income.other",
};

export const METHOD_TEXT: Record<MoneyMethod, MessageKey> = {
  cash: "shops.finance.method.cash",
  transfer: "shops.finance.method.transfer",
  card: "shops.finance.method.card",
  promptpay: "shops.finance.method.promptpay",
};

export const KIND_TEXT = {
  expense: {
    title: "shops.finance.expense.title",
    lead: "shops.finance.expense.lead",
    add: "shops.finance.expense.add",
    newTitle: "shops.finance.expense.newTitle",
    editTitle: "shops.finance.expense.editTitle",
    empty: "shops.finance.expense.empty",
  },
  income: {
    title: "shops.finance.income.title",
    lead: "shops.finance.income.lead",
    add: "shops.finance.income.add",
    newTitle: "shops.finance.income.newTitle",
    editTitle: "shops.finance.income.editTitle",
    empty: "shops.finance.income.empty",
  },
} as const satisfies Record<FinanceKind, Record<string, MessageKey>>;

export interface CategoryChoice {
  /** The form value: a built-in key or "c<id>". */
  value: string;
  /** A message key (built-in) or the shop's own name. */
  key: MessageKey | null;
  name: string;
  archived: boolean;
}

/** The categories of a kind as the pages list them: built-in first, then the shop's own. */
export function categoryChoices(
  kind: FinanceKind,
  own: readonly { id: number; name: string; archived: boolean }[],
): CategoryChoice[] {
  const builtIn = Object.entries(kind === "expense" ? EXPENSE_CATEGORY_TEXT : INCOME_CATEGORY_TEXT);
  return [
    ...builtIn.map(([value, key]) => ({
      value,
      key: key as MessageKey,
      name: "",
      archived: false,
    })),
    ...own.map((row) => ({
      value: `c${row.id}`,
      key: null,
      name: row.name,
      archived: row.archived,
    })),
  ];
}

/** The text of a category choice (the shop's archived ones are marked). */
export function categoryText(
  t: (key: MessageKey, values?: Record<string, string | number>) => string,
  choice: CategoryChoice | undefined,
): string {
  if (!choice) return "";
  if (choice.key) return t(choice.key);
  return choice.archived
    ? t("shops.finance.category.archivedMark", { name: choice.name })
    : choice.name;
}
