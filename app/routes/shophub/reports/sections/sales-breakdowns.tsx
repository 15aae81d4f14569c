import { formatDay, formatMonth } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { expenseCategoryName } from "~/modules/reports";
import { BreakdownTable } from "../breakdown-table";
import { ReportSection, type SectionLinks } from "./section";
import type { Pnl } from "./types";

interface Props {
  pnl: Pnl;
  links: SectionLinks;
}

/** The period's figures day by day (or month by month for a long range). */
export function PeriodSection({ pnl, links }: Props) {
  const t = useT();
  const lang = useLang();
  const periodLabel = (key: string) =>
    pnl.granularity === "day" ? formatDay(key, lang) : formatMonth(key, lang);
  return (
    <ReportSection id="period" links={links}>
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
    </ReportSection>
  );
}

export function ExpensesSection({ pnl, links }: Props) {
  const t = useT();
  return (
    <ReportSection id="expenses" links={links}>
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
    </ReportSection>
  );
}

export function ItemsSection({ pnl, links }: Props) {
  const t = useT();
  const lang = useLang();
  return (
    <ReportSection id="items" links={links}>
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
            cell: (row) => (row.qtyMilli / 1000).toLocaleString(lang === "th" ? "th-TH" : "en-GB"),
          },
          { header: t("shops.reports.col.revenue"), satang: (row) => row.netRevenueSatang },
          { header: t("shops.reports.col.cost"), satang: (row) => row.costSatang },
          { header: t("shops.reports.fig.grossProfit"), satang: (row) => row.grossProfitSatang },
        ]}
      />
    </ReportSection>
  );
}

export function CategoriesSection({ pnl, links }: Props) {
  const t = useT();
  return (
    <ReportSection id="categories" links={links}>
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
    </ReportSection>
  );
}

/** Each cashier's bills, discounts and price overrides (who gave what away). */
export function CashiersSection({ pnl, links }: Props) {
  const t = useT();
  return (
    <ReportSection id="cashiers" links={links}>
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
    </ReportSection>
  );
}

export function HoursSection({ pnl, links }: Props) {
  const t = useT();
  return (
    <ReportSection id="hours" links={links}>
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
    </ReportSection>
  );
}

/** Sales by price level; a shop without levels is told so rather than shown one retail row. */
export function LevelsSection({ pnl, links }: Props) {
  const t = useT();
  return (
    <ReportSection id="levels" links={links}>
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
              row.levelId === null && row.name === "" ? t("shops.reports.level.retail") : row.name,
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
    </ReportSection>
  );
}
