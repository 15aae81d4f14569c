import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { bangkokIsoDate } from "~/lib/dates";
import { buddhistYear, saleDocumentNumber } from "~/modules/sales";
import { hitRateLimit } from "~/modules/platform/index.server";
import { APPROVAL_RATE_LIMITS } from "~/modules/sales/index.server";
import { memberOpenShift } from "~/modules/shifts/index.server";
import type { ShopRole } from "~/modules/shops";
import { checkApprovalPin } from "~/modules/shops/index.server";
import { ageAccount, type Ageing } from "./account-ageing";
import type { AccountPaymentMethod } from "./account-methods";
import {
  accountEntry,
  accountPayment,
  accountPaymentApproval,
  accountPaymentVoid,
  customer,
  customerAccount,
} from "./schema";

/*
 * Selling on account (ขายเชื่อ; issue 37, decision 0083): a customer's credit limit, payments
 * against the account with their own receipt, the statement and the receivables. The sale's
 * charge and a void's or credit note's reversal are written by SQL functions in those
 * documents' own transactions (drizzle/functions/account_sale.sql, account_undo.sql).
 */

/** Who sets a credit limit and reads the receivables: owners and managers. */
export const ACCOUNT_MANAGER_ROLES = ["owner", "manager"] as const satisfies readonly ShopRole[];

/** The prefix of a payment receipt's number ("AR2569-000001"), its own gapless sequence. */
export const ACCOUNT_RECEIPT_PREFIX = "AR";

export interface AccountActor {
  shopId: string;
  userId: string;
  userName: string;
  role: ShopRole;
}

export interface CustomerAccountState {
  /** Null: the customer may not buy on account. */
  limitSatang: number | null;
  balanceSatang: number;
}

export function mayManageAccounts(role: ShopRole): boolean {
  return (ACCOUNT_MANAGER_ROLES as readonly ShopRole[]).includes(role);
}

export async function customerAccountOf(
  db: DbExecutor,
  shopId: string,
  customerId: string,
): Promise<CustomerAccountState> {
  const [row] = await db
    .select({
      limitSatang: customerAccount.limitSatang,
      balanceSatang: customerAccount.balanceSatang,
    })
    .from(customerAccount)
    .where(and(eq(customerAccount.shopId, shopId), eq(customerAccount.customerId, customerId)));
  return row ?? { limitSatang: null, balanceSatang: 0 };
}

async function shopCustomer(db: DbExecutor, shopId: string, customerId: string) {
  const [row] = await db
    .select({ id: customer.id, name: customer.name, phone: customer.phone })
    .from(customer)
    .where(and(eq(customer.shopId, shopId), eq(customer.id, customerId)));
  return row ?? null;
}

/** Sets (or, with null, removes) a customer's credit limit; the balance stays as it is. */
export async function setCreditLimit(
  db: Database,
  actor: AccountActor,
  customerId: string,
  limitSatang: number | null,
): Promise<{ ok: true } | { ok: false; error: "not-found" | "not-allowed" }> {
  if (!mayManageAccounts(actor.role)) return { ok: false, error: "not-allowed" };
  if (!(await shopCustomer(db, actor.shopId, customerId))) return { ok: false, error: "not-found" };
  await db
    .insert(customerAccount)
    .values({ shopId: actor.shopId, customerId, limitSatang, updatedBy: actor.userId })
    .onConflictDoUpdate({
      target: customerAccount.customerId,
      set: { limitSatang, updatedBy: actor.userId, updatedAt: new Date() },
    });
  return { ok: true };
}

export type AccountPaymentRefusal =
  | "not-found"
  /** More than the customer owes (nothing owed included). */
  | "over-balance"
  /** A cashier's cash with no open shift of theirs: it would go into no drawer (0095). */
  | "no-shift"
  /** A cashier's transfer or PromptPay without an owner's or a manager's PIN (0095). */
  | "needs-approval"
  /** Not the PIN of an owner or a manager of the shop who has one (one answer for all). */
  | "wrong-pin"
  /** Too many PIN tries: the same limits as the till's approvals (decision 0059). */
  | "too-many-tries";

export interface RecordedAccountPayment {
  id: number;
  documentNumber: string;
  amountSatang: number;
  balanceAfterSatang: number;
  /** Who approved a cashier's transfer or PromptPay; null when none was needed. */
  approverName: string | null;
}

/** An owner's or a manager's PIN typed at the moment of a cashier's payment (0095). */
export interface AccountPaymentApprovalInput {
  approverId: string;
  pin: string;
}

/** Whether the member may take this method alone: owners and managers any, others cash only. */
export function paymentNeedsApproval(role: ShopRole, method: AccountPaymentMethod): boolean {
  return !mayManageAccounts(role) && method !== "cash";
}

/**
 * The approver of a cashier's payment when `approval` is an owner's or a manager's PIN; each try
 * counts against the approver and the cashier under the till's approval limits (0059).
 */
async function approvePayment(
  db: Database,
  actor: AccountActor,
  approval: AccountPaymentApprovalInput | undefined,
): Promise<
  | { ok: true; approver: { userId: string; name: string } }
  | { ok: false; error: AccountPaymentRefusal; retryAfterSeconds?: number }
> {
  if (!approval || approval.approverId === "" || approval.pin === "") {
    return { ok: false, error: "needs-approval" };
  }
  for (const [rule, subject] of [
    [APPROVAL_RATE_LIMITS.perApprover, `${actor.shopId}:${approval.approverId}`],
    [APPROVAL_RATE_LIMITS.perCashier, `${actor.shopId}:${actor.userId}`],
  ] as const) {
    const hit = await hitRateLimit(db, rule, subject);
    if (!hit.allowed) {
      return { ok: false, error: "too-many-tries", retryAfterSeconds: hit.retryAfterSeconds };
    }
  }
  const approver = await checkApprovalPin(db, actor.shopId, approval.approverId, approval.pin);
  return approver ? { ok: true, approver } : { ok: false, error: "wrong-pin" };
}

/**
 * A payment against a customer's account (รับชำระหนี้): its receipt number from the shop's
 * `accountReceipt` sequence, the balance lowered and the entry written in one transaction with
 * the account row locked. Never more than the customer owes. Who may take what (decision 0095):
 * cash goes into the receiver's open shift's drawer, and a cashier with none is refused; a
 * cashier's transfer or PromptPay needs an owner's or a manager's PIN, and the approver is kept
 * with the payment; owners and managers take any method, their cash outside a shift shown as
 * such on the P&L.
 */
export async function recordAccountPayment(
  db: Database,
  actor: AccountActor,
  input: {
    customerId: string;
    method: AccountPaymentMethod;
    amountSatang: number;
    reference: string;
    approval?: AccountPaymentApprovalInput;
  },
  now: Date = new Date(),
): Promise<
  | { ok: true; payment: RecordedAccountPayment }
  | { ok: false; error: AccountPaymentRefusal; retryAfterSeconds?: number }
> {
  const found = await shopCustomer(db, actor.shopId, input.customerId);
  if (!found) return { ok: false, error: "not-found" };
  if (!Number.isSafeInteger(input.amountSatang) || input.amountSatang <= 0) {
    return { ok: false, error: "over-balance" };
  }
  let approver: { userId: string; name: string } | null = null;
  if (paymentNeedsApproval(actor.role, input.method)) {
    const approved = await approvePayment(db, actor, input.approval);
    if (!approved.ok) return approved;
    approver = approved.approver;
  }
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: customerAccount.id, balanceSatang: customerAccount.balanceSatang })
      .from(customerAccount)
      .where(
        and(
          eq(customerAccount.shopId, actor.shopId),
          eq(customerAccount.customerId, input.customerId),
        ),
      )
      .for("update");
    if (!account || input.amountSatang > account.balanceSatang) {
      return { ok: false as const, error: "over-balance" as const };
    }
    const drawer =
      input.method === "cash" ? await memberOpenShift(tx, actor.shopId, actor.userId) : null;
    if (input.method === "cash" && !drawer && !mayManageAccounts(actor.role)) {
      return { ok: false as const, error: "no-shift" as const };
    }
    const year = buddhistYear(now);
    const numbered = await tx.execute<{ n: string | number }>(
      sql`SELECT next_document_number(${actor.shopId}::uuid, 'accountReceipt', ${year}) AS n`,
    );
    const seq = Number(numbered.rows[0]?.n);
    const documentNumber = saleDocumentNumber(ACCOUNT_RECEIPT_PREFIX, year, seq);
    const [payment] = await tx
      .insert(accountPayment)
      .values({
        shopId: actor.shopId,
        customerId: input.customerId,
        customerName: found.name,
        documentYear: year,
        documentSeq: seq,
        documentNumber,
        method: input.method,
        amountSatang: input.amountSatang,
        reference: input.reference,
        shiftId: drawer?.id ?? null,
        receivedBy: actor.userId,
        receivedByName: actor.userName,
        createdAt: now,
      })
      .returning({ id: accountPayment.id });
    if (!payment) throw new Error("account payment not written");
    if (approver) {
      await tx.insert(accountPaymentApproval).values({
        shopId: actor.shopId,
        paymentId: payment.id,
        approverId: approver.userId,
        approverName: approver.name,
        createdAt: now,
      });
    }
    const balanceAfterSatang = account.balanceSatang - input.amountSatang;
    await tx
      .update(customerAccount)
      .set({ balanceSatang: balanceAfterSatang })
      .where(eq(customerAccount.id, account.id));
    await tx.insert(accountEntry).values({
      shopId: actor.shopId,
      customerId: input.customerId,
      kind: "payment",
      paymentId: payment.id,
      documentNumber,
      amountSatang: -input.amountSatang,
      balanceAfterSatang,
      createdAt: now,
    });
    return {
      ok: true as const,
      payment: {
        id: payment.id,
        documentNumber,
        amountSatang: input.amountSatang,
        balanceAfterSatang,
        approverName: approver?.name ?? null,
      },
    };
  });
}

export type AccountPaymentVoidRefusal =
  /** Not a payment of this shop (or its customer was deleted). */
  | "not-found"
  /** Cashiers cannot void: owners and managers only. */
  | "not-allowed"
  /** Voided already: never twice. */
  | "already-voided"
  /**
   * A cash payment whose shift is closed, voided by someone with no open shift: the cash
   * handed back has to come out of a drawer that is open.
   */
  | "no-shift";

/**
 * Voids a payment on account (ยกเลิกใบรับชำระหนี้; decision 0095), owners and managers only, with
 * a reason: the balance goes back up by the payment (an entry of kind `void` naming it, the
 * running balance after), the receipt is marked void, and a cash payment's money leaves a
 * drawer: its own shift's while that is open, otherwise the voider's open shift (the cash is
 * handed back from the drawer that is open now, as a return's refund is), refused when they have
 * none; a cash payment that went into no drawer leaves none. The account row is locked first, so
 * two voids of one payment at once end with one void and one refusal.
 */
export async function voidAccountPayment(
  db: Database,
  actor: AccountActor,
  input: { customerId: string; paymentId: number; reason: string },
  now: Date = new Date(),
): Promise<
  | { ok: true; balanceAfterSatang: number; documentNumber: string; shiftId: number | null }
  | { ok: false; error: AccountPaymentVoidRefusal }
> {
  if (!mayManageAccounts(actor.role)) return { ok: false, error: "not-allowed" };
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select({
        id: accountPayment.id,
        customerId: accountPayment.customerId,
        documentNumber: accountPayment.documentNumber,
        method: accountPayment.method,
        amountSatang: accountPayment.amountSatang,
        shiftId: accountPayment.shiftId,
      })
      .from(accountPayment)
      .where(
        and(
          eq(accountPayment.shopId, actor.shopId),
          eq(accountPayment.customerId, input.customerId),
          eq(accountPayment.id, input.paymentId),
        ),
      );
    if (!payment || payment.customerId === null)
      return { ok: false as const, error: "not-found" as const };
    const [account] = await tx
      .select({ id: customerAccount.id, balanceSatang: customerAccount.balanceSatang })
      .from(customerAccount)
      .where(
        and(
          eq(customerAccount.shopId, actor.shopId),
          eq(customerAccount.customerId, payment.customerId),
        ),
      )
      .for("update");
    if (!account) return { ok: false as const, error: "not-found" as const };
    const [voided] = await tx
      .select({ id: accountPaymentVoid.id })
      .from(accountPaymentVoid)
      .where(eq(accountPaymentVoid.paymentId, payment.id));
    if (voided) return { ok: false as const, error: "already-voided" as const };
    let drawer: number | null = null;
    if (payment.method === "cash" && payment.shiftId !== null) {
      // The shift row is read by table name (the shifts module's), shared-locked so that a
      // close at the same moment waits for this void or is seen closed.
      const ownShift = await tx.execute<{ status: string }>(
        sql`SELECT status FROM shift WHERE shop_id = ${actor.shopId} AND id = ${payment.shiftId} FOR SHARE`,
      );
      const own = ownShift.rows[0];
      if (own?.status === "open") {
        drawer = payment.shiftId;
      } else {
        const open = await memberOpenShift(tx, actor.shopId, actor.userId);
        if (!open) return { ok: false as const, error: "no-shift" as const };
        drawer = open.id;
      }
    }
    await tx.insert(accountPaymentVoid).values({
      shopId: actor.shopId,
      paymentId: payment.id,
      reason: input.reason,
      shiftId: drawer,
      voidedBy: actor.userId,
      voidedByName: actor.userName,
      createdAt: now,
    });
    const balanceAfterSatang = account.balanceSatang + payment.amountSatang;
    await tx
      .update(customerAccount)
      .set({ balanceSatang: balanceAfterSatang })
      .where(eq(customerAccount.id, account.id));
    await tx.insert(accountEntry).values({
      shopId: actor.shopId,
      customerId: payment.customerId,
      kind: "void",
      paymentId: payment.id,
      documentNumber: payment.documentNumber,
      amountSatang: payment.amountSatang,
      balanceAfterSatang,
      createdAt: now,
    });
    return {
      ok: true as const,
      balanceAfterSatang,
      documentNumber: payment.documentNumber,
      shiftId: drawer,
    };
  });
}

export type AccountEntryKind = "sale" | "payment" | "void" | "return";

export interface StatementRow {
  id: number;
  kind: AccountEntryKind;
  documentNumber: string;
  saleId: number | null;
  paymentId: number | null;
  /** Positive: charged; negative: paid or taken back. */
  amountSatang: number;
  balanceAfterSatang: number;
  createdAt: Date;
  /**
   * For a payment and for the void of a payment (a `void` row naming a payment, decision 0095):
   * the void's reason when the payment is void; null otherwise.
   */
  voidReason: string | null;
}

/** A customer's statement (รายการเดินบัญชี): every entry in order with the balance after it. */
export async function accountStatement(
  db: DbExecutor,
  shopId: string,
  customerId: string,
): Promise<StatementRow[]> {
  const rows = await db
    .select({
      id: accountEntry.id,
      kind: accountEntry.kind,
      documentNumber: accountEntry.documentNumber,
      saleId: accountEntry.saleId,
      paymentId: accountEntry.paymentId,
      amountSatang: accountEntry.amountSatang,
      balanceAfterSatang: accountEntry.balanceAfterSatang,
      createdAt: accountEntry.createdAt,
      voidReason: accountPaymentVoid.reason,
    })
    .from(accountEntry)
    .leftJoin(accountPaymentVoid, eq(accountPaymentVoid.paymentId, accountEntry.paymentId))
    .where(and(eq(accountEntry.shopId, shopId), eq(accountEntry.customerId, customerId)))
    .orderBy(asc(accountEntry.id));
  return rows.map((row) => ({ ...row, kind: row.kind as AccountEntryKind }));
}

export interface AccountReceipt {
  id: number;
  documentNumber: string;
  customerId: string | null;
  customerName: string;
  method: AccountPaymentMethod;
  amountSatang: number;
  reference: string;
  receivedByName: string;
  createdAt: Date;
  balanceAfterSatang: number;
  /** The owner or manager who approved a cashier's transfer or PromptPay (decision 0095). */
  approverName: string | null;
  /** Set when the payment was voided (decision 0095): the receipt says so. */
  voided: { reason: string; voidedByName: string; createdAt: Date } | null;
}

/** One payment receipt of the shop, for its page and its PDF; null when not the shop's. */
export async function accountReceipt(
  db: DbExecutor,
  shopId: string,
  paymentId: number,
): Promise<AccountReceipt | null> {
  const [row] = await db
    .select({
      id: accountPayment.id,
      documentNumber: accountPayment.documentNumber,
      customerId: accountPayment.customerId,
      customerName: accountPayment.customerName,
      method: accountPayment.method,
      amountSatang: accountPayment.amountSatang,
      reference: accountPayment.reference,
      receivedByName: accountPayment.receivedByName,
      createdAt: accountPayment.createdAt,
      balanceAfterSatang: accountEntry.balanceAfterSatang,
      approverName: accountPaymentApproval.approverName,
      voidReason: accountPaymentVoid.reason,
      voidedByName: accountPaymentVoid.voidedByName,
      voidedAt: accountPaymentVoid.createdAt,
    })
    .from(accountPayment)
    .innerJoin(
      accountEntry,
      and(eq(accountEntry.paymentId, accountPayment.id), eq(accountEntry.kind, "payment")),
    )
    .leftJoin(accountPaymentApproval, eq(accountPaymentApproval.paymentId, accountPayment.id))
    .leftJoin(accountPaymentVoid, eq(accountPaymentVoid.paymentId, accountPayment.id))
    .where(and(eq(accountPayment.shopId, shopId), eq(accountPayment.id, paymentId)));
  if (!row) return null;
  const { voidReason, voidedByName, voidedAt, ...receipt } = row;
  return {
    ...receipt,
    voided:
      voidReason !== null && voidedByName !== null && voidedAt !== null
        ? { reason: voidReason, voidedByName, createdAt: voidedAt }
        : null,
  };
}

export interface ReceivableRow {
  customerId: string;
  name: string;
  phone: string;
  limitSatang: number | null;
  ageing: Ageing;
}

/**
 * Who owes what and since when (ลูกหนี้คงค้าง), on `asOf` (a Bangkok day): each customer whose
 * balance is not zero, with the ageing of what they owe; the largest balance first.
 */
export async function receivables(
  db: DbExecutor,
  shopId: string,
  asOf: string = bangkokIsoDate(new Date()),
): Promise<ReceivableRow[]> {
  const accounts = await db
    .select({
      customerId: customerAccount.customerId,
      name: customer.name,
      phone: customer.phone,
      limitSatang: customerAccount.limitSatang,
    })
    .from(customerAccount)
    .innerJoin(customer, eq(customer.id, customerAccount.customerId))
    .where(and(eq(customerAccount.shopId, shopId), ne(customerAccount.balanceSatang, 0)));
  if (accounts.length === 0) return [];
  const entries = await db
    .select({
      customerId: accountEntry.customerId,
      amountSatang: accountEntry.amountSatang,
      createdAt: accountEntry.createdAt,
    })
    .from(accountEntry)
    .innerJoin(customerAccount, eq(customerAccount.customerId, accountEntry.customerId))
    // A voided payment and its void cancel out (decision 0095): what it had settled is owed
    // again from the days it was charged, not from the day of the void.
    .leftJoin(accountPaymentVoid, eq(accountPaymentVoid.paymentId, accountEntry.paymentId))
    .where(
      and(
        eq(accountEntry.shopId, shopId),
        ne(customerAccount.balanceSatang, 0),
        isNull(accountPaymentVoid.id),
      ),
    )
    .orderBy(asc(accountEntry.id));
  return accounts
    .map((account) => ({
      ...account,
      ageing: ageAccount(
        entries
          .filter((entry) => entry.customerId === account.customerId)
          .map((entry) => ({
            amountSatang: entry.amountSatang,
            day: bangkokIsoDate(entry.createdAt),
          })),
        asOf,
      ),
    }))
    .sort((a, b) => b.ageing.balanceSatang - a.ageing.balanceSatang);
}

/** What the shop's customers owe in all (positive balances). */
export async function receivablesTotal(db: DbExecutor, shopId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${customerAccount.balanceSatang}), 0)` })
    .from(customerAccount)
    .where(and(eq(customerAccount.shopId, shopId), gt(customerAccount.balanceSatang, 0)));
  return Number(row?.total ?? 0);
}

/** A customer's payments not voided, newest first: what an owner or a manager may void (0095). */
export async function voidablePayments(
  db: DbExecutor,
  shopId: string,
  customerId: string,
): Promise<
  {
    id: number;
    documentNumber: string;
    amountSatang: number;
    method: AccountPaymentMethod;
    createdAt: Date;
  }[]
> {
  return db
    .select({
      id: accountPayment.id,
      documentNumber: accountPayment.documentNumber,
      amountSatang: accountPayment.amountSatang,
      method: accountPayment.method,
      createdAt: accountPayment.createdAt,
    })
    .from(accountPayment)
    .leftJoin(accountPaymentVoid, eq(accountPaymentVoid.paymentId, accountPayment.id))
    .where(
      and(
        eq(accountPayment.shopId, shopId),
        eq(accountPayment.customerId, customerId),
        isNull(accountPaymentVoid.id),
      ),
    )
    .orderBy(desc(accountPayment.id))
    .limit(50);
}
