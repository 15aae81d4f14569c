import { describe, expect, it } from "vitest";
import { scaleLabelCode } from "~/modules/sales";
import {
  addItem,
  billOf,
  emptyCart,
  readDiscount,
  readLineQuantity,
  removeLine,
  saleRequestOf,
  scanCode,
  setBillDiscount,
  setLineDiscount,
  setQuantity,
  shortLines,
  tillBillOf,
  type Cart,
} from "./cart";
import { parkBill, readCart, readParked, recallBill } from "./parked";
import { overridesOf, putPrice } from "./price-lines";
import { indexItems, packItems, searchTillItems, unpackItems, type TillItem } from "./till-data";

const items: TillItem[] = unpackItems(
  packItems([
    {
      id: 1,
      name: "น้ำดื่มตราช้าง 600 มล.",
      sku: "WATER-1",
      barcode: "8850999320014",
      category: "เครื่องดื่ม",
      unit: "ขวด",
      priceSatang: 1000,
      onHandMilli: 3000,
      imageUrl: null,
      measured: false,
    },
    {
      id: 2,
      name: "หมูสับ",
      sku: "01234",
      barcode: null,
      category: "ของสด",
      unit: "kg",
      priceSatang: 18000,
      onHandMilli: 5000,
      imageUrl: "/media/items/x.webp",
      measured: true,
    },
  ]),
);
const index = indexItems(items);
const water = items[0]!;
const pork = items[1]!;
const strict = { allowNegative: false };
const vat = { mode: "inclusive" as const, rateBasisPoints: 700 };
const layout = { prefixes: ["20"], itemCodeDigits: 5 as const, value: "weight" as const };

function ok(result: { kind: string; cart?: Cart }): Cart {
  if (result.kind !== "ok" || !result.cart) throw new Error(`expected ok, got ${result.kind}`);
  return result.cart;
}

function total(cart: Cart): number {
  const bill = billOf(cart, index, vat);
  if (!bill.ok) throw new Error(bill.error.code);
  return bill.bill.totalSatang;
}

describe("the till's items", () => {
  it("travel packed and come back as they were, weighed goods recognised by their unit", () => {
    expect(water).toMatchObject({ barcode: "8850999320014", category: "เครื่องดื่ม", measured: false });
    expect(pork).toMatchObject({ barcode: null, imageUrl: "/media/items/x.webp", measured: true });
  });

  it("are found by a Thai word inside the name, the SKU or part of the barcode", () => {
    expect(searchTillItems(items, "ช้าง", null)).toEqual([water]);
    expect(searchTillItems(items, "water", null)).toEqual([water]);
    expect(searchTillItems(items, "320014", null)).toEqual([water]);
    expect(searchTillItems(items, "", "ของสด")).toEqual([pork]);
  });
});

describe("scanning", () => {
  it("adds one unit per scan of a barcode, onto the same line", () => {
    let cart = ok(scanCode(emptyCart("a"), "8850999320014", index, layout, strict));
    cart = ok(scanCode(cart, " 8850999320014 ", index, layout, strict));
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]?.qtyMilli).toBe(2000);
    expect(total(cart)).toBe(2000);
  });

  it("finds an item by its SKU in any case", () => {
    const cart = ok(scanCode(emptyCart("a"), "water-1", index, null, strict));
    expect(cart.lines[0]?.itemId).toBe(1);
  });

  it("answers unknown for a code the shop does not have, and changes nothing", () => {
    expect(scanCode(emptyCart("a"), "999", index, layout, strict)).toEqual({
      kind: "unknown",
      code: "999",
    });
  });

  it("asks the quantity of an item sold by weight", () => {
    expect(scanCode(emptyCart("a"), "01234", index, null, strict)).toEqual({
      kind: "askQuantity",
      item: pork,
    });
  });

  it("reads a scale label's weight as a line of its own", () => {
    const label = scaleLabelCode(layout, "20", "01234", 1255);
    const cart = ok(scanCode(emptyCart("a"), label, index, layout, strict));
    expect(cart.lines[0]).toMatchObject({ itemId: 2, qtyMilli: 1255, scaleLabel: label });
    // 180 baht a kilogram × 1.255 kg = 225.90
    expect(total(cart)).toBe(22590);
  });

  it("says a misread scale label is one, not an unknown code", () => {
    const label = scaleLabelCode(layout, "20", "01234", 1255);
    const broken = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    expect(scanCode(emptyCart("a"), broken, index, layout, strict)).toMatchObject({
      kind: "scaleLabel",
      error: "checkDigit",
    });
  });

  it("refuses a unit beyond the stock, unless the shop allows negative stock", () => {
    let cart = emptyCart("a");
    for (let i = 0; i < 3; i += 1) cart = ok(scanCode(cart, "8850999320014", index, null, strict));
    expect(scanCode(cart, "8850999320014", index, null, strict)).toMatchObject({
      kind: "notEnoughStock",
      availableMilli: 0,
    });
    const allowed = ok(scanCode(cart, "8850999320014", index, null, { allowNegative: true }));
    expect(allowed.lines[0]?.qtyMilli).toBe(4000);
    expect(shortLines(allowed, index)).toEqual(["l1"]);
  });
});

describe("changing the cart", () => {
  const start = (): Cart => ok(addItem(emptyCart("a"), water, 2000, strict));

  it("changes a quantity within the stock, and refuses one beyond it", () => {
    const cart = ok(setQuantity(start(), "l1", 3000, water, strict));
    expect(total(cart)).toBe(3000);
    expect(setQuantity(cart, "l1", 3001, water, strict)).toMatchObject({
      kind: "notEnoughStock",
      availableMilli: 3000,
    });
  });

  it("takes a weighed quantity with three decimals", () => {
    const cart = ok(addItem(emptyCart("a"), pork, 500, strict));
    expect(total(cart)).toBe(9000);
  });

  it("removes a line", () => {
    expect(removeLine(start(), "l1").lines).toEqual([]);
  });

  it("applies a line discount as an amount or a percentage", () => {
    const amount = readDiscount("amount", "5");
    const percent = readDiscount("percent", "10");
    if (amount === "invalid" || percent === "invalid") throw new Error("read");
    expect(total(setLineDiscount(start(), "l1", amount))).toBe(1500);
    expect(total(setLineDiscount(start(), "l1", percent))).toBe(1800);
    expect(readDiscount("amount", "ห้าบาท")).toBe("invalid");
    expect(readDiscount("percent", "150")).toBe("invalid");
    expect(readDiscount("amount", " ")).toBeNull();
  });

  it("applies a bill discount, and refuses one above the bill", () => {
    const cart = ok(addItem(start(), pork, 1000, strict));
    expect(total(setBillDiscount(cart, { kind: "percent", basisPoints: 1000 }))).toBe(18000);
    const over = billOf(setBillDiscount(cart, { kind: "amount", satang: 30000 }), index, vat);
    expect(over).toEqual({ ok: false, error: { code: "discountOverBill" } });
  });

  it("reads a typed quantity: whole units for goods sold by the piece, 3 decimals for weighed ones (issue 32.7)", () => {
    const wholeUnits = { ok: false, refusal: { kind: "wholeUnits", unit: "ขวด" } };
    expect(readLineQuantity("3", water)).toEqual({ ok: true, qtyMilli: 3000 });
    expect(readLineQuantity("1.5", water)).toEqual(wholeUnits);
    expect(readLineQuantity("1.2555", water)).toEqual(wholeUnits);
    expect(readLineQuantity("0", water)).toEqual(wholeUnits);
    expect(readLineQuantity("สอง", water)).toEqual(wholeUnits);
    expect(readLineQuantity("1.5", pork)).toEqual({ ok: true, qtyMilli: 1500 });
    expect(readLineQuantity("1.2555", pork)).toEqual({
      ok: false,
      refusal: { kind: "badQuantity" },
    });
  });

  it("refuses a discount larger than its line or bill instead of charging nothing (issue 32.6)", () => {
    // 2 × 10.00 with 25.00 off the line: refused, at most 20.00; the bill is charged without it.
    const cart = setLineDiscount(start(), "l1", { kind: "amount", satang: 2500 });
    expect(billOf(cart, index, vat)).toEqual({
      ok: false,
      error: { code: "discountOverLine", line: 0 },
    });
    const over = tillBillOf(cart, index, vat);
    expect(over.refused).toEqual({ lines: { l1: 2000 }, bill: null });
    expect(over.result.ok && over.result.bill.totalSatang).toBe(2000);
    // Three bottles: 25.00 off fits, and is taken.
    const three = tillBillOf(ok(setQuantity(cart, "l1", 3000, water, strict)), index, vat);
    expect(three.refused).toEqual({ lines: {}, bill: null });
    expect(three.result.ok && three.result.bill.totalSatang).toBe(500);

    // A bill discount over what is left after the line discounts: at most that.
    const both = setBillDiscount(
      ok(
        addItem(
          setLineDiscount(start(), "l1", { kind: "amount", satang: 500 }),
          pork,
          1000,
          strict,
        ),
      ),
      { kind: "amount", satang: 30000 },
    );
    const bill = tillBillOf(both, index, vat);
    expect(bill.refused).toEqual({ lines: {}, bill: 19500 });
    expect(bill.result.ok && bill.result.bill.totalSatang).toBe(19500);
  });

  it("gives each line its part of the bill by its key, as priced: a bill discount is the bill's (issue 32.4)", () => {
    // A line whose item left the shop is not in the bill: the next line keeps its own figures.
    const gone: Cart = {
      ...emptyCart("a"),
      lines: [{ ...start().lines[0]!, itemId: 99 }],
      nextLine: 2,
    };
    const cart = setBillDiscount(
      ok(addItem(ok(addItem(gone, water, 2000, strict)), pork, 500, strict)),
      { kind: "amount", satang: 100 },
    );
    const bill = tillBillOf(cart, index, vat);
    expect(Object.keys(bill.lines)).toEqual(["l2", "l3"]);
    expect(bill.lines.l2).toMatchObject({ grossSatang: 2000, lineDiscountSatang: 0 });
    expect(bill.lines.l3).toMatchObject({ grossSatang: 9000, lineDiscountSatang: 0 });
    expect(bill.result.ok && bill.result.bill.totalSatang).toBe(10900);
  });

  it("sends what the server completes: the sale id, lines, discounts, payments, total", () => {
    const cart = setLineDiscount(start(), "l1", { kind: "amount", satang: 100 });
    const request = saleRequestOf(cart, "เครื่อง 1", [{ method: "cash", amountSatang: 10000 }], 1900);
    expect(request).toEqual({
      clientSaleId: "a",
      till: "เครื่อง 1",
      lines: [
        { itemId: 1, qtyMilli: 2000, scaleLabel: null, discount: { kind: "amount", satang: 100 } },
      ],
      billDiscount: null,
      note: "",
      payments: [{ method: "cash", amountSatang: 10000 }],
      expectedTotalSatang: 1900,
    });
  });
});

describe("parked bills", () => {
  it("park several bills and recall one, which restores its cart and leaves the others", () => {
    const first = ok(addItem(emptyCart("a"), water, 2000, strict));
    const second = ok(addItem(emptyCart("b"), pork, 750, strict));
    let parked = parkBill([], first, "โต๊ะ 1", new Date("2026-11-23T10:00:00Z"));
    parked = parkBill(parked, second, "คุณสมชาย", new Date("2026-11-23T10:05:00Z"));
    const stored = readParked(JSON.stringify(parked));
    expect(stored.map((bill) => bill.label)).toEqual(["โต๊ะ 1", "คุณสมชาย"]);
    const recalled = recallBill(stored, "a");
    expect(recalled?.cart).toEqual(first);
    expect(recalled?.parked.map((bill) => bill.id)).toEqual(["b"]);
  });

  it("ignore what is not a parked bill instead of breaking the till", () => {
    expect(readParked("not json")).toEqual([]);
    expect(readParked(JSON.stringify([{ id: "x" }]))).toEqual([]);
    expect(readCart(JSON.stringify({ id: 1 }))).toBeNull();
    const cart = emptyCart("c");
    expect(readCart(JSON.stringify(cart))).toEqual(cart);
  });
});

describe("prices typed at the till (decision 0093)", () => {
  const greens: TillItem = {
    ...water,
    id: 3,
    sku: "GREENS",
    barcode: null,
    priceSatang: 0,
    openPrice: { minSatang: 1_000, maxSatang: 5_000 },
  };
  const withGreens = indexItems([...items, greens]);

  it("asks an open-price item's price when scanned, and sells a line at the price typed", () => {
    expect(scanCode(emptyCart("b"), "greens", withGreens, null, strict)).toEqual({
      kind: "askPrice",
      item: greens,
    });
    const cart = ok(putPrice(emptyCart("b"), greens, null, 2_500, strict));
    expect(cart.lines).toMatchObject([{ itemId: 3, qtyMilli: 1000, price: 2_500 }]);
    const bill = billOf(cart, withGreens, vat);
    expect(bill.ok && bill.bill.totalSatang).toBe(2_500);
    expect(saleRequestOf(cart, "T", [], 2_500, withGreens).lines[0]).toMatchObject({
      unitPriceSatang: 2_500,
      typedPriceSatang: 2_500,
    });
    expect(overridesOf(cart, withGreens)).toEqual({ lines: [], belowSatang: 0 });
  });

  it("overrides a line's list price, counts it below the list, and puts it back", () => {
    let cart = ok(addItem(emptyCart("b"), water, 2000, strict));
    const key = cart.lines[0]!.key;
    cart = ok(putPrice(cart, water, key, 800, strict));
    expect(overridesOf(cart, index)).toEqual({
      lines: [{ itemId: 1, unitPriceSatang: 800 }],
      belowSatang: 400,
    });
    // A scan of the same item adds a line of its own at the list price.
    cart = ok(addItem(cart, water, 1000, strict));
    expect(cart.lines.map((line) => line.price)).toEqual([800, undefined]);
    cart = ok(putPrice(cart, water, key, undefined, strict));
    expect(overridesOf(cart, index).lines).toEqual([]);
  });
});

describe("a line with options (decision 0092)", () => {
  const latte: TillItem = {
    ...water,
    id: 9,
    sku: "LATTE",
    barcode: "999",
    priceSatang: 6_500,
    onHandMilli: 100_000,
    optionGroups: [1, 2],
  };
  const withLatte = indexItems([latte]);
  const option = (choiceId: number, choiceName: string, priceSatang = 0) => ({
    choiceId,
    groupName: "g",
    choiceName,
    priceSatang,
  });
  const lessShot = [option(12, "หวานน้อย"), option(21, "เพิ่มช็อต", 1_500)];

  it("is priced with its options; other choices are another line, the same choices merge", () => {
    let cart = ok(addItem(emptyCart("c"), latte, 1000, strict, lessShot));
    cart = ok(addItem(cart, latte, 1000, strict, [option(11, "ปกติ")]));
    cart = ok(addItem(cart, latte, 1000, strict, [...lessShot]));
    expect(cart.lines.map((l) => [l.qtyMilli, l.options?.map((o) => o.choiceId)])).toEqual([
      [2000, [12, 21]],
      [1000, [11]],
    ]);
    const bill = billOf(cart, withLatte, vat);
    expect(bill.ok && bill.bill.lines.map((l) => l.grossSatang)).toEqual([16_000, 6_500]);
    const request = saleRequestOf(cart, "เครื่อง 1", [], 22_500, withLatte, vat);
    expect(request.lines[0]).toMatchObject({ options: [12, 21], unitPriceSatang: 8_000 });
    expect(request.lines[1]).toMatchObject({ options: [11], unitPriceSatang: 6_500 });
    // A parked bill keeps them (the cart is kept as it is).
    expect(readCart(JSON.stringify(cart))?.lines[0]?.options).toEqual(lessShot);
  });

  it("scanning an item that asks options opens them", () => {
    expect(scanCode(emptyCart("c"), "999", withLatte, null, strict)).toEqual({
      kind: "askOptions",
      item: latte,
    });
  });
});
