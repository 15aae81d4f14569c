import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { saleFlag, saleLine } from "~/db/schema";
import { readForm } from "~/lib/forms/read-form";
import {
  accountStatement,
  ageAccount,
  creditLimitFormSchema,
  customerAccountOf,
  receivables,
  recordAccountPayment,
  setCreditLimit,
  type AccountActor,
} from "~/modules/customers/index.server";
import {
  buddhistYear,
  completeSale,
  type CompleteSaleRequest,
  type PaymentRequest,
  returnSaleLines,
  voidSale,
} from "~/modules/sales/index.server";
import { bindTillDevice, listTills } from "~/modules/tills/index.server";
import { insertCustomer, shopWithItems } from "../setup/factories";
import { TEST_BUYER } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { accountReceipt } from "~/modules/customers/index.server";
import {
  renderReceiptPdf,
  renderStatementPdf,
} from "~/routes/shophub/customers/account-pdf.server";

/*
 * Selling on account (issue 37, decision 0083): a customer with a credit limit buys on
 * account within it, refused in Thai past it (online), checked again under the account's lock
 * (two tills at once), a registered till's queued sale kept and flagged; payments with their
 * own receipt; a void or a return on account lowering what is owed; the statement and ageing.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const PRICE = 10_000;
const PHONE = "+66812345678";

async function accountShop() {
  const t = await shopWithItems(db, {
    items: { item: { fields: { price: PRICE, cost: 4_000 }, stock: 1_000_000 } },
  });
  const { item } = t.items;
  const actor = t.owner;
  const customerId = await insertCustomer(db, actor, { phone: "081-234-5678", name: "คุณสมชาย" });
  const owner: AccountActor = {
    shopId: t.shop.id,
    userId: t.ownerId,
    userName: "เจ้าของ",
    role: "owner",
  };
  const sell = (
    qty: number,
    payments: PaymentRequest[],
    options: { phone?: string | null; device?: CompleteSaleRequest["device"] } = {},
  ) =>
    completeSale(db, actor, {
      clientSaleId: randomUUID(),
      till: "เครื่อง 1",
      lines: [{ itemId: item.id, qtyMilli: qty * 1000, unitPriceSatang: PRICE }],
      customerPhone: options.phone === null ? undefined : (options.phone ?? PHONE),
      payments,
      expectedTotalSatang: PRICE * qty,
      device: options.device,
    });
  const onAccount = (satang: number): PaymentRequest => ({
    method: "account",
    amountSatang: satang,
  });
  return { t, item, actor, owner, customerId, sell, onAccount };
}

describe("the sale on account", () => {
  it("needs a known customer with a limit, and stays within it", async () => {
    const s = await accountShop();
    expect(await s.sell(1, [s.onAccount(PRICE)], { phone: null })).toEqual({
      ok: false,
      error: { code: "account", reason: "noCustomer", headroomSatang: 0 },
    });
    expect(await s.sell(1, [s.onAccount(PRICE)])).toEqual({
      ok: false,
      error: { code: "account", reason: "noLimit", headroomSatang: 0 },
    });
    expect((await setCreditLimit(db, s.owner, s.customerId, 25_000)).ok).toBe(true);
    expect((await s.sell(2, [s.onAccount(2 * PRICE)])).ok).toBe(true);
    // 200 owed of 250: a 100-baht bill on account is 50 past the limit.
    expect(await s.sell(1, [s.onAccount(PRICE)])).toEqual({
      ok: false,
      error: { code: "account", reason: "overLimit", headroomSatang: 5_000 },
    });
    // Part cash, the rest on account: within the limit.
    const mixed = await s.sell(1, [{ method: "cash", amountSatang: 6_000 }, s.onAccount(4_000)]);
    expect(mixed.ok).toBe(true);
    expect(await customerAccountOf(db, s.t.shop.id, s.customerId)).toEqual({
      limitSatang: 25_000,
      balanceSatang: 24_000,
    });
    // A cashier may not set a limit; another shop's customer is not found.
    expect(
      await setCreditLimit(db, { ...s.owner, role: "cashier" }, s.customerId, 100_000),
    ).toEqual({ ok: false, error: "not-allowed" });
    const other = await accountShop();
    expect(await setCreditLimit(db, other.owner, s.customerId, 100_000)).toEqual({
      ok: false,
      error: "not-found",
    });
    expect(
      await recordAccountPayment(db, other.owner, {
        customerId: s.customerId,
        method: "cash",
        amountSatang: 100,
        reference: "",
      }),
    ).toEqual({ ok: false, error: "not-found" });
  });

  it("lets only one of two tills at once take the last of the limit", async () => {
    const s = await accountShop();
    await setCreditLimit(db, s.owner, s.customerId, 15_000);
    const results = await Promise.all([
      s.sell(1, [s.onAccount(PRICE)]),
      s.sell(1, [s.onAccount(PRICE)]),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      ok: false,
      error: { code: "account", reason: "overLimit" },
    });
    expect((await customerAccountOf(db, s.t.shop.id, s.customerId)).balanceSatang).toBe(PRICE);
  });

  it("keeps a registered till's queued sale past the limit, charged and flagged", async () => {
    const s = await accountShop();
    await setCreditLimit(db, s.owner, s.customerId, 5_000);
    const [till] = await listTills(db, s.t.shop.id);
    const bound = await bindTillDevice(
      db,
      { shopId: s.t.shop.id, userId: s.t.ownerId, role: "owner" },
      { tillId: till!.id, deviceLabel: "test" },
    );
    if (!bound.ok) throw new Error(bound.error);
    const now = Date.now();
    const sold = await s.sell(1, [s.onAccount(PRICE)], {
      device: {
        tillId: bound.value.tillId,
        token: bound.value.token,
        kind: "receipt",
        prefix: "RC",
        year: buddhistYear(new Date()),
        seq: 1,
        soldAt: new Date(now - 60_000).toISOString(),
        sentAt: new Date(now).toISOString(),
      },
    });
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    expect((await customerAccountOf(db, s.t.shop.id, s.customerId)).balanceSatang).toBe(PRICE);
    const flags = await db
      .select({ reason: saleFlag.reason, detail: saleFlag.detail })
      .from(saleFlag)
      .where(and(eq(saleFlag.shopId, s.t.shop.id), eq(saleFlag.saleId, sold.sale.id)));
    expect(flags).toEqual([
      { reason: "accountOverLimit", detail: { owed: PRICE, headroom: 5_000, known: true } },
    ]);
  });
});

describe("payments, voids and returns", () => {
  it("takes a payment with its own receipt number, never past what is owed", async () => {
    const s = await accountShop();
    await setCreditLimit(db, s.owner, s.customerId, 100_000);
    const sold = await s.sell(3, [s.onAccount(3 * PRICE)]);
    if (!sold.ok) throw new Error(JSON.stringify(sold.error));
    const pay = (amountSatang: number, method: "cash" | "transfer" = "cash") =>
      recordAccountPayment(db, s.owner, {
        customerId: s.customerId,
        method,
        amountSatang,
        reference: "",
      });
    const year = buddhistYear(new Date());
    expect(await pay(12_000)).toEqual({
      ok: true,
      payment: expect.objectContaining({
        documentNumber: `AR${year}-000001`,
        amountSatang: 12_000,
        balanceAfterSatang: 18_000,
      }),
    });
    expect(await pay(18_001)).toEqual({ ok: false, error: "over-balance" });
    expect(await pay(3_000, "transfer")).toMatchObject({
      ok: true,
      payment: { documentNumber: `AR${year}-000002`, balanceAfterSatang: 15_000 },
    });

    // A return refunded on account takes the note's total off what is owed.
    const [line] = await db
      .select({ id: saleLine.id })
      .from(saleLine)
      .where(eq(saleLine.saleId, sold.sale.id));
    const returned = await returnSaleLines(
      db,
      { ...s.owner },
      {
        saleId: sold.sale.id,
        lines: [{ saleLineId: line!.id, qtyMilli: 1000 }],
        reason: "ชำรุด",
        refundMethod: "account",
        buyer: TEST_BUYER,
      },
    );
    expect(returned.ok).toBe(true);
    expect((await customerAccountOf(db, s.t.shop.id, s.customerId)).balanceSatang).toBe(5_000);

    const statement = await accountStatement(db, s.t.shop.id, s.customerId);
    // The statement and the first receipt as A4 PDFs.
    const seller = { name: "ร้านทดสอบ", address: "1 ถนนสุขุมวิท", phone: "", taxId: null };
    const pdf = await renderStatementPdf({
      seller,
      customer: { name: "คุณสมชาย", phone: "081-234-5678" },
      rows: statement,
      balanceSatang: 5_000,
      t: serverTranslate("th"),
      lang: "th",
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const firstPayment = statement.find((row) => row.kind === "payment");
    const receipt = await accountReceipt(db, s.t.shop.id, firstPayment!.paymentId!);
    expect(receipt).toMatchObject({ amountSatang: 12_000, balanceAfterSatang: 18_000 });
    expect(await accountReceipt(db, (await accountShop()).t.shop.id, receipt!.id)).toBeNull();
    const receiptPdf = await renderReceiptPdf({
      seller,
      receipt: receipt!,
      t: serverTranslate("en"),
      lang: "en",
    });
    expect(receiptPdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(statement.map((row) => [row.kind, row.amountSatang, row.balanceAfterSatang])).toEqual([
      ["sale", 30_000, 30_000],
      ["payment", -12_000, 18_000],
      ["payment", -3_000, 15_000],
      ["return", -10_000, 5_000],
    ]);
  });

  it("refuses a refund on account past what the sale put on account, and a void takes it off", async () => {
    const s = await accountShop();
    await setCreditLimit(db, s.owner, s.customerId, 100_000);
    const cash = await s.sell(1, [{ method: "cash", amountSatang: PRICE }]);
    if (!cash.ok) throw new Error("not sold");
    const [line] = await db
      .select({ id: saleLine.id })
      .from(saleLine)
      .where(eq(saleLine.saleId, cash.sale.id));
    expect(
      await returnSaleLines(db, s.owner, {
        saleId: cash.sale.id,
        lines: [{ saleLineId: line!.id, qtyMilli: 1000 }],
        reason: "คืน",
        refundMethod: "account",
        buyer: TEST_BUYER,
      }),
    ).toEqual({ ok: false, error: { code: "over-account" } });

    const mixed = await s.sell(2, [{ method: "cash", amountSatang: 5_000 }, s.onAccount(15_000)]);
    if (!mixed.ok) throw new Error("not sold");
    expect((await customerAccountOf(db, s.t.shop.id, s.customerId)).balanceSatang).toBe(15_000);
    expect((await voidSale(db, s.owner, { saleId: mixed.sale.id, reason: "ผิด" })).ok).toBe(true);
    expect((await customerAccountOf(db, s.t.shop.id, s.customerId)).balanceSatang).toBe(0);
    expect((await accountStatement(db, s.t.shop.id, s.customerId)).map((row) => row.kind)).toEqual([
      "sale",
      "void",
    ]);
  });
});

describe("ageing and the receivables", () => {
  it("ages what is owed oldest first into the five buckets", () => {
    const asOf = "2026-11-29";
    const ageing = ageAccount(
      [
        { amountSatang: 1_000, day: "2026-07-01" }, // 151 days
        { amountSatang: 2_000, day: "2026-09-15" }, // 75 days
        { amountSatang: 3_000, day: "2026-10-20" }, // 40 days
        { amountSatang: 4_000, day: "2026-11-10" }, // 19 days
        { amountSatang: 5_000, day: "2026-11-29" }, // today
        { amountSatang: -1_500, day: "2026-11-20" }, // paid: the oldest first
      ],
      asOf,
    );
    expect(ageing).toEqual({
      buckets: { current: 5_000, d1to30: 4_000, d31to60: 3_000, d61to90: 1_500, over90: 0 },
      oldestDay: "2026-09-15",
      balanceSatang: 13_500,
    });
    expect(ageAccount([{ amountSatang: 100, day: "2026-08-31" }], asOf).buckets.d61to90).toBe(100);
    expect(ageAccount([{ amountSatang: 100, day: "2026-08-30" }], asOf).buckets.over90).toBe(100);
    expect(ageAccount([{ amountSatang: 100, day: "2026-10-30" }], asOf).buckets.d1to30).toBe(100);
    expect(ageAccount([{ amountSatang: 100, day: "2026-10-29" }], asOf).buckets.d31to60).toBe(100);
  });

  it("lists who owes, the shop's own customers only", async () => {
    const s = await accountShop();
    const other = await accountShop();
    await setCreditLimit(db, s.owner, s.customerId, 100_000);
    await s.sell(2, [s.onAccount(2 * PRICE)]);
    const rows = await receivables(db, s.t.shop.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      customerId: s.customerId,
      name: "คุณสมชาย",
      ageing: { balanceSatang: 20_000, buckets: { current: 20_000 } },
    });
    expect(await receivables(db, other.t.shop.id)).toEqual([]);
  });

  it("reads the limit form: empty removes it, a bad amount gets its Thai message", () => {
    const read = (creditLimit: string) => {
      const form = new FormData();
      form.append("creditLimit", creditLimit);
      return readForm(form, creditLimitFormSchema);
    };
    expect(read("")).toMatchObject({ ok: true, data: { creditLimit: null } });
    expect(read("1,500")).toMatchObject({ ok: true, data: { creditLimit: 150_000 } });
    expect(read("-5")).toMatchObject({
      ok: false,
      errors: { creditLimit: "shops.customers.account.error.limit" },
    });
  });
});
