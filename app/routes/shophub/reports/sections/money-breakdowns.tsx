import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { REPORT_METHOD_TEXT } from "~/modules/reports";
import { BreakdownTable, Money } from "../breakdown-table";
import { ReportSection, type SectionLinks } from "./section";
import type { Pnl, ReportData } from "./types";

interface Props {
  pnl: Pnl;
  links: SectionLinks;
}

type CustomerRow = Pnl["byCustomer"][number];

/** A payment method's name; a method the texts do not know yet is shown as stored. */
function useMethodText() {
  const t = useT();
  return (method: string) => {
    const key = REPORT_METHOD_TEXT[method];
    return key ? t(key) : method;
  };
}

/** The customer tables' columns and row header, shared by the top ten and the full list. */
function useCustomerTable(shopId: string) {
  const t = useT();
  const lang = useLang();
  // A customer's row links to their page; sales without a customer are one row (issue 37).
  const customerCell = (row: CustomerRow) =>
    row.customerId === null ? (
      t("shops.reports.walkIn")
    ) : (
      <Link to={`/shophub/customers/${row.customerId}?shop=${encodeURIComponent(shopId)}`}>
        {row.name}
      </Link>
    );
  const customerColumns = [
    { header: t("shops.reports.col.bills"), cell: (row: CustomerRow) => row.bills },
    { header: t("shops.reports.col.revenue"), satang: (row: CustomerRow) => row.netRevenueSatang },
    {
      header: t("shops.reports.fig.grossProfit"),
      satang: (row: CustomerRow) => row.grossProfitSatang,
    },
    {
      header: t("shops.reports.col.lastSale"),
      cell: (row: CustomerRow) => (row.lastSaleAt ? formatDate(row.lastSaleAt, lang) : ""),
    },
  ];
  return {
    rowKey: (row: CustomerRow) => row.customerId ?? "",
    rowHeader: { header: t("shops.reports.col.customer"), cell: customerCell },
    columns: customerColumns,
  };
}

/** The best customers of the period, then every customer who bought. */
export function CustomersSections({
  pnl,
  top,
  shopId,
  links,
}: Props & { top: ReportData["top"]; shopId: string }) {
  const table = useCustomerTable(shopId);
  return (
    <>
      <ReportSection id="topCustomers" links={links}>
        <BreakdownTable testId="pnl-top-customers" sayEmpty rows={top} {...table} />
      </ReportSection>
      <ReportSection id="customers" links={links}>
        <BreakdownTable testId="pnl-customers" sayEmpty rows={pnl.byCustomer} {...table} />
      </ReportSection>
    </>
  );
}

export function PaymentsSection({ pnl, links }: Props) {
  const t = useT();
  const methodText = useMethodText();
  return (
    <ReportSection id="payments" links={links}>
      <BreakdownTable
        testId="pnl-payments"
        sayEmpty
        rows={pnl.byPayment}
        rowKey={(row) => row.method}
        rowHeader={{ header: t("shops.reports.col.method"), cell: (row) => methodText(row.method) }}
        columns={[
          { header: t("shops.reports.col.payments"), cell: (row) => row.payments },
          { header: t("shops.reports.col.received"), satang: (row) => row.receivedSatang },
          { header: t("shops.reports.col.refunded"), satang: (row) => row.refundedSatang },
        ]}
      />
    </ReportSection>
  );
}

/** Payments on account by who took them and how: the money that came in outside a sale. */
export function AccountPaymentsSection({ pnl, links }: Props) {
  const t = useT();
  const methodText = useMethodText();
  return (
    <ReportSection id="accountPayments" links={links}>
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
            cell: (row) => methodText(row.method),
            words: true,
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
    </ReportSection>
  );
}

/** Output VAT less returns and input VAT: what the shop owes for the period. */
export function VatSection({ pnl, links }: Props) {
  const t = useT();
  return (
    <ReportSection id="vat" links={links}>
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
    </ReportSection>
  );
}
