import type { MessageKey } from "~/lib/i18n";
import type { SaleDocumentKind } from "./document-number";
import type { PromptPayIdError } from "./promptpay";
import type { ScaleLabelLayout } from "./scale-label";
import type { PaperWidth } from "./schema";

/*
 * The selling settings' limits and shapes, shared by the form's schema (settings-form.ts, on
 * the server) and the settings page's previews (in the browser), without zod.
 */

/** The head office's branch code on tax invoices (สำนักงานใหญ่). */
export const HEAD_OFFICE_BRANCH = "00000";
/** A receipt header or footer: a few short lines that fit a 58 mm roll. */
export const RECEIPT_TEXT_MAX_CHARS = 300;
export const RECEIPT_TEXT_MAX_LINES = 6;
export const POS_REGISTRATION_MAX = 30;
/** The schema's PAPER_WIDTHS, repeated so that this file stays out of the database code. */
export const PAPER_WIDTH_CHOICES = ["58", "80"] as const satisfies readonly PaperWidth[];

/** The four prefix fields, in the order the page shows them. */
export const PREFIX_FIELDS = {
  receiptPrefix: "receipt",
  abbreviatedPrefix: "abbreviatedTaxInvoice",
  fullInvoicePrefix: "fullTaxInvoice",
  creditNotePrefix: "creditNote",
} as const satisfies Record<string, SaleDocumentKind>;
export type PrefixField = keyof typeof PREFIX_FIELDS;

/** Texts of the PromptPay ID's errors on this form (an empty field is allowed: no PromptPay). */
export const SETTINGS_PROMPTPAY_ERRORS: Record<Exclude<PromptPayIdError, "empty">, MessageKey> = {
  notAnId: "shops.sell.promptPayId.error.notAnId",
  notMobile: "shops.sell.promptPayId.error.notMobile",
  idChecksum: "shops.sell.promptPayId.error.idChecksum",
};

/** What the form saves: every column of the settings row but the shop and the logo. */
export interface SalesSettingsValues {
  vatRegistered: boolean;
  pricesIncludeVat: boolean;
  vatRateBasisPoints: number;
  branchCode: string;
  posRegistrationNo: string;
  promptPayId: string | null;
  receiptHeader: string;
  receiptFooter: string;
  paperWidth: PaperWidth;
  receiptPrefix: string;
  abbreviatedPrefix: string;
  fullInvoicePrefix: string;
  creditNotePrefix: string;
  scaleLabelLayout: ScaleLabelLayout | null;
  cashierMayVoidOwn: boolean;
  requireOpenShift: boolean;
  /** The largest line and bill discount a cashier gives alone, in basis points. */
  cashierMaxLineDiscountBasisPoints: number;
  cashierMaxBillDiscountBasisPoints: number;
}

/** Reads "20" or "20, 21": two-digit prefixes 20-29, each once; empty reads as none. */
export function readScalePrefixes(input: string): string[] | null {
  const parts = input
    .trim()
    .split(/[\s,]+/)
    .filter((part) => part !== "");
  if (!parts.every((part) => /^2\d$/.test(part))) return null;
  return [...new Set(parts)].sort();
}

/** The form's fields for saved settings (what the page shows before anything is typed). */
export function salesSettingsFormValues(settings: SalesSettingsValues): Record<string, string> {
  const layout = settings.scaleLabelLayout;
  const headOffice = settings.branchCode === HEAD_OFFICE_BRANCH;
  return {
    vatRegistered: settings.vatRegistered ? "on" : "",
    vatPrices: settings.pricesIncludeVat ? "inclusive" : "exclusive",
    vatRate: formatBasisPoints(settings.vatRateBasisPoints),
    branchKind: headOffice ? "head" : "branch",
    branchNo: headOffice ? "" : settings.branchCode,
    posRegistrationNo: settings.posRegistrationNo,
    promptPayId: settings.promptPayId ?? "",
    receiptHeader: settings.receiptHeader,
    receiptFooter: settings.receiptFooter,
    paperWidth: settings.paperWidth,
    receiptPrefix: settings.receiptPrefix,
    abbreviatedPrefix: settings.abbreviatedPrefix,
    fullInvoicePrefix: settings.fullInvoicePrefix,
    creditNotePrefix: settings.creditNotePrefix,
    scaleLabels: layout ? "on" : "",
    scalePrefixes: (layout?.prefixes ?? ["20"]).join(", "),
    scaleItemDigits: String(layout?.itemCodeDigits ?? 5),
    scaleValue: layout?.value ?? "weight",
    cashierMayVoidOwn: settings.cashierMayVoidOwn ? "on" : "",
    requireOpenShift: settings.requireOpenShift ? "on" : "",
    cashierMaxLineDiscount: formatBasisPoints(settings.cashierMaxLineDiscountBasisPoints),
    cashierMaxBillDiscount: formatBasisPoints(settings.cashierMaxBillDiscountBasisPoints),
  };
}

/** 700 → "7", 725 → "7.25": the rate as the owner types it. */
export function formatBasisPoints(bp: number): string {
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}
