import { Button, Form as BsForm } from "react-bootstrap";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/edit";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { ErrorAlert, shopsMeta, StatusAlert } from "~/layout/shops-page";
import { dateText } from "~/lib/date-text";
import { bangkokIsoDate } from "~/lib/dates";
import { dayInputText } from "~/lib/day-input";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { satangToBahtInput } from "~/lib/money";
import { categoryValue, HEAD_OFFICE, MONEY_METHODS } from "~/modules/finance";
import {
  type FinanceKind,
  type FinanceSnapshot,
  financeHistory,
  getFinanceRecord,
  listShopCategories,
  receiptPhotoUrl,
} from "~/modules/finance/index.server";
import { MAX_IMAGE_BYTES } from "~/modules/media/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { TextField } from "~/ui/text-field";
import { DeleteConfirm, ReceiptPhotoField, TaxInvoiceFields } from "./finance-form-parts";
import { FinanceHistory } from "./finance-history";
import { answerFinanceForm, fail, type Failure } from "./finance-save.server";
import {
  BASE_PATH,
  categoryChoices,
  categoryText,
  FINANCE_ROLES,
  KIND_TEXT,
  kindOfPath,
  METHOD_TEXT,
} from "./finance-text";

// Adding (`/new`) and editing one expense or other income, with its audit trail and delete.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(FINANCE_ROLES)];

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
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) {
    return fail({}, { photo: "media.error.tooLarge" }, 413);
  }
  const { shop } = await chosenShopOf(context, request);
  const member = memberOf(context);
  const actor = { id: member.id, name: member.name };
  const kind: FinanceKind = kindOfPath(url.pathname);
  const id = recordIdOf(params.id);
  const form = await request.formData();

  return answerFinanceForm({ context, form, kind, shop, id, actor });
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
        {isExpense && <TaxInvoiceFields values={values} err={err} />}
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
        {isExpense && <ReceiptPhotoField photoUrl={photoUrl} err={err} />}
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

      {confirmDelete && <DeleteConfirm shopId={shop.id} shopQuery={shopQuery} />}

      <FinanceHistory history={history} everyChoice={everyChoice} />
    </>
  );
}
