import { parseBahtToSatang } from "~/lib/money";
import {
  type BillInput,
  type BillResult,
  computeBill,
  type CompleteSaleRequest,
  type Discount,
  type PaymentRequest,
  parsePercent,
  QTY_SCALE,
  readScaleLabel,
  type ScaleLabelError,
  type ScaleLabelLayout,
  scaleLabelLine,
  type VatSetting,
} from "~/modules/sales";
import type { ItemIndex, TillItem } from "./till-data";

/*
 * The till's cart as plain data and pure functions: every change returns a new cart, so the
 * page, the parked bills and the tests all use the same rules. The bill itself is
 * computeBill's, exactly as the server computes it when the sale completes.
 */

export interface CartLine {
  /** Unique in its cart (React keys, and which line a change is for). */
  key: string;
  itemId: number;
  /** Thousandths of the item's unit. */
  qtyMilli: number;
  /** The scale label the line was scanned from (the server reads it again). */
  scaleLabel: string | null;
  /** A price label's printed price: the line's amount instead of price × quantity. */
  amountSatang: number | null;
  discount: Discount | null;
}

export interface Cart {
  /** The sale's id, made by the till when the bill starts; a retry sends it again. */
  id: string;
  lines: CartLine[];
  billDiscount: Discount | null;
  note: string;
  /** The number of the next line's key. */
  nextLine: number;
}

/** Whether the shop lets stock go below zero (shop.allowNegativeStock). */
export interface StockRule {
  allowNegative: boolean;
}

export function emptyCart(id: string): Cart {
  return { id, lines: [], billDiscount: null, note: "", nextLine: 1 };
}

export function isEmpty(cart: Cart): boolean {
  return cart.lines.length === 0;
}

/** Thousandths of an item in the cart, over all its lines (but `exceptKey`). */
export function qtyInCart(cart: Cart, itemId: number, exceptKey?: string): number {
  return cart.lines
    .filter((line) => line.itemId === itemId && line.key !== exceptKey)
    .reduce((sum, line) => sum + line.qtyMilli, 0);
}

export type CartChange =
  | { kind: "ok"; cart: Cart }
  /** Selling this would take the item below zero in a shop that does not allow it. */
  | { kind: "notEnoughStock"; item: TillItem; availableMilli: number };

function stockAllows(
  cart: Cart,
  item: TillItem,
  qtyMilli: number,
  rule: StockRule,
  exceptKey?: string,
): CartChange | null {
  if (rule.allowNegative) return null;
  const available = item.onHandMilli - qtyInCart(cart, item.id, exceptKey);
  return qtyMilli > available
    ? { kind: "notEnoughStock", item, availableMilli: Math.max(0, available) }
    : null;
}

/**
 * Adds `qtyMilli` of an item: onto its existing plain line (a second scan of the same code
 * makes 2), or as a new line.
 */
export function addItem(cart: Cart, item: TillItem, qtyMilli: number, rule: StockRule): CartChange {
  const refused = stockAllows(cart, item, qtyMilli, rule);
  if (refused) return refused;
  const existing = cart.lines.find(
    (line) => line.itemId === item.id && line.scaleLabel === null && line.amountSatang === null,
  );
  if (existing) {
    return {
      kind: "ok",
      cart: {
        ...cart,
        lines: cart.lines.map((line) =>
          line === existing ? { ...line, qtyMilli: line.qtyMilli + qtyMilli } : line,
        ),
      },
    };
  }
  const line: CartLine = {
    key: `l${cart.nextLine}`,
    itemId: item.id,
    qtyMilli,
    scaleLabel: null,
    amountSatang: null,
    discount: null,
  };
  return {
    kind: "ok",
    cart: { ...cart, lines: [...cart.lines, line], nextLine: cart.nextLine + 1 },
  };
}

export type ScanResult =
  | { kind: "ok"; cart: Cart; item: TillItem }
  /** An item sold by weight or length: the till asks how much. */
  | { kind: "askQuantity"; item: TillItem }
  | { kind: "unknown"; code: string }
  | { kind: "scaleLabel"; error: ScaleLabelError; code: string }
  | { kind: "notEnoughStock"; item: TillItem; availableMilli: number };

/**
 * What a scanned (or typed + Enter) code does: a scale label of the shop's layout adds its
 * weight or price as a line of its own; a barcode or SKU adds one unit, or asks the quantity
 * of an item sold by weight; anything else is unknown (the page keeps the code on screen).
 */
export function scanCode(
  cart: Cart,
  scanned: string,
  index: ItemIndex,
  layout: ScaleLabelLayout | null,
  rule: StockRule,
): ScanResult {
  const code = scanned.trim();
  const label = layout ? readScaleLabel(code, layout) : null;
  if (label && !label.ok) return { kind: "scaleLabel", error: label.error, code };
  if (label?.ok) {
    const item = index.byCode.get(label.label.itemCode.toUpperCase());
    if (!item) return { kind: "unknown", code };
    const billLine = scaleLabelLine(label.label, item.priceSatang);
    const refused = stockAllows(cart, item, billLine.qtyMilli, rule);
    if (refused?.kind === "notEnoughStock") return refused;
    const line: CartLine = {
      key: `l${cart.nextLine}`,
      itemId: item.id,
      qtyMilli: billLine.qtyMilli,
      scaleLabel: code,
      amountSatang: billLine.amountSatang ?? null,
      discount: null,
    };
    return {
      kind: "ok",
      item,
      cart: { ...cart, lines: [...cart.lines, line], nextLine: cart.nextLine + 1 },
    };
  }
  const item = index.byCode.get(code.toUpperCase());
  if (!item) return { kind: "unknown", code };
  if (item.measured) return { kind: "askQuantity", item };
  const added = addItem(cart, item, QTY_SCALE, rule);
  return added.kind === "ok" ? { kind: "ok", cart: added.cart, item } : added;
}

/** A line's new quantity (scale-label lines keep the label's). */
export function setQuantity(
  cart: Cart,
  key: string,
  qtyMilli: number,
  item: TillItem,
  rule: StockRule,
): CartChange {
  const refused = stockAllows(cart, item, qtyMilli, rule, key);
  if (refused) return refused;
  return {
    kind: "ok",
    cart: {
      ...cart,
      lines: cart.lines.map((line) =>
        line.key === key && line.scaleLabel === null ? { ...line, qtyMilli } : line,
      ),
    },
  };
}

export function removeLine(cart: Cart, key: string): Cart {
  return { ...cart, lines: cart.lines.filter((line) => line.key !== key) };
}

export function setLineDiscount(cart: Cart, key: string, discount: Discount | null): Cart {
  return {
    ...cart,
    lines: cart.lines.map((line) => (line.key === key ? { ...line, discount } : line)),
  };
}

export function setBillDiscount(cart: Cart, billDiscount: Discount | null): Cart {
  return { ...cart, billDiscount };
}

export function setNote(cart: Cart, note: string): Cart {
  return { ...cart, note };
}

/**
 * A discount as typed: an amount of baht or a percentage. Null for an empty field (no
 * discount), "invalid" for text that is neither.
 */
export function readDiscount(
  kind: "amount" | "percent",
  text: string,
): Discount | null | "invalid" {
  if (text.trim() === "") return null;
  if (kind === "amount") {
    const satang = parseBahtToSatang(text);
    return satang === null ? "invalid" : { kind: "amount", satang };
  }
  const basisPoints = parsePercent(text);
  return basisPoints === null ? "invalid" : { kind: "percent", basisPoints };
}

/** The bill's input: the lines whose item the till still has (see unavailableLines). */
export function billInputOf(cart: Cart, index: ItemIndex, vat: VatSetting): BillInput {
  return {
    lines: cart.lines.flatMap((line) => {
      const item = index.byId.get(line.itemId);
      return item
        ? [
            {
              unitPriceSatang: item.priceSatang,
              qtyMilli: line.qtyMilli,
              amountSatang: line.amountSatang,
              discount: line.discount,
            },
          ]
        : [];
    }),
    billDiscount: cart.billDiscount,
    vat,
  };
}

export function billOf(cart: Cart, index: ItemIndex, vat: VatSetting): BillResult {
  return computeBill(billInputOf(cart, index, vat));
}

/** Lines whose item left the shop's sellable items since they were added (archived live). */
export function unavailableLines(cart: Cart, index: ItemIndex): string[] {
  return cart.lines.filter((line) => !index.byId.has(line.itemId)).map((line) => line.key);
}

/**
 * Lines selling more than the shop has of their item (stock fell live, or a parked bill
 * came back): marked, and the sale is refused unless the shop allows negative stock.
 */
export function shortLines(cart: Cart, index: ItemIndex): string[] {
  const short: string[] = [];
  for (const line of cart.lines) {
    const item = index.byId.get(line.itemId);
    if (item && qtyInCart(cart, item.id) > item.onHandMilli) short.push(line.key);
  }
  return short;
}

/** What the till posts when the sale completes. */
export function saleRequestOf(
  cart: Cart,
  till: string,
  payments: readonly PaymentRequest[],
  expectedTotalSatang: number,
): CompleteSaleRequest {
  return {
    clientSaleId: cart.id,
    till,
    lines: cart.lines.map((line) => ({
      itemId: line.itemId,
      qtyMilli: line.qtyMilli,
      scaleLabel: line.scaleLabel,
      discount: line.discount,
    })),
    billDiscount: cart.billDiscount,
    note: cart.note,
    payments: [...payments],
    expectedTotalSatang,
  };
}
