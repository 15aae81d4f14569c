import { Badge, Button, Form as BsForm, Table } from "react-bootstrap";
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { shopsMeta, useShopsPaginationLabels } from "~/layout/shops-page";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import type { MessageKey } from "~/lib/i18n";
import { stockBalanceSorts, type StockBalanceSort } from "~/modules/stock";
import { maySeeCosts } from "~/modules/shops";
import { stockBalance } from "~/modules/stock/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { Pagination } from "~/ui/pagination";
import { STOCK_BALANCE_ROLES } from "../dashboard/roles";
import { readStockFilters } from "./filters";

// Owners and managers see costs and margins; a cashier the quantities and selling prices.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(STOCK_BALANCE_ROLES)];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const costs = maySeeCosts(role);
  const filters = readStockFilters(url.searchParams, costs);
  const { page, totals, categories } = await stockBalance(db, shop.id, filters, { costs });
  return {
    shop: { id: shop.id, name: shop.name },
    costs,
    values: {
      q: filters.q ?? "",
      category: filters.category ?? "",
      low: filters.lowOnly ? "1" : "",
      sort: filters.sort === "name" ? "" : (filters.sort ?? ""),
    },
    categories,
    page,
    totals,
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.stock.title");

const SORT_TEXT = {
  name: "shops.stock.sort.name",
  onHand: "shops.stock.sort.onHand",
  value: "shops.stock.sort.value",
  days: "shops.stock.sort.days",
  margin: "shops.stock.sort.margin",
} as const satisfies Record<StockBalanceSort, MessageKey>;

/** Basis points as a percentage with one decimal ("25.0 %"). */
function percent(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(1)} %`;
}

export default function StockBalancePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const paginationLabels = useShopsPaginationLabels();
  const { shop, costs, values, categories, page, totals } = loaderData;
  const filtered = Object.values(values).some((value) => value !== "");
  const query = new URLSearchParams({ shop: shop.id });
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  return (
    <>
      <h1 className="h2">{t("shops.stock.title")}</h1>
      <p
        className="text-secondary d-flex flex-wrap align-items-center gap-2"
        data-testid="shop-name"
      >
        {shop.name}
        <Link className="btn btn-sm btn-primary" to="/storehub/inout?kind=receive">
          {t("shops.stock.receive")}
        </Link>
        <Link className="btn btn-sm btn-outline-primary" to="/storehub/inout?kind=count">
          {t("shops.stock.count")}
        </Link>
        <a
          className="btn btn-sm btn-outline-secondary"
          href={`/shophub/stock/export.csv?${query.toString()}`}
          download
        >
          {t("shops.stock.csv")}
        </a>
      </p>
      <p className="lead text-secondary">{t("shops.stock.lead")}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" data-testid="stock-filters">
        <input type="hidden" name="shop" value={shop.id} />
        <BsForm.Group className="col-12 col-md-4" controlId="stock-q">
          <BsForm.Label>{t("shops.stock.filter.q")}</BsForm.Label>
          <BsForm.Control type="search" name="q" defaultValue={values.q} maxLength={60} />
        </BsForm.Group>
        <BsForm.Group className="col-6 col-md-3" controlId="stock-category">
          <BsForm.Label>{t("shops.stock.filter.category")}</BsForm.Label>
          <BsForm.Select name="category" defaultValue={values.category}>
            <option value="">{t("shops.stock.filter.anyCategory")}</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </BsForm.Select>
        </BsForm.Group>
        <BsForm.Group className="col-6 col-md-3" controlId="stock-sort">
          <BsForm.Label>{t("shops.stock.filter.sort")}</BsForm.Label>
          <BsForm.Select name="sort" defaultValue={values.sort || "name"}>
            {stockBalanceSorts(costs).map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_TEXT[sort])}
              </option>
            ))}
          </BsForm.Select>
        </BsForm.Group>
        <div className="col-12 col-md-2">
          <BsForm.Check
            id="stock-low"
            name="low"
            value="1"
            defaultChecked={values.low === "1"}
            label={t("shops.stock.filter.lowOnly")}
          />
        </div>
        <div className="col-12 d-flex gap-2">
          <Button type="submit">{t("shops.stock.filter.submit")}</Button>
          {filtered && (
            <Link className="btn btn-outline-secondary" to={`?shop=${shop.id}`}>
              {t("shops.stock.filter.clear")}
            </Link>
          )}
        </div>
      </Form>

      <div className="d-flex flex-wrap gap-3 mb-2" data-testid="stock-totals">
        <strong>{t("shops.stock.totals", { count: totals.items })}</strong>
        {totals.lowItems > 0 && (
          <span className="text-danger">
            {t("shops.stock.totalsLow", { count: totals.lowItems })}
          </span>
        )}
        <span>
          {t("shops.stock.col.sellingValue")}:{" "}
          <strong>{formatSatang(totals.sellingValueSatang)}</strong>
        </span>
        {totals.valueAtCostSatang !== undefined && (
          <span>
            {t("shops.stock.col.value")}: <strong>{formatSatang(totals.valueAtCostSatang)}</strong>
          </span>
        )}
      </div>

      {page.rows.length === 0 ? (
        <p className="text-secondary" data-testid="stock-empty">
          {t("shops.stock.empty")}
        </p>
      ) : (
        <Table responsive hover size="sm" data-testid="stock-table">
          <thead>
            <tr>
              <th scope="col">{t("shops.stock.col.item")}</th>
              <th scope="col">{t("shops.stock.col.category")}</th>
              <th scope="col" className="text-end">
                {t("shops.stock.col.onHand")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.stock.col.price")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.stock.col.sellingValue")}
              </th>
              {costs && (
                <>
                  <th scope="col" className="text-end">
                    {t("shops.stock.col.avgCost")}
                  </th>
                  <th scope="col" className="text-end">
                    {t("shops.stock.col.value")}
                  </th>
                  <th scope="col" className="text-end">
                    {t("shops.stock.col.margin")}
                  </th>
                </>
              )}
              <th scope="col" className="text-end">
                {t("shops.stock.col.days")}
              </th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.itemId} data-testid="stock-row">
                <td>
                  {row.name}
                  <div className="small text-secondary">{row.sku}</div>
                </td>
                <td>{row.category}</td>
                <td className="text-end text-nowrap">
                  {formatQuantityMilli(row.onHandMilli, lang)} {row.unit}
                  {row.low && (
                    <div>
                      <Badge
                        bg="danger"
                        title={t("shops.stock.lowTitle", {
                          level: formatQuantityMilli(row.reorderLevelMilli, lang),
                        })}
                      >
                        {t("shops.stock.low")}
                      </Badge>
                    </div>
                  )}
                </td>
                <td className="text-end text-nowrap">{formatSatang(row.priceSatang)}</td>
                <td className="text-end text-nowrap">{formatSatang(row.sellingValueSatang)}</td>
                {costs && (
                  <>
                    <td className="text-end text-nowrap">{formatSatang(row.avgCostSatang ?? 0)}</td>
                    <td className="text-end text-nowrap">
                      {formatSatang(row.valueAtCostSatang ?? 0)}
                    </td>
                    <td className="text-end text-nowrap">
                      {typeof row.marginBasisPoints === "number"
                        ? percent(row.marginBasisPoints)
                        : "–"}
                    </td>
                  </>
                )}
                <td className="text-end text-nowrap">
                  {row.daysLeft === null ? (
                    <span className="small text-secondary">{t("shops.stock.noSales")}</span>
                  ) : (
                    t("shops.stock.days", { count: row.daysLeft })
                  )}
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
