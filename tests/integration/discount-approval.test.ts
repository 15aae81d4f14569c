import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { sale } from "~/db/schema";
import { bangkokIsoDate } from "~/lib/dates";
import { profitAndLoss } from "~/modules/reports/index.server";
import {
  approveDiscount,
  completeSale,
  computeBill,
  type Discount,
  discountShares,
  getSaleDetail,
  type DiscountShares,
  type SaleActor,
  withinShares,
} from "~/modules/sales/index.server";
import { isGuessablePin } from "~/modules/shops";
import { listApprovers, setApprovalPin } from "~/modules/shops/index.server";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import { setSalesSettings } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * A cashier's discounts (issue 31.2, decision 0059): up to the shop's limits alone, beyond them
 * only with an owner's or a manager's PIN at the till, checked in completeSale whatever the
 * till does.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

const PRICE = 10_000; // 100.00 baht
const PIN = "4826";

interface Counter {
  t: TestShop;
  itemId: number;
  cashier: SaleActor;
  owner: SaleActor;
  managerId: string;
}

/** A shop (no VAT) whose cashier gives up to 10 % a line and 5 % a bill alone. */
async function counter(): Promise<Counter> {
  const t = await insertShop(db);
  await setSalesSettings(db, t.shop.id, {
    cashierMaxLineDiscountBasisPoints: 1_000,
    cashierMaxBillDiscountBasisPoints: 500,
  });
  const item = await insertItem(db, t.shop.id, t.ownerId, {
    fields: { price: PRICE, cost: 6_000 },
    opening: { qty: 1_000_000, locationId: t.defaultLocationId },
  });
  const cashier = await addShopMember(db, t.shop.id, "cashier");
  const manager = await addShopMember(db, t.shop.id, "manager");
  return {
    t,
    itemId: item.id,
    cashier: { shopId: t.shop.id, userId: cashier.id, cashierName: "แคชเชียร์", role: "cashier" },
    owner: { shopId: t.shop.id, userId: t.ownerId, cashierName: "เจ้าของ", role: "owner" },
    managerId: manager.id,
  };
}

function sell(
  c: Counter,
  actor: SaleActor,
  options: { qty?: number; line?: Discount; bill?: Discount; clientSaleId?: string },
) {
  const qty = options.qty ?? 1;
  const gross = PRICE * qty;
  const lineOff =
    options.line?.kind === "amount"
      ? options.line.satang
      : options.line
        ? Math.round((gross * options.line.basisPoints) / 10_000)
        : 0;
  const afterLine = gross - lineOff;
  const billOff =
    options.bill?.kind === "amount"
      ? options.bill.satang
      : options.bill
        ? Math.round((afterLine * options.bill.basisPoints) / 10_000)
        : 0;
  const total = afterLine - billOff;
  return completeSale(db, actor, {
    clientSaleId: options.clientSaleId ?? randomUUID(),
    till: "เครื่อง 1",
    lines: [{ itemId: c.itemId, qtyMilli: qty * 1000, discount: options.line ?? null }],
    billDiscount: options.bill ?? null,
    payments: total > 0 ? [{ method: "cash", amountSatang: total }] : [],
    expectedTotalSatang: total,
  });
}

const percent = (basisPoints: number): Discount => ({ kind: "percent", basisPoints });

function approve(
  c: Counter,
  input: {
    clientSaleId: string;
    approverId: string;
    pin: string;
    shares: DiscountShares;
    discountSatang: number;
  },
  cashierId = c.cashier.userId,
) {
  return approveDiscount(db, { shopId: c.t.shop.id, cashierId }, input);
}

async function salesOf(c: Counter) {
  return db.select({ id: sale.id }).from(sale).where(eq(sale.shopId, c.t.shop.id));
}

describe("a cashier's discount", () => {
  it("goes up to the shop's limits alone, and no further: 100 % off is refused", async () => {
    const c = await counter();
    expect((await sell(c, c.cashier, { line: percent(1_000) })).ok).toBe(true);
    expect((await sell(c, c.cashier, { bill: percent(500) })).ok).toBe(true);
    // A satang over the line's 10 %.
    expect(await sell(c, c.cashier, { line: { kind: "amount", satang: 1_001 } })).toMatchObject({
      ok: false,
      error: {
        code: "discountNeedsApproval",
        shares: { lineBasisPoints: 1_001, billBasisPoints: 0 },
        limit: { lineBasisPoints: 1_000, billBasisPoints: 500 },
      },
    });
    // The attack: a bill at 100 % off, the goods leaving with no payment.
    expect(await sell(c, c.cashier, { line: percent(10_000) })).toMatchObject({
      ok: false,
      error: { code: "discountNeedsApproval" },
    });
    expect(await sell(c, c.cashier, { bill: percent(10_000) })).toMatchObject({
      ok: false,
      error: { code: "discountNeedsApproval" },
    });
    expect(await salesOf(c)).toHaveLength(2);
  });

  it("is any size for an owner or a manager ringing up themselves", async () => {
    const c = await counter();
    expect((await sell(c, c.owner, { line: percent(5_000), bill: percent(5_000) })).ok).toBe(true);
    const manager: SaleActor = { ...c.cashier, userId: c.managerId, role: "manager" };
    expect((await sell(c, manager, { line: percent(10_000) })).ok).toBe(true);
  });

  it("passes the limit with an owner's PIN for that bill, up to what was approved", async () => {
    const c = await counter();
    expect(await setApprovalPin(db, c.t.shop.id, c.t.ownerId, PIN)).toEqual({ ok: true });
    expect(await listApprovers(db, c.t.shop.id)).toEqual([
      { userId: c.t.ownerId, name: expect.any(String) },
    ]);
    const bill = randomUUID();
    const shares = { lineBasisPoints: 3_000, billBasisPoints: 0 };
    // A wrong PIN, a member who is no approver, a manager without a PIN: one answer.
    for (const [approverId, pin] of [
      [c.t.ownerId, "4827"],
      [c.cashier.userId, PIN],
      [c.managerId, PIN],
    ] as const) {
      expect(
        await approve(c, { clientSaleId: bill, approverId, pin, shares, discountSatang: 3_000 }),
      ).toEqual({ ok: false, error: { code: "wrongPin" } });
    }
    expect(
      await approve(c, {
        clientSaleId: bill,
        approverId: c.t.ownerId,
        pin: PIN,
        shares,
        discountSatang: 3_000,
      }),
    ).toMatchObject({ ok: true, shares });

    // More than approved (a larger share), or the approval of another bill: still refused.
    expect(await sell(c, c.cashier, { line: percent(3_100), clientSaleId: bill })).toMatchObject({
      ok: false,
      error: { code: "discountNeedsApproval" },
    });
    expect(await sell(c, c.cashier, { line: percent(3_000) })).toMatchObject({
      ok: false,
      error: { code: "discountNeedsApproval" },
    });
    // The same share on more goods is more money than approved.
    expect(
      await sell(c, c.cashier, { qty: 2, line: percent(3_000), clientSaleId: bill }),
    ).toMatchObject({ ok: false, error: { code: "discountNeedsApproval" } });
    // Another cashier cannot use it.
    const other = await addShopMember(db, c.t.shop.id, "cashier");
    expect(
      await sell(
        c,
        { ...c.cashier, userId: other.id },
        { line: percent(3_000), clientSaleId: bill },
      ),
    ).toMatchObject({ ok: false, error: { code: "discountNeedsApproval" } });
    // What was approved goes through, and the sale's page names who approved it.
    const sold = await sell(c, c.cashier, { line: percent(3_000), clientSaleId: bill });
    expect(sold).toMatchObject({ ok: true, sale: { totalSatang: 7_000 } });
    const detail = await getSaleDetail(db, c.t.shop.id, sold.ok ? sold.sale.id : 0);
    expect(detail?.sale.discountApprovedByName).toBe(
      (await listApprovers(db, c.t.shop.id))[0]?.name,
    );

    // The P&L reports the discounts by cashier, and how many of their bills were approved.
    const day = bangkokIsoDate(new Date());
    const pnl = await profitAndLoss(db, c.t.shop.id, { from: day, to: day });
    expect(pnl.byCashier.find((row) => row.cashierId === c.cashier.userId)).toMatchObject({
      bills: 1,
      discountSatang: 3_000,
      approvedBills: 1,
    });
  });

  it("never lets a cashier's sale through past the limits, whatever discounts are sent (fuzzed)", async () => {
    const c = await counter();
    const discount = fc.oneof(
      fc.constant(null),
      fc.record({
        kind: fc.constant("amount" as const),
        satang: fc.integer({ min: 0, max: 25_000 }),
      }),
      fc.record({
        kind: fc.constant("percent" as const),
        basisPoints: fc.integer({ min: 0, max: 10_000 }),
      }),
    );
    const seen = { allowed: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        discount,
        discount,
        async (qty, line, bill) => {
          // The bill as the till computes it, so that only the discount can be refused.
          const computed = computeBill({
            lines: [{ unitPriceSatang: PRICE, qtyMilli: qty * 1000, discount: line }],
            billDiscount: bill,
            vat: { mode: "none", rateBasisPoints: 0 },
          });
          if (!computed.ok) return;
          const total = computed.bill.totalSatang;
          const result = await completeSale(db, c.cashier, {
            clientSaleId: randomUUID(),
            till: "เครื่อง 1",
            lines: [{ itemId: c.itemId, qtyMilli: qty * 1000, discount: line }],
            billDiscount: bill,
            payments: total > 0 ? [{ method: "cash", amountSatang: total }] : [],
            expectedTotalSatang: total,
          });
          const allowed = withinShares(discountShares(computed.bill), {
            lineBasisPoints: 1_000,
            billBasisPoints: 500,
          });
          seen[allowed ? "allowed" : "refused"]++;
          // A sale past the limits is refused for its discount, and one within them sells.
          expect(result.ok).toBe(allowed);
          if (!result.ok) {
            expect(result.error.code).toBe("discountNeedsApproval");
            return;
          }
          const [row] = await db
            .select({
              gross: sale.grossSatang,
              line: sale.lineDiscountSatang,
              bill: sale.billDiscountSatang,
            })
            .from(sale)
            .where(eq(sale.id, result.sale.id));
          // What sold stays within 10 % of the line and 5 % of the bill after it.
          expect(row!.line * 10_000).toBeLessThanOrEqual(row!.gross * 1_000);
          expect(row!.bill * 10_000).toBeLessThanOrEqual((row!.gross - row!.line) * 500);
        },
      ),
      { numRuns: 60, seed: 20261128 },
    );
    // The walk met both kinds of bill (else it proved little).
    expect(seen.allowed).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });

  it("stops guessing a PIN after a few tries, the right PIN included", async () => {
    const c = await counter();
    await setApprovalPin(db, c.t.shop.id, c.t.ownerId, PIN);
    const ask = (pin: string) =>
      approve(c, {
        clientSaleId: randomUUID(),
        approverId: c.t.ownerId,
        pin,
        shares: { lineBasisPoints: 2_000, billBasisPoints: 0 },
        discountSatang: 2_000,
      });
    for (let guess = 0; guess < 8; guess++) {
      expect(await ask(String(1000 + guess * 7))).toEqual({
        ok: false,
        error: { code: "wrongPin" },
      });
    }
    expect(await ask(PIN)).toMatchObject({ ok: false, error: { code: "tooManyTries" } });
  });

  it("takes a PIN of 4 to 8 digits that is not guessed first, from owners and managers only", async () => {
    const c = await counter();
    for (const pin of ["123", "123456789", "12a4"]) {
      expect(await setApprovalPin(db, c.t.shop.id, c.t.ownerId, pin)).toEqual({
        ok: false,
        error: "badPin",
      });
    }
    for (const pin of ["0000", "1234", "9876", "121212", "45678901"]) {
      expect(isGuessablePin(pin)).toBe(true);
    }
    expect(isGuessablePin("4826")).toBe(false);
    expect(await setApprovalPin(db, c.t.shop.id, c.t.ownerId, "1234")).toEqual({
      ok: false,
      error: "guessablePin",
    });
    expect(await setApprovalPin(db, c.t.shop.id, c.cashier.userId, PIN)).toEqual({
      ok: false,
      error: "notApprover",
    });
    expect(await setApprovalPin(db, c.t.shop.id, c.managerId, "730519")).toEqual({ ok: true });
  });
});
