import { monthName, yearText } from "~/lib/dates";
import { dayInputText } from "~/lib/day-input";
import type { Lang, MessageKey, Translate } from "~/lib/i18n";
import { formatSatang } from "~/lib/money";
import type { PurchaseTaxReport } from "./purchase-tax-report.server";
import type { SalesTaxLine, SalesTaxRemark, SalesTaxReport } from "./sales-tax-report.server";
import type { VatReturn, VatReturnBox } from "./vat-return.server";

/*
 * Each monthly tax report as one table, worked out once for every way it is drawn: the page,
 * its A4 print, the PDF, the CSV and the XLSX (decision 0068). The drawings only place these
 * strings and numbers, so the columns the Department's form names cannot differ between them.
 * Money stays integer satang here; each drawing formats it (CSV plain, XLSX as a number,
 * the page and the PDF with thousands separators). Pure: the types only of the server files.
 */

export const TAX_REPORTS = ["vat", "sales", "purchases"] as const;
export type TaxReportKind = (typeof TAX_REPORTS)[number];
export const TAX_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type TaxFormat = (typeof TAX_FORMATS)[number];

export interface TaxSheetColumn {
  label: string;
  kind: "text" | "money" | "count";
  /** Share of the printed width (the page, the PDF). */
  width: number;
  /** Only in the accountant's files (CSV, XLSX): the machine-readable day and the like. */
  fileOnly?: boolean;
}

export type TaxCell = string | number;

export interface TaxSheetRow {
  cells: TaxCell[];
  /** A cancelled document, listed with no value. */
  cancelled?: boolean;
}

export interface TaxSheet {
  kind: TaxReportKind;
  /** The downloads' name without the extension: "shophub-sales-tax-2026-03". */
  fileName: string;
  title: string;
  /** "เดือนภาษี มีนาคม ปี 2569". */
  period: string;
  /** The shop: name, address, tax ID, head office or branch. */
  heading: { label: string; value: string }[];
  columns: TaxSheetColumn[];
  rows: TaxSheetRow[];
  /** Aligned with the columns: its label in the first text cell, the sums under the money. */
  total: TaxCell[] | null;
  notes: string[];
}

/** The shop as the report's heading names it. */
export interface TaxShop {
  name: string;
  address: string;
  taxId: string | null;
  branchCode: string;
}

/** "สำนักงานใหญ่" for 00000, otherwise "สาขาที่ 00001" (the documents' own words). */
export function branchName(code: string, t: Translate): string {
  if (code === "") return "";
  return code === "00000" ? t("shops.sell.doc.headOffice") : t("shops.sell.doc.branch", { code });
}

/** "มีนาคม 2569" of YYYY-MM. */
export function taxMonthText(month: string, lang: Lang): string {
  return `${monthName(Number(month.slice(5, 7)), lang)} ${yearText(Number(month.slice(0, 4)), lang)}`;
}

function headingOf(shop: TaxShop, t: Translate) {
  return [
    { label: t("shops.tax.head.operator"), value: shop.name },
    { label: t("shops.tax.head.place"), value: shop.name },
    { label: t("shops.tax.head.address"), value: shop.address },
    { label: t("shops.tax.head.taxId"), value: shop.taxId ?? t("shops.tax.head.noTaxId") },
    { label: t("shops.tax.head.branch"), value: branchName(shop.branchCode, t) },
  ];
}

function periodOf(month: string, lang: Lang, t: Translate): string {
  return t("shops.tax.period", {
    month: monthName(Number(month.slice(5, 7)), lang),
    year: yearText(Number(month.slice(0, 4)), lang),
  });
}

/** A remark of a sales tax line in words. */
export function remarkText(remark: SalesTaxRemark, t: Translate, lang: Lang): string {
  switch (remark.kind) {
    case "voided":
      return t("shops.tax.remark.voided", { numbers: remark.numbers.join(", ") });
    case "replaced":
      return t("shops.tax.remark.replaced", {
        pairs: remark.pairs.map((pair) => `${pair.slip} → ${pair.invoice}`).join(", "),
      });
    case "replaces":
      return remark.issuedOn
        ? t("shops.tax.remark.replacesIssued", {
            slip: remark.slip,
            date: dayInputText(remark.issuedOn, lang),
          })
        : t("shops.tax.remark.replaces", { slip: remark.slip });
    case "reduces":
      return t("shops.tax.remark.reduces", {
        number: remark.number,
        date: dayInputText(remark.day, lang),
      });
    case "reason":
      return t("shops.tax.remark.reason", { reason: remark.reason });
    case "cancelled":
      return t("shops.tax.remark.cancelled");
  }
}

const KIND_TEXT: Record<SalesTaxLine["kind"], MessageKey> = {
  abbreviated: "shops.tax.kind.abbreviated",
  fullTaxInvoice: "shops.tax.kind.fullTaxInvoice",
  creditNote: "shops.tax.kind.creditNote",
};

/** Who the line sold to: the buyer of a full tax invoice, else the till's retail customers. */
function buyerText(line: SalesTaxLine, t: Translate): string {
  if (line.buyer) return line.buyer.name;
  if (line.kind === "abbreviated") {
    return line.till
      ? t("shops.tax.buyer.retailAtTill", { count: line.documents, till: line.till })
      : t("shops.tax.buyer.retail", { count: line.documents });
  }
  return t("shops.tax.buyer.consumer");
}

/** A column as [its label's key, its kind, its share of the printed width, files only]. */
type ColumnSpec = [MessageKey, TaxSheetColumn["kind"], number, "fileOnly"?];

function columnsOf(specs: ColumnSpec[], t: Translate): TaxSheetColumn[] {
  return specs.map(([key, kind, width, fileOnly]) => ({
    label: t(key),
    kind,
    width,
    ...(fileOnly ? { fileOnly: true } : {}),
  }));
}

/** The totals row: "รวมทั้งสิ้น" in the date's column, each sum under its column. */
function totalOf(columns: number, sums: Record<number, number>, t: Translate): TaxCell[] {
  return Array.from({ length: columns }, (_, index) =>
    index === 1 ? t("shops.tax.total") : (sums[index] ?? ""),
  );
}

/** What every report's table has around its rows: names, the month, the shop, the notes. */
function frameOf(
  kind: TaxReportKind,
  fileStem: string,
  title: MessageKey,
  month: { month: string; running: boolean },
  shop: TaxShop,
  t: Translate,
  lang: Lang,
  notes: string[],
) {
  return {
    kind,
    fileName: `shophub-${fileStem}-${month.month}`,
    title: t(title),
    period: periodOf(month.month, lang, t),
    heading: headingOf(shop, t),
    notes: [...(month.running ? [t("shops.tax.note.running")] : []), ...notes],
  };
}

const SALES_COLUMNS: ColumnSpec[] = [
  ["shops.tax.col.no", "count", 4],
  ["shops.tax.col.date", "text", 8],
  ["shops.tax.col.number", "text", 16],
  ["shops.tax.col.buyer", "text", 18],
  ["shops.tax.col.buyerTaxId", "text", 11],
  ["shops.tax.col.place", "text", 8],
  ["shops.tax.col.value", "money", 10],
  ["shops.tax.col.vat", "money", 9],
  ["shops.tax.col.remarks", "text", 16],
  ["shops.tax.col.isoDay", "text", 8, "fileOnly"],
  ["shops.tax.col.kind", "text", 10, "fileOnly"],
  ["shops.tax.col.till", "text", 8, "fileOnly"],
  ["shops.tax.col.documents", "count", 6, "fileOnly"],
  ["shops.tax.col.exempt", "money", 10, "fileOnly"],
];

/** The sales tax report (รายงานภาษีขาย) as a table. */
export function salesTaxSheet(
  report: SalesTaxReport,
  shop: TaxShop,
  t: Translate,
  lang: Lang,
): TaxSheet {
  const receipts =
    report.receipts.count > 0 || report.receipts.valueSatang !== 0
      ? [
          t("shops.tax.note.receipts", {
            count: report.receipts.count,
            amount: formatSatang(report.receipts.valueSatang),
          }),
        ]
      : [];
  return {
    ...frameOf("sales", "sales-tax", "shops.tax.sales.title", report.month, shop, t, lang, [
      ...receipts,
      t("shops.tax.note.salesRules"),
    ]),
    columns: columnsOf(SALES_COLUMNS, t),
    rows: report.lines.map((line) => ({
      cancelled: line.cancelled,
      cells: [
        line.no,
        dayInputText(line.day, lang),
        line.firstNumber === line.lastNumber
          ? line.firstNumber
          : `${line.firstNumber} – ${line.lastNumber}`,
        buyerText(line, t),
        line.buyer?.taxId ?? "",
        line.buyer ? branchName(line.buyer.branchCode, t) : "",
        line.valueSatang,
        line.vatSatang,
        line.remarks.map((remark) => remarkText(remark, t, lang)).join("; "),
        line.day,
        t(KIND_TEXT[line.kind]),
        line.till ?? "",
        line.documents,
        line.exemptSatang,
      ],
    })),
    total: totalOf(
      SALES_COLUMNS.length,
      {
        6: report.totals.valueSatang,
        7: report.totals.vatSatang,
        12: report.lines.reduce((sum, line) => sum + line.documents, 0),
        13: report.totals.exemptSatang,
      },
      t,
    ),
  };
}

const PURCHASE_COLUMNS: ColumnSpec[] = [
  ["shops.tax.col.no", "count", 4],
  ["shops.tax.col.date", "text", 9],
  ["shops.tax.col.number", "text", 14],
  ["shops.tax.col.supplier", "text", 26],
  ["shops.tax.col.supplierTaxId", "text", 13],
  ["shops.tax.col.place", "text", 10],
  ["shops.tax.col.value", "money", 12],
  ["shops.tax.col.vat", "money", 12],
  ["shops.tax.col.isoDay", "text", 9, "fileOnly"],
  ["shops.tax.col.bookedOn", "text", 9, "fileOnly"],
];

/** The purchase tax report (รายงานภาษีซื้อ) as a table. */
export function purchaseTaxSheet(
  report: PurchaseTaxReport,
  shop: TaxShop,
  t: Translate,
  lang: Lang,
): TaxSheet {
  return {
    ...frameOf(
      "purchases",
      "purchase-tax",
      "shops.tax.purchases.title",
      report.month,
      shop,
      t,
      lang,
      [t("shops.tax.note.purchaseRules")],
    ),
    columns: columnsOf(PURCHASE_COLUMNS, t),
    rows: report.lines.map((line) => ({
      cells: [
        line.no,
        dayInputText(line.invoiceDate, lang),
        line.invoiceNumber,
        line.supplier,
        line.supplierTaxId,
        branchName(line.supplierBranch, t),
        line.valueSatang,
        line.vatSatang,
        line.invoiceDate,
        line.day,
      ],
    })),
    total: totalOf(
      PURCHASE_COLUMNS.length,
      { 6: report.totals.valueSatang, 7: report.totals.vatSatang },
      t,
    ),
  };
}

const BOXES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const satisfies readonly VatReturnBox[];

export const VAT_BOX_TEXT: Record<VatReturnBox, MessageKey> = {
  1: "shops.tax.box.1",
  2: "shops.tax.box.2",
  3: "shops.tax.box.3",
  4: "shops.tax.box.4",
  5: "shops.tax.box.5",
  6: "shops.tax.box.6",
  7: "shops.tax.box.7",
  8: "shops.tax.box.8",
  9: "shops.tax.box.9",
  10: "shops.tax.box.10",
  11: "shops.tax.box.11",
  12: "shops.tax.box.12",
};

/** The ภ.พ.30 figures as a table: box, its name on the form, the amount. */
export function vatReturnSheet(vat: VatReturn, shop: TaxShop, t: Translate, lang: Lang): TaxSheet {
  return {
    ...frameOf("vat", "pp30", "shops.tax.vat.title", vat.month, shop, t, lang, [
      ...(vat.vatRegistered ? [] : [t("shops.tax.note.notRegistered")]),
      vat.carriedSince
        ? t("shops.tax.note.carried", { since: taxMonthText(vat.carriedSince, lang) })
        : t("shops.tax.note.carriedNone"),
      t("shops.tax.note.vatSources"),
    ]),
    columns: columnsOf(
      [
        ["shops.tax.col.box", "count", 8],
        ["shops.tax.col.item", "text", 62],
        ["shops.tax.col.amount", "money", 30],
      ],
      t,
    ),
    rows: BOXES.map((box) => ({ cells: [box, t(VAT_BOX_TEXT[box]), vat.boxes[box]] })),
    total: null,
  };
}
