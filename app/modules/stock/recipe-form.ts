import { parseQuantity } from "~/lib/quantity";

/*
 * The recipe form's text (decision 0087): one component a line, `SKU ปริมาณ`, as a person
 * types it ("BEANS 0.018", "MILK 0.2", "CUP 1"). Pure code: the storehub page and its tests use
 * it; recipes.server.ts checks the SKUs against the shop's items.
 */

export interface RecipeLineText {
  sku: string;
  qtyMilli: number;
}

export type RecipeTextResult =
  | { ok: true; lines: RecipeLineText[] }
  | {
      ok: false;
      error:
        | "storehub.recipes.error.line"
        | "storehub.recipes.error.duplicate"
        | "storehub.recipes.error.tooMany";
      line: number;
    };

export const RECIPE_MAX_COMPONENTS = 30;

/** Reads the recipe text; an empty text is "no recipe" (the item is sold from its own stock). */
export function readRecipeText(text: string): RecipeTextResult {
  const lines: RecipeLineText[] = [];
  const rows = text.split(/\r?\n/);
  for (const [index, raw] of rows.entries()) {
    const row = raw.trim();
    if (row === "") continue;
    const match = /^(\S+)\s+(\S+)$/.exec(row);
    const qtyMilli = match ? parseQuantity(match[2] ?? "") : null;
    if (!match || qtyMilli === null || qtyMilli <= 0) {
      return { ok: false, error: "storehub.recipes.error.line", line: index + 1 };
    }
    const sku = (match[1] ?? "").toUpperCase();
    if (lines.some((l) => l.sku === sku)) {
      return { ok: false, error: "storehub.recipes.error.duplicate", line: index + 1 };
    }
    lines.push({ sku, qtyMilli });
    if (lines.length > RECIPE_MAX_COMPONENTS) {
      return { ok: false, error: "storehub.recipes.error.tooMany", line: index + 1 };
    }
  }
  return { ok: true, lines };
}
