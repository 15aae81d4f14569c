import type { CashMovementKind, ShiftStatus } from "./schema";

/*
 * What the shifts module answers, shared by its server code and the pages (client-safe: no
 * database here). Money is integer satang.
 */

/** Who acts on a shift: a cashier only on one they are a member of, a manager or owner on any. */
export interface ShiftActor {
  shopId: string;
  userId: string;
  /** Kept on the rows as printed: the record outlives a renamed or deleted account. */
  userName: string;
  role: "owner" | "manager" | "cashier" | "stock";
}

export type ShiftError =
  /** The till already has an open shift (one per till). */
  | { code: "alreadyOpen" }
  /** No such shift in this shop, or a cashier's look at another's shift. */
  | { code: "notFound" }
  /** The shift was closed already: no pay-in, pay-out or second close. */
  | { code: "notOpen" }
  /** The member already sells in another open shift (at `till`): one drawer at a time. */
  | { code: "inAnotherShift"; till: string }
  /** Adding someone who is not a selling member of the shop, or removing the opener. */
  | { code: "notAMember" }
  /** A till name or amount a form could not have sent. */
  | { code: "badRequest" };

export type ShiftResult<T> = { ok: true; value: T } | { ok: false; error: ShiftError };

export interface ShiftSummary {
  id: number;
  till: string;
  status: ShiftStatus;
  openedBy: string;
  openedByName: string;
  openedAt: Date;
  openingCashSatang: number;
  closedByName: string | null;
  closedAt: Date | null;
  expectedCashSatang: number | null;
  countedCashSatang: number | null;
  differenceSatang: number | null;
  note: string;
}

/** An open shift with who sells into it (its opener first). */
export interface OpenShift extends ShiftSummary {
  members: { userId: string; userName: string }[];
}

/** The parts of the drawer's expected cash, each from the shift's rows. */
export interface ExpectedCash {
  openingSatang: number;
  /** Cash kept from the shift's sales that stand (the change already taken off). */
  cashSalesSatang: number;
  /** Cash kept from sales of the shift that were voided since (handed back). */
  voidedCashSatang: number;
  /** Cash refunds (standing credit notes refunded in cash) paid from this shift's drawer. */
  cashRefundsSatang: number;
  payInsSatang: number;
  payOutsSatang: number;
  /** Cash customers paid against their accounts in this shift (decision 0083): not sales. */
  accountPaymentsSatang: number;
  /**
   * Cash of payments on account voided with this drawer named (decision 0095): a payment of this
   * shift voided while it was open, or one of a closed shift handed back from this drawer.
   */
  accountPaymentVoidsSatang: number;
  expectedSatang: number;
}

/** One member of a shift: who sells into its drawer. */
export interface ShiftMemberRow {
  userId: string;
  userName: string;
  addedAt: Date;
  /** The opener; the others were added. */
  opener: boolean;
}

export interface CashMovementRow {
  id: number;
  kind: CashMovementKind;
  amountSatang: number;
  reason: string;
  userName: string;
  createdAt: Date;
  expenseId: number | null;
}

export interface ShiftReport {
  shift: ShiftSummary;
  cash: ExpectedCash;
  /** Payments of the sales that stand, by method: what each method brought in. */
  byMethod: { method: string; amountSatang: number; payments: number }[];
  bills: number;
  salesTotalSatang: number;
  discountsSatang: number;
  /** Standing credit notes whose refund this shift's drawer paid, whatever the method. */
  returns: { count: number; totalSatang: number };
  voids: { count: number; totalSatang: number };
  movements: CashMovementRow[];
}

export const MAX_TILL_NAME = 60;
export const MAX_MOVEMENT_REASON = 200;
export const MAX_SHIFT_NOTE = 500;
