import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { bangkokIsoDate } from "~/lib/dates";
import { buddhistYear, saleDocumentNumber } from "~/modules/sales";
import { memberOpenShift } from "~/modules/shifts/index.server";
import type { ShopRole } from "~/modules/shops";
import { ageAccount, type Ageing } from "./account-ageing";
import type { AccountPaymentMethod } from "./account-methods";
import { accountEntry, accountPayment, customer, customerAccount } from "./schema";

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
  | "over-balance";

export interface RecordedAccountPayment {
  id: number;
  documentNumber: string;
  amountSatang: number;
  balanceAfterSatang: number;
}

/**
 * A payment against a customer's account (รับชำระหนี้): its receipt number from the shop's
 * `accountReceipt` sequence, the balance lowered and the entry written in one transaction with
 * the account row locked. Cash goes into the receiver's open shift's drawer. Never more than
 * the customer owes.
 */
export async function recordAccountPayment(
  db: Database,
  actor: AccountActor,
  input: {
    customerId: string;
    method: AccountPaymentMethod;
    amountSatang: number;
    reference: string;
  },
  now: Date = new Date(),
): Promise<
  { ok: true; payment: RecordedAccountPayment } | { ok: false; error: AccountPaymentRefusal }
> {
  const found = await shopCustomer(db, actor.shopId, input.customerId);
  if (!found) return { ok: false, error: "not-found" };
  if (!Number.isSafeInteger(input.amountSatang) || input.amountSatang <= 0) {
    return { ok: false, error: "over-balance" };
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
      },
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
    })
    .from(accountEntry)
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
    })
    .from(accountPayment)
    .innerJoin(accountEntry, eq(accountEntry.paymentId, accountPayment.id))
    .where(and(eq(accountPayment.shopId, shopId), eq(accountPayment.id, paymentId)));
  return row ?? null;
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
    .where(and(eq(accountEntry.shopId, shopId), ne(customerAccount.balanceSatang, 0)))
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
