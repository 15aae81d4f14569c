import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import { bangkokIsoDate } from "~/lib/dates";
import { MAX_SATANG } from "~/lib/money";
import { bookExpense, type ExpenseCategory } from "~/modules/finance/index.server";
import { forgetCached, readThroughCache, SHOP_DATA_TAG } from "~/modules/platform/index.server";
import { cashMovement, shift } from "./schema";
import type {
  CashMovementRow,
  ExpectedCash,
  ShiftActor,
  ShiftError,
  ShiftReport,
  ShiftResult,
  ShiftSummary,
} from "./shift-types";
import { MAX_MOVEMENT_REASON, MAX_SHIFT_NOTE, MAX_TILL_NAME } from "./shift-types";
import type { CashMovementKind } from "./schema";

/*
 * Shifts and the cash drawer (issue 13; docs/decisions/0034-shifts-and-cash-drawer.md). The
 * drawer's expected cash is always computed from the rows (the shift's sales, cash refunds,
 * pay-ins and pay-outs), never kept as a running figure; closing writes it with the count.
 * Refusals are typed results; only a fault throws.
 */

const refuse = <T>(error: ShiftError): ShiftResult<T> => ({ ok: false, error });

function validAmount(satang: number, min: number): boolean {
  return Number.isSafeInteger(satang) && satang >= min && satang <= MAX_SATANG;
}

/** A cashier acts on their own shift only; the manager and owner on any of the shop's. */
function mayActOn(actor: ShiftActor, openedBy: string): boolean {
  return actor.role === "owner" || actor.role === "manager" || openedBy === actor.userId;
}

const summaryColumns = {
  id: shift.id,
  till: shift.till,
  status: shift.status,
  openedBy: shift.openedBy,
  openedByName: shift.openedByName,
  openedAt: shift.openedAt,
  openingCashSatang: shift.openingCashSatang,
  closedByName: shift.closedByName,
  closedAt: shift.closedAt,
  expectedCashSatang: shift.expectedCashSatang,
  countedCashSatang: shift.countedCashSatang,
  differenceSatang: shift.differenceSatang,
  note: shift.note,
};

export async function openShift(
  db: Database,
  actor: ShiftActor,
  input: { till: string; openingCashSatang: number },
): Promise<ShiftResult<ShiftSummary>> {
  const till = input.till.trim();
  if (till === "" || till.length > MAX_TILL_NAME || !validAmount(input.openingCashSatang, 0)) {
    return refuse({ code: "badRequest" });
  }
  try {
    const [row] = await db
      .insert(shift)
      .values({
        shopId: actor.shopId,
        till,
        openedBy: actor.userId,
        openedByName: actor.userName,
        openingCashSatang: input.openingCashSatang,
      })
      .returning(summaryColumns);
    if (!row) throw new Error("openShift: no row returned");
    // The till's next page reads it at once (the trigger's notice comes a moment later).
    forgetCached(db, SHOP_DATA_TAG.shifts(actor.shopId));
    return { ok: true, value: row };
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === "23505" && pg.constraint === "shift_one_open_per_till") {
      return refuse({ code: "alreadyOpen" });
    }
    throw error;
  }
}

/** The till's open shift, or null. */
export async function currentShift(
  db: Database,
  shopId: string,
  till: string,
): Promise<ShiftSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(shift)
    .where(and(eq(shift.shopId, shopId), eq(shift.till, till.trim()), eq(shift.status, "open")))
    .limit(1);
  return row ?? null;
}

/** Every open shift of the shop: the till picks its own by the name it keeps in the browser. */
export async function openShifts(db: Database, shopId: string): Promise<ShiftSummary[]> {
  return db
    .select(summaryColumns)
    .from(shift)
    .where(and(eq(shift.shopId, shopId), eq(shift.status, "open")))
    .orderBy(shift.till);
}

/**
 * The open shifts as the till's page shows them, through the instance's notified cache: a
 * trigger announces every change of a shift (drizzle/0028). Commands read the table itself.
 */
export function openShiftsForPage(db: Database, shopId: string): Promise<ShiftSummary[]> {
  const tag = SHOP_DATA_TAG.shifts(shopId);
  return readThroughCache(
    db,
    tag,
    () => openShifts(db, shopId),
    () => ({ tags: [tag] }),
  );
}

/** The shop's shifts, newest first; `openedBy` narrows them to one member's (a cashier's). */
export async function listShifts(
  db: Database,
  shopId: string,
  options: { openedBy?: string; limit?: number } = {},
): Promise<ShiftSummary[]> {
  return db
    .select(summaryColumns)
    .from(shift)
    .where(
      and(
        eq(shift.shopId, shopId),
        options.openedBy === undefined ? undefined : eq(shift.openedBy, options.openedBy),
      ),
    )
    .orderBy(desc(shift.openedAt), desc(shift.id))
    .limit(options.limit ?? 200);
}

async function shiftRow(
  db: DbExecutor,
  shopId: string,
  shiftId: number,
  lock?: "update" | "share",
) {
  const query = db
    .select(summaryColumns)
    .from(shift)
    .where(and(eq(shift.shopId, shopId), eq(shift.id, shiftId)))
    .limit(1);
  const [row] = await (lock ? query.for(lock) : query);
  return row ?? null;
}

export async function payInOut(
  db: Database,
  actor: ShiftActor,
  input: {
    shiftId: number;
    kind: CashMovementKind;
    amountSatang: number;
    reason: string;
    /** Books a pay-out as an expense of this category too: both rows or neither. */
    expenseCategory?: ExpenseCategory | null;
  },
): Promise<ShiftResult<CashMovementRow>> {
  const reason = input.reason.trim();
  if (
    !["pay_in", "pay_out"].includes(input.kind) ||
    !validAmount(input.amountSatang, 1) ||
    reason === "" ||
    reason.length > MAX_MOVEMENT_REASON
  ) {
    return refuse({ code: "badRequest" });
  }
  return db.transaction(async (tx) => {
    // FOR SHARE: a close (FOR UPDATE) waits for this movement, so its count includes it.
    const found = await shiftRow(tx, actor.shopId, input.shiftId, "share");
    if (!found || !mayActOn(actor, found.openedBy)) return refuse({ code: "notFound" });
    if (found.status !== "open") return refuse({ code: "notOpen" });
    let expenseId: number | null = null;
    if (input.kind === "pay_out" && input.expenseCategory) {
      // Only who keeps the books books an expense (a cashier sees no expenses, issue 13).
      if (actor.role !== "owner" && actor.role !== "manager") return refuse({ code: "badRequest" });
      const booked = await bookExpense(tx, {
        shopId: actor.shopId,
        actor: { id: actor.userId, name: actor.userName },
        category: { key: input.expenseCategory, id: null },
        amountSatang: input.amountSatang,
        day: bangkokIsoDate(new Date()),
        method: "cash",
        note: reason,
      });
      if (!booked.ok) return refuse({ code: "badRequest" });
      expenseId = booked.id;
    }
    const [row] = await tx
      .insert(cashMovement)
      .values({
        shopId: actor.shopId,
        shiftId: found.id,
        kind: input.kind,
        amountSatang: input.amountSatang,
        reason,
        userId: actor.userId,
        userName: actor.userName,
        expenseId,
      })
      .returning({
        id: cashMovement.id,
        kind: cashMovement.kind,
        amountSatang: cashMovement.amountSatang,
        reason: cashMovement.reason,
        userName: cashMovement.userName,
        createdAt: cashMovement.createdAt,
        expenseId: cashMovement.expenseId,
      });
    if (!row) throw new Error("payInOut: no row returned");
    return { ok: true, value: row };
  });
}

/**
 * What the drawer should hold, from the rows: the opening cash, plus the cash kept from the
 * shift's sales (sale_payment cash amounts, the change already taken off) less those of its
 * sales voided since, less cash refunds, plus pay-ins, less pay-outs. A credit note names no
 * till or shift: a cash refund counts in the shift when its sale was rung at the same till and
 * the note was issued between the shift's opening and closing (or now).
 */
async function expectedCashOf(
  db: DbExecutor,
  shopId: string,
  shiftId: number,
): Promise<ExpectedCash | null> {
  const result = await db.execute<{
    opening: string;
    cash_sales: string;
    voided_cash: string;
    cash_refunds: string;
    pay_ins: string;
    pay_outs: string;
  }>(sql`
    SELECT sh.opening_cash_satang AS opening,
      (SELECT coalesce(sum(p.amount_satang), 0) FROM sale_payment p
         JOIN sale s ON s.id = p.sale_id
        WHERE s.shop_id = sh.shop_id AND s.shift_id = sh.id AND p.method = 'cash'
          AND s.status <> 'void') AS cash_sales,
      (SELECT coalesce(sum(p.amount_satang), 0) FROM sale_payment p
         JOIN sale s ON s.id = p.sale_id
        WHERE s.shop_id = sh.shop_id AND s.shift_id = sh.id AND p.method = 'cash'
          AND s.status = 'void') AS voided_cash,
      (SELECT coalesce(sum(cn.total_satang), 0) FROM credit_note cn
         JOIN sale s ON s.id = cn.sale_id
        WHERE cn.shop_id = sh.shop_id AND cn.refund_method = 'cash' AND s.till = sh.till
          AND cn.created_at >= sh.opened_at
          AND (sh.closed_at IS NULL OR cn.created_at <= sh.closed_at)) AS cash_refunds,
      (SELECT coalesce(sum(m.amount_satang), 0) FROM cash_movement m
        WHERE m.shift_id = sh.id AND m.kind = 'pay_in') AS pay_ins,
      (SELECT coalesce(sum(m.amount_satang), 0) FROM cash_movement m
        WHERE m.shift_id = sh.id AND m.kind = 'pay_out') AS pay_outs
    FROM shift sh
    WHERE sh.shop_id = ${shopId} AND sh.id = ${shiftId}`);
  const [row] = result.rows;
  if (!row) return null;
  const parts = {
    openingSatang: Number(row.opening),
    cashSalesSatang: Number(row.cash_sales),
    voidedCashSatang: Number(row.voided_cash),
    cashRefundsSatang: Number(row.cash_refunds),
    payInsSatang: Number(row.pay_ins),
    payOutsSatang: Number(row.pay_outs),
  };
  return {
    ...parts,
    // The voided sales' cash is already outside cash_sales (only sales that stand count).
    expectedSatang:
      parts.openingSatang +
      parts.cashSalesSatang -
      parts.cashRefundsSatang +
      parts.payInsSatang -
      parts.payOutsSatang,
  };
}

export async function expectedCash(
  db: DbExecutor,
  shopId: string,
  shiftId: number,
): Promise<ExpectedCash | null> {
  return expectedCashOf(db, shopId, shiftId);
}

export async function closeShift(
  db: Database,
  actor: ShiftActor,
  input: { shiftId: number; countedCashSatang: number; note: string },
): Promise<ShiftResult<ShiftSummary>> {
  const note = input.note.trim();
  if (!validAmount(input.countedCashSatang, 0) || note.length > MAX_SHIFT_NOTE) {
    return refuse({ code: "badRequest" });
  }
  const result = await db.transaction(async (tx): Promise<ShiftResult<ShiftSummary>> => {
    // FOR UPDATE: sales (sale_post) and movements in flight finish first, later ones see it closed.
    const found = await shiftRow(tx, actor.shopId, input.shiftId, "update");
    if (!found || !mayActOn(actor, found.openedBy)) return refuse({ code: "notFound" });
    if (found.status !== "open") return refuse({ code: "notOpen" });
    const cash = await expectedCashOf(tx, actor.shopId, found.id);
    if (!cash) return refuse({ code: "notFound" });
    const [row] = await tx
      .update(shift)
      .set({
        status: "closed",
        closedBy: actor.userId,
        closedByName: actor.userName,
        closedAt: sql`now()`,
        expectedCashSatang: cash.expectedSatang,
        countedCashSatang: input.countedCashSatang,
        differenceSatang: input.countedCashSatang - cash.expectedSatang,
        note,
      })
      .where(and(eq(shift.shopId, actor.shopId), eq(shift.id, found.id)))
      .returning(summaryColumns);
    if (!row) throw new Error("closeShift: no row returned");
    return { ok: true, value: row };
  });
  if (result.ok) forgetCached(db, SHOP_DATA_TAG.shifts(actor.shopId));
  return result;
}

/**
 * The shift's report, or null when the shop has no such shift. Whether the reader may see it
 * (a cashier: their own) is the caller's `viewer` check.
 */
export async function shiftReport(
  db: Database,
  shopId: string,
  shiftId: number,
  viewer?: Pick<ShiftActor, "userId" | "role">,
): Promise<ShiftReport | null> {
  const found = await shiftRow(db, shopId, shiftId);
  if (!found) return null;
  if (viewer && !mayActOn({ ...viewer, shopId, userName: "" }, found.openedBy)) return null;
  const [cash, methods, totals, movements] = await Promise.all([
    expectedCashOf(db, shopId, shiftId),
    db.execute<{ method: string; amount: string; payments: string }>(sql`
      SELECT p.method, sum(p.amount_satang) AS amount, count(*) AS payments
        FROM sale_payment p JOIN sale s ON s.id = p.sale_id
       WHERE s.shop_id = ${shopId} AND s.shift_id = ${shiftId} AND s.status <> 'void'
       GROUP BY p.method ORDER BY p.method`),
    db.execute<{
      bills: string;
      total: string;
      discounts: string;
      voids: string;
      void_total: string;
    }>(sql`
      SELECT count(*) FILTER (WHERE status <> 'void') AS bills,
             coalesce(sum(total_satang) FILTER (WHERE status <> 'void'), 0) AS total,
             coalesce(sum(line_discount_satang + bill_discount_satang)
                        FILTER (WHERE status <> 'void'), 0) AS discounts,
             count(*) FILTER (WHERE status = 'void') AS voids,
             coalesce(sum(total_satang) FILTER (WHERE status = 'void'), 0) AS void_total
        FROM sale WHERE shop_id = ${shopId} AND shift_id = ${shiftId}`),
    db
      .select({
        id: cashMovement.id,
        kind: cashMovement.kind,
        amountSatang: cashMovement.amountSatang,
        reason: cashMovement.reason,
        userName: cashMovement.userName,
        createdAt: cashMovement.createdAt,
        expenseId: cashMovement.expenseId,
      })
      .from(cashMovement)
      .where(and(eq(cashMovement.shopId, shopId), eq(cashMovement.shiftId, shiftId)))
      .orderBy(cashMovement.createdAt, cashMovement.id),
  ]);
  if (!cash) return null;
  const total = totals.rows[0];
  return {
    shift: found,
    cash,
    byMethod: methods.rows.map((row) => ({
      method: row.method,
      amountSatang: Number(row.amount),
      payments: Number(row.payments),
    })),
    bills: Number(total?.bills ?? 0),
    salesTotalSatang: Number(total?.total ?? 0),
    discountsSatang: Number(total?.discounts ?? 0),
    voids: { count: Number(total?.voids ?? 0), totalSatang: Number(total?.void_total ?? 0) },
    movements,
  };
}
