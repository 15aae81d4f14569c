import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { isWholeQuantity } from "~/lib/quantity";
import { readRecipeText } from "./recipe-form";
import { stockItem, stockRecipeComponent } from "./schema";
import { announceStockChange } from "./stock-change-notifier.server";

/*
 * Recipes (decision 0087): an item made of other items. The recipe item holds no stock of its
 * own (made to order); selling it moves its components in the sale's stock document
 * (drizzle/functions/sale_recipe_ledger_lines.sql). A recipe may use another recipe item, never
 * itself, directly or through another recipe.
 */

export interface RecipeComponent {
  itemId: number;
  sku: string;
  name: string;
  unit: string;
  qtyMilli: number;
  /** The component's moving-average cost per unit, satang. */
  avgCostSatang: number;
  onHandMilli: number;
}

/** One item's recipe in the order it was typed (empty: the item is sold from its own stock). */
export async function getRecipe(
  db: DbExecutor,
  shopId: string,
  itemId: number,
): Promise<RecipeComponent[]> {
  return db
    .select({
      itemId: stockItem.id,
      sku: stockItem.sku,
      name: stockItem.name,
      unit: stockItem.unit,
      qtyMilli: stockRecipeComponent.qty,
      avgCostSatang: stockItem.avgCostSatang,
      onHandMilli: stockItem.onHand,
    })
    .from(stockRecipeComponent)
    .innerJoin(stockItem, eq(stockItem.id, stockRecipeComponent.componentItemId))
    .where(and(eq(stockRecipeComponent.shopId, shopId), eq(stockRecipeComponent.itemId, itemId)))
    .orderBy(asc(stockRecipeComponent.position), asc(stockRecipeComponent.id));
}

/** The recipe as the form's text: one `SKU ปริมาณ` a line. */
export function recipeText(components: readonly RecipeComponent[]): string {
  return components.map((c) => `${c.sku} ${formatMilli(c.qtyMilli)}`).join("\n");
}

function formatMilli(milli: number): string {
  const whole = Math.trunc(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction === "" ? String(whole) : `${whole}.${fraction}`;
}

/** The shop's active items, the ones a recipe can be written for, by name. */
export async function recipeItemChoices(db: DbExecutor, shopId: string) {
  return db
    .select({ id: stockItem.id, name: stockItem.name, sku: stockItem.sku })
    .from(stockItem)
    .where(and(eq(stockItem.shopId, shopId), eq(stockItem.status, "active")))
    .orderBy(asc(stockItem.name), asc(stockItem.id));
}

export interface RecipeSummary {
  itemId: number;
  sku: string;
  name: string;
  unit: string;
  componentCount: number;
  /** What one costs at the components' moving-average cost now, satang. */
  costSatang: number;
  /** How many can still be made from the stock on hand (the scarcest component decides). */
  canMake: number;
}

/**
 * The shop's recipe items with what one costs and how many can still be made from stock,
 * recipes of recipes counted through to the items that hold stock.
 */
export async function listRecipes(db: DbExecutor, shopId: string): Promise<RecipeSummary[]> {
  const result = await db.execute<{
    item_id: string;
    sku: string;
    name: string;
    unit: string;
    component_count: string;
    cost: string | null;
    can_make: string | null;
  }>(sql`
    WITH RECURSIVE leaves AS (
      SELECT r.item_id AS root, r.component_item_id AS item, r.qty::numeric AS qty, 0 AS depth
        FROM ${stockRecipeComponent} r WHERE r.shop_id = ${shopId}::uuid
      UNION ALL
      SELECT l.root, r.component_item_id, l.qty * r.qty, l.depth + 1
        FROM leaves l JOIN ${stockRecipeComponent} r ON r.item_id = l.item AND r.shop_id = ${shopId}::uuid
       WHERE l.depth < 16
    ), stocked AS (
      SELECT l.root, l.item, sum(l.qty) AS qty FROM leaves l
       WHERE NOT EXISTS (SELECT 1 FROM ${stockRecipeComponent} r WHERE r.item_id = l.item)
       GROUP BY l.root, l.item
    )
    SELECT i.id AS item_id, i.sku, i.name, i.unit,
           (SELECT count(*) FROM ${stockRecipeComponent} r WHERE r.item_id = i.id) AS component_count,
           (SELECT round(sum(s.qty * c.avg_cost_satang)) FROM stocked s
              JOIN ${stockItem} c ON c.id = s.item WHERE s.root = i.id) AS cost,
           (SELECT min(greatest(floor(c.on_hand / s.qty), 0)) FROM stocked s
              JOIN ${stockItem} c ON c.id = s.item WHERE s.root = i.id) AS can_make
      FROM ${stockItem} i
     WHERE i.shop_id = ${shopId}::uuid
       AND EXISTS (SELECT 1 FROM ${stockRecipeComponent} r WHERE r.item_id = i.id)
     ORDER BY i.name, i.id`);
  return result.rows.map((row) => ({
    itemId: Number(row.item_id),
    sku: row.sku,
    name: row.name,
    unit: row.unit,
    componentCount: Number(row.component_count),
    costSatang: Number(row.cost ?? 0),
    canMake: Number(row.can_make ?? 0),
  }));
}

export type SaveRecipeResult =
  | { ok: true; componentCount: number }
  | {
      ok: false;
      /** An i18n key of storehub's recipes page. */
      error: string;
      /** The 1-based line of the text it is about, when it is about one. */
      line?: number;
      sku?: string;
    };

/**
 * Replaces an item's recipe with the one typed (an empty text removes it). Refused with a
 * message key: a line that is not `SKU ปริมาณ`, a SKU the shop does not have, the item itself,
 * a recipe that would contain itself through another recipe, a fraction of an item that moves
 * in whole units. One transaction; recipes of the shop are changed one at a time (an advisory
 * lock), so two saves cannot close a loop together.
 */
export async function saveRecipe(
  db: Database,
  shopId: string,
  itemId: number,
  text: string,
): Promise<SaveRecipeResult> {
  const read = readRecipeText(text);
  if (!read.ok) return { ok: false, error: read.error, line: read.line };
  const result = await db.transaction(async (tx): Promise<SaveRecipeResult> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('stock_recipe:' || ${shopId}))`);
    const [item] = await tx
      .select({ id: stockItem.id })
      .from(stockItem)
      .where(and(eq(stockItem.shopId, shopId), eq(stockItem.id, itemId)));
    if (!item) return { ok: false, error: "storehub.recipes.error.noItem" };
    const skus = read.lines.map((l) => l.sku);
    const found =
      skus.length === 0
        ? []
        : await tx
            .select({ id: stockItem.id, sku: stockItem.sku, measured: stockItem.measured })
            .from(stockItem)
            .where(
              and(
                eq(stockItem.shopId, shopId),
                inArray(sql<string>`upper(${stockItem.sku})`, skus),
              ),
            );
    const bySku = new Map(found.map((f) => [f.sku.toUpperCase(), f]));
    const components: { id: number; qtyMilli: number }[] = [];
    for (const [index, line] of read.lines.entries()) {
      const component = bySku.get(line.sku);
      if (!component) {
        return {
          ok: false,
          error: "storehub.recipes.error.unknownSku",
          line: index + 1,
          sku: line.sku,
        };
      }
      if (component.id === itemId) {
        return {
          ok: false,
          error: "storehub.recipes.error.itself",
          line: index + 1,
          sku: line.sku,
        };
      }
      if (!component.measured && !isWholeQuantity(line.qtyMilli)) {
        return { ok: false, error: "storehub.recipes.error.whole", line: index + 1, sku: line.sku };
      }
      components.push({ id: component.id, qtyMilli: line.qtyMilli });
    }
    // A component whose own recipe reaches this item would make the recipe contain itself.
    if (components.length > 0) {
      const loop = await tx.execute<{ item: string }>(sql`
        WITH RECURSIVE reach AS (
          SELECT unnest(${`{${components.map((c) => c.id).join(",")}}`}::bigint[]) AS item,
                 unnest(${`{${components.map((c) => c.id).join(",")}}`}::bigint[]) AS via
          UNION
          SELECT r.component_item_id, reach.via FROM reach
            JOIN ${stockRecipeComponent} r ON r.item_id = reach.item AND r.shop_id = ${shopId}::uuid
        )
        SELECT via AS item FROM reach WHERE item = ${itemId} LIMIT 1`);
      const via = loop.rows[0] ? Number(loop.rows[0].item) : null;
      if (via !== null) {
        const index = components.findIndex((c) => c.id === via);
        return {
          ok: false,
          error: "storehub.recipes.error.loop",
          line: index + 1,
          sku: read.lines[index]?.sku,
        };
      }
    }
    await tx
      .delete(stockRecipeComponent)
      .where(and(eq(stockRecipeComponent.shopId, shopId), eq(stockRecipeComponent.itemId, itemId)));
    if (components.length > 0) {
      await tx.insert(stockRecipeComponent).values(
        components.map((c, position) => ({
          shopId,
          itemId,
          componentItemId: c.id,
          qty: c.qtyMilli,
          position,
        })),
      );
    }
    return { ok: true, componentCount: components.length };
  });
  if (result.ok) announceStockChange(db, shopId);
  return result;
}
