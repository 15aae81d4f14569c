import { describe, expect, it } from "vitest";
import { emptyCart, readLineQuantity, scanCode, setQuantity } from "./cart";
import { indexItems, type TillItem } from "./till-data";
import {
  billFieldsRefused,
  initialTillState,
  tillReducer,
  type TillAction,
  type TillState,
} from "./till-state";

/*
 * The till's reducer as a plain function (issue 33): each action, from a state, to the state
 * the page then shows. The cart arithmetic itself is cart.test.ts's.
 */

const water: TillItem = {
  id: 1,
  name: "น้ำดื่ม",
  sku: "WATER-1",
  barcode: "8850999320014",
  category: "เครื่องดื่ม",
  unit: "ขวด",
  priceSatang: 1_000,
  onHandMilli: 3_000,
  imageUrl: null,
  measured: false,
};
const pork: TillItem = {
  ...water,
  id: 2,
  name: "หมูสับ",
  sku: "PORK",
  barcode: null,
  measured: true,
};
const index = indexItems([water, pork]);
const strict = { allowNegative: false };

function run(state: TillState, ...actions: TillAction[]): TillState {
  return actions.reduce(tillReducer, state);
}

const restored = () =>
  run(initialTillState(null), {
    type: "restored",
    stored: { tillName: "เครื่อง 1", cart: emptyCart("bill-1"), parked: [] },
  });

/** A bill of one bottle of water, and its line's key. */
function oneWater(): { state: TillState; key: string } {
  const state = run(restored(), { type: "picked", item: water, rule: strict });
  return { state, key: state.cart.lines[0]!.key };
}

/** The water line's quantity typed: taken, or refused for its stock. */
const waterQuantity = (state: TillState, key: string, qtyMilli: number): TillAction => ({
  type: "lineChanged",
  lineKey: key,
  change: setQuantity(state.cart, key, qtyMilli, water, strict),
});

describe("the till's reducer", () => {
  it("is not ready until the stored till is in, then holds it", () => {
    expect(initialTillState(null).ready).toBe(false);
    const state = restored();
    expect(state).toMatchObject({ ready: true, tillName: "เครื่อง 1", cart: { id: "bill-1" } });
  });

  it("adds a scanned item with a notice, asks the weight of a measured one, keeps a miss", () => {
    let state = restored();
    state = run(state, {
      type: "scanned",
      result: scanCode(state.cart, water.barcode!, index, null, strict),
    });
    expect(state.cart.lines).toHaveLength(1);
    expect(state.notice).toEqual({ kind: "added", name: "น้ำดื่ม" });

    state = run(state, {
      type: "scanned",
      result: scanCode(state.cart, "999", index, null, strict),
    });
    expect(state.notice).toEqual({ kind: "unknownCode", code: "999" });
    expect(state.scanMiss).toBe(1);

    state = run(state, { type: "picked", item: pork, rule: strict });
    expect(state.ask).toEqual({ item: pork, text: "", error: null });
    state = run(state, { type: "askConfirmed", qtyMilli: null, rule: strict });
    expect(state.ask?.error).toEqual({ kind: "badQuantity" });
    state = run(state, { type: "askConfirmed", qtyMilli: 9_000, rule: strict });
    expect(state.ask?.error).toEqual({ kind: "notEnoughStock", item: pork });
    state = run(state, { type: "askConfirmed", qtyMilli: 1_250, rule: strict });
    expect(state.ask).toBeNull();
    expect(state.cart.lines.map((line) => line.qtyMilli)).toEqual([1_000, 1_250]);
  });

  it("asks a weighed item's options first, then its weight, and sells the line with both (decision 0092)", () => {
    const coffee: TillItem = { ...pork, id: 3, sku: "BEANS", optionGroups: [7] };
    const grind = [{ choiceId: 71, groupName: "บด", choiceName: "บดละเอียด", priceSatang: 500 }];
    let state = run(restored(), { type: "picked", item: coffee, rule: strict });
    expect(state.optionsFor).toEqual(coffee);
    expect(state.ask).toBeNull();
    state = run(state, { type: "picked", item: coffee, rule: strict, options: grind });
    expect(state.optionsFor).toBeNull();
    expect(state.ask).toEqual({ item: coffee, text: "", error: null, options: grind });
    state = run(state, { type: "askConfirmed", qtyMilli: 500, rule: strict });
    expect(state.ask).toBeNull();
    expect(state.cart.lines).toMatchObject([{ itemId: 3, qtyMilli: 500, options: grind }]);
  });

  it("marks a line refused for stock and clears the mark once a change fits", () => {
    const { key, state: start } = oneWater();
    let state = start;
    state = run(state, waterQuantity(state, key, 5_000));
    expect(state.lineErrors).toEqual({ [key]: { kind: "notEnoughStock", item: water } });
    expect(state.cart.lines[0]!.qtyMilli).toBe(1_000);
    state = run(state, waterQuantity(state, key, 2_000));
    expect(state.lineErrors).toEqual({});
    expect(state.cart.lines[0]!.qtyMilli).toBe(2_000);
  });

  it("does not open the payment while a line says its quantity was refused (issue 32.6)", () => {
    const { key, state: start } = oneWater();
    let state = start;
    // 50 against 3 in stock: the line keeps 1, says why, and F4 charges nothing yet.
    state = run(state, waterQuantity(state, key, 50_000));
    expect(billFieldsRefused(state)).toBe(true);
    state = run(state, { type: "payOpened", cashExactSatang: 1_000, needsApproval: false });
    expect(state.pay).toBeNull();
    // 1.5 bottles: refused in words of its own; 2 is taken and the payment opens.
    const read = readLineQuantity("1.5", water);
    if (read.ok) throw new Error("1.5 bottles read");
    state = run(state, { type: "lineRefused", lineKey: key, refusal: read.refusal });
    expect(state.lineErrors).toEqual({ [key]: { kind: "wholeUnits", unit: "ขวด" } });
    state = run(state, waterQuantity(state, key, 2_000), {
      type: "payOpened",
      cashExactSatang: null,
      needsApproval: false,
    });
    expect(billFieldsRefused(state)).toBe(false);
    expect(state.pay).not.toBeNull();
  });

  it("leaves a discount that is no discount off the bill, and marks its field until it reads", () => {
    const { key, state: start } = oneWater();
    let state = start;
    state = run(
      state,
      { type: "lineDiscountSet", lineKey: key, discount: { kind: "amount", satang: 200 } },
      { type: "billDiscountSet", discount: "invalid" },
      { type: "lineDiscountSet", lineKey: key, discount: "invalid" },
    );
    expect(state.cart.lines[0]!.discount).toBeNull();
    expect(state.discountErrors).toEqual(["bill", key]);
    state = run(state, { type: "payOpened", cashExactSatang: null, needsApproval: false });
    expect(state.pay).toBeNull();
    state = run(
      state,
      { type: "billDiscountSet", discount: null },
      { type: "lineDiscountSet", lineKey: key, discount: { kind: "percent", basisPoints: 500 } },
    );
    expect(state.discountErrors).toEqual([]);
    expect(state.cart.lines[0]!.discount).toEqual({ kind: "percent", basisPoints: 500 });
  });

  it("parks the open bill and, recalling another, parks the open one in its place", () => {
    const now = new Date("2026-11-28T10:00:00+07:00");
    let state = run(
      restored(),
      { type: "picked", item: water, rule: strict },
      { type: "parked", label: "โต๊ะ 3", now, newCartId: "bill-2" },
    );
    expect(state.cart).toEqual(emptyCart("bill-2"));
    expect(state.parked.map((bill) => bill.label)).toEqual(["โต๊ะ 3"]);
    state = run(
      state,
      { type: "picked", item: water, rule: strict },
      { type: "recalled", id: "bill-1", currentLabel: "พักไว้ 10:05", now },
    );
    expect(state.cart.id).toBe("bill-1");
    expect(state.parked.map((bill) => [bill.id, bill.label])).toEqual([["bill-2", "พักไว้ 10:05"]]);
    expect(state.notice).toEqual({
      kind: "recalled",
      label: "โต๊ะ 3",
      currentParkedAs: "พักไว้ 10:05",
    });
  });

  it("opens the approval before the payment when the discounts need one, then the payment", () => {
    let state = run(restored(), { type: "payOpened", cashExactSatang: null, needsApproval: true });
    expect(state.dialog).toBe("approval");
    expect(state.pay).toBeNull();
    const approval = {
      clientSaleId: "bill-1",
      shares: { lineBasisPoints: 5_000, billBasisPoints: 0 },
      discountSatang: 500,
      approverName: "เจ้าของ",
    };
    state = run(state, { type: "approved", approval });
    expect(state).toMatchObject({ dialog: null, approval, pay: { method: "cash", cashText: "" } });
  });

  it("starts a new bill after a sale, keeping the sale for printing; keeps the bill on a failure", () => {
    let state = run(
      restored(),
      { type: "picked", item: water, rule: strict },
      { type: "payOpened", cashExactSatang: 1_000, needsApproval: false },
      { type: "saleFailed", error: { code: "network" } },
    );
    expect(state.cart.lines).toHaveLength(1);
    expect(state.saleError).toEqual({ code: "network" });
    expect(state.pay?.cashText).toBe("10.00");
    const sale = {
      id: 7,
      documentKind: "receipt" as const,
      documentNumber: "RC2569-000007",
      totalSatang: 1_000,
      changeSatang: 0,
      replayed: false,
    };
    state = run(state, { type: "saleDone", sale, newCartId: "bill-2" });
    expect(state).toMatchObject({
      cart: emptyCart("bill-2"),
      done: sale,
      lastSaleId: 7,
      pay: null,
      saleError: null,
      approval: null,
    });
    state = run(state, { type: "nextSale" });
    expect(state.done).toBeNull();
    expect(state.lastSaleId).toBe(7);
  });

  it("moves the search's highlight within what it found, and Enter adds the highlighted item (issue 32.3)", () => {
    let state = run(restored(), { type: "searchTyped", search: "น้ำ" });
    expect(state.highlight).toBe(0);
    state = run(
      state,
      { type: "highlightMoved", by: 1, count: 2 },
      { type: "highlightMoved", by: 1, count: 2 },
    );
    expect(state.highlight).toBe(1);
    state = run(state, { type: "highlightMoved", by: -5, count: 2 });
    expect(state.highlight).toBe(0);
    state = run(state, { type: "highlightMoved", by: 1, count: 2 });
    state = run(state, { type: "searchChosen", item: water, rule: strict });
    expect(state.cart.lines.map((line) => [line.itemId, line.qtyMilli])).toEqual([[1, 1_000]]);
    expect(state).toMatchObject({ search: "", highlight: 0, notice: { kind: "added" } });
    // An item sold by weight asks its quantity first; a new search starts at the top.
    state = run(state, { type: "searchChosen", item: pork, rule: strict });
    expect(state.ask?.item).toBe(pork);
    state = run(
      state,
      { type: "searchTyped", search: "ห" },
      { type: "highlightMoved", by: 1, count: 3 },
      { type: "searchTyped", search: "หม" },
    );
    expect(state.highlight).toBe(0);
  });

  it("renames the till only to a name that is not blank", () => {
    let state = run(restored(), { type: "renameStarted" }, { type: "renameTyped", name: "  " });
    state = run(state, { type: "renamed", name: "  " });
    expect(state.tillName).toBe("เครื่อง 1");
    state = run(state, { type: "renamed", name: " หน้าร้าน " });
    expect(state).toMatchObject({ tillName: "หน้าร้าน", renaming: null });
  });
});

describe("a price typed at the till (decision 0093)", () => {
  const greens: TillItem = {
    ...water,
    id: 3,
    sku: "GREENS",
    barcode: null,
    openPrice: { minSatang: 1_000, maxSatang: 5_000 },
  };
  const withGreens = indexItems([water, pork, greens]);

  it("asks an open-price item's price when tapped or scanned, and adds nothing until then", () => {
    const tapped = run(restored(), { type: "picked", item: greens, rule: strict });
    expect(tapped).toMatchObject({ dialog: "price", priceFor: { itemId: 3, lineKey: null } });
    expect(tapped.cart.lines).toEqual([]);
    const scanned = run(restored(), {
      type: "scanned",
      result: scanCode(emptyCart("bill-1"), "GREENS", withGreens, null, strict),
    });
    expect(scanned).toMatchObject({ dialog: "price", priceFor: { itemId: 3, lineKey: null } });
  });

  it("opens the price of a line to change it", () => {
    const { state, key } = oneWater();
    expect(run(state, { type: "priceAsked", itemId: water.id, lineKey: key })).toMatchObject({
      dialog: "price",
      priceFor: { itemId: 1, lineKey: key },
    });
  });
});
