import { and, asc, count, eq, inArray, notInArray, or, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import { stockItem, stockItemVariant, stockVariantGroup } from "./schema";
import { announceStockChange } from "./stock-change-notifier.server";
import {
  variantCombinations,
  variantItemName,
  variantKey,
  type VariantOption,
} from "./variant-form";

/** A variant group as storehub's list shows it. */
export interface VariantGroupSummary {
  id: number;
  name: string;
  optionNames: string[];
  variantCount: number;
}

/** The shop's variant groups by name. */
export async function listVariantGroups(
  db: DbExecutor,
  shopId: string,
): Promise<VariantGroupSummary[]> {
  return db
    .select({
      id: stockVariantGroup.id,
      name: stockVariantGroup.name,
      optionNames: stockVariantGroup.optionNames,
      variantCount: count(stockItemVariant.id),
    })
    .from(stockVariantGroup)
    .leftJoin(stockItemVariant, eq(stockItemVariant.groupId, stockVariantGroup.id))
    .where(eq(stockVariantGroup.shopId, shopId))
    .groupBy(stockVariantGroup.id)
    .orderBy(asc(stockVariantGroup.name), asc(stockVariantGroup.id));
}

export interface VariantDetail {
  itemId: number;
  values: string[];
  name: string;
  sku: string;
  barcode: string | null;
  priceSatang: number;
  costSatang: number;
  onHand: number;
  status: "active" | "archived";
}

export interface VariantGroupDetail {
  id: number;
  name: string;
  category: string;
  unit: string;
  options: VariantOption[];
  variants: VariantDetail[];
}

/** One group of this shop with its variants in their order, or null (another shop's id too). */
export async function findVariantGroup(
  db: DbExecutor,
  shopId: string,
  groupId: number,
): Promise<VariantGroupDetail | null> {
  if (!Number.isSafeInteger(groupId) || groupId <= 0) return null;
  const [group] = await db
    .select()
    .from(stockVariantGroup)
    .where(and(eq(stockVariantGroup.shopId, shopId), eq(stockVariantGroup.id, groupId)));
  if (!group) return null;
  const variants = await db
    .select({
      itemId: stockItem.id,
      values: stockItemVariant.optionValues,
      name: stockItem.name,
      sku: stockItem.sku,
      barcode: stockItem.barcode,
      priceSatang: stockItem.priceSatang,
      costSatang: stockItem.costSatang,
      onHand: stockItem.onHand,
      status: stockItem.status,
      category: stockItem.category,
      unit: stockItem.unit,
    })
    .from(stockItemVariant)
    .innerJoin(stockItem, eq(stockItem.id, stockItemVariant.itemId))
    .where(and(eq(stockItemVariant.shopId, shopId), eq(stockItemVariant.groupId, groupId)))
    .orderBy(asc(stockItemVariant.position), asc(stockItemVariant.id));
  // The options as saved: each name with its values in the order they first appear.
  const options = group.optionNames.map((name, index) => ({
    name,
    values: [...new Set(variants.map((variant) => variant.values[index] ?? ""))],
  }));
  return {
    id: group.id,
    name: group.name,
    category: variants[0]?.category ?? "",
    unit: variants[0]?.unit ?? "",
    options,
    variants: variants.map(({ category: _c, unit: _u, ...variant }) => variant),
  };
}

export interface VariantRowWrite {
  values: string[];
  sku: string;
  barcode: string | null;
  priceSatang: number;
  costSatang: number;
}

export type SaveVariantGroupResult =
  | { ok: true; groupId: number; created: number; updated: number }
  | {
      ok: false;
      error: "notFound" | "nameTaken" | "valueRemoved" | "optionCountChanged" | "rowsMismatch";
    }
  | { ok: false; error: "sku-taken" | "barcode-taken"; row: number };

class Refused extends Error {
  constructor(readonly result: Extract<SaveVariantGroupResult, { ok: false }>) {
    super("variant group refused");
  }
}

/**
 * Creates a variant group or saves its changes: one item per combination of the options (each
 * with its own SKU, barcode, price and cost; its stock moves through the ledger like any item's),
 * all in one transaction, so nothing is half-written. Values can be added later; a saved
 * combination cannot be taken out (its item has a history: archive it instead).
 */
export async function saveVariantGroup(
  db: Database,
  input: {
    shopId: string;
    groupId: number | null;
    name: string;
    category: string;
    unit: string;
    options: VariantOption[];
    rows: VariantRowWrite[];
  },
): Promise<SaveVariantGroupResult> {
  const { shopId } = input;
  const combos = variantCombinations(input.options).map(variantKey);
  const rowKeys = input.rows.map((row) => variantKey(row.values));
  if (
    combos.length !== rowKeys.length ||
    new Set(rowKeys).size !== rowKeys.length ||
    rowKeys.some((key) => !combos.includes(key))
  ) {
    return { ok: false, error: "rowsMismatch" };
  }
  try {
    const result = await db.transaction(async (tx) => {
      let groupId = input.groupId;
      const existing = new Map<string, number>();
      if (groupId !== null) {
        const [group] = await tx
          .select()
          .from(stockVariantGroup)
          .where(and(eq(stockVariantGroup.shopId, shopId), eq(stockVariantGroup.id, groupId)))
          .for("update");
        if (!group) throw new Refused({ ok: false, error: "notFound" });
        if (group.optionNames.length !== input.options.length) {
          throw new Refused({ ok: false, error: "optionCountChanged" });
        }
        const links = await tx
          .select({ itemId: stockItemVariant.itemId, values: stockItemVariant.optionValues })
          .from(stockItemVariant)
          .where(eq(stockItemVariant.groupId, groupId));
        for (const link of links) existing.set(variantKey(link.values), link.itemId);
        if ([...existing.keys()].some((key) => !combos.includes(key))) {
          throw new Refused({ ok: false, error: "valueRemoved" });
        }
      }

      // Another item of the shop with a SKU or barcode of a row: said next to that row.
      const ownIds = [...existing.values()];
      const skus = input.rows.map((row) => row.sku);
      const barcodes = input.rows.flatMap((row) => (row.barcode ? [row.barcode] : []));
      const clashes = await tx
        .select({ sku: stockItem.sku, barcode: stockItem.barcode })
        .from(stockItem)
        .where(
          and(
            eq(stockItem.shopId, shopId),
            ownIds.length > 0 ? notInArray(stockItem.id, ownIds) : undefined,
            barcodes.length > 0
              ? or(inArray(stockItem.sku, skus), inArray(stockItem.barcode, barcodes))
              : inArray(stockItem.sku, skus),
          ),
        );
      for (const clash of clashes) {
        const bySku = input.rows.findIndex((row) => row.sku === clash.sku);
        if (bySku >= 0) throw new Refused({ ok: false, error: "sku-taken", row: bySku });
        const byBarcode = input.rows.findIndex(
          (row) => row.barcode !== null && row.barcode === clash.barcode,
        );
        if (byBarcode >= 0) {
          throw new Refused({ ok: false, error: "barcode-taken", row: byBarcode });
        }
      }

      if (groupId === null) {
        const [group] = await tx
          .insert(stockVariantGroup)
          .values({ shopId, name: input.name, optionNames: input.options.map((o) => o.name) })
          .returning({ id: stockVariantGroup.id });
        if (!group) throw new Error("variant group insert returned no row");
        groupId = group.id;
      } else {
        await tx
          .update(stockVariantGroup)
          .set({ name: input.name, optionNames: input.options.map((o) => o.name) })
          .where(eq(stockVariantGroup.id, groupId));
      }

      // A saved item whose SKU moves to another row: free the codes first, so swapping two
      // variants' SKUs does not meet the unique index half-way.
      if (ownIds.length > 0) {
        await tx
          .update(stockItem)
          .set({ sku: sql`'~' || ${stockItem.id}::text`, barcode: null })
          .where(and(eq(stockItem.shopId, shopId), inArray(stockItem.id, ownIds)));
      }

      let created = 0;
      let updated = 0;
      for (const [position, row] of input.rows.entries()) {
        const values = {
          name: variantItemName(input.name, row.values),
          sku: row.sku,
          barcode: row.barcode,
          category: input.category,
          unit: input.unit,
          priceSatang: row.priceSatang,
          costSatang: row.costSatang,
        };
        const itemId = existing.get(variantKey(row.values));
        if (itemId !== undefined) {
          await tx
            .update(stockItem)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(stockItem.shopId, shopId), eq(stockItem.id, itemId)));
          await tx
            .update(stockItemVariant)
            .set({ position, optionValues: row.values })
            .where(eq(stockItemVariant.itemId, itemId));
          updated++;
        } else {
          const [item] = await tx
            .insert(stockItem)
            .values({ shopId, ...values })
            .returning({ id: stockItem.id });
          if (!item) throw new Error("item insert returned no row");
          await tx.insert(stockItemVariant).values({
            shopId,
            groupId,
            itemId: item.id,
            optionValues: row.values,
            position,
          });
          created++;
        }
      }
      return { ok: true as const, groupId, created, updated };
    });
    announceStockChange(db, shopId);
    return result;
  } catch (error) {
    if (error instanceof Refused) return error.result;
    const { code, constraint } = pgErrorOf(error) ?? {};
    if (code === "23505" && constraint === "stock_variant_group_shop_name") {
      return { ok: false, error: "nameTaken" };
    }
    // Another member took a code meanwhile: said on the first row, nothing was written.
    if (code === "23505" && constraint === "stock_item_shop_sku") {
      return { ok: false, error: "sku-taken", row: 0 };
    }
    if (code === "23505" && constraint === "stock_item_shop_barcode") {
      return { ok: false, error: "barcode-taken", row: 0 };
    }
    throw error;
  }
}
