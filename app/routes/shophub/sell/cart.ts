import { parseBahtToSatang } from "~/lib/money";
import { isWholeQuantity } from "~/lib/quantity";
import {
  type BillInput,
  type BillLine,
  type BillResult,
  computeBillRedeeming,
  type ChosenOption,
  type CompleteSaleRequest,
  type ReceiptLineInfo,
  type Discount,
  type LevelPrice,
  levelUnitPrice,
  type PaymentRequest,
  parsePercent,
  parseQuantity,
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
  /** The unit price the cashier typed (decision 0093): an open price, or an override. */
  price?: number;
  /**
   * The options picked (decision 0092), in the groups' order, as the dialog priced them with
   * options.ts (the server checks them again); the same item with other choices is another line.
   */
  options?: readonly ChosenOption[];
}

export interface Cart {
  /** The sale's id, made by the till when the bill starts; a retry sends it again. */
  id: string;
  lines: CartLine[];
  billDiscount: Discount | null;
  note: string;
  /** The number of the next line's key. */
  nextLine: number;
  /** The customer the bill is for (issue 37); bills kept before customers have none. */
  customer?: BillCustomer | null;
  /** The price level the bill is sold at (decision 0089); none: ราคาปลีก. Parked bills keep it. */
  priceLevel?: { id: number; name: string } | null;
}

/**
 * A line's unit price at the bill's price level, or the price typed for it (decision 0093):
 * the same rule the server prices with.
 */
export function linePriceOf(
  cart: Cart,
  index: ItemIndex,
  item: TillItem,
  qtyMilli: number,
  typedSatang?: number,
): LevelPrice {
  const level = cart.priceLevel;
  const breaks = level ? index.levels?.[level.id]?.[item.id] : null;
  return levelUnitPrice(item.priceSatang, breaks, qtyMilli, level != null, typedSatang);
}

/**
 * The bill's prices typed below the list (decision 0093) as one text, empty for none: what a
 * cashier's approval covered (price-lines.ts gives them in full for the approval).
 */
export function pricesBelow(cart: Cart, index: ItemIndex): string {
  return cart.lines
    .map((line) => {
      const item = index.byId.get(line.itemId);
      return item &&
        !item.openPrice &&
        (line.price ?? Infinity) < linePriceOf(cart, index, item, line.qtyMilli).unitPriceSatang
        ? `${line.itemId}:${line.price}:${line.qtyMilli}`
        : "";
    })
    .filter(Boolean)
    .join();
}

/** A line's unit price: its level's (or retail) price and its options' (decision 0092). */
export function unitPriceOf(cart: Cart, index: ItemIndex, item: TillItem, line: CartLine): number {
  // A typed price (decision 0093) takes the item's price's place; the options come on top.
  let price = linePriceOf(cart, index, item, line.qtyMilli, line.price).unitPriceSatang;
  for (const o of line.options ?? []) price += o.priceSatang;
  return price;
}

/**
 * A customer on the bill: their number (E.164) and name as the server found them, or no name
 * when a till offline attached the number without asking (the sale links them on arrival).
 */
export interface BillCustomer {
  phone: string;
  name: string | null;
  /** Found online with the shop's points on: the balance and a point's value (decision 0082). */
  points?: { balance: number; valueSatang: number } | null;
  /** Points redeemed on this bill and the discount they give. */
  redeemPoints?: number;
  redeemSatang?: number;
  /** The price level the customer buys at, found online (decision 0089). */
  priceLevel?: { id: number; name: string } | null;
  /**
   * Found online with a credit limit (decision 0083): what may still go on account. Absent
   * (offline, or no limit): the till offers no selling on account for this bill.
   */
  account?: { headroomSatang: number } | null;
  /** Found online (decision 0095): the customer's row and what they owe, for รับชำระหนี้. */
  id?: string;
  owedSatang?: number;
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

export function stockAllows(
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
export function addItem(
  cart: Cart,
  item: TillItem,
  qtyMilli: number,
  rule: StockRule,
  options?: readonly ChosenOption[],
): CartChange {
  const refused = stockAllows(cart, item, qtyMilli, rule);
  if (refused) return refused;
  // The same choices merge into one line; other choices are a line of their own (decision 0092).
  const chosen = JSON.stringify(options);
  const existing = cart.lines.find(
    (line) =>
      line.itemId === item.id &&
      line.scaleLabel === null &&
      line.amountSatang === null &&
      line.price === undefined &&
      JSON.stringify(line.options) === chosen,
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
    ...(options?.length ? { options } : {}),
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
  /** An open-price item (decision 0093): the till asks its price. */
  | { kind: "askPrice"; item: TillItem }
  /** An item that asks options (decision 0092): the till opens its options dialog. */
  | { kind: "askOptions"; item: TillItem }
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
  if (item.openPrice) return { kind: "askPrice", item };
  if (item.measured) return { kind: "askQuantity", item };
  if (item.optionGroups?.length) return { kind: "askOptions", item };
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

/** Why a quantity typed on a line is not taken. */
export type QuantityRefusal =
  /** Not a quantity of an item sold by weight or length (above 0, at most 3 decimals). */
  | { kind: "badQuantity" }
  /** Anything but a whole number above 0 for an item sold by the piece: 1.5 bottles. */
  | { kind: "wholeUnits"; unit: string };

/** A line's quantity as typed: thousandths, or why it is refused. */
export function readLineQuantity(
  text: string,
  item: Pick<TillItem, "measured" | "unit">,
): { ok: true; qtyMilli: number } | { ok: false; refusal: QuantityRefusal } {
  const qtyMilli = parseQuantity(text);
  if (item.measured) {
    return qtyMilli === null
      ? { ok: false, refusal: { kind: "badQuantity" } }
      : { ok: true, qtyMilli };
  }
  return qtyMilli !== null && isWholeQuantity(qtyMilli)
    ? { ok: true, qtyMilli }
    : { ok: false, refusal: { kind: "wholeUnits", unit: item.unit } };
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
 * A Thai number in E.164 the way it is written (+66812345678 → 081-234-5678, +6621234567 →
 * 02-123-4567), without the phone library the till's first load does not carry.
 */
export function thaiNumberText(e164: string): string {
  if (!e164.startsWith("+66")) return e164;
  const local = `0${e164.slice(3)}`;
  return local.length === 10
    ? `${local.slice(0, 3)}-${local.slice(3, 6)}-${local.slice(6)}`
    : `${local.slice(0, 2)}-${local.slice(2, 5)}-${local.slice(5)}`;
}

/** A customer newly attached brings their price level (decision 0089); the cashier may change it. */
export function setCustomer(cart: Cart, customer: BillCustomer | null): Cart {
  const level = customer?.priceLevel;
  return level && customer.phone !== cart.customer?.phone
    ? { ...cart, customer, priceLevel: level }
    : { ...cart, customer };
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
              unitPriceSatang: unitPriceOf(cart, index, item, line),
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
  // Points redeemed (decision 0082) are a bill discount on top, before VAT, as the server prices.
  return computeBillRedeeming(billInputOf(cart, index, vat), cart.customer?.redeemSatang ?? 0);
}

/** The bill the till shows and charges, and the discounts it refuses (see tillBillOf). */
export interface TillBill {
  result: BillResult;
  /** Each line's part of the bill by line key (a line whose item is gone has none). */
  lines: Readonly<Record<string, BillLine>>;
  /** Refused discounts, each with the most it may be. */
  refused: {
    /** A line's discount larger than the line: at most the line's amount. */
    lines: Readonly<Record<string, number>>;
    /** The bill's discount larger than the bill after line discounts: at most that. */
    bill: number | null;
  };
}

/**
 * The bill of the open cart as the till shows it. A discount larger than what it is taken
 * from is refused, not charged: the bill is the cart's without it, its field says so with the
 * most it may be, and the payment waits until it is changed (issue 32.6). Before, such a bill
 * could not be computed and the till showed a total of 0.00. A refusal follows the cart: a
 * line's quantity lowered under its discount refuses the discount, raised again takes it.
 */
export function tillBillOf(cart: Cart, index: ItemIndex, vat: VatSetting): TillBill {
  // The cart's lines the bill has, in the bill's order (billInputOf leaves gone items out).
  const keys = cart.lines.filter((line) => index.byId.has(line.itemId)).map((line) => line.key);
  const refusedLines = new Set<string>();
  let refusedBill = false;
  let charged = cart;
  let result = billOf(charged, index, vat);
  // Each round leaves one refused discount out; there are at most lines + 1 of them.
  while (!result.ok) {
    const { error } = result;
    const key = error.code === "discountOverLine" ? keys[error.line] : undefined;
    if (key !== undefined) {
      refusedLines.add(key);
      charged = setLineDiscount(charged, key, null);
    } else if (error.code === "discountOverBill") {
      refusedBill = true;
      charged = setBillDiscount(charged, null);
    } else break;
    result = billOf(charged, index, vat);
  }
  const bill = result.ok ? result.bill : null;
  const lines: Record<string, BillLine> = {};
  const refusedMax: Record<string, number> = {};
  keys.forEach((key, i) => {
    const line = bill?.lines[i];
    if (!line) return;
    lines[key] = line;
    if (refusedLines.has(key)) refusedMax[key] = line.grossSatang;
  });
  return {
    result,
    lines,
    refused: { lines: refusedMax, bill: refusedBill && bill ? bill.subtotalSatang : null },
  };
}

/** Whether the bill refuses any discount (the payment waits until none). */
export function refusesDiscounts(bill: TillBill): boolean {
  return Object.keys(bill.refused.lines).length > 0 || bill.refused.bill !== null;
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
  /** The prices the till charged (a registered till's sale keeps them, decision 0071). */
  index?: ItemIndex,
  /** The VAT setting the bill was priced with (kept likewise). */
  vat?: VatSetting,
): CompleteSaleRequest {
  return {
    clientSaleId: cart.id,
    till,
    lines: cart.lines.map((line) => {
      const item = index?.byId.get(line.itemId);
      const price = index && item ? unitPriceOf(cart, index, item, line) : undefined;
      return {
        itemId: line.itemId,
        qtyMilli: line.qtyMilli,
        scaleLabel: line.scaleLabel,
        discount: line.discount,
        ...(price === undefined ? {} : { unitPriceSatang: price }),
        ...(line.price === undefined ? {} : { typedPriceSatang: line.price }),
        options: line.options?.map((o) => o.choiceId),
      };
    }),
    billDiscount: cart.billDiscount,
    note: cart.note,
    ...(cart.customer ? { customerPhone: cart.customer.phone } : {}),
    ...(cart.customer?.redeemPoints ? { redeemPoints: cart.customer.redeemPoints } : {}),
    ...(cart.priceLevel ? { priceLevelId: cart.priceLevel.id } : {}),
    payments: [...payments],
    expectedTotalSatang,
    ...(vat ? { vat } : {}),
  };
}

/**
 * What a printed slip names for each line of the bill, in the bill's order (a line whose item
 * is gone has no part of the bill): a queued sale's slip is made from these (decision 0071).
 */
export function receiptLinesOf(cart: Cart, index: ItemIndex): ReceiptLineInfo[] {
  return cart.lines.flatMap((line) => {
    const item = index.byId.get(line.itemId);
    return item
      ? [
          {
            name: item.name,
            sku: item.sku,
            unit: item.unit,
            qtyMilli: line.qtyMilli,
            unitPriceSatang: unitPriceOf(cart, index, item, line),
            vatExempt: false,
            options: line.options,
          },
        ]
      : [];
  });
}
