import { z } from "zod";
import type { MessageKey } from "~/lib/i18n";
import { parseBahtToSatang } from "~/lib/money";
import { readQuantity } from "~/lib/quantity";
import { safeRedirectPath } from "~/lib/safe-redirect";

// Field rules several forms share. Each names the message key shown next to the field.

/** Largest id of a `serial` (int4) column; bigserial ids stay below Number.MAX_SAFE_INTEGER. */
export const INT4_MAX = 2_147_483_647;

/**
 * A row id as a form or a URL sends it: digits only, positive, at most `max` (an id beyond the
 * column's range is "not found", never a failed query). Null for anything else.
 */
export function readId(value: unknown, max: number = Number.MAX_SAFE_INTEGER): number | null {
  if (typeof value !== "string" || !/^\d{1,16}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= max ? id : null;
}

/** A required row id (see readId). */
export function idField(message: MessageKey, max?: number) {
  return z.string().transform((value, ctx) => {
    const id = readId(value, max);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}

/** A whole number typed with optional thousands commas; empty reads as 0. */
export function wholeNumberField(message: MessageKey, max = 1_000_000_000) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      const cleaned = value.replace(/,/g, "");
      if (cleaned === "") return 0;
      if (!/^\d{1,10}$/.test(cleaned) || Number(cleaned) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(cleaned);
    });
}

/**
 * A stock quantity as typed ("12", "1,200", "0.755"), read as integer thousandths (~/lib/quantity);
 * empty reads as 0. Whether the item takes a fraction is the form's own rule.
 */
export function quantityField(message: MessageKey) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return 0;
      const milli = readQuantity(value);
      if (milli === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return milli;
    });
}

/** An amount in baht as typed ("1,250.50", "฿99"), read as integer satang; empty reads as 0. */
export function bahtField(message: MessageKey) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return 0;
      const satang = parseBahtToSatang(value);
      if (satang === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return satang;
    });
}

/** A checkbox: sent as "on" when ticked, absent otherwise. */
export function checkboxField() {
  return z
    .string()
    .optional()
    .transform((value) => value === "on");
}

/** An id that may be left out (a form that creates when it names no row): null then. */
export function optionalIdField(max?: number) {
  return z
    .string()
    .optional()
    .transform((value) => readId(value, max));
}

/**
 * A hidden field that is set when it says "1": the "confirmed" of a confirmation panel's
 * second post, "remove the photo".
 */
export function flagField() {
  return z
    .string()
    .optional()
    .transform((value) => value === "1");
}

/**
 * Ticked rows (checkboxes of one name): their ids, each once, at most `maxCount`; none ticked
 * reads as an empty list. Anything that is not an id refuses the whole list (a form we did
 * not render).
 */
export function idListField(message: MessageKey, maxCount: number) {
  return z
    .union([z.string(), z.array(z.string())], { error: message })
    .optional()
    .transform((value, ctx) => {
      const ids = new Set<number>();
      for (const each of value === undefined ? [] : [value].flat()) {
        const id = readId(each);
        if (id === null) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        ids.add(id);
      }
      if (ids.size > maxCount) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return [...ids];
    });
}

/** The page to go back to (a hidden "redirectTo"): a path on this site, else `fallback`. */
export function returnPathField(fallback = "/") {
  return z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => safeRedirectPath(value, fallback));
}

/** A file input that may be left empty: the chosen file, else undefined (also for a text). */
export function optionalFileField() {
  return z
    .file()
    .optional()
    .catch(undefined)
    .transform((file) => (file && file.size > 0 ? file : undefined));
}
