import { z } from "zod";
import { checkboxField, flagField, optionalFileField } from "~/lib/forms/fields";
import type { MessageKey } from "~/lib/i18n";
import { normalizeDocumentPrefix, type SaleDocumentKind } from "./document-number";
import { normalizePromptPayId, type PromptPayIdError } from "./promptpay";
import { parsePercent } from "./quantity";
import { isValidScaleLabelLayout, type ScaleLabelLayout } from "./scale-label";
import type { PaperWidth } from "./schema";

/*
 * The selling settings form (/shophub/settings/selling), read with readForm (decision 0017).
 * Client-safe: the page uses the same rules for its live previews. Every rule names the
 * message key shown next to its field; rules across fields (a branch needs its number, scale
 * labels need a prefix, two documents may not share a prefix) are checked after the fields
 * themselves and name the field to show them at.
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
}

const text = () =>
  z
    .string()
    .optional()
    .transform((value) => value ?? "");

function receiptText(tooLong: MessageKey, tooManyLines: MessageKey) {
  return text().transform((value, ctx) => {
    // Line ends as any browser sends them; spaces at the ends of lines print as nothing.
    const lines = value
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.trimEnd());
    const cleaned = lines.join("\n").replace(/^\n+|\n+$/g, "");
    if ([...cleaned].length > RECEIPT_TEXT_MAX_CHARS) {
      ctx.addIssue({ code: "custom", message: tooLong });
      return z.NEVER;
    }
    if (cleaned.split("\n").length > RECEIPT_TEXT_MAX_LINES) {
      ctx.addIssue({ code: "custom", message: tooManyLines });
      return z.NEVER;
    }
    return cleaned;
  });
}

function prefixField() {
  return text().transform((value, ctx) => {
    const read = normalizeDocumentPrefix(value);
    if (!read.ok) {
      ctx.addIssue({ code: "custom", message: "shops.sell.documentPrefix.error" });
      return z.NEVER;
    }
    return read.prefix;
  });
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

export const salesSettingsFormSchema = z
  .object({
    vatRegistered: checkboxField(),
    vatPrices: z.enum(["inclusive", "exclusive"], {
      error: "shops.sellingSettings.error.vatPrices",
    }),
    vatRate: text().transform((value, ctx) => {
      const bp = parsePercent(value);
      // Thai VAT is 7 %; any rate the law may set lies above 0 and well below 100 %.
      if (bp === null || bp <= 0 || bp >= 10_000) {
        ctx.addIssue({ code: "custom", message: "shops.sellingSettings.error.vatRate" });
        return z.NEVER;
      }
      return bp;
    }),
    branchKind: z.enum(["head", "branch"], { error: "shops.sellingSettings.error.branchKind" }),
    branchNo: text().transform((value, ctx) => {
      const digits = value.trim();
      if (digits === "") return null;
      if (!/^\d{1,5}$/.test(digits) || Number(digits) === 0) {
        ctx.addIssue({ code: "custom", message: "shops.sellingSettings.error.branchNo" });
        return z.NEVER;
      }
      return digits.padStart(5, "0");
    }),
    posRegistrationNo: text().transform((value, ctx) => {
      const cleaned = value.trim().toUpperCase();
      if (
        cleaned.length > POS_REGISTRATION_MAX ||
        (cleaned !== "" && !/^[A-Z0-9][A-Z0-9/ -]*$/.test(cleaned))
      ) {
        ctx.addIssue({ code: "custom", message: "shops.sellingSettings.error.posRegistrationNo" });
        return z.NEVER;
      }
      return cleaned;
    }),
    promptPayId: text().transform((value, ctx) => {
      if (value.trim() === "") return null;
      const read = normalizePromptPayId(value);
      if (!read.ok) {
        // "empty" cannot happen here: an empty field was answered above.
        const error = read.error === "empty" ? "notAnId" : read.error;
        ctx.addIssue({ code: "custom", message: SETTINGS_PROMPTPAY_ERRORS[error] });
        return z.NEVER;
      }
      return read.id.value;
    }),
    receiptHeader: receiptText(
      "shops.sellingSettings.error.headerTooLong",
      "shops.sellingSettings.error.headerLines",
    ),
    receiptFooter: receiptText(
      "shops.sellingSettings.error.footerTooLong",
      "shops.sellingSettings.error.footerLines",
    ),
    logo: optionalFileField(),
    removeLogo: flagField(),
    paperWidth: z.enum(PAPER_WIDTH_CHOICES, { error: "shops.sellingSettings.error.paperWidth" }),
    receiptPrefix: prefixField(),
    abbreviatedPrefix: prefixField(),
    fullInvoicePrefix: prefixField(),
    creditNotePrefix: prefixField(),
    scaleLabels: checkboxField(),
    scalePrefixes: text().transform((value, ctx) => {
      const prefixes = readScalePrefixes(value);
      if (prefixes === null) {
        ctx.addIssue({ code: "custom", message: "shops.sellingSettings.error.scalePrefixes" });
        return z.NEVER;
      }
      return prefixes;
    }),
    scaleItemDigits: z.enum(["4", "5", "6"], {
      error: "shops.sellingSettings.error.scaleItemDigits",
    }),
    scaleValue: z.enum(["weight", "price"], { error: "shops.sellingSettings.error.scaleValue" }),
    cashierMayVoidOwn: checkboxField(),
    requireOpenShift: checkboxField(),
  })
  .transform((form, ctx) => {
    if (form.branchKind === "branch" && form.branchNo === null) {
      ctx.addIssue({
        code: "custom",
        path: ["branchNo"],
        message: "shops.sellingSettings.error.branchNoRequired",
      });
    }
    const layout: ScaleLabelLayout = {
      prefixes: form.scalePrefixes,
      itemCodeDigits: Number(form.scaleItemDigits) as 4 | 5 | 6,
      value: form.scaleValue,
    };
    if (form.scaleLabels && !isValidScaleLabelLayout(layout)) {
      ctx.addIssue({
        code: "custom",
        path: ["scalePrefixes"],
        message: "shops.sellingSettings.error.scalePrefixesRequired",
      });
    }
    // Two kinds of document with one prefix would print the same number twice.
    const seen = new Map<string, PrefixField>();
    for (const field of Object.keys(PREFIX_FIELDS) as PrefixField[]) {
      if (seen.has(form[field])) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: "shops.sellingSettings.error.prefixTaken",
        });
      }
      seen.set(form[field], field);
    }
    const values: SalesSettingsValues = {
      vatRegistered: form.vatRegistered,
      pricesIncludeVat: form.vatPrices === "inclusive",
      vatRateBasisPoints: form.vatRate,
      branchCode: form.branchKind === "head" ? HEAD_OFFICE_BRANCH : (form.branchNo ?? ""),
      posRegistrationNo: form.posRegistrationNo,
      promptPayId: form.promptPayId,
      receiptHeader: form.receiptHeader,
      receiptFooter: form.receiptFooter,
      paperWidth: form.paperWidth,
      receiptPrefix: form.receiptPrefix,
      abbreviatedPrefix: form.abbreviatedPrefix,
      fullInvoicePrefix: form.fullInvoicePrefix,
      creditNotePrefix: form.creditNotePrefix,
      scaleLabelLayout: form.scaleLabels ? layout : null,
      cashierMayVoidOwn: form.cashierMayVoidOwn,
      requireOpenShift: form.requireOpenShift,
    };
    return { values, logo: form.logo, removeLogo: form.removeLogo };
  });

export type SalesSettingsForm = z.output<typeof salesSettingsFormSchema>;

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
  };
}

/** 700 → "7", 725 → "7.25": the rate as the owner types it. */
export function formatBasisPoints(bp: number): string {
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}
