import { Alert, Button, Card, Form as BsForm, Table } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/list";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { shopsMeta, StatusAlert, useShopsPaginationLabels } from "~/layout/shops-page";
import { formatDateTime } from "~/lib/dates";
import { readForm, type FieldErrors, type FormValues } from "~/lib/forms/read-form";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { formatBaht } from "~/lib/money";
import { readPageNumber } from "~/lib/paging";
import { formatPhoneForDisplay } from "~/lib/phone";
import { customerFormSchema } from "~/modules/customers";
import { createCustomer, listCustomers } from "~/modules/customers/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { Pagination } from "~/ui/pagination";
import { CustomerFields } from "./customer-fields";
import { CUSTOMER_REFUSALS } from "./refusals";

/*
 * The shop's customers (issue 37, decision 0082): found by name or phone number, with what they
 * bought and when they last came; everyone who sells adds one, with the customer's consent.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = await listCustomers(db, shop.id, { page: readPageNumber(url.searchParams), search });
  return {
    shop: { id: shop.id, name: shop.name },
    search,
    done: url.searchParams.get("done"),
    page: {
      ...page,
      rows: page.rows.map((row) => ({
        id: row.id,
        phone: formatPhoneForDisplay(row.phone),
        name: row.name,
        saleCount: row.saleCount,
        totalSatang: row.totalSatang,
        lastVisit: row.lastVisit?.toISOString() ?? null,
      })),
    },
  };
}

interface Failure {
  errors: FieldErrors;
  values: FormValues;
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const parsed = readForm(await request.formData(), customerFormSchema);
  if (!parsed.ok) {
    return data<Failure>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  }
  const actor = { shopId: shop.id, userId: memberOf(context).id, role };
  const result = await createCustomer(db, actor, parsed.data);
  if (!result.ok) {
    const refusal = CUSTOMER_REFUSALS[result.error];
    return data<Failure>(
      { errors: { [refusal.field]: refusal.message }, values: parsed.values },
      { status: refusal.status },
    );
  }
  return redirect(
    `/shophub/customers/${result.value.id}?shop=${encodeURIComponent(shop.id)}&done=create`,
  );
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.customers.title");

export default function Customers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const paginationLabels = useShopsPaginationLabels();
  const failure = actionData as Failure | undefined;
  const { shop, page, search, done } = loaderData;
  const busy = navigation.state === "submitting";
  return (
    <>
      <h1 className="h2">{t("shops.customers.title")}</h1>
      <p className="text-secondary">{shop.name}</p>
      <p className="lead text-secondary">{t("shops.customers.lead")}</p>
      <ShopChangedNotice />
      <StatusAlert message={done === "delete" ? t("shops.customers.done.delete") : null} />
      <Form method="get" className="d-flex gap-2 mb-3" role="search">
        <input type="hidden" name="shop" value={shop.id} />
        <BsForm.Control
          name="q"
          type="search"
          defaultValue={search}
          maxLength={100}
          aria-label={t("shops.customers.search")}
          placeholder={t("shops.customers.search")}
          data-testid="customers-search"
        />
        <Button type="submit" variant="outline-primary">
          {t("shops.customers.searchButton")}
        </Button>
      </Form>
      {page.rows.length === 0 ? (
        <Alert variant="secondary" data-testid="customers-none">
          {t(search ? "shops.customers.noneFound" : "shops.customers.none")}
        </Alert>
      ) : (
        <Table responsive data-testid="customers-list">
          <thead>
            <tr>
              <th>{t("shops.customers.col.phone")}</th>
              <th>{t("shops.customers.col.name")}</th>
              <th className="text-end">{t("shops.customers.col.purchases")}</th>
              <th className="text-end">{t("shops.customers.col.total")}</th>
              <th>{t("shops.customers.col.lastVisit")}</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={`/shophub/customers/${row.id}?shop=${encodeURIComponent(shop.id)}`}>
                    {row.phone}
                  </Link>
                </td>
                <td>{row.name}</td>
                <td className="text-end">{row.saleCount}</td>
                <td className="text-end">{formatBaht(row.totalSatang, lang)}</td>
                <td>
                  {row.lastVisit
                    ? formatDateTime(row.lastVisit, lang)
                    : t("shops.customers.detail.never")}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} labels={paginationLabels} />
      <Card className="mt-4">
        <Card.Body>
          <h2 className="h4">{t("shops.customers.add.heading")}</h2>
          {failure && (
            <Alert variant="danger" data-testid="customer-form-error">
              {t(failure.errors.form ?? "shops.fixErrors")}
            </Alert>
          )}
          <Form method="post" noValidate data-testid="customer-form">
            <ShopIdField shopId={shop.id} />
            <CustomerFields
              values={failure?.values ?? {}}
              errors={failure?.errors ?? {}}
              askConsent
            />
            <Button type="submit" disabled={busy} data-testid="customer-save">
              {t("shops.customers.add.submit")}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </>
  );
}
