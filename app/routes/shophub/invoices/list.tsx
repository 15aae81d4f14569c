import { Badge, Button, Form as BsForm, Table } from "react-bootstrap";
import { Form, Link } from "react-router";
import type { Route } from "./+types/list";
import { appContext } from "~/context";
import { shopsMeta, useShopsPaginationLabels } from "~/layout/shops-page";
import { bangkokDayStart, formatDateTime } from "~/lib/dates";
import { parseDayInput } from "~/lib/day-input";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import { readPageNumber } from "~/lib/paging";
import { REFUND_METHODS, type PaymentMethod } from "~/modules/sales";
import { listSaleCashiers, listSales, type SaleFilters } from "~/modules/sales/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { PAYMENT_METHOD_TEXT } from "~/routes/shophub/sell-text";
import { DayInput } from "~/ui/day-input";
import { Pagination } from "~/ui/pagination";
import { INVOICE_ROLES, SALE_STATUS_TEXT } from "./invoice-text";

export const middleware: Route.MiddlewareFunction[] = [chosenShop(INVOICE_ROLES)];

const STATUSES = ["completed", "void"] as const;

/**
 * The filters as the URL carries them; a date as the field takes it (28/11/2569) or as links
 * write it (2026-11-28). A date that is no real day is refused next to it.
 */
function readFilters(params: URLSearchParams) {
  const errors: Partial<Record<"from" | "to", MessageKey>> = {};
  const day = (name: "from" | "to") => {
    const value = params.get(name)?.trim() ?? "";
    if (value === "") return null;
    const iso = parseDayInput(value);
    if (!iso || !bangkokDayStart(iso)) {
      errors[name] = "shops.invoices.filter.badDate";
      return null;
    }
    return iso;
  };
  const from = day("from");
  const to = day("to");
  if (from && to && from > to) errors.to = "shops.invoices.filter.badRange";
  const method = params.get("method");
  const status = params.get("status");
  const filters: SaleFilters = {
    q: (params.get("q") ?? "").trim().slice(0, 40),
    from,
    to: errors.to ? null : to,
    method: (REFUND_METHODS as readonly string[]).includes(method ?? "")
      ? (method as PaymentMethod)
      : null,
    cashierId: params.get("cashier")?.slice(0, 200) || null,
    status: (STATUSES as readonly string[]).includes(status ?? "")
      ? (status as (typeof STATUSES)[number])
      : null,
    page: readPageNumber(params),
  };
  return { filters, errors };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const { filters, errors } = readFilters(url.searchParams);
  const [{ page, totals }, cashiers] = await Promise.all([
    listSales(db, shop.id, filters),
    listSaleCashiers(db, shop.id),
  ]);
  return {
    shop: { id: shop.id, name: shop.name },
    // What was typed, shown back in the fields (a refused date too).
    values: {
      q: url.searchParams.get("q") ?? "",
      from: url.searchParams.get("from") ?? "",
      to: url.searchParams.get("to") ?? "",
      method: filters.method ?? "",
      cashier: filters.cashierId ?? "",
      status: filters.status ?? "",
    },
    errors,
    cashiers,
    page,
    totals,
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.invoices.title");

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const paginationLabels = useShopsPaginationLabels();
  const { shop, values, errors, cashiers, page, totals } = loaderData;
  const filtered = Object.values(values).some((value) => value !== "");
  const field = (name: "from" | "to", label: MessageKey) => (
    <BsForm.Group className="col-6 col-md-3 col-xl-2" controlId={`filter-${name}`}>
      <BsForm.Label>{t(label)}</BsForm.Label>
      <DayInput
        lang={lang}
        placeholder={t("shops.dayInput.day")}
        name={name}
        defaultValue={values[name]}
        isInvalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `filter-${name}-error` : undefined}
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
      <h1 className="h2">{t("shops.invoices.title")}</h1>
      <p
        className="text-secondary d-flex flex-wrap align-items-center gap-2"
        data-testid="shop-name"
      >
        {shop.name}
        <Link className="btn btn-sm btn-primary" to={`/shophub/sell?shop=${shop.id}`}>
          {t("shops.invoices.toTill")}
        </Link>
      </p>
      <p className="lead text-secondary">{t("shops.invoices.lead")}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" data-testid="invoice-filters">
        <input type="hidden" name="shop" value={shop.id} />
        <BsForm.Group className="col-12 col-md-6 col-xl-3" controlId="filter-q">
          <BsForm.Label>{t("shops.invoices.filter.q")}</BsForm.Label>
          <BsForm.Control type="search" name="q" defaultValue={values.q} maxLength={40} />
        </BsForm.Group>
        {field("from", "shops.invoices.filter.from")}
        {field("to", "shops.invoices.filter.to")}
        <BsForm.Group className="col-6 col-md-4 col-xl-3" controlId="filter-method">
          <BsForm.Label>{t("shops.invoices.filter.method")}</BsForm.Label>
          <BsForm.Select name="method" defaultValue={values.method}>
            <option value="">{t("shops.invoices.filter.any")}</option>
            {REFUND_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(PAYMENT_METHOD_TEXT[method])}
              </option>
            ))}
          </BsForm.Select>
        </BsForm.Group>
        <BsForm.Group className="col-6 col-md-4 col-xl-2" controlId="filter-cashier">
          <BsForm.Label>{t("shops.invoices.filter.cashier")}</BsForm.Label>
          <BsForm.Select name="cashier" defaultValue={values.cashier}>
            <option value="">{t("shops.invoices.filter.any")}</option>
            {cashiers.map((cashier) => (
              <option key={cashier.id} value={cashier.id}>
                {cashier.name}
              </option>
            ))}
          </BsForm.Select>
        </BsForm.Group>
        <BsForm.Group className="col-6 col-md-4 col-xl-2" controlId="filter-status">
          <BsForm.Label>{t("shops.invoices.filter.status")}</BsForm.Label>
          <BsForm.Select name="status" defaultValue={values.status}>
            <option value="">{t("shops.invoices.filter.any")}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(SALE_STATUS_TEXT[status])}
              </option>
            ))}
          </BsForm.Select>
        </BsForm.Group>
        <div className="col-12 d-flex gap-2">
          <Button type="submit">{t("shops.invoices.filter.submit")}</Button>
          {filtered && (
            <Link className="btn btn-outline-secondary" to={`?shop=${shop.id}`}>
              {t("shops.invoices.filter.clear")}
            </Link>
          )}
        </div>
      </Form>

      <div className="d-flex flex-wrap gap-3 mb-2" data-testid="invoice-totals">
        <strong>{t("shops.invoices.totals.count", { count: totals.count })}</strong>
        {totals.voidCount > 0 && (
          <span>{t("shops.invoices.totals.void", { count: totals.voidCount })}</span>
        )}
        <span>
          {t("shops.invoices.col.total")}: <strong>{formatSatang(totals.totalSatang)}</strong>
        </span>
        <span>
          {t("shops.invoices.col.vat")}: {formatSatang(totals.vatSatang)}
        </span>
        {totals.returnedSatang > 0 && (
          <span>
            {t("shops.invoices.totals.returned")}: {formatSatang(totals.returnedSatang)}
          </span>
        )}
        <span className="text-secondary small">{t("shops.invoices.totals.note")}</span>
      </div>

      {page.rows.length === 0 ? (
        <p className="text-secondary" data-testid="invoices-empty">
          {t("shops.invoices.empty")}
        </p>
      ) : (
        <Table responsive hover size="sm" data-testid="invoice-table">
          <thead>
            <tr>
              <th scope="col">{t("shops.invoices.col.number")}</th>
              <th scope="col">{t("shops.invoices.col.date")}</th>
              <th scope="col">{t("shops.invoices.col.cashier")}</th>
              <th scope="col">{t("shops.invoices.col.methods")}</th>
              <th scope="col" className="text-end">
                {t("shops.invoices.col.total")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.invoices.col.vat")}
              </th>
              <th scope="col">{t("shops.invoices.col.status")}</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.id} data-testid="invoice-row">
                <td className="text-nowrap">
                  <Link to={`/shophub/invoices/${row.id}?shop=${shop.id}`}>
                    {row.documentNumber}
                  </Link>
                  {row.fullTaxInvoiceNumber && (
                    <div className="small text-secondary">
                      {t("shops.invoices.fullInvoiceBadge", { number: row.fullTaxInvoiceNumber })}
                    </div>
                  )}
                </td>
                <td className="text-nowrap">{formatDateTime(row.createdAt, lang)}</td>
                <td>{row.cashierName}</td>
                <td>{row.methods.map((m) => t(PAYMENT_METHOD_TEXT[m])).join(", ")}</td>
                <td className="text-end text-nowrap">
                  {formatSatang(row.totalSatang)}
                  {row.returnedSatang > 0 && (
                    <div className="small text-secondary">
                      {t("shops.invoices.returnedBadge", {
                        amount: formatSatang(row.returnedSatang),
                      })}
                    </div>
                  )}
                </td>
                <td className="text-end text-nowrap">{formatSatang(row.vatSatang)}</td>
                <td>
                  <Badge bg={row.status === "void" ? "danger" : "success"}>
                    {t(SALE_STATUS_TEXT[row.status])}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} labels={paginationLabels} />
    </>
  );
}
