import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { appContext } from "~/context";
import { type FieldErrors, type FormReading, readForm } from "~/lib/forms/read-form";
import {
  createFinanceRecord,
  deleteFinanceRecord,
  expenseFormSchema,
  type FinanceFields,
  type FinanceKind,
  incomeFormSchema,
  readCategoryRef,
  removeReceiptPhoto,
  storeReceiptPhoto,
  updateFinanceRecord,
} from "~/modules/finance/index.server";
import { IMAGE_REJECTIONS } from "~/routes/errors.server";
import { BASE_PATH } from "./finance-text";

// What the expense and income page's form does once the route knows who asks for which
// shop's row: delete the row, or read the fields and save them (with the receipt photo).

type IncomeForm = z.output<typeof incomeFormSchema>;
type ExpenseForm = z.output<typeof expenseFormSchema>;

export interface Failure {
  values: Record<string, string>;
  errors: FieldErrors;
}

export const fail = (values: Record<string, string>, errors: FieldErrors, status = 400) =>
  data<Failure>({ values, errors }, { status });

export interface FinanceFormInput {
  context: Readonly<RouterContextProvider>;
  form: FormData;
  kind: FinanceKind;
  shop: { id: string };
  /** The row of the address; null for `/new`. */
  id: number | null;
  actor: { id: string; name: string };
}

/** Saves (intent "save") or deletes (intent "delete") the row; refusals keep what was typed. */
export function answerFinanceForm(input: FinanceFormInput) {
  return input.form.get("intent") === "delete" ? deleteRecord(input) : saveRecord(input);
}

async function deleteRecord({ context, kind, shop, id, actor }: FinanceFormInput) {
  const { db, logger } = context.get(appContext);
  if (id === null) return fail({}, { form: "shops.finance.error.unknownForm" });
  const deleted = await deleteFinanceRecord(db, kind, shop.id, id, actor);
  if (!deleted) throw data(null, { status: 404 });
  logger.info({ shopId: shop.id, kind, id }, "finance record deleted");
  return redirect(`${BASE_PATH[kind]}?shop=${encodeURIComponent(shop.id)}&deleted=1`);
}

/** Nothing is saved when a field is refused; a photo is stored only once the fields are good. */
async function saveRecord({ context, form, kind, shop, id, actor }: FinanceFormInput) {
  const { db, storage, logger } = context.get(appContext);
  const base = BASE_PATH[kind];
  const shopQuery = `shop=${encodeURIComponent(shop.id)}`;
  // Expense fields are optional in the type: other income's form has none of them.
  const read: FormReading<IncomeForm & Partial<ExpenseForm>> =
    kind === "expense" ? readForm(form, expenseFormSchema) : readForm(form, incomeFormSchema);
  if (!read.ok) return fail(read.values, read.errors);
  const category = readCategoryRef(kind, read.data.category);
  if (!category) return fail(read.values, { category: "shops.finance.error.category" });
  const fields: FinanceFields = {
    category,
    amountSatang: read.data.amount,
    day: read.data.day,
    method: read.data.method,
    note: read.data.note,
  };
  let newPhotoKey: string | null = null;
  if (kind === "expense") {
    const expenseData = read.data;
    fields.inputVatSatang = expenseData.inputVat ?? 0;
    fields.supplier = expenseData.supplier ?? "";
    fields.taxInvoice = expenseData.taxInvoice ?? null;
    if (expenseData.photo) {
      const stored = await storeReceiptPhoto(storage, shop.id, expenseData.photo);
      if (!stored.ok) return fail(read.values, { photo: IMAGE_REJECTIONS[stored.error] });
      newPhotoKey = stored.key;
      fields.receiptImageKey = stored.key;
    } else if (expenseData.removePhoto) {
      fields.receiptImageKey = null;
    }
  }
  // The photo was stored before the row: a refused row leaves no photo behind.
  const dropNewPhoto = () => removeReceiptPhoto(storage, newPhotoKey);

  if (id === null) {
    const created = await createFinanceRecord(db, kind, { ...fields, shopId: shop.id, actor });
    if (!created.ok) {
      await dropNewPhoto();
      return fail(read.values, { category: "shops.finance.error.category" });
    }
    logger.info({ shopId: shop.id, kind, id: created.id }, "finance record created");
    return redirect(`${base}/${created.id}?${shopQuery}&saved=1`);
  }
  const updated = await updateFinanceRecord(db, kind, shop.id, id, actor, fields);
  if (!updated.ok) {
    await dropNewPhoto();
    if (updated.error === "notFound") throw data(null, { status: 404 });
    return fail(read.values, { category: "shops.finance.error.category" });
  }
  if (fields.receiptImageKey !== undefined && updated.previousImageKey !== fields.receiptImageKey) {
    await removeReceiptPhoto(storage, updated.previousImageKey);
  }
  logger.info({ shopId: shop.id, kind, id }, "finance record changed");
  return redirect(`${base}/${id}?${shopQuery}&saved=1`);
}
