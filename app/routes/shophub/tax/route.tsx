import { Button, Form as BsForm, Table } from "react-bootstrap";
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { monthText as pickedMonthText } from "~/lib/date-text";
import { formatDate } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { langOf } from "~/lib/i18n/lang.server";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import {
  readTaxMonth,
  TAX_FORMATS,
  TAX_REPORTS,
  type TaxCell,
  type TaxFormat,
  type TaxReportKind,
  type TaxSheetColumn,
  taxMonthText,
} from "~/modules/reports";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { DateShown, usePicked } from "~/ui/date-shown";
import { DayInput } from "~/ui/day-input";
import printCss from "./print.css?url";
import { taxSheetOf } from "./tax-data.server";
import { reportOfPath, TAX_PATH, TAX_ROLES } from "./tax-paths";

// The monthly tax reports (issue 35, decision 0068): one module for the three pages, the report
// read from the address (/shophub/tax is the ภ.พ.30 figures).
export const middleware: Route.MiddlewareFunction[] = [chosenShop(TAX_ROLES)];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printCss }];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const kind = reportOfPath(url.pathname);
  const reading = readTaxMonth(url.searchParams.get("month"));
  // A refused month is said next to its field; the page shows last month meanwhile.
  const month = reading.ok ? reading.taxMonth : reading.fallback;
  const sheet = await taxSheetOf(db, shop, kind, month, langOf(context));
  return {
    shop: { id: shop.id, name: shop.name },
    kind,
    month: month.month,
    typed: reading.ok ? (url.searchParams.get("month") ?? month.month) : reading.typed,
    error: reading.ok ? null : reading.error,
    sheet,
    printedAt: new Date().toISOString(),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, NAV_TEXT[reportOfPath(location.pathname)]);

const NAV_TEXT: Record<TaxReportKind, MessageKey> = {
  vat: "shops.tax.nav.vat",
  sales: "shops.tax.nav.sales",
  purchases: "shops.tax.nav.purchases",
};

const FORMAT_TEXT: Record<TaxFormat, MessageKey> = {
  pdf: "shops.tax.download.pdf",
  csv: "shops.tax.download.csv",
  xlsx: "shops.tax.download.xlsx",
};

function Cell({ cell, column }: { cell: TaxCell; column: TaxSheetColumn }) {
  if (typeof cell !== "number") return <>{cell}</>;
  return <>{column.kind === "money" ? formatSatang(cell) : cell}</>;
}

export default function TaxReports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, kind, month, typed, error, sheet, printedAt } = loaderData;
  const picked = usePicked(typed);
  const shopQuery = `shop=${encodeURIComponent(shop.id)}`;
  const fileHref = (format: TaxFormat) =>
    `/shophub/tax/export?${shopQuery}&report=${kind}&format=${format}&month=${month}`;
  // The table of the page and the print: every column but those only the files carry.
  const shown = sheet.columns.flatMap((column, index) =>
    column.fileOnly ? [] : [{ column, index }],
  );
  return (
    // The two reports print landscape (print.css), the ภ.พ.30 figures portrait.
    <div className={`tax-report${kind === "vat" ? "" : " tax-report-wide"}`}>
      <h1 className="h2 d-print-none">{t("shops.tax.title")}</h1>
      <p className="text-secondary d-print-none" data-testid="shop-name">
        {shop.name}
      </p>
      <p className="lead text-secondary d-print-none">{t("shops.tax.lead")}</p>
      <ul className="nav nav-tabs mb-3 d-print-none" data-testid="tax-nav">
        {TAX_REPORTS.map((report) => (
          <li className="nav-item" key={report}>
            <Link
              className={`nav-link${report === kind ? " active" : ""}`}
              aria-current={report === kind ? "page" : undefined}
              to={`${TAX_PATH[report]}?${shopQuery}&month=${month}`}
            >
              {t(NAV_TEXT[report])}
            </Link>
          </li>
        ))}
      </ul>

      <div className="d-flex flex-wrap align-items-end gap-3 mb-3 d-print-none">
        <Form method="get" className="d-flex flex-wrap align-items-start gap-2">
          <input type="hidden" name="shop" value={shop.id} />
          <BsForm.Group controlId="tax-month">
            <BsForm.Label>{t("shops.tax.month.field")}</BsForm.Label>
            <DayInput
              month
              lang={lang}
              placeholder={t("shops.dayInput.month")}
              name="month"
              defaultValue={typed}
              onChange={picked.onChange}
              isInvalid={Boolean(error)}
              aria-describedby={`${error ? "tax-month-error " : ""}tax-month-shown`}
            />
            {error && (
              <BsForm.Control.Feedback type="invalid" id="tax-month-error">
                {t(error)}{" "}
                {t("shops.tax.month.showingInstead", { month: taxMonthText(month, lang) })}
              </BsForm.Control.Feedback>
            )}
            <DateShown id="tax-month-shown" text={pickedMonthText(picked.value, lang)} />
          </BsForm.Group>
          <Button type="submit" variant="outline-primary" className="mt-4">
            {t("shops.tax.month.show")}
          </Button>
        </Form>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-secondary" onClick={() => window.print()}>
            {t("shops.tax.print")}
          </Button>
          {TAX_FORMATS.map((format) => (
            <a
              key={format}
              className="btn btn-outline-secondary"
              href={fileHref(format)}
              download
              data-testid={`tax-${format}`}
            >
              {t(FORMAT_TEXT[format])}
            </a>
          ))}
        </div>
      </div>

      <section aria-labelledby="tax-sheet-title" data-testid="tax-sheet">
        <header className="text-center mb-2">
          <h2 className="h4 mb-1" id="tax-sheet-title">
            {sheet.title}
          </h2>
          <p className="fw-semibold mb-2" data-testid="tax-period">
            {sheet.period}
          </p>
        </header>
        <dl className="row small mb-2" data-testid="tax-heading">
          {sheet.heading.map((item) => (
            <div className="col-12 col-md-6 d-flex gap-2" key={item.label}>
              <dt className="fw-semibold">{item.label}</dt>
              <dd className="mb-1">{item.value}</dd>
            </div>
          ))}
        </dl>
        <div className="table-responsive">
          <Table bordered size="sm" className="tax-table align-top" data-testid="tax-table">
            <thead className="table-light">
              <tr>
                {shown.map(({ column }) => (
                  <th
                    scope="col"
                    key={column.label}
                    className={column.kind === "text" ? "" : "text-end"}
                    style={{ width: `${column.width}%` }}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sheet.rows.length === 0 && (
                <tr>
                  <td colSpan={shown.length} className="text-secondary">
                    {t("shops.tax.empty")}
                  </td>
                </tr>
              )}
              {sheet.rows.map((row, at) => (
                <tr
                  key={at}
                  className={row.cancelled ? "text-secondary" : undefined}
                  data-testid="tax-row"
                >
                  {shown.map(({ column, index }) => (
                    <td
                      key={column.label}
                      className={column.kind === "text" ? "" : "text-end text-nowrap"}
                    >
                      <Cell cell={row.cells[index] ?? ""} column={column} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {sheet.total && (
              <tfoot>
                <tr className="fw-semibold" data-testid="tax-total">
                  {shown.map(({ column, index }) => (
                    <td
                      key={column.label}
                      className={column.kind === "text" ? "" : "text-end text-nowrap"}
                    >
                      <Cell cell={sheet.total?.[index] ?? ""} column={column} />
                    </td>
                  ))}
                </tr>
              </tfoot>
            )}
          </Table>
        </div>
        <ul className="small text-secondary ps-3" data-testid="tax-notes">
          {sheet.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
        <p className="small text-secondary d-none d-print-block">
          {t("shops.tax.printedOn", { date: formatDate(printedAt, lang) })}
        </p>
      </section>
    </div>
  );
}
