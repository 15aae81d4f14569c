import type { MessageKey } from "~/lib/i18n";
import { parseBahtToSatang } from "~/lib/money";
import { parseQuantity, QTY_SCALE } from "~/lib/quantity";
import type { LevelBreak } from "./price-level";

/**
 * An item's prices at a level as the owner types them (decision 0089): the level's price in
 * baht ("48" or "48.50"; empty: no price at this level, the item sells at retail) and its
 * quantity breaks as "quantity=price" pairs ("10=45, 100=42": 10 ชิ้นขึ้นไป 45 บาท). Each
 * refusal is a Thai message key for its field.
 */
export function readLevelPriceForm(
  priceText: string,
  breaksText: string,
):
  | { ok: true; breaks: LevelBreak[] }
  | { ok: false; errors: Partial<Record<"price" | "breaks", MessageKey>> } {
  const price = priceText.trim();
  const pairs = breaksText
    .split(/[,\n;]+/)
    .map((pair) => pair.trim())
    .filter((pair) => pair !== "");
  if (price === "") {
    return pairs.length === 0
      ? { ok: true, breaks: [] }
      : { ok: false, errors: { price: "shops.priceLevels.error.priceForBreaks" } };
  }
  const satang = parseBahtToSatang(price);
  if (satang === null) return { ok: false, errors: { price: "shops.priceLevels.error.price" } };
  const breaks: LevelBreak[] = [{ minQtyMilli: QTY_SCALE, priceSatang: satang }];
  for (const pair of pairs) {
    const [qtyText, pairPrice, ...rest] = pair.split(/\s*[=:]\s*/);
    const qty = parseQuantity(qtyText ?? "");
    const pairSatang = parseBahtToSatang(pairPrice ?? "");
    if (rest.length > 0 || qty === null || pairSatang === null)
      return { ok: false, errors: { breaks: "shops.priceLevels.error.breaks" } };
    if (qty <= QTY_SCALE || breaks.some((b) => b.minQtyMilli === qty))
      return { ok: false, errors: { breaks: "shops.priceLevels.error.breakQty" } };
    breaks.push({ minQtyMilli: qty, priceSatang: pairSatang });
  }
  return { ok: true, breaks: breaks.sort((a, b) => a.minQtyMilli - b.minQtyMilli) };
}

/** The breaks above the level's own price as the form shows them again ("10=45, 100=42"). */
export function levelBreaksText(breaks: readonly LevelBreak[]): string {
  return breaks
    .filter((b) => b.minQtyMilli > QTY_SCALE)
    .map((b) => `${b.minQtyMilli / QTY_SCALE}=${b.priceSatang / 100}`)
    .join(", ");
}
