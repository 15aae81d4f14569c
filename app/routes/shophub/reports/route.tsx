import type { ReactNode } from "react";
import { Button, Form as BsForm } from "react-bootstrap";
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { dateText, monthText as pickedMonthText, rangeText } from "~/lib/date-text";
import { formatDate, formatDay, formatMonth } from "~/lib/dates";
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
import { profitAndLoss, topCustomers } from "~/modules/reports/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { DateShown, usePicked } from "~/ui/date-shown";
import { DayInput } from "~/ui/day-input";
import { BreakdownTable, Money } from "./breakdown-table";
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
    top: topCustomers(pnl.byCustomer),
    printedAt: new Date().toISOString(),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.reports.title");

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

export default function Reports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, period, pnl, top, printedAt } = loaderData;
  const base = `/shophub/reports/export?shop=${encodeURIComponent(shop.id)}&${periodQuery(pnl.range)}`;
  const csvHref = (report: PnlReport) => `${base}&report=${report}`;
  const sectionTitle = (report: PnlReport) => t(PNL_REPORT_TITLE[report]);
  // A customer's row links to their page; sales without a customer are one row (issue 37).
  const customerCell = (row: (typeof pnl.byCustomer)[number]) =>
    row.customerId === null ? (
      t("shops.reports.walkIn")
    ) : (
      <Link to={`/shophub/customers/${row.customerId}?shop=${encodeURIComponent(shop.id)}`}>
        {row.name}
      </Link>
    );
  const customerColumns = [
    {
      header: t("shops.reports.col.bills"),
      cell: (row: (typeof pnl.byCustomer)[number]) => row.bills,
    },
    {
      header: t("shops.reports.col.revenue"),
      satang: (row: (typeof pnl.byCustomer)[number]) => row.netRevenueSatang,
    },
    {
      header: t("shops.reports.fig.grossProfit"),
      satang: (row: (typeof pnl.byCustomer)[number]) => row.grossProfitSatang,
    },
    {
      header: t("shops.reports.col.lastSale"),
      cell: (row: (typeof pnl.byCustomer)[number]) =>
        row.lastSaleAt ? formatDate(row.lastSaleAt, lang) : "",
    },
  ];
  const periodLabel = (key: string) =>
    pnl.granularity === "day" ? formatDay(key, lang) : formatMonth(key, lang);
  const picked = {
    day: usePicked(period.values.day),
    month: usePicked(period.values.month),
    from: usePicked(period.values.from),
    to: usePicked(period.values.to),
  };
  // Under each field, what was typed in words, as it is typed.
  const shown = {
    day: dateText(picked.day.value, lang),
    month: pickedMonthText(picked.month.value, lang),
    range: rangeText(picked.from.value, picked.to.value, lang),
  };
  const describedBy = (name: "day" | "month" | "from" | "to") =>
    [
      period.errors[name] ? `pnl-${name}-error` : null,
      name === "from" || name === "to" ? "pnl-range-shown" : `pnl-${name}-shown`,
    ]
      .filter(Boolean)
      .join(" ");
  const dateField = (name: "day" | "from" | "to", label: MessageKey) => (
    <BsForm.Group controlId={`pnl-${name}`} className="mb-2">
      <BsForm.Label>{t(label)}</BsForm.Label>
      <DayInput
        lang={lang}
        placeholder={t("shops.dayInput.day")}
        name={name}
        defaultValue={period.values[name]}
        onChange={picked[name].onChange}
        isInvalid={Boolean(period.errors[name])}
        aria-describedby={describedBy(name)}
      />
      {period.errors[name] && (
        <BsForm.Control.Feedback type="invalid" id={`pnl-${name}-error`}>
          {t(period.errors[name])}
        </BsForm.Control.Feedback>
      )}
      {name === "day" && <DateShown id="pnl-day-shown" text={shown.day} />}
    </BsForm.Group>
  );
  const shopField = <input type="hidden" name="shop" value={shop.id} />;
  const figure = (key: (typeof PNL_FIGURES)[number][0], value: number | null) =>
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
    <div className="pnl-report">
      <h1 className="h2">{t("shops.reports.title")}</h1>
      <p className="text-secondary mb-1" data-testid="shop-name">
        {shop.name}
      </p>
      <p className="fw-semibold mb-1" data-testid="pnl-period">
        {t("shops.reports.period.showing", {
          from: formatDay(pnl.range.from, lang),
          to: formatDay(pnl.range.to, lang),
        })}
      </p>
      <p className="text-secondary small">
        {t("shops.reports.period.previous", {
          from: formatDay(pnl.previousRange.from, lang),
          to: formatDay(pnl.previousRange.to, lang),
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
            {dateField("day", "shops.reports.period.dayField")}
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
              <BsForm.Label>{t("shops.reports.period.monthField")}</BsForm.Label>
              <DayInput
                month
                lang={lang}
                placeholder={t("shops.dayInput.month")}
                name="month"
                defaultValue={period.values.month}
                onChange={picked.month.onChange}
                isInvalid={Boolean(period.errors.month)}
                aria-describedby={describedBy("month")}
              />
              {period.errors.month && (
                <BsForm.Control.Feedback type="invalid" id="pnl-month-error">
                  {t(period.errors.month)}
                </BsForm.Control.Feedback>
              )}
              <DateShown id="pnl-month-shown" text={shown.month} />
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
            <DateShown id="pnl-range-shown" text={shown.range} />
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
        <BreakdownTable
          testId="pnl-summary"
          className="align-middle"
          rows={PNL_FIGURES}
          rowKey={([key]) => key}
          rowTestId={([key]) => `pnl-${key}`}
          strong={([key]) => key === "netProfitSatang" || key === "grossProfitSatang"}
          rowHeader={{ header: t("shops.reports.col.figure"), cell: ([, label]) => t(label) }}
          columns={[
            {
              header: t("shops.reports.col.current"),
              cell: ([key]) => figure(key, pnl.totals[key]),
            },
            {
              header: t("shops.reports.col.previous"),
              cell: ([key]) => figure(key, pnl.previous[key]),
            },
            {
              header: t("shops.reports.col.change"),
              cell: ([key]) => {
                const now = pnl.totals[key];
                const before = pnl.previous[key];
                if (key !== "marginBasisPoints") return figure(key, (now ?? 0) - (before ?? 0));
                return now === null || before === null ? "–" : `${marginPercent(now - before)}%`;
              },
            },
          ]}
          after={
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
          }
        />
        {pnl.vatRegistered && (
          <p className="small text-secondary">{t("shops.reports.fig.expensesNote")}</p>
        )}
      </Section>

      <section className="mb-4" aria-labelledby="pnl-chart">
        <h2 className="h4" id="pnl-chart">
          {t("shops.reports.section.chart")}
        </h2>
        {pnl.byPeriod.every(
          (row) =>
            row.netRevenueSatang === 0 && row.grossProfitSatang === 0 && row.netProfitSatang === 0,
        ) ? (
          // Three flat lines on zero say nothing: the period has no figures to draw.
          <p className="text-secondary" data-testid="pnl-chart-empty">
            {t("shops.reports.chart.empty")}
          </p>
        ) : (
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
              pnl.granularity === "day" ? row.key.slice(8) : formatMonth(row.key, lang),
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
        )}
      </section>

      <Section id="period" title={sectionTitle("period")} csvHref={csvHref("period")}>
        <BreakdownTable
          testId="pnl-by-period"
          striped
          rows={pnl.byPeriod}
          rowKey={(row) => row.key}
          rowHeader={{
            header: t(
              pnl.granularity === "day" ? "shops.reports.col.date" : "shops.reports.col.month",
            ),
            cell: (row) => periodLabel(row.key),
            nowrap: true,
          }}
          columns={[
            { header: t("shops.reports.col.revenue"), satang: (row) => row.netRevenueSatang },
            { header: t("shops.reports.fig.grossProfit"), satang: (row) => row.grossProfitSatang },
            { header: t("shops.reports.fig.otherIncome"), satang: (row) => row.otherIncomeSatang },
            { header: t("shops.reports.fig.expenses"), satang: (row) => row.expensesSatang },
            { header: t("shops.reports.fig.netProfit"), satang: (row) => row.netProfitSatang },
          ]}
        />
      </Section>

      <Section id="expenses" title={sectionTitle("expenses")} csvHref={csvHref("expenses")}>
        <BreakdownTable
          testId="pnl-expenses"
          sayEmpty
          rows={pnl.expenses}
          rowKey={(row) => row.key ?? `#${row.categoryId}`}
          rowHeader={{
            header: t("shops.reports.col.category"),
            cell: (row) => expenseCategoryName(row, t),
          }}
          columns={[{ header: t("shops.reports.col.amount"), satang: (row) => row.amountSatang }]}
        />
      </Section>

      <Section id="items" title={sectionTitle("items")} csvHref={csvHref("items")}>
        <BreakdownTable
          testId="pnl-items"
          striped
          sayEmpty
          rows={pnl.byItem}
          rowKey={(row) => row.itemId}
          rowHeader={{ header: t("shops.reports.col.item"), cell: (row) => row.name }}
          columns={[
            {
              header: t("shops.reports.col.qty"),
              cell: (row) =>
                (row.qtyMilli / 1000).toLocaleString(lang === "th" ? "th-TH" : "en-GB"),
            },
            { header: t("shops.reports.col.revenue"), satang: (row) => row.netRevenueSatang },
            { header: t("shops.reports.col.cost"), satang: (row) => row.costSatang },
            { header: t("shops.reports.fig.grossProfit"), satang: (row) => row.grossProfitSatang },
          ]}
        />
      </Section>

      <Section id="categories" title={sectionTitle("categories")} csvHref={csvHref("categories")}>
        <BreakdownTable
          testId="pnl-categories"
          sayEmpty
          rows={pnl.byCategory}
          rowKey={(row) => row.category}
          rowHeader={{
            header: t("shops.reports.col.category"),
            cell: (row) => row.category || t("shops.reports.noCategory"),
          }}
          columns={[
            { header: t("shops.reports.col.revenue"), satang: (row) => row.netRevenueSatang },
            { header: t("shops.reports.col.cost"), satang: (row) => row.costSatang },
            { header: t("shops.reports.fig.grossProfit"), satang: (row) => row.grossProfitSatang },
          ]}
        />
      </Section>

      <Section id="cashiers" title={sectionTitle("cashiers")} csvHref={csvHref("cashiers")}>
        <BreakdownTable
          testId="pnl-cashiers"
          sayEmpty
          rows={pnl.byCashier}
          rowKey={(row) => row.cashierId}
          rowHeader={{ header: t("shops.reports.col.cashier"), cell: (row) => row.name }}
          columns={[
            { header: t("shops.reports.col.bills"), cell: (row) => row.bills },
            { header: t("shops.reports.col.salesExVat"), satang: (row) => row.salesExVatSatang },
            { header: t("shops.reports.fig.grossProfit"), satang: (row) => row.grossProfitSatang },
            { header: t("shops.reports.col.discount"), satang: (row) => row.discountSatang },
            { header: t("shops.reports.col.approvedBills"), cell: (row) => row.approvedBills },
            { header: t("shops.reports.col.priceOverrides"), cell: (row) => row.priceOverrides },
            {
              header: t("shops.reports.col.priceOverrideValue"),
              satang: (row) => row.priceOverrideSatang,
            },
          ]}
        />
      </Section>

      <Section
        id="topCustomers"
        title={sectionTitle("topCustomers")}
        csvHref={csvHref("topCustomers")}
      >
        <BreakdownTable
          testId="pnl-top-customers"
          sayEmpty
          rows={top}
          rowKey={(row) => row.customerId ?? ""}
          rowHeader={{ header: t("shops.reports.col.customer"), cell: customerCell }}
          columns={customerColumns}
        />
      </Section>

      <Section id="customers" title={sectionTitle("customers")} csvHref={csvHref("customers")}>
        <BreakdownTable
          testId="pnl-customers"
          sayEmpty
          rows={pnl.byCustomer}
          rowKey={(row) => row.customerId ?? ""}
          rowHeader={{ header: t("shops.reports.col.customer"), cell: customerCell }}
          columns={customerColumns}
        />
      </Section>

      <Section id="payments" title={sectionTitle("payments")} csvHref={csvHref("payments")}>
        <BreakdownTable
          testId="pnl-payments"
          sayEmpty
          rows={pnl.byPayment}
          rowKey={(row) => row.method}
          rowHeader={{
            header: t("shops.reports.col.method"),
            cell: (row) => {
              const key = REPORT_METHOD_TEXT[row.method];
              return key ? t(key) : row.method;
            },
          }}
          columns={[
            { header: t("shops.reports.col.payments"), cell: (row) => row.payments },
            { header: t("shops.reports.col.received"), satang: (row) => row.receivedSatang },
            { header: t("shops.reports.col.refunded"), satang: (row) => row.refundedSatang },
          ]}
        />
      </Section>

      <Section id="hours" title={sectionTitle("hours")} csvHref={csvHref("hours")}>
        <BreakdownTable
          testId="pnl-hours"
          sayEmpty
          rows={pnl.byHour}
          rowKey={(row) => row.hour}
          rowHeader={{
            header: t("shops.reports.col.hour"),
            cell: (row) => `${String(row.hour).padStart(2, "0")}:00`,
          }}
          columns={[
            { header: t("shops.reports.col.bills"), cell: (row) => row.bills },
            { header: t("shops.reports.col.salesExVat"), satang: (row) => row.salesExVatSatang },
          ]}
        />
      </Section>

      <Section id="levels" title={sectionTitle("levels")} csvHref={csvHref("levels")}>
        {pnl.byPriceLevel.length === 0 ? (
          <p className="text-secondary" data-testid="pnl-levels-none">
            {t("shops.reports.level.none")}
          </p>
        ) : (
          <BreakdownTable
            testId="pnl-levels"
            rows={pnl.byPriceLevel}
            rowKey={(row) => `${row.levelId ?? ""}:${row.name}`}
            rowHeader={{
              header: t("shops.reports.col.level"),
              cell: (row) =>
                row.levelId === null && row.name === ""
                  ? t("shops.reports.level.retail")
                  : row.name,
            }}
            columns={[
              { header: t("shops.reports.col.bills"), cell: (row) => row.bills },
              { header: t("shops.reports.col.salesExVat"), satang: (row) => row.salesExVatSatang },
              { header: t("shops.reports.col.returns"), satang: (row) => row.returnsExVatSatang },
              { header: t("shops.reports.col.revenue"), satang: (row) => row.netRevenueSatang },
              {
                header: t("shops.reports.fig.grossProfit"),
                satang: (row) => row.grossProfitSatang,
              },
            ]}
          />
        )}
      </Section>

      <Section
        id="accountPayments"
        title={sectionTitle("accountPayments")}
        csvHref={csvHref("accountPayments")}
      >
        <p className="text-secondary small">{t("shops.reports.accountPayments.lead")}</p>
        <BreakdownTable
          testId="pnl-account-payments"
          sayEmpty
          rows={pnl.accountPayments}
          rowKey={(row) => `${row.receiverId}:${row.method}`}
          rowHeader={{ header: t("shops.reports.col.receivedBy"), cell: (row) => row.name }}
          columns={[
            {
              header: t("shops.reports.col.method"),
              cell: (row) => {
                const key = REPORT_METHOD_TEXT[row.method];
                return key ? t(key) : row.method;
              },
            },
            { header: t("shops.reports.col.payments"), cell: (row) => row.payments },
            { header: t("shops.reports.col.received"), satang: (row) => row.receivedSatang },
            { header: t("shops.reports.col.approved"), satang: (row) => row.approvedSatang },
            {
              header: t("shops.reports.col.outsideShift"),
              satang: (row) => row.outsideShiftSatang,
            },
            { header: t("shops.reports.col.voids"), cell: (row) => row.voids },
            { header: t("shops.reports.col.voided"), satang: (row) => row.voidedSatang },
            { header: t("shops.reports.col.net"), satang: (row) => row.netSatang },
          ]}
        />
      </Section>

      <Section id="vat" title={sectionTitle("vat")} csvHref={csvHref("vat")}>
        {!pnl.vatRegistered && (
          <p className="text-secondary">{t("shops.reports.vat.notRegistered")}</p>
        )}
        <BreakdownTable
          testId="pnl-vat"
          rows={
            [
              ["shops.reports.vat.output", pnl.vat.outputVatSatang],
              ["shops.reports.vat.returned", pnl.vat.returnedVatSatang],
              ["shops.reports.vat.input", pnl.vat.inputVatSatang],
              ["shops.reports.vat.payable", pnl.vat.payableSatang],
            ] as const
          }
          rowKey={([label]) => label}
          rowHeader={{ header: null, cell: ([label]) => t(label) }}
          columns={[{ header: "amount", cell: ([, value]) => <Money satang={value} /> }]}
        />
      </Section>
    </div>
  );
}
