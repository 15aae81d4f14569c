import { z } from "zod";
import type { MessageKey } from "~/lib/i18n";
import { parseBahtToSatang } from "~/lib/money";
import { QTY_SCALE, qtyToSql, readQuantity } from "~/lib/quantity";
import type { StockShortage } from "./stock-shortage";

// The stock in/out form (/storehub/inout): its fields, how a browser posts them, and the
// rules that need no database. Shared by the page (to show lines) and its action.

export const INOUT_KINDS = ["receive", "issue", "transfer", "count"] as const;
export type InoutKind = (typeof INOUT_KINDS)[number];

export function isInoutKind(value: unknown): value is InoutKind {
  return (INOUT_KINDS as readonly unknown[]).includes(value);
}

/** The fields of one document line; which of them a kind shows is in KIND_FIELDS. */
export const LINE_FIELDS = ["item", "location", "to", "qty", "counted", "cost", "reason"] as const;
export type LineField = (typeof LINE_FIELDS)[number];
export type LineValues = Record<LineField, string>;

export const KIND_FIELDS: Record<InoutKind, readonly LineField[]> = {
  receive: ["item", "location", "qty", "cost"],
  issue: ["item", "location", "qty", "reason"],
  transfer: ["item", "location", "to", "qty"],
  count: ["item", "location", "counted"],
};

/** What a person typed into the whole form (kept as typed, so a failed post shows it again). */
export interface InoutValues {
  reference: string;
  reason: string;
  note: string;
  /** A code scanned into the scan field (without JavaScript it arrives with the form). */
  scan: string;
  lines: LineValues[];
}

export type DocumentField = "reference" | "reason" | "note" | "scan";

/** A message with its placeholders, translated by the page. */
export interface FormMessage {
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** "Not enough {item} at {location}: {available} {unit} left", from the ledger's refusal. */
export function shortageMessage(shortage: StockShortage): FormMessage {
  return {
    key: "storehub.error.insufficient",
    values: {
      item: shortage.item,
      location: shortage.location,
      available: shortage.available,
      unit: shortage.unit,
    },
  };
}

export interface InoutErrors {
  form?: FormMessage;
  fields: Partial<Record<DocumentField, FormMessage>>;
  /** Per line (index into `values.lines`), per field. */
  lines: Record<number, Partial<Record<LineField, FormMessage>>>;
}

/** Empty lines a new document starts with, and how many "add lines" adds without JavaScript. */
export const BLANK_LINES = 5;
export const MAX_LINES = 200;
/** Largest quantity on one line, in thousandths (1,000,000 units; keeps totals in range). */
export const MAX_LINE_QTY = 1_000_000 * QTY_SCALE;
export const REFERENCE_MAX = 80;
export const REASON_MAX = 120;
export const NOTE_MAX = 500;

/**
 * The name a line field has in the form: "lines[3].qty" is the quantity of line 3, which the
 * form reader (readForm, Conform) turns into `lines[3].qty` of the values.
 */
export function lineFieldName(field: LineField, index: number): string {
  return `lines[${index}].${field}`;
}

export function blankLine(locationId: number | string): LineValues {
  return {
    item: "",
    location: String(locationId),
    to: "",
    qty: "",
    counted: "",
    cost: "",
    reason: "",
  };
}

/**
 * A field read as typed, cut to `max` characters: one a kind does not show (or a stale form
 * did not send) reads as empty, one sent twice as its first value. The rules that give
 * messages are checkInoutValues' and the stock module's, on these texts.
 */
const typed = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      const first: unknown = Array.isArray(value) ? value[0] : value;
      return typeof first === "string" ? first.slice(0, max) : "";
    });

const lineValuesSchema = z.object({
  item: typed(200),
  location: typed(200),
  to: typed(200),
  qty: typed(200),
  counted: typed(200),
  cost: typed(200),
  reason: typed(200),
}) satisfies z.ZodType<LineValues>;

/**
 * What a posted in/out form holds, for `readForm`: the document fields and the lines in the
 * order of their numbers. Numbers a browser skipped (a line removed) leave no empty line,
 * and lines past MAX_LINES are not read.
 */
export const inoutValuesSchema = z.object({
  reference: typed(500),
  reason: typed(500),
  note: typed(2000),
  scan: typed(200),
  lines: z.preprocess(
    (value) =>
      Array.isArray(value)
        ? value.filter((line) => typeof line === "object" && line !== null).slice(0, MAX_LINES)
        : [],
    z.array(lineValuesSchema),
  ),
}) satisfies z.ZodType<InoutValues>;

/** A line nobody typed into (its location selects have defaults, so they do not count). */
export function isBlankLine(line: LineValues): boolean {
  return [line.item, line.qty, line.counted, line.cost, line.reason].every(
    (value) => value.trim() === "",
  );
}

/**
 * A quantity typed the Thai way ("1,200", "0.755") in thousandths, with at most 3 decimals,
 * above 0 (or 0 itself when `zero`, a count of an empty shelf), at most MAX_LINE_QTY; null
 * otherwise. Whether the line's item takes a fraction is known once the item is (inout.server).
 */
export function parseLineQuantity(text: string, options: { zero: boolean }): number | null {
  const milli = readQuantity(text);
  if (milli === null || milli > MAX_LINE_QTY) return null;
  return milli > 0 || options.zero ? milli : null;
}

function parseId(text: string): number | null {
  if (!/^\d{1,15}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** A line that passed the rules that need no database; item and places are checked next. */
export interface CheckedLine {
  /** Index into `values.lines`. */
  index: number;
  itemText: string;
  locationId: number | null;
  toLocationId: number | null;
  /** In thousandths, as is `counted`. */
  qty: number | null;
  counted: number | null;
  /** Null: the item's usual cost. */
  costSatang: number | null;
  reason: string;
}

/**
 * The rules of the form that need no database: which lines are filled in, numbers, required
 * fields. Returns the filled lines and the errors found (empty when none).
 */
export function checkInoutValues(
  kind: InoutKind,
  values: InoutValues,
): { lines: CheckedLine[]; errors: InoutErrors } {
  const errors: InoutErrors = { fields: {}, lines: {} };
  const lineError = (index: number, field: LineField, key: MessageKey) => {
    errors.lines[index] = { ...errors.lines[index], [field]: { key } };
  };
  if (values.reference.trim().length > REFERENCE_MAX) {
    errors.fields.reference = { key: "storehub.inout.error.referenceTooLong" };
  }
  if (values.reason.trim().length > REASON_MAX) {
    errors.fields.reason = { key: "storehub.inout.error.reasonTooLong" };
  }
  if (values.note.trim().length > NOTE_MAX) {
    errors.fields.note = { key: "storehub.inout.error.noteTooLong" };
  }
  const documentReason = values.reason.trim();
  const lines: CheckedLine[] = [];
  values.lines.forEach((line, index) => {
    if (isBlankLine(line)) return;
    const checked: CheckedLine = {
      index,
      itemText: line.item.trim(),
      locationId: parseId(line.location),
      toLocationId: null,
      qty: null,
      counted: null,
      costSatang: null,
      reason: line.reason.trim() || documentReason,
    };
    if (!checked.itemText) lineError(index, "item", "storehub.inout.error.itemRequired");
    if (checked.locationId === null) {
      lineError(index, "location", "storehub.inout.error.locationRequired");
    }
    if (kind === "count") {
      checked.counted = parseLineQuantity(line.counted, { zero: true });
      if (checked.counted === null) lineError(index, "counted", "storehub.inout.error.counted");
    } else {
      checked.qty = parseLineQuantity(line.qty, { zero: false });
      if (checked.qty === null) lineError(index, "qty", "storehub.inout.error.qty");
    }
    if (kind === "receive" && line.cost.trim() !== "") {
      checked.costSatang = parseBahtToSatang(line.cost);
      if (checked.costSatang === null) lineError(index, "cost", "storehub.error.costInvalid");
    }
    if (kind === "transfer") {
      checked.toLocationId = parseId(line.to);
      if (checked.toLocationId === null) {
        lineError(index, "to", "storehub.inout.error.toRequired");
      } else if (checked.toLocationId === checked.locationId) {
        lineError(index, "to", "storehub.inout.error.sameLocation");
      }
    }
    if (kind === "issue") {
      if (line.reason.trim().length > REASON_MAX) {
        lineError(index, "reason", "storehub.inout.error.reasonTooLong");
      } else if (!checked.reason && !errors.fields.reason) {
        // Stock leaving the shop without a sale needs a why (damaged, expired, own use...).
        errors.fields.reason = { key: "storehub.inout.error.reasonRequired" };
      }
    }
    lines.push(checked);
  });
  if (lines.length === 0) errors.form = { key: "storehub.inout.error.noLines" };
  return { lines, errors };
}

export function hasErrors(errors: InoutErrors): boolean {
  return (
    errors.form !== undefined ||
    Object.keys(errors.fields).length > 0 ||
    Object.keys(errors.lines).length > 0
  );
}

/** One more unit of a scanned item: on its line when it has one, else on a new line. */
export function addScannedLine(
  kind: InoutKind,
  current: LineValues[],
  item: { sku: string; barcode: string | null },
  defaultLocationId: number,
): LineValues[] {
  const field = kind === "count" ? "counted" : "qty";
  const codes = [item.sku.toLowerCase(), item.barcode?.toLowerCase()].filter(Boolean);
  const lines = current.map((line) => ({ ...line }));
  const same = lines.find((line) => codes.includes(line.item.trim().toLowerCase()));
  if (same) {
    // In thousandths, so "1.5" kg scanned once more is "2.5", never a float sum.
    const now = readQuantity(same[field]) ?? 0;
    same[field] = qtyToSql(now + QTY_SCALE);
  } else {
    const blank = lines.find(
      (line) => !line.item.trim() && !line.qty.trim() && !line.counted.trim(),
    );
    const target = blank ?? blankLine(defaultLocationId);
    target.item = item.sku;
    target[field] = "1";
    if (!blank) lines.push(target);
  }
  return lines;
}
