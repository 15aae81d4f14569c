import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";
import { accountStatement, customerAccountOf } from "~/modules/customers/index.server";
import { expectedCash, openShift } from "~/modules/shifts/index.server";
import { TILL_REFUSAL_KEYS } from "~/routes/shophub/customers/till-refusal-keys";
import * as tillPayment from "~/routes/shophub/sell/account-payment";
import type { TillAccountPaymentAnswer } from "~/routes/shophub/sell/account-payment";
import * as tillCustomer from "~/routes/shophub/sell/customer";
import type { TillCustomerAnswer } from "~/routes/shophub/sell/customer";
import { shopWithCustomerOwing } from "../setup/factories";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * รับชำระหนี้ at the till (decision 0095, "At the till"): the till's action takes a payment
 * against a customer's account with the customer page's rules (a cashier's cash into their own
 * open shift, a cashier's transfer only with a PIN), refuses in the till's Thai words keeping
 * what was typed, and never reaches another shop's customer.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const PRICE = 10_000;
const OWED = 5 * PRICE;

async function shopOwing() {
  const made = await shopWithCustomerOwing(db, { owedSatang: OWED, pin: "4826" });
  const t = { shop: made.shop, ownerId: made.ownerId };
  const cashier = { id: made.cashier.userId };
  const manager = { id: made.manager.userId };
  const pay = (userId: string, fields: Record<string, string>, customerId = made.customerId) =>
    outcomeOf<TillAccountPaymentAnswer>(
      callRoute(tillPayment.action, `/shophub/sell/account-payment?shop=${t.shop.id}`, {
        context: routeContext(db, sessionUserOf(userId, "แคชเชียร์ทดสอบ")),
        form: { shopId: t.shop.id, customerId, reference: "", ...fields },
      }),
    );
  const owed = async () => (await customerAccountOf(db, t.shop.id, made.customerId)).balanceSatang;
  return { t, customerId: made.customerId, cashier, manager, pay, owed };
}

describe("a payment on account at the till", () => {
  it("tells the till what the customer owes and who they are", async () => {
    const s = await shopOwing();
    const found = await outcomeOf<TillCustomerAnswer>(
      callRoute(
        tillCustomer.loader,
        `/shophub/sell/customer?shop=${s.t.shop.id}&phone=0812345678`,
        {
          context: routeContext(db, sessionUserOf(s.cashier.id)),
        },
      ),
    );
    const answer = (await found.response?.json()) as TillCustomerAnswer;
    expect(answer.customer).toMatchObject({ id: s.customerId, owedSatang: OWED });
  });

  it("takes a cashier's cash into their open shift and answers the receipt and balance", async () => {
    const s = await shopOwing();
    const shift = await openShift(
      db,
      { shopId: s.t.shop.id, userId: s.cashier.id, userName: "แคชเชียร์", role: "cashier" },
      { till: "เครื่อง 1", openingCashSatang: 100_000 },
    );
    if (!shift.ok) throw new Error(JSON.stringify(shift.error));
    const paid = await s.pay(s.cashier.id, { amount: "200.50", method: "cash" });
    expect(paid.status).toBe(200);
    expect(paid.data).toMatchObject({
      ok: true,
      done: "payment",
      customerId: s.customerId,
      amountSatang: 20_050,
      balanceSatang: OWED - 20_050,
      approverName: null,
      documentNumber: expect.any(String),
    });
    expect(await s.owed()).toBe(OWED - 20_050);
    expect((await expectedCash(db, s.t.shop.id, shift.value.id))?.expectedSatang).toBe(120_050);
    const statement = await accountStatement(db, s.t.shop.id, s.customerId);
    expect(statement.at(-1)).toMatchObject({ kind: "payment", amountSatang: -20_050 });
  });

  it("refuses a cashier's cash without a shift, and over the balance, in the till's words", async () => {
    const s = await shopOwing();
    const noShift = await s.pay(s.cashier.id, { amount: "100", method: "cash" });
    expect(noShift.status).toBe(409);
    expect(noShift.data).toMatchObject({
      ok: false,
      errors: { method: "shops.sell.accountPay.error.noShift" },
      values: { amount: "100", method: "cash" },
    });
    const over = await s.pay(s.t.ownerId, { amount: "9999", method: "cash" });
    expect(over.status).toBe(409);
    expect(over.data).toMatchObject({
      ok: false,
      errors: { amount: "shops.sell.accountPay.error.overBalance" },
      balanceSatang: OWED,
    });
    expect(await s.owed()).toBe(OWED);
  });

  it("refuses a cashier's transfer without a PIN or with a wrong one, and takes it with one", async () => {
    const s = await shopOwing();
    const bare = await s.pay(s.cashier.id, { amount: "100", method: "transfer", reference: "T1" });
    expect(bare.status).toBe(403);
    expect(bare.data).toMatchObject({
      ok: false,
      errors: { pin: "shops.sell.accountPay.error.needsApproval" },
      values: { amount: "100", method: "transfer", reference: "T1", pin: "" },
    });
    const wrong = await s.pay(s.cashier.id, {
      amount: "100",
      method: "transfer",
      approverId: s.manager.id,
      pin: "0000",
    });
    expect(wrong.status).toBe(403);
    expect(wrong.data).toMatchObject({
      ok: false,
      errors: { pin: "shops.sell.accountPay.error.wrongPin" },
      values: { pin: "" },
    });
    expect(await s.owed()).toBe(OWED);
    const approved = await s.pay(s.cashier.id, {
      amount: "100",
      method: "transfer",
      approverId: s.manager.id,
      pin: "4826",
    });
    expect(approved.data).toMatchObject({ ok: true, approverName: expect.any(String) });
    expect(await s.owed()).toBe(OWED - 10_000);
  });

  it("never takes a payment for another shop's customer, nor a made-up id", async () => {
    const s = await shopOwing();
    const other = await shopOwing();
    const foreign = await s.pay(
      s.t.ownerId,
      { amount: "100", method: "transfer" },
      other.customerId,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.data).toMatchObject({
      ok: false,
      errors: { form: "shops.sell.accountPay.error.notFound" },
    });
    const madeUp = await s.pay(s.t.ownerId, { amount: "100", method: "cash" }, "1 OR 1=1");
    expect(madeUp.status).toBe(404);
    expect(await other.owed()).toBe(OWED);
    expect(await s.owed()).toBe(OWED);
  });
});

it("has the till's words for every refusal of a payment on account", () => {
  const pageKeys = Object.keys(th).filter(
    (key) =>
      key === "shops.customers.error.notFound" ||
      /^shops\.customers\.account\.error\.(amount|method|reference|overBalance|noShift|needsApproval|approver|wrongPin|tooManyTries)$/.test(
        key,
      ),
  );
  expect(pageKeys).toHaveLength(10);
  for (const key of pageKeys) {
    const mine = TILL_REFUSAL_KEYS[key];
    expect(mine, key).toBeDefined();
    expect(th).toHaveProperty([mine!], th[key as keyof typeof th]);
    expect(en).toHaveProperty([mine!], en[key as keyof typeof en]);
  }
});
