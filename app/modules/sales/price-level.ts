/**
 * The price of one unit at a price level (issue 37, decision 0089): THE rule the till's bill
 * and the server's sale both apply, so they agree to the satang.
 *
 * - No level (ราคาปลีก), or a level without a price for the item: the item's own price,
 *   with `fallback` set at a level so the till can show "ราคาปลีก".
 * - Otherwise the price of the largest quantity break not above the quantity; below the
 *   smallest break, the smallest break's price (the level's own price). The breaks come in
 *   ascending order of quantity (as price-levels.server.ts reads them).
 * - A price the cashier typed for the line (decision 0093: an open price within its bounds, or
 *   an override, as open-price.ts checks them) is the price, whatever the level.
 */
export interface LevelBreak {
  /** From this quantity on, in thousandths of the unit (1000 = one piece). */
  minQtyMilli: number;
  priceSatang: number;
}

export interface LevelPrice {
  unitPriceSatang: number;
  /** A level was chosen but has no price for this item: sold at its own (retail) price. */
  fallback: boolean;
}

export function levelUnitPrice(
  retailSatang: number,
  breaks: readonly LevelBreak[] | null | undefined,
  qtyMilli: number,
  levelChosen: boolean,
  typedSatang?: number,
): LevelPrice {
  if (typedSatang !== undefined) return { unitPriceSatang: typedSatang, fallback: false };
  if (!breaks?.[0]) return { unitPriceSatang: retailSatang, fallback: levelChosen };
  let price = breaks[0].priceSatang;
  for (const b of breaks) if (b.minQtyMilli <= qtyMilli) price = b.priceSatang;
  return { unitPriceSatang: price, fallback: false };
}
