import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { accountPaymentApproval } from "~/db/schema";
import { readForm } from "~/lib/forms/read-form";
import {
  accountPaymentVoidFormSchema,
  accountReceipt,
  accountStatement,
  customerAccountOf,
  receivables,
  recordAccountPayment,
  voidAccountPayment,
  voidablePayments,
  type AccountActor,
} from "~/modules/customers/index.server";
import { closeShift, expectedCash, openShift } from "~/modules/shifts/index.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { renderReceiptPdf } from "~/routes/shophub/customers/account-pdf.server";
import { shopWithCustomerOwing } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Who may take and void a payment on account (issue 37, decision 0095): a cashier's cash only
 * into their own open shift, a cashier's transfer or PromptPay only with an owner's or a
 * manager's PIN (rate-limited as the till's approvals), voids by owners and managers only, once,
 * putting the balance back and taking cash back out of the drawer.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const PRICE = 10_000;
const PIN = "4826";

async function shopOwing(owedSatang = 5 * PRICE) {
  const made = await shopWithCustomerOwing(db, { owedSatang, pin: PIN });
  const { customerId } = made;
  const t = { shop: made.shop, ownerId: made.ownerId };
  const actorOf = (userId: string, userName: string, role: AccountActor["role"]) => ({
    shopId: t.shop.id,
    userId,
    userName,
    role,
  });
  const owner: AccountActor = actorOf(t.ownerId, "เจ้าของ", "owner");
  const cashier: AccountActor = actorOf(made.cashier.userId, "แคชเชียร์", "cashier");
  const manager: AccountActor = actorOf(made.manager.userId, "ผู้จัดการ", "manager");
  const pay = (
    actor: AccountActor,
    amountSatang: number,
    method: "cash" | "transfer" | "promptpay" = "cash",
    approval?: { approverId: string; pin: string },
  ) =>
    recordAccountPayment(db, actor, {
      customerId,
      method,
      amountSatang,
      reference: "",
      approval,
    });
  const open = async (actor: AccountActor, till = "เครื่อง 1") => {
    const opened = await openShift(db, actor, { till, openingCashSatang: 100_000 });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    return opened.value.id;
  };
  const owed = async () => (await customerAccountOf(db, t.shop.id, customerId)).balanceSatang;
  return { t, customerId, owner, cashier, manager, pay, open, owed };
}

describe("who may take what", () => {
  it("refuses a cashier's cash with no open shift, and takes it into their own shift", async () => {
    const s = await shopOwing();
    expect(await s.pay(s.cashier, 1_000)).toEqual({ ok: false, error: "no-shift" });
    expect(await s.owed()).toBe(5 * PRICE);
    const shiftId = await s.open(s.cashier);
    const paid = await s.pay(s.cashier, 1_000);
    expect(paid).toMatchObject({ ok: true, payment: { approverName: null } });
    expect((await expectedCash(db, s.t.shop.id, shiftId))?.expectedSatang).toBe(101_000);
  });

  it("lets an owner take cash outside a shift (in no drawer) and any method alone", async () => {
    const s = await shopOwing();
    expect(await s.pay(s.owner, 1_000)).toMatchObject({ ok: true });
    expect(await s.pay(s.owner, 2_000, "transfer")).toMatchObject({ ok: true });
    expect(await s.pay(s.manager, 3_000, "promptpay")).toMatchObject({
      ok: true,
      payment: { approverName: null },
    });
    expect(await s.owed()).toBe(5 * PRICE - 6_000);
  });

  it("takes a cashier's transfer only with a manager's PIN, and keeps the approver", async () => {
    const s = await shopOwing();
    expect(await s.pay(s.cashier, 2_000, "transfer")).toEqual({
      ok: false,
      error: "needs-approval",
    });
    expect(
      await s.pay(s.cashier, 2_000, "promptpay", { approverId: s.manager.userId, pin: "9999" }),
    ).toEqual({ ok: false, error: "wrong-pin" });
    // The cashier's own id is no approver, whatever PIN is typed.
    expect(
      await s.pay(s.cashier, 2_000, "transfer", { approverId: s.cashier.userId, pin: PIN }),
    ).toEqual({ ok: false, error: "wrong-pin" });
    expect(await s.owed()).toBe(5 * PRICE);
    const paid = await s.pay(s.cashier, 2_000, "transfer", {
      approverId: s.manager.userId,
      pin: PIN,
    });
    expect(paid).toMatchObject({ ok: true, payment: { approverName: expect.any(String) } });
    if (!paid.ok) return;
    const [approval] = await db
      .select()
      .from(accountPaymentApproval)
      .where(eq(accountPaymentApproval.paymentId, paid.payment.id));
    expect(approval).toMatchObject({ approverId: s.manager.userId, shopId: s.t.shop.id });
    const receipt = await accountReceipt(db, s.t.shop.id, paid.payment.id);
    expect(receipt?.approverName).toBe(approval?.approverName);
    expect(await s.owed()).toBe(5 * PRICE - 2_000);
  });

  it("stops guessing the PIN after the till's approval limit", async () => {
    const s = await shopOwing();
    const answers: string[] = [];
    for (let guess = 0; guess < 9; guess += 1) {
      const result = await s.pay(s.cashier, 100, "transfer", {
        approverId: s.manager.userId,
        pin: String(1000 + guess * 7),
      });
      answers.push(result.ok ? "ok" : result.error);
    }
    expect(answers.slice(0, 8)).toEqual(Array(8).fill("wrong-pin"));
    expect(answers[8]).toBe("too-many-tries");
    // The right PIN now waits too.
    expect(
      await s.pay(s.cashier, 100, "transfer", { approverId: s.manager.userId, pin: PIN }),
    ).toMatchObject({ ok: false, error: "too-many-tries", retryAfterSeconds: expect.any(Number) });
  });
});

describe("voiding a payment", () => {
  it("puts the balance back and takes cash out of the open shift's drawer, once", async () => {
    const s = await shopOwing();
    const shiftId = await s.open(s.cashier);
    const paid = await s.pay(s.cashier, 2_550);
    if (!paid.ok) throw new Error(paid.error);
    expect((await expectedCash(db, s.t.shop.id, shiftId))?.expectedSatang).toBe(102_550);
    const input = { customerId: s.customerId, paymentId: paid.payment.id, reason: "บันทึกผิดคน" };
    expect(await voidAccountPayment(db, s.cashier, input)).toEqual({
      ok: false,
      error: "not-allowed",
    });
    const voided = await voidAccountPayment(db, s.owner, input);
    expect(voided).toMatchObject({ ok: true, balanceAfterSatang: 5 * PRICE, shiftId });
    expect(await s.owed()).toBe(5 * PRICE);
    const cash = await expectedCash(db, s.t.shop.id, shiftId);
    expect(cash).toMatchObject({
      accountPaymentsSatang: 2_550,
      accountPaymentVoidsSatang: 2_550,
      expectedSatang: 100_000,
    });
    expect(await voidAccountPayment(db, s.manager, input)).toEqual({
      ok: false,
      error: "already-voided",
    });
    // The statement: the payment, then its void, the running balance right.
    const statement = await accountStatement(db, s.t.shop.id, s.customerId);
    expect(
      statement.map((row) => [row.kind, row.amountSatang, row.balanceAfterSatang, row.voidReason]),
    ).toEqual([
      ["sale", 5 * PRICE, 5 * PRICE, null],
      ["payment", -2_550, 5 * PRICE - 2_550, "บันทึกผิดคน"],
      ["void", 2_550, 5 * PRICE, "บันทึกผิดคน"],
    ]);
    const receipt = await accountReceipt(db, s.t.shop.id, paid.payment.id);
    expect(receipt?.voided).toMatchObject({ reason: "บันทึกผิดคน", voidedByName: "เจ้าของ" });
    // Its PDF is still drawn, saying VOID first (the text itself is pdfkit's to encode).
    const pdf = await renderReceiptPdf({
      seller: { name: "ร้านทดสอบ", address: "", phone: "", taxId: null },
      receipt: receipt!,
      t: serverTranslate("en"),
      lang: "en",
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await voidablePayments(db, s.t.shop.id, s.customerId)).toEqual([]);
    // The ageing counts the debt from the sale's day again, not from the void's.
    const [owing] = await receivables(db, s.t.shop.id);
    expect(owing?.ageing.balanceSatang).toBe(5 * PRICE);
  });

  it("lets only one of two voids at once through", async () => {
    const s = await shopOwing();
    const paid = await s.pay(s.owner, 1_000, "transfer");
    if (!paid.ok) throw new Error(paid.error);
    const input = { customerId: s.customerId, paymentId: paid.payment.id, reason: "ซ้ำ" };
    const results = await Promise.all([
      voidAccountPayment(db, s.owner, input),
      voidAccountPayment(db, s.manager, input),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, error: "already-voided" });
    expect(await s.owed()).toBe(5 * PRICE);
  });

  it("hands a closed shift's cash back from the voider's open shift, refused without one", async () => {
    const s = await shopOwing();
    const cashierShift = await s.open(s.cashier);
    const paid = await s.pay(s.cashier, 3_000);
    if (!paid.ok) throw new Error(paid.error);
    const closed = await closeShift(
      db,
      { ...s.cashier },
      { shiftId: cashierShift, countedCashSatang: 103_000, note: "" },
    );
    expect(closed.ok).toBe(true);
    const input = { customerId: s.customerId, paymentId: paid.payment.id, reason: "ลูกค้าขอคืน" };
    expect(await voidAccountPayment(db, s.owner, input)).toEqual({
      ok: false,
      error: "no-shift",
    });
    const ownerShift = await s.open(s.owner, "เครื่อง 2");
    expect(await voidAccountPayment(db, s.owner, input)).toMatchObject({
      ok: true,
      shiftId: ownerShift,
    });
    // The closed shift keeps its figures; the open one gives the cash back.
    expect((await expectedCash(db, s.t.shop.id, cashierShift))?.expectedSatang).toBe(103_000);
    expect((await expectedCash(db, s.t.shop.id, ownerShift))?.expectedSatang).toBe(97_000);
  });

  it("never voids another shop's payment, nor one through another customer's page", async () => {
    const s = await shopOwing();
    const other = await shopOwing();
    const paid = await s.pay(s.owner, 1_000, "transfer");
    if (!paid.ok) throw new Error(paid.error);
    expect(
      await voidAccountPayment(db, other.owner, {
        customerId: s.customerId,
        paymentId: paid.payment.id,
        reason: "x",
      }),
    ).toEqual({ ok: false, error: "not-found" });
    expect(
      await voidAccountPayment(db, s.owner, {
        customerId: other.customerId,
        paymentId: paid.payment.id,
        reason: "x",
      }),
    ).toEqual({ ok: false, error: "not-found" });
    expect(await s.owed()).toBe(5 * PRICE - 1_000);
  });

  it("reads the void form: a reason is needed", () => {
    const form = new FormData();
    form.append("paymentId", "12");
    form.append("reason", "  ");
    expect(readForm(form, accountPaymentVoidFormSchema)).toMatchObject({
      ok: false,
      errors: { reason: "shops.customers.account.error.voidReason" },
    });
  });
});
