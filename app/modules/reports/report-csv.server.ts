import type { Lang } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { satangToBahtInput } from "~/lib/money";
import { csvRow, csvText, UTF8_BOM } from "~/modules/stock/index.server";
import { bangkokIsoDate } from "~/lib/dates";
import { type ProfitAndLoss, topCustomers } from "./profit-and-loss.server";
import {
  expenseCategoryName,
  figureValue,
  PNL_FIGURES,
  REPORT_METHOD_TEXT,
  type PnlReport,
} from "./report-texts";

/*
 * Every report of the profit-and-loss page as a CSV file: UTF-8 with a BOM so Excel shows the
 * Thai headers, CRLF records, money in baht with two decimals (no grouping, so a spreadsheet
 * reads it as a number), days as YYYY-MM-DD, names a person typed made formula-safe.
 */

/** A quantity in thousandths as plain decimals: 2500 → "2.5". */
function qtyText(milli: number): string {
  const sign = milli < 0 ? "-" : "";
  const abs = Math.abs(milli);
  const rest = abs % 1000;
  const whole = `${sign}${Math.floor(abs / 1000)}`;
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(3, "0").replace(/0+$/, "")}`;
}

/** One report of the page as CSV text (with the BOM). */
export function pnlCsv(pnl: ProfitAndLoss, report: PnlReport, lang: Lang): string {
  const t = serverTranslate(lang);
  const baht = satangToBahtInput;
  const rows: (string | number)[][] = [];
  switch (report) {
    case "summary":
      rows.push([
        t("shops.reports.col.figure"),
        `${t("shops.reports.col.current")} ${pnl.range.from}/${pnl.range.to}`,
        `${t("shops.reports.col.previous")} ${pnl.previousRange.from}/${pnl.previousRange.to}`,
      ]);
      for (const [key, label] of PNL_FIGURES) {
        rows.push([t(label), figureValue(pnl.totals, key), figureValue(pnl.previous, key)]);
      }
      break;
    case "period":
      rows.push([
        t(pnl.granularity === "day" ? "shops.reports.col.date" : "shops.reports.col.month"),
        t("shops.reports.col.revenue"),
        t("shops.reports.fig.grossProfit"),
        t("shops.reports.fig.otherIncome"),
        t("shops.reports.fig.expenses"),
        t("shops.reports.fig.netProfit"),
      ]);
      for (const row of pnl.byPeriod) {
        rows.push([
          row.key,
          baht(row.netRevenueSatang),
          baht(row.grossProfitSatang),
          baht(row.otherIncomeSatang),
          baht(row.expensesSatang),
          baht(row.netProfitSatang),
        ]);
      }
      break;
    case "expenses":
      rows.push([t("shops.reports.col.category"), t("shops.reports.col.amount")]);
      for (const row of pnl.expenses)
        rows.push([csvText(expenseCategoryName(row, t)), baht(row.amountSatang)]);
      break;
    case "items":
      rows.push([
        t("shops.reports.col.item"),
        t("shops.reports.col.category"),
        t("shops.reports.col.qty"),
        t("shops.reports.col.revenue"),
        t("shops.reports.col.cost"),
        t("shops.reports.fig.grossProfit"),
      ]);
      for (const row of pnl.byItem) {
        rows.push([
          csvText(row.name),
          csvText(row.category),
          qtyText(row.qtyMilli),
          baht(row.netRevenueSatang),
          baht(row.costSatang),
          baht(row.grossProfitSatang),
        ]);
      }
      break;
    case "categories":
      rows.push([
        t("shops.reports.col.category"),
        t("shops.reports.col.revenue"),
        t("shops.reports.col.cost"),
        t("shops.reports.fig.grossProfit"),
      ]);
      for (const row of pnl.byCategory) {
        rows.push([
          csvText(row.category || t("shops.reports.noCategory")),
          baht(row.netRevenueSatang),
          baht(row.costSatang),
          baht(row.grossProfitSatang),
        ]);
      }
      break;
    case "cashiers":
      rows.push([
        t("shops.reports.col.cashier"),
        t("shops.reports.col.bills"),
        t("shops.reports.col.salesExVat"),
        t("shops.reports.fig.grossProfit"),
        t("shops.reports.col.discount"),
        t("shops.reports.col.approvedBills"),
        t("shops.reports.col.priceOverrides"),
        t("shops.reports.col.priceOverrideValue"),
      ]);
      for (const row of pnl.byCashier) {
        rows.push([
          csvText(row.name),
          row.bills,
          baht(row.salesExVatSatang),
          baht(row.grossProfitSatang),
          baht(row.discountSatang),
          row.approvedBills,
          row.priceOverrides,
          baht(row.priceOverrideSatang),
        ]);
      }
      break;
    case "customers":
    case "topCustomers": {
      rows.push([
        t("shops.reports.col.customer"),
        t("shops.reports.col.bills"),
        t("shops.reports.col.revenue"),
        t("shops.reports.fig.grossProfit"),
        t("shops.reports.col.lastSale"),
      ]);
      const customers = report === "customers" ? pnl.byCustomer : topCustomers(pnl.byCustomer);
      for (const row of customers) {
        rows.push([
          row.customerId === null ? t("shops.reports.walkIn") : csvText(row.name),
          row.bills,
          baht(row.netRevenueSatang),
          baht(row.grossProfitSatang),
          row.lastSaleAt ? bangkokIsoDate(new Date(row.lastSaleAt)) : "",
        ]);
      }
      break;
    }
    case "payments":
      rows.push([
        t("shops.reports.col.method"),
        t("shops.reports.col.payments"),
        t("shops.reports.col.received"),
        t("shops.reports.col.refunded"),
      ]);
      for (const row of pnl.byPayment) {
        const key = REPORT_METHOD_TEXT[row.method];
        rows.push([
          key ? t(key) : row.method,
          row.payments,
          baht(row.receivedSatang),
          baht(row.refundedSatang),
        ]);
      }
      break;
    case "hours":
      rows.push([
        t("shops.reports.col.hour"),
        t("shops.reports.col.bills"),
        t("shops.reports.col.salesExVat"),
      ]);
      for (const row of pnl.byHour) {
        rows.push([
          `${String(row.hour).padStart(2, "0")}:00`,
          row.bills,
          baht(row.salesExVatSatang),
        ]);
      }
      break;
    case "levels":
      rows.push([
        t("shops.reports.col.level"),
        t("shops.reports.col.bills"),
        t("shops.reports.col.salesExVat"),
        t("shops.reports.col.returns"),
        t("shops.reports.col.revenue"),
        t("shops.reports.fig.grossProfit"),
      ]);
      for (const row of pnl.byPriceLevel) {
        rows.push([
          row.levelId === null && row.name === ""
            ? t("shops.reports.level.retail")
            : csvText(row.name),
          row.bills,
          baht(row.salesExVatSatang),
          baht(row.returnsExVatSatang),
          baht(row.netRevenueSatang),
          baht(row.grossProfitSatang),
        ]);
      }
      break;
    case "accountPayments":
      rows.push([
        t("shops.reports.col.receivedBy"),
        t("shops.reports.col.method"),
        t("shops.reports.col.payments"),
        t("shops.reports.col.received"),
        t("shops.reports.col.approved"),
        t("shops.reports.col.outsideShift"),
        t("shops.reports.col.voids"),
        t("shops.reports.col.voided"),
        t("shops.reports.col.net"),
      ]);
      for (const row of pnl.accountPayments) {
        const key = REPORT_METHOD_TEXT[row.method];
        rows.push([
          csvText(row.name),
          key ? t(key) : row.method,
          row.payments,
          baht(row.receivedSatang),
          baht(row.approvedSatang),
          baht(row.outsideShiftSatang),
          row.voids,
          baht(row.voidedSatang),
          baht(row.netSatang),
        ]);
      }
      break;
    case "vat":
      rows.push([t("shops.reports.col.figure"), t("shops.reports.col.amount")]);
      rows.push([t("shops.reports.vat.output"), baht(pnl.vat.outputVatSatang)]);
      rows.push([t("shops.reports.vat.returned"), baht(pnl.vat.returnedVatSatang)]);
      rows.push([t("shops.reports.vat.input"), baht(pnl.vat.inputVatSatang)]);
      rows.push([t("shops.reports.vat.payable"), baht(pnl.vat.payableSatang)]);
      break;
  }
  return UTF8_BOM + rows.map((row) => csvRow(row)).join("");
}
