import {
  type OverrideLine,
  overridesBelow,
  QTY_SCALE,
  type TypedLinePrice,
  typedLinePrice,
} from "~/modules/sales";
import {
  type Cart,
  type CartChange,
  type CartLine,
  linePriceOf,
  stockAllows,
  type StockRule,
} from "./cart";
import type { ItemIndex, TillItem } from "./till-data";

/*
 * Prices typed at the till (issue 37, decision 0093), for the price dialog and the approval
 * form: loaded with them, in their own chunks (the till's script budget). The bill's price
 * itself is linePriceOf's (cart.ts), as the server's.
 */

/** A line's typed price checked against its list price and the item's bounds (open-price.ts). */
export function typedPriceOf(
  cart: Cart,
  index: ItemIndex,
  item: TillItem,
  line: Pick<CartLine, "qtyMilli" | "price">,
): TypedLinePrice {
  const list = linePriceOf(cart, index, item, line.qtyMilli).unitPriceSatang;
  return typedLinePrice(list, line.price, item.openPrice);
}

/** The bill's prices typed below the list, as the approval records them and the server checks. */
export function overridesOf(
  cart: Cart,
  index: ItemIndex,
): { lines: OverrideLine[]; belowSatang: number } {
  return overridesBelow(
    cart.lines.flatMap((line) => {
      const item = index.byId.get(line.itemId);
      return item && line.scaleLabel === null
        ? [
            {
              itemId: item.id,
              qtyMilli: line.qtyMilli,
              price: typedPriceOf(cart, index, item, line),
            },
          ]
        : [];
    }),
  );
}

/**
 * A price typed: on a line, or (no line) a new line of one unit of the item; undefined puts a
 * line back at its list price. A scale label's line keeps its label's price.
 */
export function putPrice(
  cart: Cart,
  item: TillItem,
  lineKey: string | null,
  price: number | undefined,
  rule: StockRule,
): CartChange {
  if (lineKey !== null) {
    const lines = cart.lines.map((line) =>
      line.key === lineKey && line.scaleLabel === null ? { ...line, price } : line,
    );
    return { kind: "ok", cart: { ...cart, lines } };
  }
  const refused = stockAllows(cart, item, QTY_SCALE, rule);
  if (refused) return refused;
  const line: CartLine = {
    key: `l${cart.nextLine}`,
    itemId: item.id,
    qtyMilli: QTY_SCALE,
    scaleLabel: null,
    amountSatang: null,
    discount: null,
    price,
  };
  return {
    kind: "ok",
    cart: { ...cart, lines: [...cart.lines, line], nextLine: cart.nextLine + 1 },
  };
}
