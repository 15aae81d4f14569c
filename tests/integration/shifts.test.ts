import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { cashMovement, expense, financeChange, sale, saleLine, shift } from "~/db/schema";
import {
  completeSale,
  returnSaleLines,
  voidSale,
  type PaymentRequest,
} from "~/modules/sales/index.server";
import {
  addShiftMember,
  closeShift,
  currentShift,
  expectedCash,
  listShifts,
  openShift,
  openShifts,
  payInOut,
  removeShiftMember,
  shiftReport,
  type ShiftActor,
} from "~/modules/shifts/index.server";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import { setSalesSettings } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(async () => {
  await test.drop();
});

const TILL = "เครื่อง 1";
const PRICE = 15_000; // 150.00 baht

interface Fixture extends TestShop {
  owner: ShiftActor;
  itemId: number;
}

async function newShop(): Promise<Fixture> {
  const made = await insertShop(db);
  const item = await insertItem(db, made.shop.id, made.ownerId, {
    fields: { price: PRICE, cost: 9_000 },
    opening: { qty: 100_000, locationId: made.defaultLocationId },
  });
  return {
    ...made,
    owner: { shopId: made.shop.id, userId: made.ownerId, userName: "เจ้าของ", role: "owner" },
    itemId: item.id,
  };
}

async function member(f: Fixture, role: ShiftActor["role"]): Promise<ShiftActor> {
  const user = await addShopMember(db, f.shop.id, role);
  return { shopId: f.shop.id, userId: user.id, userName: `พนักงาน ${role}`, role };
}

/** Sells `pieces` of the shop's item at `till`, paid as given; answers the sale's id. */
async function sell(
  f: Fixture,
  pieces: number,
  payments: PaymentRequest[],
  till = TILL,
  actor: ShiftActor = f.owner,
) {
  const total = PRICE * pieces;
  const result = await completeSale(
    db,
    { shopId: f.shop.id, userId: actor.userId, cashierName: actor.userName, role: actor.role },
    {
      clientSaleId: randomUUID(),
      till,
      lines: [{ itemId: f.itemId, qtyMilli: pieces * 1_000 }],
      payments,
      expectedTotalSatang: total,
    },
  );
  return result;
}

async function sold(...args: Parameters<typeof sell>): Promise<number> {
  const result = await sell(...args);
  if (!result.ok) throw new Error(`sale refused: ${JSON.stringify(result.error)}`);
  return result.sale.id;
}

async function opened(actor: ShiftActor, till = TILL, openingCashSatang = 100_000) {
  const result = await openShift(db, actor, { till, openingCashSatang });
  if (!result.ok) throw new Error(`shift not opened: ${JSON.stringify(result.error)}`);
  return result.value;
}

describe("the drawer's expected cash", () => {
  it("counts the opening cash, cash kept from sales, refunds, pay-ins and pay-outs, not voids or cards", async () => {
    const f = await newShop();
    const open = await opened(f.owner, TILL, 100_000); // 1,000 baht

    // 1 piece (150) paid with 200 in cash: 50 change, 150 stays in the drawer.
    await sold(f, 1, [{ method: "cash", amountSatang: 20_000 }]);
    // 2 pieces (300) paid with 500: 200 change, 300 stays.
    const second = await sold(f, 2, [{ method: "cash", amountSatang: 50_000 }]);
    // A card sale brings no cash.
    await sold(f, 1, [{ method: "card", amountSatang: PRICE }]);
    // A cash sale voided later: its 150 went back to the customer.
    const voided = await sold(f, 1, [{ method: "cash", amountSatang: PRICE }]);
    const voidResult = await voidSale(db, f.owner, { saleId: voided, reason: "ลูกค้าเปลี่ยนใจ" });
    expect(voidResult.ok).toBe(true);

    const payIn = await payInOut(db, f.owner, {
      shiftId: open.id,
      kind: "pay_in",
      amountSatang: 50_000,
      reason: "แลกเงินทอนจากธนาคาร",
    });
    expect(payIn.ok).toBe(true);
    const payOut = await payInOut(db, f.owner, {
      shiftId: open.id,
      kind: "pay_out",
      amountSatang: 12_000,
      reason: "ซื้อน้ำแข็ง",
    });
    expect(payOut.ok).toBe(true);

    // 1,000 + 150 + 300 + 500 - 120 = 1,830 baht
    expect((await expectedCash(db, f.shop.id, open.id))?.expectedSatang).toBe(183_000);

    // One piece of the second sale comes back, refunded in cash: 150 leaves the drawer.
    const [line] = await db
      .select({ id: saleLine.id })
      .from(saleLine)
      .where(eq(saleLine.saleId, second));
    const returned = await returnSaleLines(db, f.owner, {
      saleId: second,
      lines: [{ saleLineId: line!.id, qtyMilli: 1_000 }],
      reason: "ของชำรุด",
      refundMethod: "cash",
    });
    expect(returned.ok).toBe(true);
    const cash = await expectedCash(db, f.shop.id, open.id);
    expect(cash).toEqual({
      openingSatang: 100_000,
      cashSalesSatang: 45_000,
      voidedCashSatang: 15_000,
      cashRefundsSatang: 15_000,
      payInsSatang: 50_000,
      payOutsSatang: 12_000,
      accountPaymentsSatang: 0,
      accountPaymentVoidsSatang: 0,
      expectedSatang: 168_000,
    });

    // 1,650 counted against 1,680 expected: 30 baht short.
    const closed = await closeShift(db, f.owner, {
      shiftId: open.id,
      countedCashSatang: 165_000,
      note: "นับสองรอบ",
    });
    expect(closed).toMatchObject({
      ok: true,
      value: {
        status: "closed",
        expectedCashSatang: 168_000,
        countedCashSatang: 165_000,
        differenceSatang: -3_000,
        note: "นับสองรอบ",
      },
    });

    const report = await shiftReport(db, f.shop.id, open.id);
    expect(report).toMatchObject({
      byMethod: [
        { method: "card", amountSatang: 15_000, payments: 1 },
        { method: "cash", amountSatang: 45_000, payments: 2 },
      ],
      bills: 3,
      salesTotalSatang: 60_000,
      voids: { count: 1, totalSatang: 15_000 },
      shift: { differenceSatang: -3_000 },
    });
    expect(report?.movements.map((m) => [m.kind, m.amountSatang, m.reason])).toEqual([
      ["pay_in", 50_000, "แลกเงินทอนจากธนาคาร"],
      ["pay_out", 12_000, "ซื้อน้ำแข็ง"],
    ]);

    // Closed: no more movements, no second close, and the till may open again.
    expect(
      await payInOut(db, f.owner, {
        shiftId: open.id,
        kind: "pay_in",
        amountSatang: 100,
        reason: "x",
      }),
    ).toEqual({ ok: false, error: { code: "notOpen" } });
    expect(
      await closeShift(db, f.owner, { shiftId: open.id, countedCashSatang: 0, note: "" }),
    ).toEqual({ ok: false, error: { code: "notOpen" } });
    expect(await currentShift(db, f.shop.id, TILL)).toBeNull();
    expect((await openShift(db, f.owner, { till: TILL, openingCashSatang: 0 })).ok).toBe(true);
  });
});

describe("a pay-out booked as an expense", () => {
  it("writes the drawer's pay-out and the shop's expense in one step, with its audit row", async () => {
    const f = await newShop();
    const manager = await member(f, "manager");
    const open = await opened(manager);
    const paid = await payInOut(db, manager, {
      shiftId: open.id,
      kind: "pay_out",
      amountSatang: 8_500,
      reason: "ค่าน้ำแข็ง",
      expenseCategory: "other",
    });
    if (!paid.ok) throw new Error(JSON.stringify(paid.error));
    const [booked] = await db.select().from(expense).where(eq(expense.shopId, f.shop.id));
    expect(booked).toMatchObject({
      categoryKey: "other",
      amountSatang: 8_500,
      method: "cash",
      note: "ค่าน้ำแข็ง",
      createdBy: manager.userId,
    });
    expect(paid.value.expenseId).toBe(booked!.id);
    const audit = await db
      .select({ action: financeChange.action })
      .from(financeChange)
      .where(eq(financeChange.recordId, booked!.id));
    expect(audit).toEqual([{ action: "create" }]);
    // The drawer expects the cash to be gone, once: the expense is not counted again.
    expect(await expectedCash(db, f.shop.id, open.id)).toMatchObject({
      expectedSatang: 100_000 - 8_500,
    });
  });

  it("refuses a cashier who asks for it, writing neither row", async () => {
    const f = await newShop();
    const cashier = await member(f, "cashier");
    const open = await opened(cashier);
    const refused = await payInOut(db, cashier, {
      shiftId: open.id,
      kind: "pay_out",
      amountSatang: 8_500,
      reason: "ค่าน้ำแข็ง",
      expenseCategory: "other",
    });
    expect(refused).toEqual({ ok: false, error: { code: "badRequest" } });
    expect(await db.select().from(expense).where(eq(expense.shopId, f.shop.id))).toEqual([]);
    expect(await db.select().from(cashMovement).where(eq(cashMovement.shiftId, open.id))).toEqual(
      [],
    );
  });
});

describe("a cashier voiding their own sale", () => {
  it("may while the shift it was sold in is open, and not after it closed", async () => {
    const f = await newShop();
    await setSalesSettings(db, f.shop.id, { cashierMayVoidOwn: true });
    const cashier = await member(f, "cashier");
    const open = await opened(cashier);
    const first = await sold(f, 1, [{ method: "cash", amountSatang: PRICE }], TILL, cashier);
    const second = await sold(f, 1, [{ method: "cash", amountSatang: PRICE }], TILL, cashier);
    expect(await voidSale(db, cashier, { saleId: first, reason: "กดผิด" })).toMatchObject({
      ok: true,
    });
    const closed = await closeShift(db, cashier, {
      shiftId: open.id,
      countedCashSatang: 100_000 + PRICE,
      note: "",
    });
    expect(closed.ok).toBe(true);
    expect(await voidSale(db, cashier, { saleId: second, reason: "กดผิด" })).toEqual({
      ok: false,
      error: "not-allowed",
    });
    // The manager still may, after the shift.
    const manager = await member(f, "manager");
    expect(await voidSale(db, manager, { saleId: second, reason: "กดผิด" })).toMatchObject({
      ok: true,
    });
  });
});

describe("one open shift per till", () => {
  it("refuses a second open shift at the same till, not at another", async () => {
    const f = await newShop();
    const first = await opened(f.owner);
    expect(await openShift(db, f.owner, { till: ` ${TILL} `, openingCashSatang: 0 })).toEqual({
      ok: false,
      error: { code: "alreadyOpen" },
    });
    const manager = await member(f, "manager");
    expect((await openShift(db, manager, { till: "เครื่อง 2", openingCashSatang: 0 })).ok).toBe(true);
    expect((await currentShift(db, f.shop.id, TILL))?.id).toBe(first.id);
    // Another shop's till of the same name is its own.
    const other = await newShop();
    expect((await openShift(db, other.owner, { till: TILL, openingCashSatang: 0 })).ok).toBe(true);
  });

  it("refuses amounts and till names a form could not send", async () => {
    const f = await newShop();
    for (const input of [
      { till: "", openingCashSatang: 0 },
      { till: TILL, openingCashSatang: -1 },
      { till: TILL, openingCashSatang: 1.5 },
      { till: "x".repeat(61), openingCashSatang: 0 },
    ]) {
      expect(await openShift(db, f.owner, input)).toEqual({
        ok: false,
        error: { code: "badRequest" },
      });
    }
    const open = await opened(f.owner);
    expect(
      await payInOut(db, f.owner, {
        shiftId: open.id,
        kind: "pay_out",
        amountSatang: 0,
        reason: "x",
      }),
    ).toEqual({ ok: false, error: { code: "badRequest" } });
    expect(
      await payInOut(db, f.owner, {
        shiftId: open.id,
        kind: "pay_out",
        amountSatang: 100,
        reason: "  ",
      }),
    ).toEqual({ ok: false, error: { code: "badRequest" } });
  });
});

describe("selling in a shift", () => {
  it("refuses a sale without an open shift when the shop requires one, and names the shift", async () => {
    const f = await newShop();
    await setSalesSettings(db, f.shop.id, { requireOpenShift: true });
    expect(await sell(f, 1, [{ method: "cash", amountSatang: PRICE }])).toEqual({
      ok: false,
      error: { code: "shiftRequired" },
    });
    expect(await db.select().from(sale).where(eq(sale.shopId, f.shop.id))).toEqual([]);

    const open = await opened(f.owner);
    const saleId = await sold(f, 1, [{ method: "cash", amountSatang: PRICE }]);
    // Another till of the shop still has no shift: a cashier who is in none is refused there.
    const cashier = await member(f, "cashier");
    expect(await sell(f, 1, [{ method: "cash", amountSatang: PRICE }], "เครื่อง 2", cashier)).toEqual(
      { ok: false, error: { code: "shiftRequired" } },
    );
    const [row] = await db.select({ shiftId: sale.shiftId }).from(sale).where(eq(sale.id, saleId));
    expect(row?.shiftId).toBe(open.id);

    await closeShift(db, f.owner, { shiftId: open.id, countedCashSatang: 0, note: "" });
    expect(await sell(f, 1, [{ method: "cash", amountSatang: PRICE }])).toEqual({
      ok: false,
      error: { code: "shiftRequired" },
    });
  });

  it("sells without a shift when the shop does not require one and none is open", async () => {
    const f = await newShop();
    const saleId = await sold(f, 1, [{ method: "cash", amountSatang: PRICE }]);
    const [row] = await db.select({ shiftId: sale.shiftId }).from(sale).where(eq(sale.id, saleId));
    expect(row?.shiftId).toBeNull();
    // Once the shop works in shifts, a sale outside every shift would take cash past every
    // drawer: refused, even though the shop does not require a shift.
    const manager = await member(f, "manager");
    const other = await opened(manager, "เครื่อง 2");
    expect(await sell(f, 1, [{ method: "cash", amountSatang: PRICE }], "เครื่องใหม่")).toEqual({
      ok: false,
      error: { code: "shiftRequired" },
    });
    expect((await expectedCash(db, f.shop.id, other.id))?.cashSalesSatang).toBe(0);
  });
});

describe("whose drawer a sale goes into (issue 31)", () => {
  it("refuses a cashier's sale into a manager's shift until the manager adds them", async () => {
    const f = await newShop();
    const manager = await member(f, "manager");
    const cashier = await member(f, "cashier");
    const drawer = await opened(manager, TILL, 100_000);
    const cash = [{ method: "cash" as const, amountSatang: PRICE }];

    // The cashier names the manager's till: the server does not book the sale into it.
    expect(await sell(f, 1, cash, TILL, cashier)).toEqual({
      ok: false,
      error: { code: "notShiftMember", openedByName: manager.userName },
    });
    // Nor past every drawer, under a till name the browser made up.
    expect(await sell(f, 1, cash, "ลิ้นชักลับ", cashier)).toEqual({
      ok: false,
      error: { code: "shiftRequired" },
    });
    expect(await db.select().from(sale).where(eq(sale.shopId, f.shop.id))).toEqual([]);
    expect((await expectedCash(db, f.shop.id, drawer.id))?.expectedSatang).toBe(100_000);

    // Added to the shift, the cashier sells into its drawer; the opener answers for it.
    const added = await addShiftMember(db, manager, { shiftId: drawer.id, userId: cashier.userId });
    expect(added.ok && added.value.map((m) => [m.userId, m.opener])).toEqual([
      [manager.userId, true],
      [cashier.userId, false],
    ]);
    // The till's page lists them with the shift.
    const [listed] = await openShifts(db, f.shop.id);
    expect(listed?.members.map((m) => m.userId)).toEqual([manager.userId, cashier.userId]);
    const saleId = await sold(f, 1, cash, TILL, cashier);
    const [row] = await db.select({ shiftId: sale.shiftId }).from(sale).where(eq(sale.id, saleId));
    expect(row?.shiftId).toBe(drawer.id);
    expect((await expectedCash(db, f.shop.id, drawer.id))?.expectedSatang).toBe(100_000 + PRICE);
    // A member of the shift works its drawer too.
    expect(
      (
        await payInOut(db, cashier, {
          shiftId: drawer.id,
          kind: "pay_in",
          amountSatang: 1_000,
          reason: "เหรียญทอน",
        })
      ).ok,
    ).toBe(true);

    // Taken off it again: the next sale is refused; the opener stays.
    expect(
      (await removeShiftMember(db, manager, { shiftId: drawer.id, userId: cashier.userId })).ok,
    ).toBe(true);
    expect(await sell(f, 1, cash, TILL, cashier)).toMatchObject({
      ok: false,
      error: { code: "notShiftMember" },
    });
    expect(
      await removeShiftMember(db, manager, { shiftId: drawer.id, userId: manager.userId }),
    ).toEqual({ ok: false, error: { code: "notAMember" } });
  });

  it("keeps a member in one open shift at a time, selling at that shift's till only", async () => {
    const f = await newShop();
    const cashier = await member(f, "cashier");
    const colleague = await member(f, "cashier");
    const stock = await member(f, "stock");
    const mine = await opened(cashier, TILL);
    const theirs = await opened(colleague, "เครื่อง 2");
    const cash = [{ method: "cash" as const, amountSatang: PRICE }];

    // Selling at another till (an empty one) while in a shift is refused.
    expect(await sell(f, 1, cash, "เครื่อง 3", cashier)).toEqual({
      ok: false,
      error: { code: "shiftOnOtherTill", till: TILL },
    });
    // Nobody opens a second shift, or is added to one, while in another.
    expect(await openShift(db, cashier, { till: "เครื่อง 3", openingCashSatang: 0 })).toEqual({
      ok: false,
      error: { code: "inAnotherShift", till: TILL },
    });
    expect(
      await addShiftMember(db, colleague, { shiftId: theirs.id, userId: cashier.userId }),
    ).toEqual({
      ok: false,
      error: { code: "inAnotherShift", till: TILL },
    });
    // Only the shift's members (or a manager) add to it, and only the shop's selling members.
    expect(
      await addShiftMember(db, cashier, { shiftId: theirs.id, userId: cashier.userId }),
    ).toEqual({
      ok: false,
      error: { code: "notFound" },
    });
    expect(await addShiftMember(db, cashier, { shiftId: mine.id, userId: stock.userId })).toEqual({
      ok: false,
      error: { code: "notAMember" },
    });
    const stranger = await newShop();
    expect(
      await addShiftMember(db, cashier, { shiftId: mine.id, userId: stranger.ownerId }),
    ).toEqual({ ok: false, error: { code: "notAMember" } });
    // Closed, the shift frees its members.
    await closeShift(db, cashier, { shiftId: mine.id, countedCashSatang: 100_000, note: "" });
    expect(
      (await addShiftMember(db, colleague, { shiftId: theirs.id, userId: cashier.userId })).ok,
    ).toBe(true);
    expect((await sell(f, 1, cash, "เครื่อง 2", cashier)).ok).toBe(true);
  });

  it("takes a cash refund from the issuer's drawer, else from the sale's till's", async () => {
    const f = await newShop();
    const manager = await member(f, "manager");
    const cashier = await member(f, "cashier");
    const front = await opened(cashier, TILL, 100_000);
    const back = await opened(manager, "เครื่อง 2", 100_000);
    const cash = [{ method: "cash" as const, amountSatang: 2 * PRICE }];
    const saleId = await sold(f, 2, cash, TILL, cashier);
    const [line] = await db
      .select({ id: saleLine.id })
      .from(saleLine)
      .where(eq(saleLine.saleId, saleId));
    const giveBack = (actor: ShiftActor) =>
      returnSaleLines(db, actor, {
        saleId,
        lines: [{ saleLineId: line!.id, qtyMilli: 1_000 }],
        reason: "คืนของ",
        refundMethod: "cash",
      });
    // The manager pays it from the drawer of the shift they sell in.
    expect((await giveBack(manager)).ok).toBe(true);
    expect((await expectedCash(db, f.shop.id, back.id))?.cashRefundsSatang).toBe(PRICE);
    expect((await expectedCash(db, f.shop.id, front.id))?.cashRefundsSatang).toBe(0);
    // The owner, in no shift, pays it from the drawer of the till the sale was rung up on.
    expect((await giveBack(f.owner)).ok).toBe(true);
    expect((await expectedCash(db, f.shop.id, front.id))?.cashRefundsSatang).toBe(PRICE);
  });
});

describe("who may act on a shift", () => {
  it("lets a cashier work their own shift only; a manager any of the shop's", async () => {
    const f = await newShop();
    const cashier = await member(f, "cashier");
    const colleague = await member(f, "cashier");
    const manager = await member(f, "manager");
    const mine = await opened(cashier, TILL, 50_000);
    const theirs = await opened(colleague, "เครื่อง 2", 50_000);

    const move = (actor: ShiftActor, shiftId: number) =>
      payInOut(db, actor, { shiftId, kind: "pay_out", amountSatang: 1_000, reason: "ค่าส่ง" });
    expect((await move(cashier, mine.id)).ok).toBe(true);
    expect(await move(cashier, theirs.id)).toEqual({ ok: false, error: { code: "notFound" } });
    expect(
      await closeShift(db, cashier, { shiftId: theirs.id, countedCashSatang: 0, note: "" }),
    ).toEqual({ ok: false, error: { code: "notFound" } });
    expect(await shiftReport(db, f.shop.id, theirs.id, cashier)).toBeNull();
    expect((await shiftReport(db, f.shop.id, mine.id, cashier))?.cash.expectedSatang).toBe(49_000);
    expect((await move(manager, theirs.id)).ok).toBe(true);
    expect(
      (await closeShift(db, manager, { shiftId: theirs.id, countedCashSatang: 49_000, note: "" }))
        .ok,
    ).toBe(true);
    expect(
      (await listShifts(db, f.shop.id, { memberId: cashier.userId })).map((s) => s.id),
    ).toEqual([mine.id]);
    // Who opened a shift is kept on it.
    const [row] = await db.select().from(shift).where(eq(shift.id, mine.id)).orderBy(asc(shift.id));
    expect(row?.openedByName).toBe(cashier.userName);
  });

  it("keeps shops apart: another shop's owner finds none of this shop's shifts", async () => {
    const f = await newShop();
    const intruder = await newShop();
    const open = await opened(f.owner);
    const outside: ShiftActor = { ...intruder.owner };
    expect(
      await payInOut(db, outside, {
        shiftId: open.id,
        kind: "pay_out",
        amountSatang: 1_000,
        reason: "x",
      }),
    ).toEqual({ ok: false, error: { code: "notFound" } });
    expect(
      await closeShift(db, outside, { shiftId: open.id, countedCashSatang: 0, note: "" }),
    ).toEqual({ ok: false, error: { code: "notFound" } });
    expect(await shiftReport(db, intruder.shop.id, open.id)).toBeNull();
    expect(await expectedCash(db, intruder.shop.id, open.id)).toBeNull();
    expect(await listShifts(db, intruder.shop.id)).toEqual([]);
    expect((await currentShift(db, f.shop.id, TILL))?.status).toBe("open");
  });
});
