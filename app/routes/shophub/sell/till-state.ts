import {
  type ChosenOption,
  type CompletedSale,
  type SaleDocument,
  type Discount,
  QTY_SCALE,
  type ScaleLabelError,
} from "~/modules/sales";
import {
  addItem,
  type Cart,
  type BillCustomer,
  type CartChange,
  emptyCart,
  removeLine,
  type QuantityRefusal,
  type ScanResult,
  setBillDiscount,
  setLineDiscount,
  setCustomer,
  setNote,
  type StockRule,
} from "./cart";
import type { Approval } from "./discount-approval";
import { parkBill, type ParkedBill, recallBill } from "./parked";
import { startPay, type PayState } from "./pay-state";
import type { TillSaleError } from "~/routes/shophub/sell-text";
import type { TillItem } from "./till-data";

/*
 * The till's state as one value and one pure reducer (issue 33): what the page shows is a
 * function of this state and the loader's data, and every button is an action. The cart
 * arithmetic stays in cart.ts and bill.ts; this file only decides what each action does to the
 * screen. Effects (storage, the sale's request, printing, keys) are the named hooks of
 * use-till-*.ts. Texts are not kept here: a notice names what happened and the page words it.
 */

/** What the till tells the cashier under the scanner: what happened, not its words. */
export type Notice =
  | { kind: "added"; name: string }
  | { kind: "parked"; label: string }
  | { kind: "recalled"; label: string; currentParkedAs: string | null }
  | { kind: "notEnoughStock"; item: TillItem }
  | { kind: "unknownCode"; code: string }
  | { kind: "scaleLabel"; error: ScaleLabelError };

export const isErrorNotice = (notice: Notice | null): boolean =>
  notice !== null &&
  (notice.kind === "notEnoughStock" ||
    notice.kind === "unknownCode" ||
    notice.kind === "scaleLabel");

/** Why a quantity was not taken: next to its line, or in the quantity dialog. */
export type LineError = QuantityRefusal | { kind: "notEnoughStock"; item: TillItem };

/** The quantity dialog of an item sold by weight or length. */
export interface Ask {
  item: TillItem;
  text: string;
  error: Extract<LineError, { kind: "badQuantity" | "notEnoughStock" }> | null;
  /** The options chosen before the quantity (decision 0092), for an item sold by weight. */
  options?: readonly ChosenOption[];
}

/** The key of the bill's own discount among `discountErrors` (the others are line keys). */
export const BILL_DISCOUNT = "bill";

export type TillDialogName =
  "park" | "parked" | "camera" | "approval" | "customer" | "priceLevel" | "price";

export interface TillState {
  /** The stored till (name, bills) is in the state: from then on it is written back. */
  ready: boolean;
  tillName: string;
  cart: Cart;
  parked: ParkedBill[];
  notice: Notice | null;
  /** Counts refused scans, so the field shakes and selects again each time. */
  scanMiss: number;
  /**
   * Lines whose last quantity typed was refused (stock, or not a quantity), by line key: the
   * line keeps its quantity, says why, and the payment waits (issue 32.6).
   */
  lineErrors: Record<string, LineError>;
  /** Discount fields whose text is no discount (line keys, or BILL_DISCOUNT). */
  discountErrors: string[];
  search: string;
  category: string | null;
  /** Which of the items the search shows Enter adds (arrow keys move it), by position. */
  highlight: number;
  ask: Ask | null;
  pay: PayState | null;
  dialog: TillDialogName | null;
  /** The variant group whose picker is open (a tile of a group tapped), or null. */
  variantGroup: number | null;
  /** The item whose options dialog is open (decision 0092), or null. */
  optionsFor?: TillItem | null;
  parkLabel: string;
  /** The till's name being edited, or null. */
  renaming: string | null;
  done: TillDone | null;
  lastSaleId: number | null;
  saleError: TillSaleError | null;
  /** An owner's or a manager's approval of the open bill's discounts (decision 0059). */
  approval: Approval | null;
  /** Whose price the price dialog asks (decision 0093): a line's, or a new line's (null). */
  priceFor?: { itemId: number; lineKey: string | null } | null;
}

/**
 * The sale just completed, as the done panel shows it. A registered till's sale is done when it
 * is numbered and queued on the device (decision 0071): its server id comes when the queue has
 * sent it (`saleAcknowledged`), and printing from the server waits for it.
 */
export type TillDone = Omit<CompletedSale, "id"> & {
  id: number | null;
  clientSaleId?: string;
  /** A queued sale's slip made from its bill, printed before the server has the sale. */
  slip?: SaleDocument;
};

/** What the browser kept of this till: its name, open bill and parked bills. */
export interface StoredTill {
  tillName: string;
  cart: Cart;
  parked: ParkedBill[];
}

export function initialTillState(stored: StoredTill | null): TillState {
  return {
    ready: stored !== null,
    tillName: stored?.tillName ?? "",
    cart: stored?.cart ?? emptyCart(""),
    parked: stored?.parked ?? [],
    notice: null,
    scanMiss: 0,
    lineErrors: {},
    discountErrors: [],
    search: "",
    category: null,
    highlight: 0,
    ask: null,
    pay: null,
    dialog: null,
    variantGroup: null,
    parkLabel: "",
    renaming: null,
    done: null,
    lastSaleId: null,
    saleError: null,
    approval: null,
  };
}

export type TillAction =
  | { type: "restored"; stored: StoredTill }
  | { type: "scanned"; result: ScanResult }
  /** A tile or a search result: the item, or (with `group`) its variant group's picker opens. */
  | {
      type: "picked";
      item: TillItem;
      rule: StockRule;
      group?: number | null;
      /** The options chosen in its dialog (decision 0092); without them, the dialog opens. */
      options?: readonly ChosenOption[];
    }
  /** The price dialog opened for a line (an override) or a new line of the item. */
  | { type: "priceAsked"; itemId: number; lineKey: string | null }
  | { type: "variantsClosed" }
  | { type: "askTyped"; text: string }
  | { type: "askClosed" }
  /** The quantity asked, read (null: not a quantity), added or refused. */
  | { type: "askConfirmed"; qtyMilli: number | null; rule: StockRule }
  /** A line's quantity changed (cart.ts's setQuantity), or refused for its stock. */
  | { type: "lineChanged"; lineKey: string; change: CartChange }
  /** A quantity typed on a line that is no quantity for its item. */
  | { type: "lineRefused"; lineKey: string; refusal: QuantityRefusal }
  | { type: "lineRemoved"; lineKey: string }
  /** A discount as typed (cart.ts's readDiscount): "invalid" is no discount, and says so. */
  | { type: "lineDiscountSet"; lineKey: string; discount: Discount | null | "invalid" }
  | { type: "billDiscountSet"; discount: Discount | null | "invalid" }
  | { type: "noteSet"; note: string }
  | { type: "customerSet"; customer: BillCustomer | null }
  | { type: "priceLevelSet"; priceLevel: { id: number; name: string } | null }
  | { type: "cleared"; newCartId: string }
  | { type: "dialogOpened"; dialog: TillDialogName }
  | { type: "dialogClosed" }
  | { type: "parkLabelTyped"; label: string }
  /** Parks the open bill under `label` (the page's default when none was typed). */
  | { type: "parked"; label: string; now: Date; newCartId: string }
  /** Recalls a parked bill; the open one is parked as `currentLabel` in its place. */
  | { type: "recalled"; id: string; currentLabel: string; now: Date }
  | { type: "parkedDeleted"; id: string }
  | { type: "renameStarted" }
  | { type: "renameTyped"; name: string }
  | { type: "renamed"; name: string }
  | { type: "searchTyped"; search: string }
  | { type: "categoryChosen"; category: string | null }
  /** An arrow key in the search field, over the `count` items it shows. */
  | { type: "highlightMoved"; by: number; count: number }
  /** Enter in the search field: the highlighted item goes on the bill, the search starts over. */
  | { type: "searchChosen"; item: TillItem; rule: StockRule; group?: number | null }
  /** Opens the payment, or the approval first when the bill's discounts need one. */
  | { type: "payOpened"; cashExactSatang: number | null; needsApproval: boolean }
  | { type: "payChanged"; pay: PayState }
  | { type: "payClosed" }
  | { type: "approved"; approval: Approval }
  | { type: "saleSent" }
  | { type: "saleDone"; sale: TillDone; newCartId: string }
  | { type: "saleAcknowledged"; clientSaleId: string; saleId: number }
  /** The queued sale's slip was printed on the till: a print from here on is a copy. */
  | { type: "slipPrinted"; clientSaleId: string }
  | { type: "saleFailed"; error: TillSaleError }
  | { type: "nextSale" };

/** A cart change applied, or its refusal said (next to the line, or under the scanner). */
function applied(state: TillState, change: CartChange, lineKey?: string): TillState {
  if (change.kind === "ok") {
    if (!lineKey) return { ...state, cart: change.cart };
    const { [lineKey]: _cleared, ...lineErrors } = state.lineErrors;
    return { ...state, cart: change.cart, lineErrors };
  }
  if (lineKey) {
    const error: LineError = { kind: "notEnoughStock", item: change.item };
    return { ...state, lineErrors: { ...state.lineErrors, [lineKey]: error } };
  }
  return { ...state, notice: { kind: "notEnoughStock", item: change.item } };
}

function priceAsked(state: TillState, itemId: number, lineKey: string | null): TillState {
  return { ...state, dialog: "price", priceFor: { itemId, lineKey } };
}

function withoutLineError(state: TillState, lineKey: string): Record<string, LineError> {
  const { [lineKey]: _gone, ...rest } = state.lineErrors;
  return rest;
}

/** A tile or a search result chosen: one unit on the bill, or the quantity asked. */
function picked(
  state: TillState,
  item: TillItem,
  rule: StockRule,
  group: number | null = null,
  options?: readonly ChosenOption[],
): TillState {
  if (group !== null) return { ...state, done: null, variantGroup: group };
  const next = { ...state, done: null, variantGroup: null, optionsFor: null };
  if (item.openPrice) return priceAsked(next, item.id, null);
  // An item that asks options opens their dialog, which picks it again with them (decision 0092);
  // one sold by weight then asks its quantity, the options kept with the question.
  if (!options && item.optionGroups?.length) return { ...next, optionsFor: item };
  if (item.measured) {
    return { ...next, ask: { item, text: "", error: null, ...(options ? { options } : {}) } };
  }
  const change = addItem(state.cart, item, QTY_SCALE, rule, options);
  const after = applied(next, change);
  return change.kind === "ok" ? { ...after, notice: { kind: "added", name: item.name } } : after;
}

/** A discount field's text read: "invalid" leaves the discount out and marks the field. */
function discountTyped(
  state: TillState,
  key: string,
  discount: Discount | null | "invalid",
  set: (cart: Cart, discount: Discount | null) => Cart,
): TillState {
  const others = state.discountErrors.filter((field) => field !== key);
  return discount === "invalid"
    ? { ...state, cart: set(state.cart, null), discountErrors: [...others, key] }
    : { ...state, cart: set(state.cart, discount), discountErrors: others };
}

/** A new empty bill in place of the open one. */
function freshBill(state: TillState, newCartId: string): TillState {
  return {
    ...state,
    cart: emptyCart(newCartId),
    lineErrors: {},
    discountErrors: [],
    approval: null,
  };
}

/**
 * Whether a field of the bill says something is wrong (a quantity refused, a discount that
 * is none): the payment does not open until it is put right, so what is charged is what the
 * screen shows (issue 32.6).
 */
export function billFieldsRefused(state: TillState): boolean {
  return Object.keys(state.lineErrors).length > 0 || state.discountErrors.length > 0;
}

export function tillReducer(state: TillState, action: TillAction): TillState {
  switch (action.type) {
    case "restored":
      return { ...state, ...action.stored, ready: true };

    case "scanned": {
      const result = action.result;
      const next = { ...state, done: null };
      switch (result.kind) {
        case "ok":
          return { ...next, cart: result.cart, notice: { kind: "added", name: result.item.name } };
        case "askQuantity":
          // Its options first (decision 0092), then its quantity.
          if (result.item.optionGroups?.length) return { ...next, optionsFor: result.item };
          return { ...next, ask: { item: result.item, text: "", error: null } };
        case "askPrice":
          return priceAsked(next, result.item.id, null);
        case "askOptions":
          return { ...next, optionsFor: result.item };
        case "notEnoughStock":
          return { ...next, notice: { kind: "notEnoughStock", item: result.item } };
        case "unknown":
          return {
            ...next,
            scanMiss: state.scanMiss + 1,
            notice: { kind: "unknownCode", code: result.code },
          };
        case "scaleLabel":
          return {
            ...next,
            scanMiss: state.scanMiss + 1,
            notice: { kind: "scaleLabel", error: result.error },
          };
      }
      return next;
    }

    case "picked":
      return picked(state, action.item, action.rule, action.group, action.options);

    case "priceAsked":
      return priceAsked({ ...state, done: null }, action.itemId, action.lineKey);

    // The variants' or the options' dialog closed (decision 0092).
    case "variantsClosed":
      return { ...state, variantGroup: null, optionsFor: null };

    case "searchChosen":
      return { ...picked(state, action.item, action.rule, action.group), search: "", highlight: 0 };

    case "askTyped":
      return state.ask ? { ...state, ask: { ...state.ask, text: action.text } } : state;

    case "askClosed":
      return { ...state, ask: null };

    case "askConfirmed": {
      const ask = state.ask;
      if (!ask) return state;
      if (action.qtyMilli === null)
        return { ...state, ask: { ...ask, error: { kind: "badQuantity" } } };
      const change = addItem(state.cart, ask.item, action.qtyMilli, action.rule, ask.options);
      if (change.kind !== "ok") {
        return { ...state, ask: { ...ask, error: { kind: "notEnoughStock", item: change.item } } };
      }
      return {
        ...state,
        cart: change.cart,
        ask: null,
        notice: { kind: "added", name: ask.item.name },
      };
    }

    case "lineChanged":
      return applied(state, action.change, action.lineKey);

    case "lineRefused":
      return { ...state, lineErrors: { ...state.lineErrors, [action.lineKey]: action.refusal } };

    case "lineRemoved":
      return {
        ...state,
        cart: removeLine(state.cart, action.lineKey),
        lineErrors: withoutLineError(state, action.lineKey),
        discountErrors: state.discountErrors.filter((field) => field !== action.lineKey),
      };

    case "lineDiscountSet":
      return discountTyped(state, action.lineKey, action.discount, (cart, discount) =>
        setLineDiscount(cart, action.lineKey, discount),
      );

    case "billDiscountSet":
      return discountTyped(state, BILL_DISCOUNT, action.discount, setBillDiscount);

    case "noteSet":
      return { ...state, cart: setNote(state.cart, action.note) };
    case "customerSet":
      return { ...state, cart: setCustomer(state.cart, action.customer), dialog: null };
    case "priceLevelSet":
      return { ...state, cart: { ...state.cart, priceLevel: action.priceLevel }, dialog: null };

    case "cleared":
      return freshBill(state, action.newCartId);

    case "dialogOpened":
      return {
        ...state,
        dialog: action.dialog,
        parkLabel: action.dialog === "park" ? "" : state.parkLabel,
      };

    case "dialogClosed":
      return { ...state, dialog: null };

    case "parkLabelTyped":
      return { ...state, parkLabel: action.label };

    case "parked": {
      if (state.cart.lines.length === 0) return state;
      return {
        ...freshBill(state, action.newCartId),
        parked: parkBill(state.parked, state.cart, action.label, action.now),
        dialog: null,
        notice: { kind: "parked", label: action.label },
      };
    }

    case "recalled": {
      const recalled = recallBill(state.parked, action.id);
      const bill = state.parked.find((candidate) => candidate.id === action.id);
      if (!recalled || !bill) return state;
      // The open bill is parked in its place, never dropped.
      const keepOpen = state.cart.lines.length > 0;
      return {
        ...state,
        parked: keepOpen
          ? parkBill(recalled.parked, state.cart, action.currentLabel, action.now)
          : recalled.parked,
        cart: recalled.cart,
        lineErrors: {},
        discountErrors: [],
        approval: null,
        done: null,
        dialog: null,
        notice: {
          kind: "recalled",
          label: bill.label,
          currentParkedAs: keepOpen ? action.currentLabel : null,
        },
      };
    }

    case "parkedDeleted":
      return { ...state, parked: state.parked.filter((bill) => bill.id !== action.id) };

    case "renameStarted":
      return { ...state, renaming: state.tillName };

    case "renameTyped":
      return { ...state, renaming: action.name };

    case "renamed": {
      const name = action.name.trim();
      return name ? { ...state, tillName: name, renaming: null } : state;
    }

    case "searchTyped":
      return { ...state, search: action.search, highlight: 0 };

    case "categoryChosen":
      return { ...state, category: action.category, highlight: 0 };

    case "highlightMoved": {
      const last = Math.max(0, action.count - 1);
      return { ...state, highlight: Math.min(last, Math.max(0, state.highlight + action.by)) };
    }

    case "payOpened":
      if (billFieldsRefused(state)) return state;
      if (action.needsApproval) return { ...state, dialog: "approval" };
      return { ...state, saleError: null, pay: startPay(action.cashExactSatang) };

    case "payChanged":
      return { ...state, pay: action.pay };

    case "payClosed":
      return { ...state, pay: null };

    case "approved":
      return {
        ...state,
        approval: action.approval,
        dialog: null,
        saleError: null,
        pay: startPay(null),
      };

    case "saleSent":
      return { ...state, saleError: null };

    case "saleDone":
      return {
        ...freshBill(state, action.newCartId),
        done: action.sale,
        lastSaleId: action.sale.id,
        pay: null,
        saleError: null,
        notice: null,
      };

    case "saleAcknowledged":
      if (state.done?.clientSaleId !== action.clientSaleId || state.done.id !== null) return state;
      return { ...state, done: { ...state.done, id: action.saleId }, lastSaleId: action.saleId };

    case "slipPrinted": {
      const { done } = state;
      if (done?.clientSaleId !== action.clientSaleId || !done.slip) return state;
      return { ...state, done: { ...done, slip: { ...done.slip, isCopy: true } } };
    }

    case "saleFailed":
      return { ...state, saleError: action.error };

    case "nextSale":
      return { ...state, done: null };
  }
}

/** Whether a dialog of the till is open (the scanner gives the focus up meanwhile). */
export function anyDialogOpen(state: TillState): boolean {
  return (
    state.ask !== null ||
    state.pay !== null ||
    state.dialog !== null ||
    state.variantGroup !== null ||
    state.optionsFor != null
  );
}
