import type { Lang, MessageKey, Translate } from "~/lib/i18n";
import { formatDate, formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import type { TillDayReport } from "~/modules/journal";

/*
 * A till's day report (X or Z, decision 0072) as the print page shows it on a 58 or 80 mm roll
 * or on A4, from its read model; the A4 PDF (day-report-pdf.server.ts) draws the same rows
 * (dayReportRows), so every print says the same.
 */

export const METHOD_TEXT: Record<string, MessageKey> = {
  cash: "shops.zreports.report.method.cash",
  promptpay: "shops.zreports.report.method.promptpay",
  transfer: "shops.zreports.report.method.transfer",
  card: "shops.zreports.report.method.card",
  account: "shops.zreports.report.method.account",
};

export interface ReportSection {
  title: string;
  rows: { label: string; value: string; testId?: string }[];
}

/** The heading lines and the sections of a day report, in the reader's language. */
export function dayReportRows(
  report: TillDayReport,
  t: Translate,
  lang: Lang,
): { title: string; heading: string[]; sections: ReportSection[] } {
  const money = formatSatang;
  const none = t("shops.zreports.report.none");
  const list = (numbers: string[]) => (numbers.length > 0 ? numbers.join(", ") : none);
  const heading = [
    report.shop.name,
    report.shop.taxId
      ? `${t("shops.zreports.report.taxId")} ${report.shop.taxId} ${
          report.shop.branchCode === "00000"
            ? t("shops.zreports.report.headOffice")
            : `${t("shops.zreports.report.branch")} ${report.shop.branchCode}`
        }`
      : "",
    `${t("shops.zreports.report.till")} ${report.till.code} ${report.till.name}`,
    report.till.posNumber ? `${t("shops.zreports.report.posNumber")} ${report.till.posNumber}` : "",
    report.number ? `${t("shops.zreports.report.number")} ${report.number}` : "",
    `${t("shops.zreports.report.day")} ${formatDate(`${report.businessDate}T12:00:00+07:00`, lang)}`,
    `${t(report.kind === "Z" ? "shops.zreports.report.closedAt" : "shops.zreports.report.printedAt")} ${formatDateTime(report.at, lang)}`,
    report.kind === "Z" && report.closedByName
      ? `${t("shops.zreports.report.closedBy")} ${report.closedByName}`
      : "",
    report.kind === "X" ? t("shops.zreports.report.xNote") : "",
    report.auto ? `${t("shops.zreports.report.note")}: ${t("shops.zreports.report.autoNote")}` : "",
  ].filter((line) => line !== "");
  const sections: ReportSection[] = [
    {
      title: t("shops.zreports.report.documents"),
      rows: [
        {
          label: t("shops.zreports.report.documentCount"),
          value: String(report.documents.count),
          testId: "day-documents",
        },
        { label: t("shops.zreports.report.first"), value: report.documents.first ?? none },
        { label: t("shops.zreports.report.last"), value: report.documents.last ?? none },
      ],
    },
    {
      title: t("shops.zreports.report.sales"),
      rows: [
        { label: t("shops.zreports.report.bills"), value: String(report.sales.bills) },
        { label: t("shops.zreports.report.gross"), value: money(report.sales.grossSatang) },
        { label: t("shops.zreports.report.discount"), value: money(report.sales.discountSatang) },
        { label: t("shops.zreports.report.salesTotal"), value: money(report.sales.totalSatang) },
        { label: t("shops.zreports.report.vat"), value: money(report.sales.vatSatang) },
        { label: t("shops.zreports.report.exVat"), value: money(report.sales.exVatSatang) },
      ],
    },
    {
      title: t("shops.zreports.report.returns"),
      rows: [
        { label: t("shops.zreports.report.returnCount"), value: String(report.returns.count) },
        { label: t("shops.zreports.report.returnTotal"), value: money(report.returns.totalSatang) },
        { label: t("shops.zreports.report.vat"), value: money(report.returns.vatSatang) },
        { label: t("shops.zreports.report.numbers"), value: list(report.returns.numbers) },
      ],
    },
    {
      title: t("shops.zreports.report.net"),
      rows: [
        {
          label: t("shops.zreports.report.netTotal"),
          value: money(report.net.totalSatang),
          testId: "day-net",
        },
        { label: t("shops.zreports.report.vat"), value: money(report.net.vatSatang) },
        { label: t("shops.zreports.report.exVat"), value: money(report.net.exVatSatang) },
      ],
    },
    {
      title: t("shops.zreports.report.voids"),
      rows: [
        { label: t("shops.zreports.report.voidCount"), value: String(report.voids.count) },
        { label: t("shops.zreports.report.voidTotal"), value: money(report.voids.totalSatang) },
        { label: t("shops.zreports.report.numbers"), value: list(report.voids.numbers) },
      ],
    },
    {
      title: t("shops.zreports.report.fullInvoices"),
      rows: [
        {
          label: t("shops.zreports.report.numbers"),
          value: list(report.fullTaxInvoices.numbers),
        },
      ],
    },
    {
      title: t("shops.zreports.report.payments"),
      rows: [
        ...report.payments.map((payment) => ({
          label: t(METHOD_TEXT[payment.method] ?? "shops.zreports.report.method.cash"),
          value:
            payment.refundsSatang > 0
              ? `${money(payment.netSatang)} (${t("shops.zreports.report.paymentIn")} ${money(payment.salesSatang)} ${t("shops.zreports.report.paymentOut")} ${money(payment.refundsSatang)})`
              : money(payment.netSatang),
        })),
        {
          label: t("shops.zreports.report.cashExpected"),
          value: money(report.cashExpectedSatang),
          testId: "day-cash",
        },
      ],
    },
    {
      title: t("shops.zreports.report.grandTotal"),
      rows: [
        {
          label: t("shops.zreports.report.grandBefore"),
          value: money(report.grandTotal.beforeSatang),
        },
        {
          label: t("shops.zreports.report.grandAfter"),
          value: money(report.grandTotal.afterSatang),
          testId: "day-grand-total",
        },
      ],
    },
  ];
  if (report.kind === "Z" && report.journalHash) {
    sections.push({
      title: t("shops.zreports.report.journalHash"),
      rows: [{ label: "SHA-256", value: report.journalHash }],
    });
  }
  return {
    title: t(report.kind === "Z" ? "shops.zreports.report.z" : "shops.zreports.report.x"),
    heading,
    sections,
  };
}

export function DayReport({ report }: { report: TillDayReport }) {
  const t = useT();
  const lang = useLang();
  const { title, heading, sections } = dayReportRows(report, t, lang);
  return (
    <article data-testid="day-report" data-kind={report.kind}>
      <h1>{title}</h1>
      <p>
        {heading.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </p>
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <table>
            <tbody>
              {section.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td data-testid={row.testId} className="day-report-value">
                    {row.value}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </article>
  );
}
