import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { itemOptionGroup, optionChoice, optionGroup, stockItem } from "~/db/schema";
import { pgErrorOf } from "~/db/pg-error";
import { isWholeQuantity } from "~/lib/quantity";
import type { ChoiceFormValue } from "./option-form";
import type { OptionGroup } from "./options";

/*
 * The shop's option groups (issue 37, decision 0092): ความหวาน, ท็อปปิ้ง... with their choices
 * and the items that ask them, always read and written within the member's shop: a group, a
 * choice or an item of another shop is never found.
 */

export interface OptionChoiceRow {
  id: number;
  name: string;
  priceSatang: number;
  stock: { itemId: number; sku: string; name: string; unit: string; qtyMilli: number } | null;
}

export interface OptionGroupRow {
  id: number;
  name: string;
  min: number;
  max: number;
  choices: OptionChoiceRow[];
  items: { id: number; name: string; sku: string }[];
}

/** The shop's groups by name, each with its choices in order and the items asking it. */
export async function listOptionGroups(db: Database, shopId: string): Promise<OptionGroupRow[]> {
  const groups = await db
    .select({
      id: optionGroup.id,
      name: optionGroup.name,
      min: optionGroup.minChoices,
      max: optionGroup.maxChoices,
    })
    .from(optionGroup)
    .where(eq(optionGroup.shopId, shopId))
    .orderBy(asc(optionGroup.name));
  const choices = await db
    .select({
      id: optionChoice.id,
      groupId: optionChoice.groupId,
      name: optionChoice.name,
      priceSatang: optionChoice.priceSatang,
      stockQty: optionChoice.stockQty,
      itemId: stockItem.id,
      sku: stockItem.sku,
      itemName: stockItem.name,
      unit: stockItem.unit,
    })
    .from(optionChoice)
    .leftJoin(stockItem, eq(stockItem.id, optionChoice.stockItemId))
    .where(eq(optionChoice.shopId, shopId))
    .orderBy(asc(optionChoice.position), asc(optionChoice.id));
  const items = await db
    .select({
      groupId: itemOptionGroup.groupId,
      id: stockItem.id,
      name: stockItem.name,
      sku: stockItem.sku,
    })
    .from(itemOptionGroup)
    .innerJoin(stockItem, eq(stockItem.id, itemOptionGroup.itemId))
    .where(eq(itemOptionGroup.shopId, shopId))
    .orderBy(asc(stockItem.name));
  return groups.map((g) => ({
    ...g,
    choices: choices
      .filter((c) => c.groupId === g.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        priceSatang: c.priceSatang,
        stock:
          c.itemId !== null && c.stockQty !== null
            ? {
                itemId: c.itemId,
                sku: c.sku ?? "",
                name: c.itemName ?? "",
                unit: c.unit ?? "",
                qtyMilli: c.stockQty,
              }
            : null,
      })),
    items: items.filter((i) => i.groupId === g.id).map(({ groupId: _g, ...i }) => i),
  }));
}

/**
 * What the till's catalogue carries (decision 0092): every group the shop's items ask, by id,
 * and each item's groups in order. Empty when the shop has none (the till's data stays as it was).
 */
export async function tillOptionGroups(
  db: Database,
  shopId: string,
): Promise<{ groups: Record<number, OptionGroup>; byItem: Record<number, number[]> }> {
  const links = await db
    .select({ itemId: itemOptionGroup.itemId, groupId: itemOptionGroup.groupId })
    .from(itemOptionGroup)
    .where(eq(itemOptionGroup.shopId, shopId))
    .orderBy(asc(itemOptionGroup.itemId), asc(itemOptionGroup.position), asc(itemOptionGroup.id));
  if (links.length === 0) return { groups: {}, byItem: {} };
  const all = await listOptionGroups(db, shopId);
  const groups: Record<number, OptionGroup> = {};
  for (const g of all) {
    groups[g.id] = {
      id: g.id,
      name: g.name,
      min: g.min,
      max: g.max,
      choices: g.choices.map((c) => ({ id: c.id, name: c.name, priceSatang: c.priceSatang })),
    };
  }
  const byItem: Record<number, number[]> = {};
  for (const l of links) (byItem[l.itemId] ??= []).push(l.groupId);
  return { groups, byItem };
}

export type OptionWriteError =
  "nameTaken" | "notFound" | "stockSkuUnknown" | "stockWhole" | "stockIsItem";

type Written = { ok: true; id: number } | { ok: false; error: OptionWriteError };

/** Adds a group, or changes one of the shop's (`groupId`). */
export async function saveOptionGroup(
  db: Database,
  shopId: string,
  group: { name: string; min: number; max: number },
  groupId?: number,
): Promise<Written> {
  try {
    const values = { name: group.name, minChoices: group.min, maxChoices: group.max };
    const [row] =
      groupId === undefined
        ? await db
            .insert(optionGroup)
            .values({ shopId, ...values })
            .returning({ id: optionGroup.id })
        : await db
            .update(optionGroup)
            .set(values)
            .where(and(eq(optionGroup.shopId, shopId), eq(optionGroup.id, groupId)))
            .returning({ id: optionGroup.id });
    return row ? { ok: true, id: row.id } : { ok: false, error: "notFound" };
  } catch (error) {
    if (pgErrorOf(error)?.code === "23505") return { ok: false, error: "nameTaken" };
    throw error;
  }
}

/** Removes one of the shop's groups, its choices and its links (sales keep what they sold). */
export async function deleteOptionGroup(
  db: Database,
  shopId: string,
  groupId: number,
): Promise<boolean> {
  const gone = await db
    .delete(optionGroup)
    .where(and(eq(optionGroup.shopId, shopId), eq(optionGroup.id, groupId)))
    .returning({ id: optionGroup.id });
  return gone.length > 0;
}

/**
 * Adds a choice to one of the shop's groups, or changes one of its choices (`choiceId`). The
 * stock it consumes is found by SKU within the shop only; an item counted in whole units takes
 * a whole quantity.
 */
export async function saveOptionChoice(
  db: Database,
  shopId: string,
  groupId: number,
  choice: ChoiceFormValue,
  choiceId?: number,
): Promise<Written> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: optionGroup.id })
      .from(optionGroup)
      .where(and(eq(optionGroup.shopId, shopId), eq(optionGroup.id, groupId)));
    if (!group) return { ok: false, error: "notFound" } as const;
    let stockItemId: number | null = null;
    if (choice.stock) {
      const [item] = await tx
        .select({ id: stockItem.id, measured: stockItem.measured })
        .from(stockItem)
        .where(
          and(
            eq(stockItem.shopId, shopId),
            eq(sql`upper(${stockItem.sku})`, choice.stock.sku.toUpperCase()),
          ),
        );
      if (!item) return { ok: false, error: "stockSkuUnknown" } as const;
      if (!item.measured && !isWholeQuantity(choice.stock.qtyMilli))
        return { ok: false, error: "stockWhole" } as const;
      // A choice that uses the very item it is sold with would move that item twice in one
      // line, which a void or a return cannot tell apart: refused (an extra of it is quantity).
      const [same] = await tx
        .select({ id: itemOptionGroup.id })
        .from(itemOptionGroup)
        .where(and(eq(itemOptionGroup.groupId, groupId), eq(itemOptionGroup.itemId, item.id)));
      if (same) return { ok: false, error: "stockIsItem" } as const;
      stockItemId = item.id;
    }
    const values = {
      name: choice.name,
      priceSatang: choice.priceSatang,
      stockItemId,
      stockQty: choice.stock ? choice.stock.qtyMilli : null,
    };
    try {
      if (choiceId !== undefined) {
        const [row] = await tx
          .update(optionChoice)
          .set(values)
          .where(
            and(
              eq(optionChoice.shopId, shopId),
              eq(optionChoice.groupId, groupId),
              eq(optionChoice.id, choiceId),
            ),
          )
          .returning({ id: optionChoice.id });
        return row
          ? ({ ok: true, id: row.id } as const)
          : ({ ok: false, error: "notFound" } as const);
      }
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${optionChoice.position}), 0)::int` })
        .from(optionChoice)
        .where(eq(optionChoice.groupId, groupId));
      const [row] = await tx
        .insert(optionChoice)
        .values({ shopId, groupId, position: (last?.position ?? 0) + 1, ...values })
        .returning({ id: optionChoice.id });
      if (!row) throw new Error("saveOptionChoice: no row");
      return { ok: true, id: row.id } as const;
    } catch (error) {
      if (pgErrorOf(error)?.code === "23505") return { ok: false, error: "nameTaken" } as const;
      throw error;
    }
  });
}

/** Removes one of the shop's choices. */
export async function deleteOptionChoice(
  db: Database,
  shopId: string,
  choiceId: number,
): Promise<boolean> {
  const gone = await db
    .delete(optionChoice)
    .where(and(eq(optionChoice.shopId, shopId), eq(optionChoice.id, choiceId)))
    .returning({ id: optionChoice.id });
  return gone.length > 0;
}

/**
 * Makes the shop's items of these SKUs ask one of its groups (after the groups they ask
 * already). The SKUs not found in the shop come back, and nothing is attached then.
 */
export async function attachOptionGroup(
  db: Database,
  shopId: string,
  groupId: number,
  skus: readonly string[],
): Promise<
  | { ok: true; attached: number }
  | { ok: false; error: "notFound"; unknown: string[] }
  | { ok: false; error: "stockIsItem"; skus: string[] }
> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: optionGroup.id })
      .from(optionGroup)
      .where(and(eq(optionGroup.shopId, shopId), eq(optionGroup.id, groupId)));
    if (!group) return { ok: false, error: "notFound", unknown: [] } as const;
    const wanted = skus.map((s) => s.toUpperCase());
    const found = await tx
      .select({ id: stockItem.id, sku: stockItem.sku })
      .from(stockItem)
      .where(
        and(eq(stockItem.shopId, shopId), inArray(sql<string>`upper(${stockItem.sku})`, wanted)),
      );
    const known = new Set(found.map((f) => f.sku.toUpperCase()));
    const unknown = skus.filter((s) => !known.has(s.toUpperCase()));
    if (unknown.length > 0) return { ok: false, error: "notFound", unknown } as const;
    // An item one of the group's choices uses up cannot ask the group (see saveOptionChoice).
    const used = await tx
      .select({ stockItemId: optionChoice.stockItemId })
      .from(optionChoice)
      .where(
        and(
          eq(optionChoice.groupId, groupId),
          inArray(
            optionChoice.stockItemId,
            found.map((f) => f.id),
          ),
        ),
      );
    if (used.length > 0) {
      const ids = new Set(used.map((u) => u.stockItemId));
      const skus = found.filter((f) => ids.has(f.id)).map((f) => f.sku);
      return { ok: false, error: "stockIsItem", skus } as const;
    }
    for (const item of found) {
      await tx
        .insert(itemOptionGroup)
        .values({
          shopId,
          itemId: item.id,
          groupId,
          position: sql`(SELECT coalesce(max(position), 0) + 1 FROM ${itemOptionGroup}
                          WHERE item_id = ${item.id})`,
        })
        .onConflictDoNothing();
    }
    return { ok: true, attached: found.length } as const;
  });
}

/** An item of the shop stops asking one of its groups. */
export async function detachOptionGroup(
  db: Database,
  shopId: string,
  groupId: number,
  itemId: number,
): Promise<boolean> {
  const gone = await db
    .delete(itemOptionGroup)
    .where(
      and(
        eq(itemOptionGroup.shopId, shopId),
        eq(itemOptionGroup.groupId, groupId),
        eq(itemOptionGroup.itemId, itemId),
      ),
    )
    .returning({ id: itemOptionGroup.id });
  return gone.length > 0;
}
