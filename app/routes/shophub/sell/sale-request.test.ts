import { describe, expect, it } from "vitest";
import { completeSaleRequestSchema, MAX_SALE_PAYMENTS } from "~/modules/sales";
import { addItem, emptyCart, saleRequestOf, setCustomer, thaiNumberText } from "./cart";
import { unpackItems } from "./till-data";

const [water] = unpackItems({
  categories: [""],
  items: [[1, "น้ำดื่ม", "W-1", "", 0, "ขวด", 1000, 5000, "", 0]],
});
const id = "0b7c2d64-0a5e-4c55-9a3b-2f4f7c1f9e11";

function request() {
  const added = addItem(emptyCart(id), water!, 2000, { allowNegative: false });
  if (added.kind !== "ok") throw new Error("not added");
  return saleRequestOf(
    { ...added.cart, billDiscount: { kind: "percent", basisPoints: 500 }, note: "ไม่ใส่ถุง" },
    "เครื่อง 1",
    [
      { method: "card", amountSatang: 1000, cardLast4: "4242", approvalCode: "A1B2" },
      { method: "cash", amountSatang: 10000 },
    ],
    1900,
  );
}

/** The request as completeSale reads it, or null when the body is not one. */
function readSaleRequest(body: unknown) {
  const parsed = completeSaleRequestSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

describe("the till's posted sale", () => {
  it("reads what the till sends, as JSON travels, and drops the shop id the gate checked", () => {
    const sent = JSON.parse(JSON.stringify({ ...request(), shopId: "shop" })) as unknown;
    expect(readSaleRequest(sent)).toEqual(request());
  });

  it("refuses bodies that are not a sale", () => {
    expect(readSaleRequest(null)).toBeNull();
    expect(readSaleRequest({ ...request(), clientSaleId: "1" })).toBeNull();
    expect(readSaleRequest({ ...request(), lines: [{ itemId: 1, qtyMilli: 1.5 }] })).toBeNull();
    expect(
      readSaleRequest({ ...request(), payments: [{ method: "cheque", amountSatang: 100 }] }),
    ).toBeNull();
    expect(
      readSaleRequest({
        ...request(),
        payments: [{ method: "card", amountSatang: 100, cardLast4: "42" }],
      }),
    ).toBeNull();
    expect(
      readSaleRequest({ ...request(), billDiscount: { kind: "free", basisPoints: 10_000 } }),
    ).toBeNull();
  });

  it("takes as many payments as completeSale does, and no more", () => {
    const cash = { method: "cash" as const, amountSatang: 100 };
    const split = (n: number) => ({ ...request(), payments: Array(n).fill(cash) });
    expect(readSaleRequest(split(MAX_SALE_PAYMENTS))).not.toBeNull();
    expect(readSaleRequest(split(MAX_SALE_PAYMENTS + 1))).toBeNull();
  });
});

describe("the bill's customer (issue 37)", () => {
  it("travels as the customer's phone number, which the contract reads", () => {
    const cart = setCustomer(emptyCart(id), { phone: "+66812345678", name: null });
    const added = addItem(cart, water!, 1000, { allowNegative: false });
    if (added.kind !== "ok") throw new Error("not added");
    const sent = saleRequestOf(
      added.cart,
      "เครื่อง 1",
      [{ method: "cash", amountSatang: 5000 }],
      5000,
    );
    expect(sent.customerPhone).toBe("+66812345678");
    expect(readSaleRequest(JSON.parse(JSON.stringify(sent)))?.customerPhone).toBe("+66812345678");
    expect(readSaleRequest({ ...sent, customerPhone: "0812345678" })).toBeNull();
    const without = saleRequestOf(setCustomer(added.cart, null), "เครื่อง 1", [], 5000);
    expect("customerPhone" in without).toBe(false);
  });

  it("carries the points redeemed (decision 0082), which the contract reads", () => {
    const cart = setCustomer(emptyCart(id), {
      phone: "+66812345678",
      name: "คุณสมศรี",
      points: { balance: 10, valueSatang: 100 },
      redeemPoints: 3,
      redeemSatang: 300,
    });
    const added = addItem(cart, water!, 1000, { allowNegative: false });
    if (added.kind !== "ok") throw new Error("not added");
    const sent = saleRequestOf(added.cart, "เครื่อง 1", [], 4700);
    expect(readSaleRequest(JSON.parse(JSON.stringify(sent)))?.redeemPoints).toBe(3);
    expect(readSaleRequest({ ...sent, redeemPoints: 0 })).toBeNull();
    const none = saleRequestOf(
      setCustomer(added.cart, { phone: "+66812345678", name: null }),
      "เครื่อง 1",
      [],
      5000,
    );
    expect("redeemPoints" in none).toBe(false);
  });

  it("a customer newly attached brings their price level; the cashier's later choice stands (decision 0089)", () => {
    const wholesale = { id: 7, name: "ขายส่ง" };
    const found = { phone: "+66812345678", name: "ช่างสมชาย", priceLevel: wholesale };
    const attached = setCustomer(emptyCart(id), found);
    expect(attached.priceLevel).toEqual(wholesale);
    const added = addItem(attached, water!, 1000, { allowNegative: false });
    if (added.kind !== "ok") throw new Error("not added");
    expect(saleRequestOf(added.cart, "เครื่อง 1", [], 4800).priceLevelId).toBe(7);
    // The cashier sets the bill back to retail, then redeems points: the bill stays at retail.
    const retail = { ...added.cart, priceLevel: null };
    const redeemed = setCustomer(retail, { ...found, redeemPoints: 1, redeemSatang: 100 });
    expect(redeemed.priceLevel).toBeNull();
    expect("priceLevelId" in saleRequestOf(redeemed, "เครื่อง 1", [], 4900)).toBe(false);
    // A customer without a level leaves the bill's level as it is.
    expect(setCustomer(emptyCart(id), { phone: "+66899999999", name: "x" }).priceLevel).toBe(
      undefined,
    );
  });

  it("shows a number the Thai way without the phone library", () => {
    expect(thaiNumberText("+66812345678")).toBe("081-234-5678");
    expect(thaiNumberText("+6621234567")).toBe("02-123-4567");
  });
});
