import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { poolOf, type DbExecutor } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import type { Lang } from "~/lib/i18n";
import { qtyFromSql, qtyToSql } from "~/lib/quantity";
import { shownLocationNameSql } from "./location-name.server";
import { postThroughQueue } from "./posting-queue.server";
import { announceStockChange } from "./stock-change-notifier.server";
import { pageWindow, toPage, type Page } from "~/lib/paging";
import {
  stockDocument,
  stockItem,
  stockLocation,
  stockMovement,
  type MovementKind,
} from "./schema";

/** The documents storehub posts; shophub adds sales through its own commands later. */
export type PostableDocumentKind = "opening" | "receive" | "issue" | "transfer" | "count";

/** One line of a stock document (which fields matter depends on the document's kind). */
export interface StockLine {
  /** The item; or, for a document posted outside a transaction, `itemText` instead. */
  itemId?: number;
  /**
   * What a person or a scanner typed for the item (barcode, SKU or exact name), resolved in the
   * shop by the same statement that posts: no separate look-up round trip.
   */
  itemText?: string;
  locationId: number;
  /**
   * receive/opening/issue/transfer: how much, in thousandths of the item's unit (always
   * positive; whole units, a multiple of 1000, unless the item is `measured`).
   */
  qty?: number;
  /** receive/opening: cost of one unit in satang (a receipt without it: the item's cost). */
  unitCostSatang?: number;
  /** transfer: where the stock goes. */
  toLocationId?: number;
  /** count: the quantity found on the shelf, in thousandths. */
  counted?: number;
  reason?: string;
}

export type StockError =
  | {
      code: "insufficient";
      line: number;
      itemId: number;
      locationId: number;
      /** What is left at that place, in thousandths. */
      available: number;
    }
  | { code: "notFound"; line: number | null }
  | { code: "invalid"; line: number | null }
  | { code: "alreadyReversed" };

export type StockResult = { ok: true; documentId: number } | { ok: false; error: StockError };

export type ReverseResult =
  { ok: true; documentId: number; number: number } | { ok: false; error: StockError };

interface DatabaseError {
  code?: string;
  detail?: string | null;
  constraint?: string | null;
}

/** Turns the ledger functions' SK-class errors into results; anything else is a real fault. */
export function stockErrorOf({ code, detail, constraint }: DatabaseError): StockError | null {
  if (code === "23505" && constraint === "stock_document_reversed_once") {
    return { code: "alreadyReversed" };
  }
  if (!code?.startsWith("SK")) return null;
  let info: { line?: number; item?: number; location?: number; available?: number | string } = {};
  try {
    info = JSON.parse(detail ?? "{}") as typeof info;
  } catch {
    // A detail that is not JSON still maps to the error's kind below.
  }
  const line = info.line ?? null;
  if (code === "SK409") {
    return {
      code: "insufficient",
      line: line ?? 0,
      itemId: info.item ?? 0,
      locationId: info.location ?? 0,
      available: qtyFromSql(info.available),
    };
  }
  if (code === "SK404" || code === "SK405") return { code: "notFound", line };
  // A sale movement whose stock has all been given back already (sale_void).
  if (code === "SK410") return { code: "alreadyReversed" };
  return { code: "invalid", line };
}

/**
 * Posts a stock document (receive, issue, transfer, count or opening stock) with all its
 * lines in one statement: either every line is in the ledger with its balances, or nothing
 * is (the first failing line is reported). Lines are numbered from 1 in the order given.
 *
 * Outside a transaction the document goes through the shop's posting queue (group commit,
 * posting-queue.server.ts); inside a caller's transaction it is posted there and then, and
 * its items must be given by id.
 */
export async function postStockDocument(
  db: DbExecutor,
  input: {
    shopId: string;
    userId: string;
    kind: PostableDocumentKind;
    reference?: string;
    note?: string;
    lines: StockLine[];
  },
): Promise<StockResult> {
  const lines = input.lines.map((line, index) => ({
    line: index + 1,
    ...(line.itemText === undefined
      ? { item: line.itemId }
      : // The lookup rule (barcode, SKU, exact name) is the database's stock_item_matches.
        { text: line.itemText.trim() }),
    location: line.locationId,
    // Exact decimals ("1.255") for the ledger's numeric quantities.
    qty: line.qty === undefined ? undefined : qtyToSql(line.qty),
    unitCost: line.unitCostSatang,
    toLocation: line.toLocationId,
    counted: line.counted === undefined ? undefined : qtyToSql(line.counted),
    reason: line.reason,
  }));
  const pool = poolOf(db);
  if (pool) {
    const result = await postThroughQueue(pool, input.shopId, {
      kind: input.kind,
      reference: input.reference ?? "",
      note: input.note ?? "",
      user: input.userId,
      lines,
    });
    if ("error" in result) {
      const stockError = stockErrorOf({
        code: result.error.state,
        detail: result.error.detail,
        constraint: result.error.constraint,
      });
      if (stockError) return { ok: false, error: stockError };
      throw new Error(`stock document failed: ${result.error.state}`);
    }
    announceStockChange(db, input.shopId);
    return { ok: true, documentId: Number(result.id) };
  }
  if (lines.some((line) => "text" in line)) {
    throw new Error("inside a transaction, stock lines name their items by id");
  }
  try {
    const result = await db.execute<{ id: string }>(
      sql`SELECT stock_post_document(${input.shopId}, ${input.kind}, ${input.reference ?? ""},
            ${input.note ?? ""}, ${input.userId}, ${JSON.stringify(lines)}::jsonb) AS id`,
    );
    // The caller announces after its own commit (createItem).
    return { ok: true, documentId: Number(result.rows[0]?.id) };
  } catch (error) {
    const stockError = stockErrorOf(pgErrorOf(error) ?? {});
    if (stockError) return { ok: false, error: stockError };
    throw error;
  }
}

/** Undoes a document with opposite movements of the same value; a document is undone once. */
export async function reverseStockDocument(
  db: DbExecutor,
  input: { shopId: string; userId: string; documentId: number; reason: string },
): Promise<ReverseResult> {
  try {
    const result = await db.execute<{ id: string }>(
      sql`SELECT stock_reverse_document(${input.shopId}, ${input.documentId}, ${input.userId},
            ${input.reason}) AS id`,
    );
    // Only a statement on the pool itself has committed here; inside a caller's transaction
    // the caller announces after its commit (createItem).
    announceStockChange(db, input.shopId);
    const documentId = Number(result.rows[0]?.id);
    // Reversals are rare: the number is read afterwards rather than changing the function.
    const [reversal] = await db
      .select({ number: stockDocument.number })
      .from(stockDocument)
      .where(eq(stockDocument.id, documentId));
    return { ok: true, documentId, number: reversal?.number ?? documentId };
  } catch (error) {
    const stockError = stockErrorOf(pgErrorOf(error) ?? {});
    if (stockError) return { ok: false, error: stockError };
    throw error;
  }
}

export interface MovementRow {
  id: number;
  documentId: number;
  /** The document's own number (gapless per shop and kind), for "GR-000012". */
  documentNumber: number;
  documentKind: string;
  /** The number of the reversal that undid this movement's document, if any. */
  reversedBy: number | null;
  itemId: number;
  itemName: string;
  sku: string;
  unit: string;
  locationId: number;
  locationName: string;
  kind: MovementKind;
  /** Signed, in thousandths; so are the quantities after it. */
  qty: number;
  locationQtyAfter: number;
  itemQtyAfter: number;
  unitCostSatang: number;
  valueSatang: number;
  reference: string;
  reason: string;
  userName: string | null;
  createdAt: Date;
}

/**
 * Ledger rows of a shop, newest first, optionally of one item and/or one location, a page
 * at a time. The running quantities were recorded when each movement was posted.
 */
export async function listMovements(
  db: DbExecutor,
  shopId: string,
  filter: {
    itemId?: number;
    locationId?: number;
    page: number;
    pageSize?: number;
    /** False when only the rows are shown (no pager): skips counting. */
    withTotal?: boolean;
    /** The reader's language, for the first warehouse's name (shownLocationName). */
    lang?: Lang;
  },
): Promise<Page<MovementRow>> {
  const conditions: SQL[] = [eq(stockMovement.shopId, shopId)];
  if (filter.itemId !== undefined) conditions.push(eq(stockMovement.itemId, filter.itemId));
  if (filter.locationId !== undefined) {
    conditions.push(eq(stockMovement.locationId, filter.locationId));
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(filter.page, filter.pageSize);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stockMovement.id,
        documentId: stockMovement.documentId,
        documentNumber: stockDocument.number,
        documentKind: stockDocument.kind,
        reversedBy: sql<number | null>`(SELECT r.number FROM stock_document r
          WHERE r.reverses_document_id = ${stockMovement.documentId})`.mapWith((value) =>
          value === null ? null : Number(value),
        ),
        itemId: stockMovement.itemId,
        itemName: stockItem.name,
        sku: stockItem.sku,
        unit: stockItem.unit,
        locationId: stockMovement.locationId,
        locationName: shownLocationNameSql(filter.lang ?? "th"),
        kind: stockMovement.kind,
        qty: stockMovement.qty,
        locationQtyAfter: stockMovement.locationQtyAfter,
        itemQtyAfter: stockMovement.itemQtyAfter,
        unitCostSatang: stockMovement.unitCostSatang,
        valueSatang: stockMovement.valueSatang,
        reference: stockMovement.reference,
        reason: stockMovement.reason,
        userName: sql<string | null>`(SELECT u.name FROM app_user u
          WHERE u.id = ${stockMovement.userId})`,
        createdAt: stockMovement.createdAt,
      })
      .from(stockMovement)
      .innerJoin(stockItem, eq(stockItem.id, stockMovement.itemId))
      .innerJoin(stockLocation, eq(stockLocation.id, stockMovement.locationId))
      .innerJoin(stockDocument, eq(stockDocument.id, stockMovement.documentId))
      .where(where)
      // Ordered by the filtering column first so the plan follows the matching index
      // ((item_id, id), (location_id, id) or (shop_id, id)) backwards and stops after a page;
      // ordered by id alone, PostgreSQL may walk the primary key through other shops' rows.
      .orderBy(...ledgerOrder(filter))
      .limit(limit)
      .offset(offset),
    filter.withTotal === false
      ? Promise.resolve([0] as [number])
      : countMovements(db, shopId, filter),
  ]);
  return toPage(rows, counted ?? 0, filter.page, filter.pageSize);
}

function ledgerOrder(filter: { itemId?: number; locationId?: number }) {
  if (filter.itemId !== undefined) return [desc(stockMovement.itemId), desc(stockMovement.id)];
  if (filter.locationId !== undefined) {
    return [desc(stockMovement.locationId), desc(stockMovement.id)];
  }
  return [desc(stockMovement.shopId), desc(stockMovement.id)];
}

/** Counting stops here: a shop's whole ledger may hold millions of rows. */
export const MOVEMENT_COUNT_CAP = 10_000;

/** How many movements match, up to MOVEMENT_COUNT_CAP (the pager needs no more). */
async function countMovements(
  db: DbExecutor,
  shopId: string,
  filter: { itemId?: number; locationId?: number },
): Promise<[number]> {
  const conditions: SQL[] = [eq(stockMovement.shopId, shopId)];
  if (filter.itemId !== undefined) conditions.push(eq(stockMovement.itemId, filter.itemId));
  if (filter.locationId !== undefined) {
    conditions.push(eq(stockMovement.locationId, filter.locationId));
  }
  const capped = db
    .select({ one: sql`1` })
    .from(stockMovement)
    .where(and(...conditions))
    .limit(MOVEMENT_COUNT_CAP)
    .as("capped");
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return [row?.total ?? 0];
}
