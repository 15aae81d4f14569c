import { Link } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { adminMeta } from "~/layout/admin-page";
import { bangkokIsoDate, formatDay } from "~/lib/dates";
import { langOf } from "~/lib/i18n/lang.server";
import { useT } from "~/lib/i18n/use-translation";
import {
  ALL_ROUTES,
  METRICS,
  PERIODS,
  type MetricName,
  type Period,
  type Rating,
  type VitalSummary,
} from "~/modules/analytics";
import { analyticsReport } from "~/modules/analytics/index.server";
import { RATING_COLORS, RatingBars, TrafficChart } from "./charts";

/*
 * /admin/analytics (administrators: the admin layout's gate): page views and unique visitors
 * over the last 24 hours, 7 or 30 days, top pages, referring sites, devices and languages, and
 * each route's 75th percentile of every Web Vital rated good / needs improvement / poor
 * (decision 0076). Read from the roll-ups, brought up to the second first.
 */

function periodOf(value: string | null): Period {
  return (PERIODS as readonly string[]).includes(value ?? "") ? (value as Period) : "week";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const lang = langOf(context);
  const period = periodOf(new URL(request.url).searchParams.get("period"));
  const report = await analyticsReport(db, period);
  const label = (start: string) =>
    report.granularity === "hour"
      ? `${String(new Date(new Date(start).getTime() + 7 * 3_600_000).getUTCHours()).padStart(2, "0")}:00`
      : formatDay(bangkokIsoDate(start), lang).replace(/ \S+$/, "");
  return { report, labels: report.series.map((s) => label(s.start)) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, location.pathname, "admin.analytics.title");

const formatValue = (metric: MetricName, value: number) =>
  metric === "CLS" ? value.toFixed(2) : `${Math.round(value).toLocaleString("en-US")} ms`;

function VitalCell({ metric, summary }: { metric: MetricName; summary: VitalSummary | undefined }) {
  const t = useT();
  if (!summary) return <td className="text-secondary">–</td>;
  return (
    <td data-rating={summary.rating} data-testid={`vital-${metric}`}>
      <span className="fw-bold" style={{ color: RATING_COLORS[summary.rating] }}>
        {formatValue(metric, summary.p75)}
      </span>
      <br />
      <small>
        {t(`admin.analytics.rating.${summary.rating}`)} ·{" "}
        {t("admin.analytics.samples", { count: summary.samples })}
      </small>
    </td>
  );
}

function CountTable({
  title,
  head,
  rows,
  testId,
}: {
  title: string;
  head: string;
  rows: { label: string; count: number }[];
  testId: string;
}) {
  const t = useT();
  return (
    <section className="col-lg-6 mb-4">
      <h2 className="h5">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-secondary">{t("admin.analytics.none")}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm" data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">{head}</th>
                <th scope="col" className="text-end">
                  {t("admin.analytics.pageViews")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <td>
                    <code>{row.label}</code>
                  </td>
                  <td className="text-end">{row.count.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { report, labels } = loaderData;
  const all = report.vitals.find((row) => row.route === ALL_ROUTES);
  const ratingRows = METRICS.flatMap((metric) => {
    const summary = all?.metrics[metric];
    return summary ? [{ metric, good: summary.good, ni: summary.ni, poor: summary.poor }] : [];
  });
  const ratingLabels: Record<Rating, string> = {
    good: t("admin.analytics.rating.good"),
    ni: t("admin.analytics.rating.ni"),
    poor: t("admin.analytics.rating.poor"),
  };
  return (
    <>
      <h1 className="h2">{t("admin.analytics.title")}</h1>
      <p className="text-secondary">{t("admin.analytics.lead")}</p>
      <nav aria-label={t("admin.analytics.period")}>
        <ul className="nav nav-pills mb-3">
          {PERIODS.map((period) => (
            <li key={period} className="nav-item">
              <Link
                to={`?period=${period}`}
                className={`nav-link${period === report.period ? " active" : ""}`}
                aria-current={period === report.period ? "page" : undefined}
                data-testid={`analytics-period-${period}`}
              >
                {t(`admin.analytics.period.${period}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="row g-3 mb-3">
        <div className="col-sm-6">
          <section className="card h-100">
            <div className="card-body">
              <h2 className="h6 card-title">{t("admin.analytics.pageViews")}</h2>
              <p className="display-6 mb-0" data-testid="analytics-page-views">
                {report.totals.pageViews.toLocaleString("en-US")}
              </p>
            </div>
          </section>
        </div>
        <div className="col-sm-6">
          <section className="card h-100">
            <div className="card-body">
              <h2 className="h6 card-title">{t("admin.analytics.visitors")}</h2>
              <p className="display-6 mb-0" data-testid="analytics-visitors">
                {report.totals.visitors.toLocaleString("en-US")}
              </p>
              <p className="small text-secondary mb-0">
                {t(`admin.analytics.visitorsNote.${report.granularity}`)}
              </p>
            </div>
          </section>
        </div>
      </div>
      <TrafficChart
        title={t("admin.analytics.chartTitle")}
        description={t("admin.analytics.chartDescription", {
          pageViews: report.totals.pageViews,
          visitors: report.totals.visitors,
        })}
        labels={labels}
        pageViews={report.series.map((s) => s.pageViews)}
        visitors={report.series.map((s) => s.visitors)}
        legend={{
          pageViews: t("admin.analytics.pageViews"),
          visitors: t("admin.analytics.visitors"),
        }}
      />
      <details className="mb-4">
        <summary>{t("admin.analytics.chartTitle")}</summary>
        <div className="table-responsive">
          <table className="table table-sm" data-testid="analytics-series">
            <thead>
              <tr>
                <th scope="col">{t("admin.analytics.when")}</th>
                <th scope="col" className="text-end">
                  {t("admin.analytics.pageViews")}
                </th>
                <th scope="col" className="text-end">
                  {t("admin.analytics.visitors")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.series.map((s, i) => (
                <tr key={s.start}>
                  <td>{labels[i]}</td>
                  <td className="text-end">{s.pageViews}</td>
                  <td className="text-end">{s.visitors}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <div className="row">
        <CountTable
          title={t("admin.analytics.topPages")}
          head={t("admin.analytics.route")}
          rows={report.pages.map((row) => ({ label: row.route, count: row.pageViews }))}
          testId="analytics-pages"
        />
        <CountTable
          title={t("admin.analytics.referrers")}
          head={t("admin.analytics.referrer")}
          rows={report.referrers.map((row) => ({
            label: row.host || t("admin.analytics.direct"),
            count: row.pageViews,
          }))}
          testId="analytics-referrers"
        />
        <CountTable
          title={t("admin.analytics.devices")}
          head={t("admin.analytics.devices")}
          rows={report.devices.map((row) => ({
            label: t(`admin.analytics.device.${row.device as "mobile" | "tablet" | "desktop"}`),
            count: row.pageViews,
          }))}
          testId="analytics-devices"
        />
        <CountTable
          title={t("admin.analytics.langs")}
          head={t("admin.analytics.langs")}
          rows={report.langs.map((row) => ({
            label: t(`admin.analytics.lang.${row.lang as "th" | "en"}`),
            count: row.pageViews,
          }))}
          testId="analytics-langs"
        />
      </div>
      <section>
        <h2 className="h5">{t("admin.analytics.vitals")}</h2>
        <p className="small text-secondary">{t("admin.analytics.vitalsLead")}</p>
        {ratingRows.length > 0 && (
          <RatingBars
            title={t("admin.analytics.vitalsChart")}
            rows={ratingRows}
            labels={ratingLabels}
          />
        )}
        {report.vitals.length === 0 ? (
          <p className="text-secondary">{t("admin.analytics.none")}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-top" data-testid="analytics-vitals">
              <thead>
                <tr>
                  <th scope="col">{t("admin.analytics.route")}</th>
                  {METRICS.map((metric) => (
                    <th key={metric} scope="col">
                      {metric}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.vitals.map((row) => (
                  <tr key={row.route} data-route={row.route}>
                    <th scope="row">
                      {row.route === ALL_ROUTES ? (
                        t("admin.analytics.allRoutes")
                      ) : (
                        <code>{row.route}</code>
                      )}
                    </th>
                    {METRICS.map((metric) => (
                      <VitalCell key={metric} metric={metric} summary={row.metrics[metric]} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
