import { and, count, eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import { gs1CheckDigit } from "./barcode";
import type { ItemFields } from "./item-form";
import { postStockDocument } from "./ledger.server";
import { getDefaultLocation } from "./locations.server";
import { announceStockChange } from "./stock-change-notifier.server";
import { stockItem } from "./schema";

/** A sample item to add: its fields and the opening stock, in thousandths of its unit. */
export interface SampleItemInput {
  fields: ItemFields;
  openingQty: number;
}

/**
 * A sample's barcode: an EAN-13 in GS1's in-store range (prefix 20), which no manufacturer's
 * product carries, so a sample never takes the barcode of a real item the shop adds later.
 */
export function sampleBarcode(n: number): string {
  const body = `2000000000${String(n).padStart(2, "0")}`;
  return `${body}${gs1CheckDigit(body)}`;
}

export type AddSamplesResult =
  { ok: true; added: number } | { ok: false; error: "notNew" | "taken" | "opening" };

/** How many items a shop has, and how many of them are samples (archived ones included). */
export async function itemCountsOf(
  db: DbExecutor,
  shopId: string,
): Promise<{ items: number; samples: number; activeSamples: number }> {
  const [row] = await db
    .select({
      items: count(),
      samples: sql<number>`count(*) FILTER (WHERE ${stockItem.sample})::int`,
      activeSamples: sql<number>`count(*) FILTER (WHERE ${stockItem.sample} AND ${stockItem.status} = 'active')::int`,
    })
    .from(stockItem)
    .where(eq(stockItem.shopId, shopId));
  return {
    items: row?.items ?? 0,
    samples: row?.samples ?? 0,
    activeSamples: row?.activeSamples ?? 0,
  };
}

/**
 * Adds sample items to a shop that has no items yet, with their opening stock posted as one
 * opening document at the default location (so the till, the stock balance and the cost of a
 * sale all work on them as on real items). All or nothing.
 */
export async function addSampleItems(
  db: Database,
  input: { shopId: string; userId: string; items: SampleItemInput[] },
): Promise<AddSamplesResult> {
  try {
    const result = await db.transaction(async (tx): Promise<AddSamplesResult> => {
      // The shop's row is the lock two members pressing the button at once queue on.
      await tx.execute(sql`SELECT 1 FROM shop WHERE id = ${input.shopId} FOR UPDATE`);
      const counts = await itemCountsOf(tx, input.shopId);
      if (counts.items > 0) return { ok: false, error: "notNew" };
      const location = await getDefaultLocation(tx, input.shopId);
      const created = await tx
        .insert(stockItem)
        .values(
          input.items.map(({ fields }) => ({
            shopId: input.shopId,
            name: fields.name,
            sku: fields.sku,
            barcode: fields.barcode,
            category: fields.category,
            unit: fields.unit,
            priceSatang: fields.price,
            costSatang: fields.cost,
            reorderLevel: fields.reorderLevel,
            measured: fields.measured,
            sample: true,
          })),
        )
        .returning({ id: stockItem.id, sku: stockItem.sku });
      const idBySku = new Map(created.map((row) => [row.sku, row.id]));
      const posted = await postStockDocument(tx, {
        shopId: input.shopId,
        userId: input.userId,
        kind: "opening",
        reference: "SAMPLE",
        lines: input.items.map(({ fields, openingQty }) => ({
          // Every sku was just inserted (0 never matches an item: the post would fail whole).
          itemId: idBySku.get(fields.sku) ?? 0,
          locationId: location.id,
          qty: openingQty,
          unitCostSatang: fields.cost,
        })),
      });
      if (!posted.ok) throw new SamplesRolledBack("opening");
      return { ok: true, added: created.length };
    });
    if (result.ok) announceStockChange(db, input.shopId);
    return result;
  } catch (error) {
    if (error instanceof SamplesRolledBack) return { ok: false, error: error.reason };
    if (pgErrorOf(error)?.code === "23505") return { ok: false, error: "taken" };
    throw error;
  }
}

class SamplesRolledBack extends Error {
  constructor(readonly reason: "opening") {
    super("sample items rolled back");
  }
}

export type RemoveSamplesResult =
  | { ok: true; removed: number }
  /** sold: a sample was sold (even if voided); moved: another document moved one. */
  | { ok: false; error: "sold" | "moved" };

/**
 * Takes a shop's sample items back with their opening stock, as if never added, while none was
 * sold or moved by another document; otherwise nothing changes and the caller offers to archive
 * them instead. The database function does the checks and the deletes in one statement.
 */
export async function removeSampleItems(
  db: Database,
  shopId: string,
): Promise<RemoveSamplesResult> {
  try {
    const result = await db.execute<{ removed: number }>(
      sql`SELECT stock_remove_sample_items(${shopId}) AS removed`,
    );
    const removed = Number(result.rows[0]?.removed ?? 0);
    if (removed > 0) announceStockChange(db, shopId);
    return { ok: true, removed };
  } catch (error) {
    const code = pgErrorOf(error)?.code;
    if (code === "SK423") return { ok: false, error: "sold" };
    if (code === "SK424") return { ok: false, error: "moved" };
    throw error;
  }
}

/**
 * Archives a shop's sample items (hidden from the till and the lists, their sales and stock
 * history kept): what is left when they cannot be taken back.
 */
export async function archiveSampleItems(db: Database, shopId: string): Promise<number> {
  const archived = await db
    .update(stockItem)
    .set({ status: "archived", updatedAt: new Date() })
    .where(
      and(eq(stockItem.shopId, shopId), eq(stockItem.sample, true), eq(stockItem.status, "active")),
    )
    .returning({ id: stockItem.id });
  if (archived.length > 0) announceStockChange(db, shopId);
  return archived.length;
}
