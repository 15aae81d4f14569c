import { and, eq, inArray } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import {
  addScannedLine,
  checkInoutValues,
  hasErrors,
  shortageMessage,
  type CheckedLine,
  type InoutErrors,
  type InoutKind,
  type InoutValues,
} from "./inout-form";
import { matchItemsByText, type StockItem } from "./items.server";
import { postStockDocument } from "./ledger.server";
import type { Lang } from "~/lib/i18n";
import { isWholeQuantity } from "~/lib/quantity";
import { buildLocationTree, flattenLocationTree, listLocations } from "./locations.server";
import { stockBalance } from "./schema";
import { describeShortage } from "./stock-shortage";

/** A place as the forms list it: "คลังหลัก › โซน A › ชั้น 1". */
export interface LocationOption {
  id: number;
  kind: "warehouse" | "zone" | "bin";
  path: string;
  depth: number;
  isDefault: boolean;
}

/** The shop's places in tree order with their full paths (for selects and labels). */
export async function locationOptions(
  db: DbExecutor,
  shopId: string,
  lang: Lang = "th",
): Promise<LocationOption[]> {
  const locations = await listLocations(db, shopId, lang);
  return flattenLocationTree(buildLocationTree(locations, new Map())).map((node) => ({
    id: node.id,
    kind: node.kind,
    path: node.path,
    depth: node.depth,
    isDefault: node.isDefault,
  }));
}

export type ResolvedItem =
  { ok: true; item: StockItem } | { ok: false; error: "notFound" | "ambiguous" };

/**
 * The item of THIS shop that a person or a scanner typed: barcode or SKU first, then the
 * exact name (case-insensitive) when only one item has it.
 */
export async function resolveItemText(
  db: DbExecutor,
  shopId: string,
  text: string,
): Promise<ResolvedItem> {
  const value = text.trim();
  if (!value) return { ok: false, error: "notFound" };
  // The same rule the ledger applies when it posts the item as typed (stock_item_matches).
  const found = await matchItemsByText(db, shopId, value, true);
  if (found.length === 1 && found[0]) return { ok: true, item: found[0] };
  return { ok: false, error: found.length > 1 ? "ambiguous" : "notFound" };
}

/** Quantities (thousandths) of some items at each location: `${itemId}:${locationId}` -> qty. */
export async function balancesOf(
  db: DbExecutor,
  shopId: string,
  itemIds: number[],
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({
      itemId: stockBalance.itemId,
      locationId: stockBalance.locationId,
      qty: stockBalance.qty,
    })
    .from(stockBalance)
    .where(
      and(eq(stockBalance.shopId, shopId), inArray(stockBalance.itemId, [...new Set(itemIds)])),
    );
  return new Map(rows.map((row) => [`${row.itemId}:${row.locationId}`, row.qty]));
}

/** What the form shows under a line once its item is known. */
export interface LinePreview {
  text: string;
  itemId: number;
  name: string;
  sku: string;
  unit: string;
  costSatang: number;
  /** Thousandths at the line's location now (from-location of a transfer). */
  current: number;
  /** The item is archived: stock can still move, but people are warned (it is not sold). */
  archived: boolean;
}

export type InoutOutcome =
  | { ok: true; documentId: number }
  | { ok: false; errors: InoutErrors; previews: Record<number, LinePreview> };

interface Resolution {
  errors: InoutErrors;
  previews: Record<number, LinePreview>;
  items: Map<number, StockItem>;
  locations: Map<number, LocationOption>;
}

/** The rules, then the items and places looked up in this shop only; nothing is written. */
async function resolveLines(
  db: DbExecutor,
  shopId: string,
  kind: InoutKind,
  values: InoutValues,
  lines: CheckedLine[],
  errors: InoutErrors,
  lang: Lang,
): Promise<Resolution> {
  const locations = new Map(
    (await locationOptions(db, shopId, lang)).map((option) => [option.id, option]),
  );
  const items = new Map<number, StockItem>();
  const byText = new Map<string, ResolvedItem>();
  const lineError = (index: number, field: "item" | "location" | "to", key: ResolvedErrorKey) => {
    errors.lines[index] = { ...errors.lines[index], [field]: { key } };
  };
  for (const line of lines) {
    if (line.locationId !== null && !locations.has(line.locationId)) {
      lineError(line.index, "location", "storehub.error.locationNotFound");
    }
    if (kind === "transfer" && line.toLocationId !== null && !locations.has(line.toLocationId)) {
      lineError(line.index, "to", "storehub.error.locationNotFound");
    }
    if (!line.itemText) continue;
    const key = line.itemText.toLowerCase();
    let resolved = byText.get(key);
    if (!resolved) {
      resolved = await resolveItemText(db, shopId, line.itemText);
      byText.set(key, resolved);
    }
    if (resolved.ok) {
      items.set(line.index, resolved.item);
      // 1.5 boxes is a typing mistake; 1.5 kg of an item sold by weight is not.
      const field = kind === "count" ? "counted" : "qty";
      const typed = kind === "count" ? line.counted : line.qty;
      if (!resolved.item.measured && typed !== null && !isWholeQuantity(typed)) {
        errors.lines[line.index] = {
          ...errors.lines[line.index],
          [field]: { key: "storehub.error.qtyWhole" },
        };
      }
    } else {
      lineError(
        line.index,
        "item",
        resolved.error === "ambiguous"
          ? "storehub.inout.error.itemAmbiguous"
          : "storehub.error.itemNotFound",
      );
    }
  }
  const balances = await balancesOf(
    db,
    shopId,
    [...items.values()].map((item) => item.id),
  );
  const previews: Record<number, LinePreview> = {};
  for (const line of lines) {
    const item = items.get(line.index);
    if (!item) continue;
    previews[line.index] = {
      text: values.lines[line.index]?.item ?? "",
      itemId: item.id,
      name: item.name,
      sku: item.sku,
      unit: item.unit,
      costSatang: item.costSatang,
      current: balances.get(`${item.id}:${line.locationId}`) ?? 0,
      archived: item.status === "archived",
    };
  }
  return { errors, previews, items, locations };
}

type ResolvedErrorKey =
  | "storehub.error.locationNotFound"
  | "storehub.error.itemNotFound"
  | "storehub.inout.error.itemAmbiguous";

/**
 * Checks the form without posting ("check" and "add lines"): errors and, per line, the item
 * found and its quantity now. A scanned code becomes a line (or one more unit on its line).
 */
export async function previewInout(
  db: DbExecutor,
  shopId: string,
  kind: InoutKind,
  values: InoutValues,
  defaultLocationId: number,
  lang: Lang = "th",
): Promise<{ values: InoutValues; errors: InoutErrors; previews: Record<number, LinePreview> }> {
  let next = values;
  const scanErrors: InoutErrors["fields"] = {};
  if (values.scan.trim()) {
    const scanned = await resolveItemText(db, shopId, values.scan);
    if (scanned.ok) {
      next = {
        ...values,
        lines: addScannedLine(kind, values.lines, scanned.item, defaultLocationId),
      };
    } else {
      scanErrors.scan = {
        key: "storehub.inout.error.scanNotFound",
        values: { code: values.scan.trim() },
      };
    }
    next = { ...next, scan: "" };
  }
  const { lines, errors } = checkInoutValues(kind, next);
  // A check is not a post: an empty document is no error yet.
  delete errors.form;
  const resolved = await resolveLines(db, shopId, kind, next, lines, errors, lang);
  resolved.errors.fields = { ...resolved.errors.fields, ...scanErrors };
  return { values: next, errors: resolved.errors, previews: resolved.previews };
}

/**
 * Posts the stock in/out form as one document, or returns the errors per line (with the
 * Thai reason, e.g. not enough stock at that place) and posts nothing.
 *
 * A form that passes its own rules is posted straight away, the items as typed: the ledger
 * resolves them in the shop in the same statement (one round trip on the tills' hot path).
 * Only when that fails are the items and places looked up to explain the failure per line.
 */
export async function submitInout(
  db: Database,
  input: { shopId: string; userId: string; kind: InoutKind; values: InoutValues; lang?: Lang },
): Promise<InoutOutcome> {
  const { kind, values, shopId } = input;
  const lang = input.lang ?? "th";
  const checked = checkInoutValues(kind, values);
  if (hasErrors(checked.errors)) {
    const resolved = await resolveLines(
      db,
      shopId,
      kind,
      values,
      checked.lines,
      checked.errors,
      lang,
    );
    return { ok: false, errors: resolved.errors, previews: resolved.previews };
  }

  const posted = await postStockDocument(db, {
    shopId,
    userId: input.userId,
    kind,
    reference: values.reference.trim(),
    note: values.note.trim(),
    lines: checked.lines.map((line) => ({
      itemText: line.itemText,
      locationId: line.locationId ?? 0,
      qty: line.qty ?? undefined,
      counted: line.counted ?? undefined,
      toLocationId: line.toLocationId ?? undefined,
      // Empty: the item's own cost (the ledger fills it in).
      unitCostSatang: kind === "receive" ? (line.costSatang ?? undefined) : undefined,
      reason: line.reason || undefined,
    })),
  });
  if (posted.ok) return posted;

  const resolved = await resolveLines(
    db,
    shopId,
    kind,
    values,
    checked.lines,
    checked.errors,
    lang,
  );
  const { errors, previews, items, locations } = resolved;
  // An unknown item or place is already explained next to its field.
  if (hasErrors(errors)) return { ok: false, errors, previews };
  const error = posted.error;
  const index = "line" in error && error.line ? checked.lines[error.line - 1]?.index : undefined;
  const field = kind === "count" ? "counted" : "qty";
  if (index === undefined) {
    errors.form = {
      key:
        error.code === "notFound" ? "storehub.error.itemNotFound" : "storehub.inout.error.failed",
    };
  } else if (error.code === "insufficient") {
    const shortage = describeShortage(
      error,
      items.get(index),
      locations.get(error.locationId)?.path,
    );
    errors.lines[index] = { [field]: shortageMessage(shortage) };
  } else if (error.code === "notFound") {
    errors.lines[index] = { item: { key: "storehub.error.itemNotFound" } };
  } else {
    errors.lines[index] = { [field]: { key: "storehub.inout.error.lineInvalid" } };
  }
  return { ok: false, errors, previews };
}
