import { Button } from "react-bootstrap";
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { shopsMeta } from "~/layout/shops-page";
import { formatDate, formatDay } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { PNL_REPORT_TITLE } from "~/modules/reports";
import { profitAndLoss, topCustomers } from "~/modules/reports/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { periodQuery, readPeriod, REPORT_ROLES } from "./period";
import printCss from "./print.css?url";
import {
  AccountPaymentsSection,
  CustomersSections,
  PaymentsSection,
  VatSection,
} from "./sections/money-breakdowns";
import { PeriodPicker } from "./sections/period-picker";
import {
  CashiersSection,
  CategoriesSection,
  ExpensesSection,
  HoursSection,
  ItemsSection,
  LevelsSection,
  PeriodSection,
} from "./sections/sales-breakdowns";
import type { SectionLinks } from "./sections/section";
import { ChartSection, SummarySection } from "./sections/summary";

// The page is the period's header and its sections in order; each section (sections/) takes
// its own part of the loader's figures, so one report can change without reading the others.

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

export default function Reports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, period, pnl, top, printedAt } = loaderData;
  const base = `/shophub/reports/export?shop=${encodeURIComponent(shop.id)}&${periodQuery(pnl.range)}`;
  const links: SectionLinks = {
    csvHref: (report) => `${base}&report=${report}`,
    sectionTitle: (report) => t(PNL_REPORT_TITLE[report]),
  };
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

      <PeriodPicker shopId={shop.id} period={period} />
      <p className="d-flex flex-wrap gap-2 d-print-none">
        <Button variant="outline-secondary" onClick={() => window.print()}>
          {t("shops.reports.print")}
        </Button>
        <Link className="btn btn-outline-secondary" to={links.csvHref("summary")} reloadDocument>
          {t("shops.reports.csv")}
        </Link>
      </p>

      <SummarySection pnl={pnl} links={links} />
      <ChartSection pnl={pnl} />
      <PeriodSection pnl={pnl} links={links} />
      <ExpensesSection pnl={pnl} links={links} />
      <ItemsSection pnl={pnl} links={links} />
      <CategoriesSection pnl={pnl} links={links} />
      <CashiersSection pnl={pnl} links={links} />
      <CustomersSections pnl={pnl} top={top} shopId={shop.id} links={links} />
      <PaymentsSection pnl={pnl} links={links} />
      <HoursSection pnl={pnl} links={links} />
      <LevelsSection pnl={pnl} links={links} />
      <AccountPaymentsSection pnl={pnl} links={links} />
      <VatSection pnl={pnl} links={links} />
    </div>
  );
}
