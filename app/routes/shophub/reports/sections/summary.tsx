import { formatMonth } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import { marginPercent, PNL_FIGURES } from "~/modules/reports";
import { BreakdownTable, Money } from "../breakdown-table";
import { PnlChart } from "../chart";
import { ReportSection, type SectionLinks } from "./section";
import type { Pnl } from "./types";

type FigureKey = (typeof PNL_FIGURES)[number][0];

/** A figure of the summary as shown: a margin in per cent, a count of bills, or money. */
function figure(key: FigureKey, value: number | null) {
  return key === "marginBasisPoints" ? (
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
}

/** The P&L summary: each figure now, in the previous period and the change, then the voids. */
export function SummarySection({ pnl, links }: { pnl: Pnl; links: SectionLinks }) {
  const t = useT();
  return (
    <ReportSection id="summary" links={links}>
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
    </ReportSection>
  );
}

/** Revenue, gross and net profit over the period's days or months, drawn. */
export function ChartSection({ pnl }: { pnl: Pnl }) {
  const t = useT();
  const lang = useLang();
  return (
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
  );
}
