import { monthName, yearText } from "~/lib/bangkok-day";
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

/** The sales tax report (รายงานภาษีขาย) as a table. */
export function salesTaxSheet(
  report: SalesTaxReport,
  shop: TaxShop,
  t: Translate,
  lang: Lang,
): TaxSheet {
  const notes: string[] = [];
  if (report.month.running) notes.push(t("shops.tax.note.running"));
  if (report.receipts.count > 0 || report.receipts.valueSatang !== 0) {
    notes.push(
      t("shops.tax.note.receipts", {
        count: report.receipts.count,
        amount: formatSatang(report.receipts.valueSatang),
      }),
    );
  }
  notes.push(t("shops.tax.note.salesRules"));
  return {
    kind: "sales",
    fileName: `shophub-sales-tax-${report.month.month}`,
    title: t("shops.tax.sales.title"),
    period: periodOf(report.month.month, lang, t),
    heading: headingOf(shop, t),
    columns: [
      { label: t("shops.tax.col.no"), kind: "count", width: 4 },
      { label: t("shops.tax.col.date"), kind: "text", width: 8 },
      { label: t("shops.tax.col.number"), kind: "text", width: 16 },
      { label: t("shops.tax.col.buyer"), kind: "text", width: 18 },
      { label: t("shops.tax.col.buyerTaxId"), kind: "text", width: 11 },
      { label: t("shops.tax.col.place"), kind: "text", width: 8 },
      { label: t("shops.tax.col.value"), kind: "money", width: 10 },
      { label: t("shops.tax.col.vat"), kind: "money", width: 9 },
      { label: t("shops.tax.col.remarks"), kind: "text", width: 16 },
      { label: t("shops.tax.col.isoDay"), kind: "text", width: 8, fileOnly: true },
      { label: t("shops.tax.col.kind"), kind: "text", width: 10, fileOnly: true },
      { label: t("shops.tax.col.till"), kind: "text", width: 8, fileOnly: true },
      { label: t("shops.tax.col.documents"), kind: "count", width: 6, fileOnly: true },
      { label: t("shops.tax.col.exempt"), kind: "money", width: 10, fileOnly: true },
    ],
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
    total: [
      "",
      t("shops.tax.total"),
      "",
      "",
      "",
      "",
      report.totals.valueSatang,
      report.totals.vatSatang,
      "",
      "",
      "",
      "",
      report.lines.reduce((sum, line) => sum + line.documents, 0),
      report.totals.exemptSatang,
    ],
    notes,
  };
}

/** The purchase tax report (รายงานภาษีซื้อ) as a table. */
export function purchaseTaxSheet(
  report: PurchaseTaxReport,
  shop: TaxShop,
  t: Translate,
  lang: Lang,
): TaxSheet {
  const notes: string[] = [];
  if (report.month.running) notes.push(t("shops.tax.note.running"));
  notes.push(t("shops.tax.note.purchaseRules"));
  return {
    kind: "purchases",
    fileName: `shophub-purchase-tax-${report.month.month}`,
    title: t("shops.tax.purchases.title"),
    period: periodOf(report.month.month, lang, t),
    heading: headingOf(shop, t),
    columns: [
      { label: t("shops.tax.col.no"), kind: "count", width: 4 },
      { label: t("shops.tax.col.date"), kind: "text", width: 9 },
      { label: t("shops.tax.col.number"), kind: "text", width: 14 },
      { label: t("shops.tax.col.supplier"), kind: "text", width: 26 },
      { label: t("shops.tax.col.supplierTaxId"), kind: "text", width: 13 },
      { label: t("shops.tax.col.place"), kind: "text", width: 10 },
      { label: t("shops.tax.col.value"), kind: "money", width: 12 },
      { label: t("shops.tax.col.vat"), kind: "money", width: 12 },
      { label: t("shops.tax.col.isoDay"), kind: "text", width: 9, fileOnly: true },
      { label: t("shops.tax.col.bookedOn"), kind: "text", width: 9, fileOnly: true },
    ],
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
    total: [
      "",
      t("shops.tax.total"),
      "",
      "",
      "",
      "",
      report.totals.valueSatang,
      report.totals.vatSatang,
      "",
      "",
    ],
    notes,
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
  const notes: string[] = [];
  if (!vat.vatRegistered) notes.push(t("shops.tax.note.notRegistered"));
  if (vat.month.running) notes.push(t("shops.tax.note.running"));
  notes.push(
    vat.carriedSince
      ? t("shops.tax.note.carried", { since: taxMonthText(vat.carriedSince, lang) })
      : t("shops.tax.note.carriedNone"),
  );
  notes.push(t("shops.tax.note.vatSources"));
  return {
    kind: "vat",
    fileName: `shophub-pp30-${vat.month.month}`,
    title: t("shops.tax.vat.title"),
    period: periodOf(vat.month.month, lang, t),
    heading: headingOf(shop, t),
    columns: [
      { label: t("shops.tax.col.box"), kind: "count", width: 8 },
      { label: t("shops.tax.col.item"), kind: "text", width: 62 },
      { label: t("shops.tax.col.amount"), kind: "money", width: 30 },
    ],
    rows: BOXES.map((box) => ({ cells: [box, t(VAT_BOX_TEXT[box]), vat.boxes[box]] })),
    total: null,
    notes,
  };
}
