import { z } from "zod";
import { parseDayInput } from "~/lib/day-input";
import { bahtField, flagField, idField, optionalFileField } from "~/lib/forms/fields";
import { MAX_SATANG } from "~/lib/money";
import { CATEGORY_NAME_MAX, NOTE_MAX, SUPPLIER_MAX } from "./limits";
import { EXPENSE_CATEGORIES, type FinanceKind, INCOME_CATEGORIES, MONEY_METHODS } from "./schema";
import { readSupplierTaxInvoice } from "./tax-invoice";

/*
 * The expense and other income forms, read with readForm (decision 0017). A category is sent
 * as the built-in key ("rent") or as "c<id>" for one of the shop's own; which of them exist
 * for the shop is checked by the server (records.server.ts).
 */

/** A category as a form sends it: a built-in key ("rent") or the shop's own ("c12"). */
export type CategoryRef = { key: string; id: null } | { key: null; id: number };

export const BUILT_IN: Record<FinanceKind, readonly string[]> = {
  expense: EXPENSE_CATEGORIES,
  income: INCOME_CATEGORIES,
};

/** Reads a category as the form sent it; null when it is neither shape. */
export function readCategoryRef(kind: FinanceKind, raw: string): CategoryRef | null {
  if (BUILT_IN[kind].includes(raw)) return { key: raw, id: null };
  const match = /^c(\d{1,15})$/.exec(raw);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? { key: null, id } : null;
}

const BANGKOK_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` (YYYY-MM-DD) is a real calendar day. */
export function isCalendarDay(day: string): boolean {
  const match = BANGKOK_DAY.exec(day);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 &&
    y <= 2999 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d
  );
}

const text = (
  max: number,
  message: "shops.finance.error.noteTooLong" | "shops.finance.error.supplierTooLong",
) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => [...value].length <= max, { message });

const amount = () =>
  bahtField("shops.finance.error.amount").refine((value) => value > 0 && value <= MAX_SATANG, {
    message: "shops.finance.error.amount",
  });

const common = {
  category: z
    .string({ error: "shops.finance.error.category" })
    .trim()
    .min(1, { message: "shops.finance.error.category" })
    .max(40, { message: "shops.finance.error.category" }),
  amount: amount(),
  // As the date field takes it (28/11/2569) or as YYYY-MM-DD; stored as YYYY-MM-DD.
  day: z
    .string({ error: "shops.finance.error.day" })
    .transform((value) => parseDayInput(value) ?? "")
    .refine(isCalendarDay, { message: "shops.finance.error.day" }),
  method: z.enum(MONEY_METHODS, { error: "shops.finance.error.method" }),
  note: text(NOTE_MAX, "shops.finance.error.noteTooLong"),
};

/** A field of the supplier's tax invoice as typed; its rules are tax-invoice.ts's. */
const typed = () =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().slice(0, 200));

export const expenseFormSchema = z
  .object({
    ...common,
    inputVat: bahtField("shops.finance.error.inputVat"),
    supplier: text(SUPPLIER_MAX, "shops.finance.error.supplierTooLong"),
    supplierTaxId: typed(),
    supplierBranch: typed(),
    taxInvoiceNumber: typed(),
    taxInvoiceDate: typed(),
    valueBeforeVat: typed(),
    photo: optionalFileField(),
    removePhoto: flagField(),
  })
  .superRefine((value, ctx) => {
    if (value.inputVat > value.amount) {
      ctx.addIssue({
        code: "custom",
        path: ["inputVat"],
        message: "shops.finance.error.vatOverAmount",
      });
      return;
    }
    const reading = readSupplierTaxInvoice(value);
    if (reading.ok) return;
    for (const [field, message] of reading.problems) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
  })
  // Read once more now that it passed: the expense carries its tax invoice or none.
  .transform((value) => {
    const reading = readSupplierTaxInvoice(value);
    return { ...value, taxInvoice: reading.ok ? reading.invoice : null };
  });

export const incomeFormSchema = z.object(common);

export const categoryFormSchema = z.object({
  name: z
    .string({ error: "shops.finance.error.categoryName" })
    .trim()
    .min(1, { message: "shops.finance.error.categoryName" })
    .max(CATEGORY_NAME_MAX, { message: "shops.finance.error.categoryName" }),
});

/** What a post to a list page asks for: the shop's own categories only. */
export const categoryIntentSchema = z.object({
  intent: z.enum(["addCategory", "renameCategory", "archiveCategory", "restoreCategory"], {
    error: "shops.finance.error.unknownForm",
  }),
});
export const categoryIdSchema = z.object({
  categoryId: idField("shops.finance.error.unknownForm"),
});
