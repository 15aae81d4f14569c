import { Button, Form as BsForm, Table } from "react-bootstrap";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/list";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { ErrorAlert, shopsMeta, StatusAlert, useShopsPaginationLabels } from "~/layout/shops-page";
import { rangeText } from "~/lib/date-text";
import { formatDay } from "~/lib/dates";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import {
  addShopCategory,
  archiveShopCategory,
  categoryFormSchema,
  categoryIdSchema,
  categoryIntentSchema,
  categoryValue,
  listFinance,
  listShopCategories,
  receiptPhotoUrl,
  renameShopCategory,
} from "~/modules/finance/index.server";
import { salesTakings } from "~/modules/sales/index.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { DateShown, usePicked } from "~/ui/date-shown";
import { DayInput } from "~/ui/day-input";
import { Pagination } from "~/ui/pagination";
import {
  BASE_PATH,
  categoryChoices,
  categoryText,
  FINANCE_ROLES,
  KIND_TEXT,
  kindOfPath,
  METHOD_TEXT,
} from "./finance-text";
import { readFinanceQuery } from "./list-query.server";

// One module serves /shophub/expenses and /shophub/income (routes.ts gives each its id).
export const middleware: Route.MiddlewareFunction[] = [chosenShop(FINANCE_ROLES)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db, storage } = context.get(appContext);
  const kind = kindOfPath(url.pathname);
  const { filters, errors, values } = readFinanceQuery(kind, url.searchParams);
  const [{ page, totals }, categories, sales] = await Promise.all([
    listFinance(db, kind, shop.id, filters),
    listShopCategories(db, shop.id, kind),
    kind === "income" ? salesTakings(db, shop.id, filters.from ?? null, filters.to ?? null) : null,
  ]);
  return {
    kind,
    shop: { id: shop.id, name: shop.name },
    formShopId: shop.id,
    values,
    errors,
    categories,
    totals,
    sales,
    page: {
      ...page,
      rows: page.rows.map((row) => ({
        id: row.id,
        day: row.day,
        category: categoryValue(row),
        method: row.method,
        amountSatang: row.amountSatang,
        inputVatSatang: row.inputVatSatang ?? 0,
        supplier: row.supplier ?? "",
        note: row.note,
        photoUrl: receiptPhotoUrl(storage, row.receiptImageKey),
      })),
    },
    notice: url.searchParams.has("deleted") ? ("shops.finance.deleted" as const) : null,
  };
}

interface Failure {
  intent: string;
  categoryId?: number;
  values: Record<string, string>;
  errors: FieldErrors;
}

/** The shop's own categories: add, rename, archive and restore (owners and managers). */
export const action = keepFormOnShopChange(async function action({
  request,
  context,
  url,
}: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const kind = kindOfPath(url.pathname);
  const form = await request.formData();
  const fail = (failure: Failure, status = 400) => data<Failure>(failure, { status });
  const intent = readForm(form, categoryIntentSchema);
  if (!intent.ok) {
    return fail({
      intent: "",
      values: intent.values,
      errors: { form: "shops.finance.error.unknownForm" },
    });
  }
  const done = () => redirect(`${BASE_PATH[kind]}?shop=${encodeURIComponent(shop.id)}#categories`);
  if (intent.data.intent === "addCategory") {
    const read = readForm(form, categoryFormSchema);
    if (!read.ok) return fail({ intent: "addCategory", values: read.values, errors: read.errors });
    const added = await addShopCategory(db, shop.id, kind, read.data.name);
    if (!added.ok) {
      return fail({
        intent: "addCategory",
        values: read.values,
        errors: { name: "shops.finance.error.categoryExists" },
      });
    }
    return done();
  }
  const target = readForm(form, categoryIdSchema);
  if (!target.ok) {
    return fail({
      intent: intent.data.intent,
      values: target.values,
      errors: { form: "shops.finance.error.unknownForm" },
    });
  }
  const { categoryId } = target.data;
  if (intent.data.intent === "renameCategory") {
    const read = readForm(form, categoryFormSchema);
    if (!read.ok) {
      return fail({
        intent: "renameCategory",
        categoryId,
        values: read.values,
        errors: read.errors,
      });
    }
    const renamed = await renameShopCategory(db, shop.id, kind, categoryId, read.data.name);
    if (!renamed.ok && renamed.error === "notFound") throw data(null, { status: 404 });
    if (!renamed.ok) {
      return fail({
        intent: "renameCategory",
        categoryId,
        values: read.values,
        errors: { name: "shops.finance.error.categoryExists" },
      });
    }
    return done();
  }
  const changed = await archiveShopCategory(
    db,
    shop.id,
    kind,
    categoryId,
    intent.data.intent === "archiveCategory",
  );
  if (!changed) throw data(null, { status: 404 });
  return done();
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, KIND_TEXT[kindOfPath(location.pathname)].title);

export default function FinanceList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const paginationLabels = useShopsPaginationLabels();
  const { kind, shop, values, errors, categories, totals, sales, page, notice } = loaderData;
  const failure = actionData as Failure | undefined;
  const texts = KIND_TEXT[kind];
  const base = BASE_PATH[kind];
  const shopQuery = `shop=${encodeURIComponent(shop.id)}`;
  const choices = categoryChoices(kind, categories);
  const filterQuery = new URLSearchParams({ shop: shop.id });
  for (const [name, value] of Object.entries(values)) if (value) filterQuery.set(name, value);
  const salesQuery = new URLSearchParams({ shop: shop.id });
  if (values.from) salesQuery.set("from", values.from);
  if (values.to) salesQuery.set("to", values.to);
  const filtered = Object.values(values).some((value) => value !== "");
  const isExpense = kind === "expense";
  const picked = { from: usePicked(values.from ?? ""), to: usePicked(values.to ?? "") };
  // Under the two fields, the range typed in words, as it is typed.
  const rangeShown = rangeText(picked.from.value, picked.to.value, lang);
  const dateField = (name: "from" | "to", label: MessageKey) => (
    <BsForm.Group className="col-6 col-md-3" controlId={`filter-${name}`}>
      <BsForm.Label>{t(label)}</BsForm.Label>
      <DayInput
        lang={lang}
        placeholder={t("shops.dayInput.day")}
        name={name}
        defaultValue={values[name]}
        onChange={picked[name].onChange}
        isInvalid={Boolean(errors[name])}
        aria-describedby={[errors[name] ? `filter-${name}-error` : null, "filter-range-shown"]
          .filter(Boolean)
          .join(" ")}
      />
      {errors[name] && (
        <BsForm.Control.Feedback type="invalid" id={`filter-${name}-error`}>
          {t(errors[name])}
        </BsForm.Control.Feedback>
      )}
    </BsForm.Group>
  );
  return (
    <>
      <h1 className="h2">{t(texts.title)}</h1>
      <p
        className="text-secondary d-flex flex-wrap align-items-center gap-2"
        data-testid="shop-name"
      >
        {shop.name}
        <Link
          className="btn btn-sm btn-primary"
          to={`${base}/new?${shopQuery}`}
          data-testid="finance-add"
        >
          {t(texts.add)}
        </Link>
      </p>
      <p className="lead text-secondary">{t(texts.lead)}</p>
      <p>
        <Link
          to={`${BASE_PATH[isExpense ? "income" : "expense"]}?${shopQuery}`}
          data-testid="finance-other-list"
        >
          {t(KIND_TEXT[isExpense ? "income" : "expense"].title)}
        </Link>
      </p>
      <StatusAlert message={notice ? t(notice) : null} />
      <ShopChangedNotice />

      <Form method="get" className="row g-2 align-items-end mb-3" data-testid="finance-filters">
        <input type="hidden" name="shop" value={shop.id} />
        {dateField("from", "shops.finance.filter.from")}
        {dateField("to", "shops.finance.filter.to")}
        <BsForm.Group className="col-12 col-md-3" controlId="filter-category">
          <BsForm.Label>{t("shops.finance.filter.category")}</BsForm.Label>
          <BsForm.Select name="category" defaultValue={values.category}>
            <option value="">{t("shops.finance.filter.any")}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {categoryText(t, choice)}
              </option>
            ))}
          </BsForm.Select>
        </BsForm.Group>
        <div className="col-12 col-md-3 d-flex flex-wrap gap-2">
          <Button type="submit">{t("shops.finance.filter.submit")}</Button>
          {filtered && (
            <Link className="btn btn-outline-secondary" to={`?${shopQuery}`}>
              {t("shops.finance.filter.clear")}
            </Link>
          )}
        </div>
        <div className="col-12 mt-0">
          <DateShown id="filter-range-shown" text={rangeShown} />
        </div>
      </Form>

      {sales && (
        <section className="card mb-3" aria-labelledby="sales-heading" data-testid="finance-sales">
          <div className="card-body">
            <h2 className="h5" id="sales-heading">
              {t("shops.finance.income.sales")}
            </h2>
            <p className="fs-4 mb-1">
              <strong>{formatSatang(sales.netSatang)}</strong>
            </p>
            <p className="text-secondary small mb-2">
              {t("shops.finance.income.salesNote", {
                returned: formatSatang(sales.returnedSatang),
              })}
            </p>
            <Link to={`/shophub/invoices?${salesQuery}`}>
              {t("shops.finance.income.salesLink")}
            </Link>
          </div>
        </section>
      )}
      {!isExpense && <h2 className="h4">{t("shops.finance.income.other")}</h2>}

      <div className="d-flex flex-wrap align-items-center gap-3 mb-2" data-testid="finance-totals">
        <strong>{t("shops.finance.totals.count", { count: totals.count })}</strong>
        <span>
          {t("shops.finance.col.amount")}:{" "}
          <strong data-testid="finance-total-amount">{formatSatang(totals.amountSatang)}</strong>
        </span>
        {isExpense && (
          <span>
            {t("shops.finance.col.inputVat")}:{" "}
            <span data-testid="finance-total-vat">{formatSatang(totals.inputVatSatang)}</span>
          </span>
        )}
        <a
          className="btn btn-sm btn-outline-primary ms-auto"
          href={`${base}/csv?${filterQuery}`}
          download
          data-testid="finance-csv"
        >
          {t("shops.finance.csv")}
        </a>
      </div>

      {page.rows.length === 0 ? (
        <p className="text-secondary" data-testid="finance-empty">
          {t(texts.empty)}
        </p>
      ) : (
        <Table responsive hover size="sm" data-testid="finance-table">
          <thead>
            <tr>
              <th scope="col">{t("shops.finance.col.day")}</th>
              <th scope="col">{t("shops.finance.col.category")}</th>
              {isExpense && <th scope="col">{t("shops.finance.col.supplier")}</th>}
              <th scope="col">{t("shops.finance.col.method")}</th>
              <th scope="col" className="text-end">
                {t("shops.finance.col.amount")}
              </th>
              {isExpense && (
                <th scope="col" className="text-end">
                  {t("shops.finance.col.inputVat")}
                </th>
              )}
              <th scope="col">{t("shops.finance.col.note")}</th>
              {isExpense && <th scope="col">{t("shops.finance.col.photo")}</th>}
              <th scope="col">{t("shops.finance.col.edit")}</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.id} data-testid="finance-row">
                <td className="text-nowrap">{formatDay(row.day, lang)}</td>
                <td>
                  {categoryText(
                    t,
                    choices.find((choice) => choice.value === row.category),
                  )}
                </td>
                {isExpense && <td>{row.supplier}</td>}
                <td>{t(METHOD_TEXT[row.method])}</td>
                <td className="text-end text-nowrap">{formatSatang(row.amountSatang)}</td>
                {isExpense && (
                  <td className="text-end text-nowrap">{formatSatang(row.inputVatSatang)}</td>
                )}
                <td>{row.note}</td>
                {isExpense && (
                  <td>
                    {row.photoUrl && (
                      <a href={row.photoUrl} target="_blank" rel="noreferrer">
                        {t("shops.finance.photoLink")}
                      </a>
                    )}
                  </td>
                )}
                <td>
                  <Link to={`${base}/${row.id}?${shopQuery}`}>{t("shops.finance.edit")}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} labels={paginationLabels} />

      <section className="mt-4" id="categories" aria-labelledby="categories-heading">
        <h2 className="h4" id="categories-heading">
          {t("shops.finance.categories.title")}
        </h2>
        <p className="text-secondary">{t("shops.finance.categories.lead")}</p>
        {failure?.errors.form && <ErrorAlert message={t(failure.errors.form)} />}
        {categories.length === 0 ? (
          <p className="text-secondary">{t("shops.finance.categories.empty")}</p>
        ) : (
          <ul className="list-unstyled" data-testid="finance-categories">
            {categories.map((category) => {
              const mine =
                failure?.intent === "renameCategory" && failure.categoryId === category.id;
              const error = mine ? failure?.errors.name : undefined;
              const id = `category-${category.id}`;
              return (
                <li key={category.id} className="d-flex flex-wrap align-items-start gap-2 mb-2">
                  <Form method="post" className="d-flex flex-wrap align-items-start gap-2">
                    <ShopIdField shopId={shop.id} />
                    <input type="hidden" name="intent" value="renameCategory" />
                    <input type="hidden" name="categoryId" value={category.id} />
                    <div>
                      <label className="visually-hidden" htmlFor={id}>
                        {t("shops.finance.categories.name")}
                      </label>
                      <input
                        id={id}
                        className={`form-control form-control-sm${error ? " is-invalid" : ""}`}
                        name="name"
                        defaultValue={mine ? failure?.values.name : category.name}
                        maxLength={60}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                      />
                      {error && (
                        <div className="invalid-feedback" id={`${id}-error`}>
                          {t(error)}
                        </div>
                      )}
                    </div>
                    <Button type="submit" size="sm" variant="outline-secondary">
                      {t("shops.finance.categories.rename")}
                    </Button>
                  </Form>
                  <Form method="post">
                    <ShopIdField shopId={shop.id} />
                    <input type="hidden" name="categoryId" value={category.id} />
                    <input
                      type="hidden"
                      name="intent"
                      value={category.archived ? "restoreCategory" : "archiveCategory"}
                    />
                    <Button type="submit" size="sm" variant="outline-secondary">
                      {t(
                        category.archived
                          ? "shops.finance.categories.restore"
                          : "shops.finance.categories.archive",
                      )}
                    </Button>
                  </Form>
                  {category.archived && (
                    <span className="badge text-bg-secondary">
                      {t("shops.finance.categories.archived")}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <Form
          method="post"
          className="d-flex flex-wrap align-items-start gap-2"
          data-testid="finance-category-add"
        >
          <ShopIdField shopId={shop.id} />
          <input type="hidden" name="intent" value="addCategory" />
          <div>
            <label className="form-label" htmlFor="category-new">
              {t("shops.finance.categories.newName")}
            </label>
            <input
              id="category-new"
              className={`form-control${failure?.intent === "addCategory" && failure.errors.name ? " is-invalid" : ""}`}
              name="name"
              maxLength={60}
              defaultValue={failure?.intent === "addCategory" ? failure.values.name : ""}
              aria-invalid={
                failure?.intent === "addCategory" && failure.errors.name ? true : undefined
              }
              aria-describedby={
                failure?.intent === "addCategory" && failure.errors.name
                  ? "category-new-error"
                  : undefined
              }
            />
            {failure?.intent === "addCategory" && failure.errors.name && (
              <div className="invalid-feedback" id="category-new-error">
                {t(failure.errors.name)}
              </div>
            )}
          </div>
          <Button type="submit" className="align-self-end">
            {t("shops.finance.categories.add")}
          </Button>
        </Form>
      </section>
    </>
  );
}
