import type { Lang } from "~/lib/i18n";
import type { DbExecutor } from "~/db/client.server";
import { findItem } from "./items.server";
import { buildLocationTree, flattenLocationTree, listLocations } from "./locations.server";
import { describeShortage, type InsufficientStock, type StockShortage } from "./stock-shortage";

/**
 * Explains a refusal for lack of stock when the caller knows nothing of the item or place yet
 * (a reversal): reads this shop's item and place paths.
 */
export async function explainShortage(
  db: DbExecutor,
  shopId: string,
  error: InsufficientStock,
  lang: Lang = "th",
): Promise<StockShortage> {
  const item = await findItem(db, shopId, error.itemId);
  const tree = flattenLocationTree(
    buildLocationTree(await listLocations(db, shopId, lang), new Map()),
  );
  return describeShortage(error, item, tree.find((node) => node.id === error.locationId)?.path);
}
