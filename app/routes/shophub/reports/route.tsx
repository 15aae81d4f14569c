import type { ReactNode } from "react";
import { Button, Form as BsForm, Table } from "react-bootstrap";
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { formatDate } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import {
  expenseCategoryName,
  marginPercent,
  PNL_FIGURES,
  PNL_REPORT_TITLE,
  REPORT_METHOD_TEXT,
  type PnlReport,
} from "~/modules/reports";
import { profitAndLoss } from "~/modules/reports/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { PnlChart } from "./chart";
import { periodQuery, readPeriod, REPORT_ROLES } from "./period";
import printCss from "./print.css?url";

export const middleware: Route.MiddlewareFunction[] = [chosenShop(REPORT_ROLES)];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printCss }];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const period = readPeriod(url.searchParams);
  const pnl = await profitAndLoss(db, shop.id, period.range);
  return {
    shop: { id: shop.id, name: shop.name },
    period,
    pnl,
    printedAt: new Date().toISOString(),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.reports.title");

/** A Bangkok day (YYYY-MM-DD) as the page shows it: Buddhist era in Thai. */
function dayText(day: string, lang: "th" | "en"): string {
  return formatDate(`${day}T12:00:00+07:00`, lang);
}

function monthText(month: string, lang: "th" | "en"): string {
  return new Intl.DateTimeFormat(lang === "th" ? "th-TH-u-ca-buddhist" : "en-GB", {
    month: "short",
    year: "numeric",
    timeZone: "Asia/Bangkok",
  }).format(new Date(`${month}-15T12:00:00+07:00`));
}

function Money({ satang }: { satang: number }) {
  return <span className={satang < 0 ? "text-danger" : undefined}>{formatSatang(satang)}</span>;
}

function Section({
  id,
  title,
  csvHref,
  children,
}: {
  id: PnlReport;
  title: string;
  csvHref: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section className="mb-4" aria-labelledby={`pnl-${id}`}>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
        <h2 className="h4" id={`pnl-${id}`}>
          {title}
        </h2>
        <a
          className="btn btn-sm btn-outline-secondary d-print-none"
          href={csvHref}
          download
          data-testid={`pnl-csv-${id}`}
        >
          {t("shops.reports.csvOf", { report: title })}
        </a>
      </div>
      <div className="table-responsive">{children}</div>
    </section>
  );
}

function Empty({ columns }: { columns: number }) {
  const t = useT();
  return (
    <tr>
      <td colSpan={columns} className="text-secondary">
        {t("shops.reports.empty")}
      </td>
    </tr>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, period, pnl, printedAt } = loaderData;
  const base = `/shophub/reports/export?shop=${encodeURIComponent(shop.id)}&${periodQuery(pnl.range)}`;
  const csvHref = (report: PnlReport) => `${base}&report=${report}`;
  const sectionTitle = (report: PnlReport) => t(PNL_REPORT_TITLE[report]);
  const periodLabel = (key: string) =>
    pnl.granularity === "day" ? dayText(key, lang) : monthText(key, lang);
  const dateField = (
    name: "day" | "from" | "to",
    label: MessageKey,
    type: "date" | "month" = "date",
  ) => (
    <BsForm.Group controlId={`pnl-${name}`} className="mb-2">
      <BsForm.Label>{t(label)}</BsForm.Label>
      <BsForm.Control
        type={type}
        name={name}
        defaultValue={period.values[name]}
        isInvalid={Boolean(period.errors[name])}
        aria-describedby={period.errors[name] ? `pnl-${name}-error` : undefined}
      />
      {period.errors[name] && (
        <BsForm.Control.Feedback type="invalid" id={`pnl-${name}-error`}>
          {t(period.errors[name])}
        </BsForm.Control.Feedback>
      )}
    </BsForm.Group>
  );
  const shopField = <input type="hidden" name="shop" value={shop.id} />;
  const change = (now: number, before: number) => now - before;
  return (
    <div className="pnl-report">
      <h1 className="h2">{t("shops.reports.title")}</h1>
      <p className="text-secondary mb-1" data-testid="shop-name">
        {shop.name}
      </p>
      <p className="fw-semibold mb-1" data-testid="pnl-period">
        {t("shops.reports.period.showing", {
          from: dayText(pnl.range.from, lang),
          to: dayText(pnl.range.to, lang),
        })}
      </p>
      <p className="text-secondary small">
        {t("shops.reports.period.previous", {
          from: dayText(pnl.previousRange.from, lang),
          to: dayText(pnl.previousRange.to, lang),
        })}
        <span className="d-none d-print-inline">
          {" · "}
          {t("shops.reports.printedOn", { date: formatDate(printedAt, lang) })}
        </span>
      </p>
      <p className="lead text-secondary d-print-none">{t("shops.reports.lead")}</p>

      <div className="row g-3 mb-3 d-print-none" data-testid="pnl-period-picker">
        <Form method="get" className="col-12 col-md-3">
          {shopField}
          <fieldset>
            <legend className="h6">{t("shops.reports.period.day")}</legend>
            {dateField("day", "shops.reports.period.day")}
            <Button type="submit" size="sm" variant="outline-primary">
              {t("shops.reports.period.show")}
            </Button>
          </fieldset>
        </Form>
        <Form method="get" className="col-12 col-md-3">
          {shopField}
          <fieldset>
            <legend className="h6">{t("shops.reports.period.month")}</legend>
            <BsForm.Group controlId="pnl-month" className="mb-2">
              <BsForm.Label>{t("shops.reports.period.month")}</BsForm.Label>
              <BsForm.Control
                type="month"
                name="month"
                defaultValue={period.values.month}
                isInvalid={Boolean(period.errors.month)}
                aria-describedby={period.errors.month ? "pnl-month-error" : undefined}
              />
              {period.errors.month && (
                <BsForm.Control.Feedback type="invalid" id="pnl-month-error">
                  {t(period.errors.month)}
                </BsForm.Control.Feedback>
              )}
            </BsForm.Group>
            <Button type="submit" size="sm" variant="outline-primary">
              {t("shops.reports.period.show")}
            </Button>
          </fieldset>
        </Form>
        <Form method="get" className="col-12 col-md-6">
          {shopField}
          <fieldset>
            <legend className="h6">{t("shops.reports.period.range")}</legend>
            <div className="row g-2">
              <div className="col-6">{dateField("from", "shops.reports.period.from")}</div>
              <div className="col-6">{dateField("to", "shops.reports.period.to")}</div>
            </div>
            <Button type="submit" size="sm" variant="outline-primary">
              {t("shops.reports.period.show")}
            </Button>
          </fieldset>
        </Form>
      </div>
      <p className="d-flex flex-wrap gap-2 d-print-none">
        <Button variant="outline-secondary" onClick={() => window.print()}>
          {t("shops.reports.print")}
        </Button>
        <Link className="btn btn-outline-secondary" to={csvHref("summary")} reloadDocument>
          {t("shops.reports.csv")}
        </Link>
      </p>

      <Section id="summary" title={sectionTitle("summary")} csvHref={csvHref("summary")}>
        <Table size="sm" className="align-middle" data-testid="pnl-summary">
          <thead>
            <tr>
              <th scope="col">{t("shops.reports.col.figure")}</th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.current")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.previous")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.change")}
              </th>
            </tr>
          </thead>
          <tbody>
            {PNL_FIGURES.map(([key, label]) => {
              const strong = key === "netProfitSatang" || key === "grossProfitSatang";
              const now = pnl.totals[key];
              const before = pnl.previous[key];
              const cell = (value: number | null) =>
                key === "marginBasisPoints" ? (
                  value === null ? (
                    "–"
                  ) : (
                    `${marginPercent(value)}%`
                  )
                ) : key === "bills" ? (
                  String(value)
                ) : (
                  <Money satang={value ?? 0} />
                );
              return (
                <tr key={key} className={strong ? "fw-bold" : undefined} data-testid={`pnl-${key}`}>
                  <th scope="row" className={strong ? undefined : "fw-normal"}>
                    {t(label)}
                  </th>
                  <td className="text-end">{cell(now)}</td>
                  <td className="text-end">{cell(before)}</td>
                  <td className="text-end">
                    {key === "marginBasisPoints"
                      ? now === null || before === null
                        ? "–"
                        : `${marginPercent(change(now, before))}%`
                      : cell(change(now ?? 0, before ?? 0))}
                  </td>
                </tr>
              );
            })}
            <tr>
              <th scope="row" className="fw-normal">
                {t("shops.reports.fig.voids")}
              </th>
              <td className="text-end" colSpan={3}>
                {t("shops.reports.fig.voidCount", {
                  count: pnl.totals.voidBills,
                  amount: formatSatang(pnl.totals.voidTotalSatang),
                })}
              </td>
            </tr>
          </tbody>
        </Table>
        {pnl.vatRegistered && (
          <p className="small text-secondary">{t("shops.reports.fig.expensesNote")}</p>
        )}
      </Section>

      <section className="mb-4" aria-labelledby="pnl-chart">
        <h2 className="h4" id="pnl-chart">
          {t("shops.reports.section.chart")}
        </h2>
        <PnlChart
          title={t("shops.reports.chart.title", {
            granularity: t(
              pnl.granularity === "day"
                ? "shops.reports.chart.byDay"
                : "shops.reports.chart.byMonth",
            ),
          })}
          description={t("shops.reports.chart.desc")}
          labels={pnl.byPeriod.map((row) =>
            pnl.granularity === "day" ? row.key.slice(8) : monthText(row.key, lang),
          )}
          series={[
            {
              label: t("shops.reports.fig.netRevenue"),
              color: "#0d6efd",
              dash: "",
              values: pnl.byPeriod.map((row) => row.netRevenueSatang),
            },
            {
              label: t("shops.reports.fig.grossProfit"),
              color: "#198754",
              dash: "8 4",
              values: pnl.byPeriod.map((row) => row.grossProfitSatang),
            },
            {
              label: t("shops.reports.fig.netProfit"),
              color: "#b02a37",
              dash: "2 3",
              values: pnl.byPeriod.map((row) => row.netProfitSatang),
            },
          ]}
        />
      </section>

      <Section id="period" title={sectionTitle("period")} csvHref={csvHref("period")}>
        <Table size="sm" striped data-testid="pnl-by-period">
          <thead>
            <tr>
              <th scope="col">
                {t(
                  pnl.granularity === "day" ? "shops.reports.col.date" : "shops.reports.col.month",
                )}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.revenue")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.fig.grossProfit")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.fig.otherIncome")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.fig.expenses")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.fig.netProfit")}
              </th>
            </tr>
          </thead>
          <tbody>
            {pnl.byPeriod.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="fw-normal text-nowrap">
                  {periodLabel(row.key)}
                </th>
                <td className="text-end">
                  <Money satang={row.netRevenueSatang} />
                </td>
                <td className="text-end">
                  <Money satang={row.grossProfitSatang} />
                </td>
                <td className="text-end">
                  <Money satang={row.otherIncomeSatang} />
                </td>
                <td className="text-end">
                  <Money satang={row.expensesSatang} />
                </td>
                <td className="text-end">
                  <Money satang={row.netProfitSatang} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      <Section id="expenses" title={sectionTitle("expenses")} csvHref={csvHref("expenses")}>
        <Table size="sm" data-testid="pnl-expenses">
          <thead>
            <tr>
              <th scope="col">{t("shops.reports.col.category")}</th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {pnl.expenses.length === 0 && <Empty columns={2} />}
            {pnl.expenses.map((row) => (
              <tr key={row.key ?? `#${row.categoryId}`}>
                <th scope="row" className="fw-normal">
                  {expenseCategoryName(row, t)}
                </th>
                <td className="text-end">
                  <Money satang={row.amountSatang} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      <Section id="items" title={sectionTitle("items")} csvHref={csvHref("items")}>
        <Table size="sm" striped data-testid="pnl-items">
          <thead>
            <tr>
              <th scope="col">{t("shops.reports.col.item")}</th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.qty")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.revenue")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.cost")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.fig.grossProfit")}
              </th>
            </tr>
          </thead>
          <tbody>
            {pnl.byItem.length === 0 && <Empty columns={5} />}
            {pnl.byItem.map((row) => (
              <tr key={row.itemId}>
                <th scope="row" className="fw-normal">
                  {row.name}
                </th>
                <td className="text-end">
                  {(row.qtyMilli / 1000).toLocaleString(lang === "th" ? "th-TH" : "en-GB")}
                </td>
                <td className="text-end">
                  <Money satang={row.netRevenueSatang} />
                </td>
                <td className="text-end">
                  <Money satang={row.costSatang} />
                </td>
                <td className="text-end">
                  <Money satang={row.grossProfitSatang} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      <Section id="categories" title={sectionTitle("categories")} csvHref={csvHref("categories")}>
        <Table size="sm" data-testid="pnl-categories">
          <thead>
            <tr>
              <th scope="col">{t("shops.reports.col.category")}</th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.revenue")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.cost")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.fig.grossProfit")}
              </th>
            </tr>
          </thead>
          <tbody>
            {pnl.byCategory.length === 0 && <Empty columns={4} />}
            {pnl.byCategory.map((row) => (
              <tr key={row.category}>
                <th scope="row" className="fw-normal">
                  {row.category || t("shops.reports.noCategory")}
                </th>
                <td className="text-end">
                  <Money satang={row.netRevenueSatang} />
                </td>
                <td className="text-end">
                  <Money satang={row.costSatang} />
                </td>
                <td className="text-end">
                  <Money satang={row.grossProfitSatang} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      <Section id="cashiers" title={sectionTitle("cashiers")} csvHref={csvHref("cashiers")}>
        <Table size="sm" data-testid="pnl-cashiers">
          <thead>
            <tr>
              <th scope="col">{t("shops.reports.col.cashier")}</th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.bills")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.salesExVat")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.fig.grossProfit")}
              </th>
            </tr>
          </thead>
          <tbody>
            {pnl.byCashier.length === 0 && <Empty columns={4} />}
            {pnl.byCashier.map((row) => (
              <tr key={row.cashierId}>
                <th scope="row" className="fw-normal">
                  {row.name}
                </th>
                <td className="text-end">{row.bills}</td>
                <td className="text-end">
                  <Money satang={row.salesExVatSatang} />
                </td>
                <td className="text-end">
                  <Money satang={row.grossProfitSatang} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      <Section id="payments" title={sectionTitle("payments")} csvHref={csvHref("payments")}>
        <Table size="sm" data-testid="pnl-payments">
          <thead>
            <tr>
              <th scope="col">{t("shops.reports.col.method")}</th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.payments")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.received")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.refunded")}
              </th>
            </tr>
          </thead>
          <tbody>
            {pnl.byPayment.length === 0 && <Empty columns={4} />}
            {pnl.byPayment.map((row) => {
              const key = REPORT_METHOD_TEXT[row.method];
              return (
                <tr key={row.method}>
                  <th scope="row" className="fw-normal">
                    {key ? t(key) : row.method}
                  </th>
                  <td className="text-end">{row.payments}</td>
                  <td className="text-end">
                    <Money satang={row.receivedSatang} />
                  </td>
                  <td className="text-end">
                    <Money satang={row.refundedSatang} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Section>

      <Section id="hours" title={sectionTitle("hours")} csvHref={csvHref("hours")}>
        <Table size="sm" data-testid="pnl-hours">
          <thead>
            <tr>
              <th scope="col">{t("shops.reports.col.hour")}</th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.bills")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.reports.col.salesExVat")}
              </th>
            </tr>
          </thead>
          <tbody>
            {pnl.byHour.length === 0 && <Empty columns={3} />}
            {pnl.byHour.map((row) => (
              <tr key={row.hour}>
                <th
                  scope="row"
                  className="fw-normal"
                >{`${String(row.hour).padStart(2, "0")}:00`}</th>
                <td className="text-end">{row.bills}</td>
                <td className="text-end">
                  <Money satang={row.salesExVatSatang} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      <Section id="vat" title={sectionTitle("vat")} csvHref={csvHref("vat")}>
        {!pnl.vatRegistered && (
          <p className="text-secondary">{t("shops.reports.vat.notRegistered")}</p>
        )}
        <Table size="sm" data-testid="pnl-vat">
          <tbody>
            {(
              [
                ["shops.reports.vat.output", pnl.vat.outputVatSatang],
                ["shops.reports.vat.returned", pnl.vat.returnedVatSatang],
                ["shops.reports.vat.input", pnl.vat.inputVatSatang],
                ["shops.reports.vat.payable", pnl.vat.payableSatang],
              ] as const
            ).map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className="fw-normal">
                  {t(label)}
                </th>
                <td className="text-end">
                  <Money satang={value} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>
    </div>
  );
}
