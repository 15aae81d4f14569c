import { z } from "zod";
import { checkboxField, flagField, optionalFileField } from "~/lib/forms/fields";
import type { MessageKey } from "~/lib/i18n";
import { normalizeDocumentPrefix } from "./document-number";
import { normalizePromptPayId } from "./promptpay";
import { parsePercent } from "~/lib/quantity";
import { isValidScaleLabelLayout, type ScaleLabelLayout } from "./scale-label";
import {
  HEAD_OFFICE_BRANCH,
  PAPER_WIDTH_CHOICES,
  PREFIX_FIELDS,
  type PrefixField,
  POS_REGISTRATION_MAX,
  readScalePrefixes,
  RECEIPT_TEXT_MAX_CHARS,
  RECEIPT_TEXT_MAX_LINES,
  type SalesSettingsValues,
  SETTINGS_PROMPTPAY_ERRORS,
} from "./settings-values";

/*
 * The selling settings form (/shophub/settings/selling), read with readForm (decision 0017).
 * Client-safe: the page uses the same rules for its live previews. Every rule names the
 * message key shown next to its field; rules across fields (a branch needs its number, scale
 * labels need a prefix, two documents may not share a prefix) are checked after the fields
 * themselves and name the field to show them at. Server-side surface only (index.server.ts):
 * the page's JavaScript needs the constants of settings-values.ts, not zod.
 */

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

/** A cashier's discount limit as the owner types it: 0 to 100 %, up to two decimals. */
function discountLimitField() {
  return text().transform((value, ctx) => {
    const bp = parsePercent(value);
    if (bp === null) {
      ctx.addIssue({ code: "custom", message: "shops.sellingSettings.error.discountLimit" });
      return z.NEVER;
    }
    return bp;
  });
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
    cashierMaxLineDiscount: discountLimitField(),
    cashierMaxBillDiscount: discountLimitField(),
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
      cashierMaxLineDiscountBasisPoints: form.cashierMaxLineDiscount,
      cashierMaxBillDiscountBasisPoints: form.cashierMaxBillDiscount,
    };
    return { values, logo: form.logo, removeLogo: form.removeLogo };
  });

export type SalesSettingsForm = z.output<typeof salesSettingsFormSchema>;
