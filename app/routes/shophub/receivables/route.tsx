import { Table } from "react-bootstrap";
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { formatDay } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { formatPhoneForDisplay } from "~/lib/phone";
import { AGEING_BUCKETS } from "~/modules/customers";
import { ACCOUNT_MANAGER_ROLES, receivables } from "~/modules/customers/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { BUCKET_TEXT } from "./buckets";

/*
 * Who owes what and since when (issue 37, decision 0083): owners and managers. Each customer's
 * balance split by age (today, 1–30, 31–60, 61–90, over 90 days since the sale), with the
 * shop's total, and the same rows as CSV.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(ACCOUNT_MANAGER_ROLES)];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const rows = await receivables(db, shop.id);
  return {
    shop: { id: shop.id, name: shop.name },
    rows: rows.map((row) => ({ ...row, phone: formatPhoneForDisplay(row.phone) })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.customers.receivables.title");

export default function ReceivablesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, rows } = loaderData;
  const shopParam = `shop=${encodeURIComponent(shop.id)}`;
  const total = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((sum, row) => sum + pick(row), 0);
  return (
    <>
      <h1 className="h2">{t("shops.customers.receivables.title")}</h1>
      <p className="text-secondary">{t("shops.customers.receivables.lead")}</p>
      {rows.length === 0 ? (
        <p data-testid="receivables-none">{t("shops.customers.receivables.none")}</p>
      ) : (
        <>
          <p>
            <a href={`/shophub/receivables/receivables.csv?${shopParam}`} download>
              {t("shops.customers.receivables.csv")}
            </a>
          </p>
          <Table responsive className="text-nowrap" data-testid="receivables">
            <thead>
              <tr>
                <th>{t("shops.customers.receivables.col.customer")}</th>
                <th>{t("shops.customers.receivables.col.since")}</th>
                {AGEING_BUCKETS.map((bucket) => (
                  <th key={bucket} className="text-end">
                    {t(BUCKET_TEXT[bucket])}
                  </th>
                ))}
                <th className="text-end">{t("shops.customers.receivables.col.balance")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.customerId} data-testid="receivables-row">
                  <td>
                    <Link to={`/shophub/customers/${row.customerId}?${shopParam}`}>{row.name}</Link>
                    <div className="small text-secondary">{row.phone}</div>
                  </td>
                  <td>{row.ageing.oldestDay ? formatDay(row.ageing.oldestDay, lang) : ""}</td>
                  {AGEING_BUCKETS.map((bucket) => (
                    <td key={bucket} className="text-end">
                      {row.ageing.buckets[bucket] === 0
                        ? ""
                        : formatBaht(row.ageing.buckets[bucket], lang)}
                    </td>
                  ))}
                  <td className="text-end fw-bold" data-testid="receivables-balance">
                    {formatBaht(row.ageing.balanceSatang, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={2}>{t("shops.customers.receivables.total")}</th>
                {AGEING_BUCKETS.map((bucket) => (
                  <th key={bucket} className="text-end">
                    {formatBaht(
                      total((row) => row.ageing.buckets[bucket]),
                      lang,
                    )}
                  </th>
                ))}
                <th className="text-end" data-testid="receivables-total">
                  {formatBaht(
                    total((row) => row.ageing.balanceSatang),
                    lang,
                  )}
                </th>
              </tr>
            </tfoot>
          </Table>
        </>
      )}
    </>
  );
}
