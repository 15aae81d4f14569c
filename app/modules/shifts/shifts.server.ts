import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error";
import { bangkokIsoDate } from "~/lib/dates";
import { MAX_SATANG } from "~/lib/money";
import { bookExpense, type ExpenseCategory } from "~/modules/finance/index.server";
import { forgetCached, readThroughCache, SHOP_DATA_TAG } from "~/modules/platform/index.server";
import { listSellingMembers } from "~/modules/shops/index.server";
import { cashMovement, shift, shiftMember } from "./schema";
import type {
  CashMovementRow,
  ExpectedCash,
  OpenShift,
  ShiftActor,
  ShiftError,
  ShiftMemberRow,
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
 * A shift has members (the opener, and whoever the opener or a manager added): only they sell
 * into its drawer, pay in or out and close it, and a member is in one open shift at a time
 * (issue 31, decision 0058). Refusals are typed results; only a fault throws.
 */

const refuse = <T>(error: ShiftError): ShiftResult<T> => ({ ok: false, error });

function validAmount(satang: number, min: number): boolean {
  return Number.isSafeInteger(satang) && satang >= min && satang <= MAX_SATANG;
}

const isManaging = (role: ShiftActor["role"]) => role === "owner" || role === "manager";

/** Whether the member is one of the shift's members (its opener or one added to it). */
async function isShiftMember(db: DbExecutor, shiftId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: shiftMember.userId })
    .from(shiftMember)
    .where(and(eq(shiftMember.shiftId, shiftId), eq(shiftMember.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** A cashier acts on a shift they are a member of; the manager and owner on any of the shop's. */
async function mayActOn(
  db: DbExecutor,
  actor: Pick<ShiftActor, "userId" | "role">,
  shiftId: number,
): Promise<boolean> {
  return isManaging(actor.role) || isShiftMember(db, shiftId, actor.userId);
}

/**
 * The open shift the member sells in (opened by them or joined since), or null. One at a time:
 * opening a shift or joining one is refused while the member is in another.
 */
export async function memberOpenShift(
  db: DbExecutor,
  shopId: string,
  userId: string,
): Promise<{ id: number; till: string } | null> {
  const [row] = await db
    .select({ id: shift.id, till: shift.till })
    .from(shiftMember)
    .innerJoin(shift, eq(shift.id, shiftMember.shiftId))
    .where(
      and(
        eq(shiftMember.shopId, shopId),
        eq(shiftMember.userId, userId),
        eq(shift.shopId, shopId),
        eq(shift.status, "open"),
      ),
    )
    .orderBy(desc(shift.openedAt))
    .limit(1);
  return row ?? null;
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
    const result = await db.transaction(async (tx): Promise<ShiftResult<ShiftSummary>> => {
      if (await currentShift(tx, actor.shopId, till)) return refuse({ code: "alreadyOpen" });
      const other = await memberOpenShift(tx, actor.shopId, actor.userId);
      if (other) return refuse({ code: "inAnotherShift", till: other.till });
      const [row] = await tx
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
      await tx.insert(shiftMember).values({
        shopId: actor.shopId,
        shiftId: row.id,
        userId: actor.userId,
        userName: actor.userName,
        addedBy: actor.userId,
      });
      return { ok: true, value: row };
    });
    // The till's next page reads it at once (the trigger's notice comes a moment later).
    if (result.ok) forgetCached(db, SHOP_DATA_TAG.shifts(actor.shopId));
    return result;
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
  db: DbExecutor,
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

/**
 * Every open shift of the shop with its members: the till picks its own by the name it keeps
 * in the browser, and says whether the member at it sells into it.
 */
export async function openShifts(db: Database, shopId: string): Promise<OpenShift[]> {
  return db
    .select({
      ...summaryColumns,
      // `${shift}.id` spelled out: a lone column renders unqualified in a one-table select,
      // and would mean m.id inside the subquery.
      members: sql<OpenShift["members"]>`coalesce((
        SELECT json_agg(json_build_object('userId', m.user_id, 'userName', m.user_name)
                        ORDER BY m.added_at, m.id)
          FROM ${shiftMember} m WHERE m.shift_id = ${shift}.id), '[]'::json)`,
    })
    .from(shift)
    .where(and(eq(shift.shopId, shopId), eq(shift.status, "open")))
    .orderBy(shift.till);
}

/**
 * The open shifts as the till's page shows them, through the instance's notified cache: a
 * trigger announces every change of a shift (drizzle/0028). Commands read the table itself.
 */
export function openShiftsForPage(db: Database, shopId: string): Promise<OpenShift[]> {
  const tag = SHOP_DATA_TAG.shifts(shopId);
  return readThroughCache(
    db,
    tag,
    () => openShifts(db, shopId),
    () => ({ tags: [tag] }),
  );
}

/** The shop's shifts, newest first; `memberId` narrows them to one member's (a cashier's). */
export async function listShifts(
  db: Database,
  shopId: string,
  options: { memberId?: string; limit?: number } = {},
): Promise<ShiftSummary[]> {
  return db
    .select(summaryColumns)
    .from(shift)
    .where(
      and(
        eq(shift.shopId, shopId),
        options.memberId === undefined
          ? undefined
          : sql`EXISTS (SELECT 1 FROM ${shiftMember} m
                         WHERE m.shift_id = ${shift}.id AND m.user_id = ${options.memberId})`,
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

/** Who sells into the shift's drawer: its opener first, then the members added, in order. */
export async function listShiftMembers(
  db: DbExecutor,
  shopId: string,
  shiftId: number,
): Promise<ShiftMemberRow[]> {
  const rows = await db
    .select({
      userId: shiftMember.userId,
      userName: shiftMember.userName,
      addedAt: shiftMember.addedAt,
      opener: sql<boolean>`${shiftMember.userId} = ${shift.openedBy}`,
    })
    .from(shiftMember)
    .innerJoin(shift, eq(shift.id, shiftMember.shiftId))
    .where(and(eq(shiftMember.shopId, shopId), eq(shiftMember.shiftId, shiftId)))
    .orderBy(desc(sql`${shiftMember.userId} = ${shift.openedBy}`), shiftMember.addedAt);
  return rows;
}

type OpenShiftRow = NonNullable<Awaited<ReturnType<typeof shiftRow>>>;

/**
 * Changes who is in an open shift, in one transaction: the shift is locked FOR SHARE (a close
 * waits), the actor must be one of its members or the owner or a manager, and the answer is
 * the shift's members after the change.
 */
async function changeMembers(
  db: Database,
  actor: ShiftActor,
  shiftId: number,
  change: (tx: DbExecutor, found: OpenShiftRow) => Promise<ShiftError | null>,
): Promise<ShiftResult<ShiftMemberRow[]>> {
  const result = await db.transaction(async (tx): Promise<ShiftResult<ShiftMemberRow[]>> => {
    const found = await shiftRow(tx, actor.shopId, shiftId, "share");
    if (!found || !(await mayActOn(tx, actor, found.id))) return refuse({ code: "notFound" });
    if (found.status !== "open") return refuse({ code: "notOpen" });
    const refused = await change(tx, found);
    if (refused) return refuse(refused);
    return { ok: true, value: await listShiftMembers(tx, actor.shopId, found.id) };
  });
  if (result.ok) forgetCached(db, SHOP_DATA_TAG.shifts(actor.shopId));
  return result;
}

/**
 * Adds a selling member of the shop to an open shift, so their sales go into its drawer (a
 * till shared by several cashiers). Who may: the shift's members and the owner or a manager;
 * the one added must not sell in another open shift. Adding a member twice is no change.
 */
export function addShiftMember(
  db: Database,
  actor: ShiftActor,
  input: { shiftId: number; userId: string },
): Promise<ShiftResult<ShiftMemberRow[]>> {
  return changeMembers(db, actor, input.shiftId, async (tx, found) => {
    const sellers = await listSellingMembers(tx, actor.shopId);
    const member = sellers.find((m) => m.userId === input.userId);
    if (!member) return { code: "notAMember" };
    const other = await memberOpenShift(tx, actor.shopId, member.userId);
    if (other && other.id !== found.id) return { code: "inAnotherShift", till: other.till };
    await tx
      .insert(shiftMember)
      .values({
        shopId: actor.shopId,
        shiftId: found.id,
        userId: member.userId,
        userName: member.name,
        addedBy: actor.userId,
      })
      .onConflictDoNothing();
    return null;
  });
}

/**
 * Takes a member who was added off an open shift: their next sale no longer goes into its
 * drawer. The opener stays (the shift is theirs until it closes).
 */
export function removeShiftMember(
  db: Database,
  actor: ShiftActor,
  input: { shiftId: number; userId: string },
): Promise<ShiftResult<ShiftMemberRow[]>> {
  return changeMembers(db, actor, input.shiftId, async (tx, found) => {
    if (input.userId === found.openedBy) return { code: "notAMember" };
    await tx
      .delete(shiftMember)
      .where(and(eq(shiftMember.shiftId, found.id), eq(shiftMember.userId, input.userId)));
    return null;
  });
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
    if (!found || !(await mayActOn(tx, actor, found.id))) return refuse({ code: "notFound" });
    if (found.status !== "open") return refuse({ code: "notOpen" });
    let expenseId: number | null = null;
    if (input.kind === "pay_out" && input.expenseCategory) {
      // Only who keeps the books books an expense (a cashier sees no expenses, issue 13).
      if (!isManaging(actor.role)) return refuse({ code: "badRequest" });
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
 * shift's standing sales (the change already taken off), less the cash refunds of standing
 * credit notes paid from this drawer, plus pay-ins, less pay-outs. Sales and refunds are read
 * through `sales_tender`, the one definition of what stands (drizzle/0029, decision 0058);
 * the voided sales' cash is shown beside it and is already outside the standing sales.
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
    account_payments: string;
    account_payment_voids: string;
  }>(sql`
    SELECT sh.opening_cash_satang AS opening,
      (SELECT coalesce(sum(t.amount_satang), 0) FROM sales_tender t
        WHERE t.shop_id = sh.shop_id AND t.shift_id = sh.id AND t.method = 'cash'
          AND t.credit_note_id IS NULL) AS cash_sales,
      (SELECT coalesce(sum(p.amount_satang), 0) FROM sale_payment p
         JOIN sale s ON s.id = p.sale_id
        WHERE s.shop_id = sh.shop_id AND s.shift_id = sh.id AND p.method = 'cash'
          AND s.status = 'void') AS voided_cash,
      (SELECT coalesce(-sum(t.amount_satang), 0) FROM sales_tender t
        WHERE t.shop_id = sh.shop_id AND t.shift_id = sh.id AND t.method = 'cash'
          AND t.credit_note_id IS NOT NULL) AS cash_refunds,
      (SELECT coalesce(sum(m.amount_satang), 0) FROM cash_movement m
        WHERE m.shift_id = sh.id AND m.kind = 'pay_in') AS pay_ins,
      (SELECT coalesce(sum(m.amount_satang), 0) FROM cash_movement m
        WHERE m.shift_id = sh.id AND m.kind = 'pay_out') AS pay_outs,
      -- Cash paid against customers' accounts into this drawer (decision 0083; read by table
      -- name, the customers module's): money in, not a sale.
      (SELECT coalesce(sum(ap.amount_satang), 0) FROM account_payment ap
        WHERE ap.shop_id = sh.shop_id AND ap.shift_id = sh.id AND ap.method = 'cash')
        AS account_payments,
      -- Voids of such payments that took their cash out of this drawer (decision 0095).
      (SELECT coalesce(sum(ap.amount_satang), 0) FROM account_payment_void v
         JOIN account_payment ap ON ap.id = v.payment_id
        WHERE v.shop_id = sh.shop_id AND v.shift_id = sh.id AND ap.method = 'cash')
        AS account_payment_voids
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
    accountPaymentsSatang: Number(row.account_payments),
    accountPaymentVoidsSatang: Number(row.account_payment_voids),
  };
  return {
    ...parts,
    expectedSatang:
      parts.openingSatang +
      parts.cashSalesSatang -
      parts.cashRefundsSatang +
      parts.payInsSatang -
      parts.payOutsSatang +
      parts.accountPaymentsSatang -
      parts.accountPaymentVoidsSatang,
  };
}

export async function expectedCash(
  db: DbExecutor,
  shopId: string,
  shiftId: number,
): Promise<ExpectedCash | null> {
  return expectedCashOf(db, shopId, shiftId);
}

/**
 * The shop's open shifts' drawers added up (each the expectedCash that closing the shift
 * writes, so the dashboard and the close never disagree); null while no shift is open.
 */
export async function openDrawers(
  db: DbExecutor,
  shopId: string,
): Promise<{ openShifts: number; expectedCashSatang: number } | null> {
  const open = await db
    .select({ id: shift.id })
    .from(shift)
    .where(and(eq(shift.shopId, shopId), eq(shift.status, "open")));
  if (open.length === 0) return null;
  const drawers = await Promise.all(open.map((row) => expectedCashOf(db, shopId, row.id)));
  return {
    openShifts: open.length,
    expectedCashSatang: drawers.reduce((sum, cash) => sum + (cash?.expectedSatang ?? 0), 0),
  };
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
    if (!found || !(await mayActOn(tx, actor, found.id))) return refuse({ code: "notFound" });
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
  if (viewer && !(await mayActOn(db, viewer, found.id))) return null;
  const [cash, methods, totals, movements] = await Promise.all([
    expectedCashOf(db, shopId, shiftId),
    db.execute<{ method: string; amount: string; payments: string }>(sql`
      SELECT method, sum(amount_satang) AS amount, count(*) AS payments
        FROM sales_tender
       WHERE shop_id = ${shopId} AND shift_id = ${shiftId} AND credit_note_id IS NULL
       GROUP BY method ORDER BY method`),
    db.execute<{
      bills: string;
      total: string;
      discounts: string;
      returns: string;
      returned: string;
      voids: string;
      void_total: string;
    }>(sql`
      SELECT coalesce(sum(bills), 0) AS bills,
             coalesce(sum(total_satang) FILTER (WHERE credit_note_id IS NULL), 0) AS total,
             coalesce(sum(discount_satang), 0) AS discounts,
             count(*) FILTER (WHERE credit_note_id IS NOT NULL) AS returns,
             coalesce(-sum(total_satang) FILTER (WHERE credit_note_id IS NOT NULL), 0) AS returned,
             (SELECT count(*) FROM sale v
               WHERE v.shop_id = ${shopId} AND v.shift_id = ${shiftId} AND v.status = 'void')
               AS voids,
             (SELECT coalesce(sum(v.total_satang), 0) FROM sale v
               WHERE v.shop_id = ${shopId} AND v.shift_id = ${shiftId} AND v.status = 'void')
               AS void_total
        FROM sales_book WHERE shop_id = ${shopId} AND shift_id = ${shiftId}`),
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
    returns: { count: Number(total?.returns ?? 0), totalSatang: Number(total?.returned ?? 0) },
    voids: { count: Number(total?.voids ?? 0), totalSatang: Number(total?.void_total ?? 0) },
    movements,
  };
}
