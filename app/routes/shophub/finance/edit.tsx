import { Alert, Button, Form as BsForm, Table } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/edit";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { ErrorAlert, shopsMeta, StatusAlert } from "~/layout/shops-page";
import { dateText } from "~/lib/date-text";
import { bangkokIsoDate, formatDateTime, formatDay } from "~/lib/dates";
import { dayInputText } from "~/lib/day-input";
import { type FieldErrors, type FormReading, readForm } from "~/lib/forms/read-form";
import type { MessageKey, Translate } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { formatSatang, satangToBahtInput } from "~/lib/money";
import {
  categoryValue,
  HEAD_OFFICE,
  MONEY_METHODS,
  TAX_INVOICE_NUMBER_MAX,
} from "~/modules/finance";
import {
  createFinanceRecord,
  deleteFinanceRecord,
  expenseFormSchema,
  type FinanceFields,
  type FinanceKind,
  type FinanceSnapshot,
  financeHistory,
  getFinanceRecord,
  incomeFormSchema,
  listShopCategories,
  readCategoryRef,
  receiptPhotoUrl,
  removeReceiptPhoto,
  storeReceiptPhoto,
  updateFinanceRecord,
} from "~/modules/finance/index.server";
import { MAX_IMAGE_BYTES } from "~/modules/media/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { IMAGE_REJECTIONS } from "~/routes/errors.server";
import { TextField } from "~/ui/text-field";
import type { z } from "zod";
import {
  BASE_PATH,
  type CategoryChoice,
  categoryChoices,
  categoryText,
  FINANCE_ROLES,
  KIND_TEXT,
  kindOfPath,
  METHOD_TEXT,
} from "./finance-text";

// Adding (`/new`) and editing one expense or other income, with its audit trail and delete.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(FINANCE_ROLES)];

type IncomeForm = z.output<typeof incomeFormSchema>;
type ExpenseForm = z.output<typeof expenseFormSchema>;

// Refuse oversized uploads before reading the body (the receipt photo plus the text fields).
const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/** The row the address names: null for `/new`; a 404 for anything that is not an id. */
function recordIdOf(param: string | undefined): number | null {
  if (param === "new") return null;
  if (!param || !/^\d{1,15}$/.test(param)) throw data(null, { status: 404 });
  return Number(param);
}

/** The tax invoice's fields of a new expense (and of one without a tax invoice). */
const NO_TAX_INVOICE = {
  supplierTaxId: "",
  supplierBranch: "",
  taxInvoiceNumber: "",
  taxInvoiceDate: "",
  valueBeforeVat: "",
};

/** The tax invoice's fields as the form shows a saved expense's. */
function taxInvoiceValues(record: FinanceSnapshot): typeof NO_TAX_INVOICE {
  if (!record.taxInvoiceNumber) return NO_TAX_INVOICE;
  return {
    supplierTaxId: record.supplierTaxId ?? "",
    // The head office reads as an empty field, as it is typed.
    supplierBranch: record.supplierBranch === HEAD_OFFICE ? "" : (record.supplierBranch ?? ""),
    taxInvoiceNumber: record.taxInvoiceNumber,
    taxInvoiceDate: record.taxInvoiceDate ?? "",
    valueBeforeVat: satangToBahtInput(record.valueBeforeVatSatang ?? 0),
  };
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db, storage } = context.get(appContext);
  const kind = kindOfPath(url.pathname);
  const id = recordIdOf(params.id);
  const categories = await listShopCategories(db, shop.id, kind);
  let values: Record<string, string> = {
    category: "",
    amount: "",
    inputVat: "",
    day: bangkokIsoDate(new Date()),
    method: "cash",
    supplier: "",
    note: "",
    ...NO_TAX_INVOICE,
  };
  let photoUrl: string | null = null;
  let history: Awaited<ReturnType<typeof financeHistory>> = [];
  let currentCategory: number | null = null;
  if (id !== null) {
    const record = await getFinanceRecord(db, kind, shop.id, id);
    if (!record) throw data(null, { status: 404 });
    values = {
      category: categoryValue(record),
      amount: satangToBahtInput(record.amountSatang),
      inputVat: record.inputVatSatang ? satangToBahtInput(record.inputVatSatang) : "",
      day: record.day,
      method: record.method,
      supplier: record.supplier ?? "",
      note: record.note,
      ...taxInvoiceValues(record),
    };
    photoUrl = receiptPhotoUrl(storage, record.receiptImageKey);
    history = await financeHistory(db, kind, shop.id, id);
    currentCategory = record.categoryId;
  }
  return {
    kind,
    id,
    shop: { id: shop.id, name: shop.name },
    formShopId: shop.id,
    // The shop's archived categories are offered only to the row that already uses one.
    categories: categories.filter((c) => !c.archived || c.id === currentCategory),
    allCategories: categories,
    values,
    photoUrl,
    history: history.map((change) => ({ ...change, at: change.at.toISOString() })),
    confirmDelete: id !== null && url.searchParams.get("delete") === "1",
    saved: url.searchParams.has("saved"),
  };
}

interface Failure {
  values: Record<string, string>;
  errors: FieldErrors;
}

/**
 * Saves (intent "save") or deletes (intent "delete") the row of the shop the page was opened
 * for. Nothing is saved when a field is refused: the form comes back with what was typed and
 * each message next to its field. A photo is stored only once the fields are good.
 */
export const action = keepFormOnShopChange(async function action({
  request,
  context,
  params,
  url,
}: Route.ActionArgs) {
  const fail = (values: Record<string, string>, errors: FieldErrors, status = 400) =>
    data<Failure>({ values, errors }, { status });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) {
    return fail({}, { photo: "media.error.tooLarge" }, 413);
  }
  const { shop } = await chosenShopOf(context, request);
  const member = memberOf(context);
  const actor = { id: member.id, name: member.name };
  const { db, storage, logger } = context.get(appContext);
  const kind: FinanceKind = kindOfPath(url.pathname);
  const id = recordIdOf(params.id);
  const base = BASE_PATH[kind];
  const shopQuery = `shop=${encodeURIComponent(shop.id)}`;
  const form = await request.formData();

  if (form.get("intent") === "delete") {
    if (id === null) return fail({}, { form: "shops.finance.error.unknownForm" });
    const deleted = await deleteFinanceRecord(db, kind, shop.id, id, actor);
    if (!deleted) throw data(null, { status: 404 });
    logger.info({ shopId: shop.id, kind, id }, "finance record deleted");
    return redirect(`${base}?${shopQuery}&deleted=1`);
  }

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
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location, params }) => {
  const texts = KIND_TEXT[kindOfPath(location.pathname)];
  return shopsMeta(
    matches,
    location.pathname,
    params.id === "new" ? texts.newTitle : texts.editTitle,
  );
};

const FIELD_TEXT = {
  categoryKey: "shops.finance.field.category",
  categoryId: "shops.finance.field.category",
  amountSatang: "shops.finance.field.amount",
  inputVatSatang: "shops.finance.field.inputVat",
  day: "shops.finance.field.day",
  method: "shops.finance.field.method",
  supplier: "shops.finance.field.supplier",
  note: "shops.finance.field.note",
  supplierTaxId: "shops.finance.field.supplierTaxId",
  supplierBranch: "shops.finance.field.supplierBranch",
  taxInvoiceNumber: "shops.finance.field.taxInvoiceNumber",
  taxInvoiceDate: "shops.finance.field.taxInvoiceDate",
  valueBeforeVatSatang: "shops.finance.field.valueBeforeVat",
} as const satisfies Record<string, MessageKey>;

/** What a change did, field by field, in words (the audit trail's "what changed"). */
function describeChange(
  t: Translate,
  lang: "th" | "en",
  choices: CategoryChoice[],
  before: FinanceSnapshot | null,
  after: FinanceSnapshot | null,
): string[] {
  const shown = (snapshot: FinanceSnapshot | null, field: keyof FinanceSnapshot): string => {
    if (!snapshot) return "—";
    const value = snapshot[field];
    if (field === "categoryKey" || field === "categoryId") {
      return categoryText(
        t,
        choices.find((choice) => choice.value === categoryValue(snapshot)),
      );
    }
    if (field === "amountSatang" || field === "inputVatSatang")
      return formatSatang(Number(value ?? 0));
    if (field === "valueBeforeVatSatang") return value == null ? "—" : formatSatang(Number(value));
    if ((field === "day" || field === "taxInvoiceDate") && value) {
      return formatDay(String(value), lang);
    }
    if (field === "method") return t(METHOD_TEXT[value as keyof typeof METHOD_TEXT]);
    return String(value ?? "") || "—";
  };
  const lines: string[] = [];
  const fields = [
    "categoryKey",
    "amountSatang",
    "inputVatSatang",
    "day",
    "method",
    "supplier",
    "note",
    "supplierTaxId",
    "supplierBranch",
    "taxInvoiceNumber",
    "taxInvoiceDate",
    "valueBeforeVatSatang",
  ] as const;
  for (const field of fields) {
    const a = before
      ? field === "categoryKey"
        ? categoryValue(before)
        : before[field]
      : undefined;
    const b = after ? (field === "categoryKey" ? categoryValue(after) : after[field]) : undefined;
    // A row saved before the tax invoice's fields existed reads them as missing: no change.
    if (before && after && (a ?? null) === (b ?? null)) continue;
    if (!before && (b === undefined || b === null || b === "" || b === 0)) continue;
    if (!after) continue;
    lines.push(
      t("shops.finance.history.change", {
        field: t(FIELD_TEXT[field]),
        before: before ? shown(before, field) : "—",
        after: shown(after, field),
      }),
    );
  }
  if ((before?.receiptImageKey ?? null) !== (after?.receiptImageKey ?? null) && after) {
    lines.push(t("shops.finance.history.photoChanged"));
  }
  return lines;
}

const ACTION_TEXT = {
  create: "shops.finance.history.create",
  update: "shops.finance.history.update",
  delete: "shops.finance.history.delete",
} as const satisfies Record<string, MessageKey>;

export default function FinanceEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { kind, id, shop, categories, allCategories, photoUrl, history, confirmDelete, saved } =
    loaderData;
  const failure = actionData as Failure | undefined;
  const values =
    failure?.values && Object.keys(failure.values).length > 0
      ? { ...loaderData.values, ...failure.values }
      : loaderData.values;
  const errors = failure?.errors ?? {};
  const texts = KIND_TEXT[kind];
  const base = BASE_PATH[kind];
  const shopQuery = `shop=${encodeURIComponent(shop.id)}`;
  const choices = categoryChoices(kind, categories);
  const everyChoice = categoryChoices(kind, allCategories);
  const isExpense = kind === "expense";
  const err = (name: string) => (errors[name] ? t(errors[name]) : undefined);
  const dayWords = dateText(values.day ?? "", lang);
  const dayShown = dayWords ? t("shops.finance.field.dayShown", { date: dayWords }) : undefined;
  const invoiceDayWords = dateText(values.taxInvoiceDate ?? "", lang);
  const invoiceDayShown = invoiceDayWords
    ? t("shops.finance.field.dayShown", { date: invoiceDayWords })
    : undefined;
  const select = (
    name: "category" | "method",
    label: MessageKey,
    options: { value: string; text: string }[],
  ) => (
    <BsForm.Group className="mb-3" controlId={`field-${name}`}>
      <BsForm.Label>{t(label)}</BsForm.Label>
      <BsForm.Select
        name={name}
        defaultValue={values[name]}
        isInvalid={Boolean(errors[name])}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `field-${name}-error` : undefined}
      >
        {name === "category" && <option value="">{t("shops.finance.error.category")}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </BsForm.Select>
      {errors[name] && (
        <BsForm.Control.Feedback type="invalid" id={`field-${name}-error`}>
          {t(errors[name])}
        </BsForm.Control.Feedback>
      )}
    </BsForm.Group>
  );
  return (
    <>
      <h1 className="h2">{t(id === null ? texts.newTitle : texts.editTitle)}</h1>
      <p className="text-secondary" data-testid="shop-name">
        {shop.name}
      </p>
      <StatusAlert message={saved ? t("shops.finance.saved") : null} />
      <ShopChangedNotice />
      <ErrorAlert message={err("form")} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="col-lg-8"
        data-testid="finance-form"
        // The form's own "key": after a save the fields show the saved values.
        key={`${id ?? "new"}-${history.length}`}
      >
        <ShopIdField shopId={shop.id} />
        <input type="hidden" name="intent" value="save" />
        {select(
          "category",
          "shops.finance.field.category",
          choices.map((choice) => ({ value: choice.value, text: categoryText(t, choice) })),
        )}
        <TextField
          name="amount"
          label={t("shops.finance.field.amount")}
          hint={t("shops.finance.field.amountHint")}
          inputMode="decimal"
          defaultValue={values.amount}
          error={err("amount")}
          required
        />
        <TextField
          name="day"
          label={t("shops.finance.field.day")}
          hint={dayShown}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t("shops.dayInput.day")}
          defaultValue={dayInputText(values.day ?? "", lang)}
          error={err("day")}
          required
        />
        {select(
          "method",
          "shops.finance.field.method",
          MONEY_METHODS.map((method) => ({ value: method, text: t(METHOD_TEXT[method]) })),
        )}
        {isExpense && (
          <TextField
            name="supplier"
            label={t("shops.finance.field.supplier")}
            defaultValue={values.supplier}
            maxLength={120}
            error={err("supplier")}
          />
        )}
        {isExpense && (
          <fieldset className="border rounded px-3 pt-2 mb-3" data-testid="finance-tax-invoice">
            <legend className="h6 float-none w-auto px-1 mb-0">
              {t("shops.finance.taxInvoice.title")}
            </legend>
            <p className="small text-secondary">{t("shops.finance.taxInvoice.lead")}</p>
            <div className="row g-2">
              <div className="col-sm-7">
                <TextField
                  name="supplierTaxId"
                  label={t("shops.finance.field.supplierTaxId")}
                  hint={t("shops.finance.field.supplierTaxIdHint")}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={17}
                  defaultValue={values.supplierTaxId}
                  error={err("supplierTaxId")}
                />
              </div>
              <div className="col-sm-5">
                <TextField
                  name="supplierBranch"
                  label={t("shops.finance.field.supplierBranch")}
                  hint={t("shops.finance.field.supplierBranchHint")}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={5}
                  defaultValue={values.supplierBranch}
                  error={err("supplierBranch")}
                />
              </div>
              <div className="col-sm-7">
                <TextField
                  name="taxInvoiceNumber"
                  label={t("shops.finance.field.taxInvoiceNumber")}
                  autoComplete="off"
                  maxLength={TAX_INVOICE_NUMBER_MAX}
                  defaultValue={values.taxInvoiceNumber}
                  error={err("taxInvoiceNumber")}
                />
              </div>
              <div className="col-sm-5">
                <TextField
                  name="taxInvoiceDate"
                  label={t("shops.finance.field.taxInvoiceDate")}
                  hint={invoiceDayShown}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={t("shops.dayInput.day")}
                  defaultValue={dayInputText(values.taxInvoiceDate ?? "", lang)}
                  error={err("taxInvoiceDate")}
                />
              </div>
              <div className="col-sm-6">
                <TextField
                  name="valueBeforeVat"
                  label={t("shops.finance.field.valueBeforeVat")}
                  inputMode="decimal"
                  defaultValue={values.valueBeforeVat}
                  error={err("valueBeforeVat")}
                />
              </div>
              <div className="col-sm-6">
                <TextField
                  name="inputVat"
                  label={t("shops.finance.field.inputVat")}
                  hint={t("shops.finance.field.inputVatHint")}
                  inputMode="decimal"
                  defaultValue={values.inputVat}
                  error={err("inputVat")}
                />
              </div>
            </div>
          </fieldset>
        )}
        <BsForm.Group className="mb-3" controlId="field-note">
          <BsForm.Label>{t("shops.finance.field.note")}</BsForm.Label>
          <BsForm.Control
            as="textarea"
            rows={2}
            name="note"
            maxLength={500}
            defaultValue={values.note}
            isInvalid={Boolean(errors.note)}
            aria-describedby={errors.note ? "field-note-error" : undefined}
          />
          {errors.note && (
            <BsForm.Control.Feedback type="invalid" id="field-note-error">
              {t(errors.note)}
            </BsForm.Control.Feedback>
          )}
        </BsForm.Group>
        {isExpense && (
          <>
            {photoUrl && (
              <figure className="mb-2">
                <img
                  src={photoUrl}
                  alt={t("shops.finance.field.photoCurrent")}
                  className="img-thumbnail"
                  style={{ maxHeight: 240 }}
                  data-testid="finance-photo"
                />
                <BsForm.Check
                  type="checkbox"
                  id="field-removePhoto"
                  name="removePhoto"
                  value="1"
                  label={t("shops.finance.field.removePhoto")}
                />
              </figure>
            )}
            <TextField
              name="photo"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif"
              label={t("shops.finance.field.photo")}
              hint={t("shops.finance.field.photoHint")}
              error={err("photo")}
            />
          </>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {t("shops.finance.save")}
          </Button>
          <Link className="btn btn-outline-secondary" to={`${base}?${shopQuery}`}>
            {t("shops.finance.cancel")}
          </Link>
          {id !== null && !confirmDelete && (
            <Link
              className="btn btn-outline-danger ms-auto"
              to={`?${shopQuery}&delete=1`}
              data-testid="finance-delete"
            >
              {t("shops.finance.delete")}
            </Link>
          )}
        </div>
      </Form>

      {confirmDelete && (
        <Alert variant="danger" className="mt-3 col-lg-8" data-testid="finance-delete-confirm">
          <p>{t("shops.finance.deleteConfirm")}</p>
          <Form method="post" className="d-flex gap-2">
            <ShopIdField shopId={shop.id} />
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" variant="danger">
              {t("shops.finance.deleteYes")}
            </Button>
            <Link className="btn btn-outline-secondary" to={`?${shopQuery}`}>
              {t("shops.finance.deleteNo")}
            </Link>
          </Form>
        </Alert>
      )}

      {history.length > 0 && (
        <section className="mt-4" aria-labelledby="history-heading">
          <h2 className="h4" id="history-heading">
            {t("shops.finance.history.title")}
          </h2>
          <Table responsive size="sm" data-testid="finance-history">
            <thead>
              <tr>
                <th scope="col">{t("shops.finance.history.at")}</th>
                <th scope="col">{t("shops.finance.history.who")}</th>
                <th scope="col">{t("shops.finance.history.action")}</th>
                <th scope="col">{t("shops.finance.history.changes")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((change) => {
                const lines = describeChange(t, lang, everyChoice, change.before, change.after);
                return (
                  <tr key={change.id} data-testid="finance-history-row">
                    <td className="text-nowrap">{formatDateTime(change.at, lang)}</td>
                    <td>{change.userName}</td>
                    <td>{t(ACTION_TEXT[change.action])}</td>
                    <td>
                      {lines.length === 0
                        ? t("shops.finance.history.none")
                        : lines.map((line) => <div key={line}>{line}</div>)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </section>
      )}
    </>
  );
}
