import { and, asc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { stockItem } from "~/db/schema";
import { qtyFromUnits } from "./quantity";

/** One sellable item as the till's grid needs it: nothing more (thousands are sent at once). */
export interface TillItemRow {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  category: string;
  unit: string;
  priceSatang: number;
  /** Thousandths of the unit. */
  onHandMilli: number;
  imageKey: string | null;
}

/**
 * The shop's active items for the till, by name. Archived items are not sold; costs are not
 * read (a cashier opens the till and sees no costs).
 */
export async function listTillItems(db: DbExecutor, shopId: string): Promise<TillItemRow[]> {
  const rows = await db
    .select({
      id: stockItem.id,
      name: stockItem.name,
      sku: stockItem.sku,
      barcode: stockItem.barcode,
      category: stockItem.category,
      unit: stockItem.unit,
      priceSatang: stockItem.priceSatang,
      onHand: stockItem.onHand,
      imageKey: stockItem.imageKey,
    })
    .from(stockItem)
    .where(and(eq(stockItem.shopId, shopId), eq(stockItem.status, "active")))
    .orderBy(asc(stockItem.name), asc(stockItem.id));
  return rows.map(({ onHand, ...row }) => ({ ...row, onHandMilli: ledgerQtyMilli(onHand) }));
}

/**
 * The ledger's on-hand figure as thousandths. The ledger counts whole units until the
 * fractional-quantity branch is merged; then its figure is thousandths already and this
 * becomes the identity (the one place to change).
 */
function ledgerQtyMilli(onHand: number): number {
  return qtyFromUnits(onHand);
}
