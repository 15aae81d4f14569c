import type { DbExecutor } from "~/db/client.server";

/** One price of an item at a level, from a quantity on (decision 0089). */
export interface LevelPriceRow {
  levelId: number;
  itemId: number;
  minQtyMilli: number;
  priceSatang: number;
}

/**
 * The shop's price levels and the items' prices at them. Their tables belong to the sales
 * module (decision 0089), which depends on this one; so the item CSV (decision 0097) reaches
 * them only through these functions, handed in by the route that composes the two modules
 * (`levelPriceStore` of the sales module), as .dependency-cruiser-modules.mjs asks. Without a
 * store the CSV has no level columns.
 */
export interface LevelPriceStore {
  levels(db: DbExecutor, shopId: string): Promise<{ id: number; name: string }[]>;
  /** The items' prices at every level, each item's in ascending quantity. */
  pricesOfItems(
    db: DbExecutor,
    shopId: string,
    itemIds: readonly number[],
  ): Promise<LevelPriceRow[]>;
  /** Replaces the items' prices at the levels with `rows`, in the caller's transaction. */
  replace(
    tx: DbExecutor,
    shopId: string,
    change: {
      itemIds: readonly number[];
      levelIds: readonly number[];
      rows: readonly LevelPriceRow[];
    },
  ): Promise<void>;
}
