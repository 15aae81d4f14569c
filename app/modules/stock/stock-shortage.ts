/*
 * "Not enough stock": the ledger refuses a movement with the item's and the place's ids and
 * what is left there (StockError "insufficient"). People need the item's name, the place's
 * path and the unit; this is that explanation as data, the same for a stock document, a
 * reversal and (next) a sale. The route turns it into its own text.
 */

/** The ledger's refusal, as ledger.server.ts returns it. */
export interface InsufficientStock {
  itemId: number;
  locationId: number;
  available: number;
}

/** The explanation a person reads: which item, at which place, how many are left. */
export interface StockShortage {
  itemId: number;
  /** The item's name ("" when the item is gone). */
  item: string;
  unit: string;
  locationId: number;
  /** The place's full path, "คลังหลัก › โซน A" ("" when the place is gone). */
  location: string;
  /** Units left at that place. */
  available: number;
}

/** The explanation of a refusal from what the caller already knows of the item and place. */
export function describeShortage(
  error: InsufficientStock,
  item: { name: string; unit: string } | null | undefined,
  locationPath: string | null | undefined,
): StockShortage {
  return {
    itemId: error.itemId,
    item: item?.name ?? "",
    unit: item?.unit ?? "",
    locationId: error.locationId,
    location: locationPath ?? "",
    available: error.available,
  };
}
