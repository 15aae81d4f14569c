import { and, asc, count, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { containsPattern } from "~/db/escape-like";
import { pgErrorOf } from "~/db/pg-error";
import { type Page, pageWindow, toPage } from "~/lib/paging";
import { sale } from "~/db/schema";
import type { ShopRole } from "~/modules/shops";
import {
  type CustomerForm,
  type CustomerListRow,
  type CustomerRefusal,
  type CustomerResult,
  type CustomerRow,
  type InvoiceBuyer,
  thaiPhone,
} from "./customer-form";
import { customer, customerAccount, saleCustomer } from "./schema";

/*
 * A shop's customers (issue 37, decision 0082). Everyone who sells may register and edit a
 * customer (at the counter, with the customer there); deleting one on request (PDPA) is for
 * owners and managers. A sale keeps the name it was made under when its customer is deleted.
 */

export interface CustomerActor {
  shopId: string;
  userId: string;
  role: ShopRole;
}

const refuse = <T>(error: CustomerRefusal): CustomerResult<T> => ({ ok: false, error });

const rowColumns = {
  id: customer.id,
  phone: customer.phone,
  name: customer.name,
  lineId: customer.lineId,
  email: customer.email,
  taxId: customer.taxId,
  branchCode: customer.branchCode,
  address: customer.address,
  consentAt: customer.consentAt,
  createdAt: customer.createdAt,
};

function phoneTaken(error: unknown): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === "23505" && pg.constraint === "customer_shop_phone";
}

// The sale's date as the customer lived it: when a till sold it offline, not when it arrived.
const soldAt = sql<Date>`coalesce(${sale.deviceSoldAt}, ${sale.receivedAt})`;

/**
 * One page of the shop's customers, newest first, with their completed purchases; `search`
 * matches a name, or a phone number however it is typed.
 */
export async function listCustomers(
  db: DbExecutor,
  shopId: string,
  options: { page: number; search?: string },
): Promise<Page<CustomerListRow>> {
  const search = options.search?.trim() ?? "";
  const asPhone = search === "" ? null : thaiPhone(search);
  const digits = search.replace(/\D/g, "");
  const where = and(
    eq(customer.shopId, shopId),
    search === ""
      ? undefined
      : or(
          ilike(customer.name, containsPattern(search)),
          asPhone ? eq(customer.phone, asPhone) : undefined,
          // Part of a number ("5678"): the local way, 0 instead of +66.
          digits.length >= 3
            ? sql`'0' || substr(${customer.phone}, 4) LIKE ${containsPattern(digits)}`
            : undefined,
        ),
  );
  const window = pageWindow(options.page);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...rowColumns,
        saleCount: sql<number>`count(${sale.id})::int`,
        totalSatang: sql<number>`coalesce(sum(${sale.totalSatang}), 0)::bigint`,
        lastVisit: sql<Date | null>`max(${soldAt})`,
      })
      .from(customer)
      .leftJoin(saleCustomer, eq(saleCustomer.customerId, customer.id))
      .leftJoin(sale, and(eq(sale.id, saleCustomer.saleId), eq(sale.status, "completed")))
      .where(where)
      .groupBy(customer.id)
      .orderBy(desc(customer.createdAt), asc(customer.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(customer).where(where),
  ]);
  return toPage(
    rows.map((row) => ({
      ...row,
      totalSatang: Number(row.totalSatang),
      lastVisit: row.lastVisit === null ? null : new Date(row.lastVisit),
    })),
    total?.n ?? 0,
    options.page,
  );
}

/** One customer of the shop, or null. */
export async function findCustomer(
  db: DbExecutor,
  shopId: string,
  customerId: string,
): Promise<CustomerRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(customer)
    .where(and(eq(customer.shopId, shopId), eq(customer.id, customerId)));
  return row ?? null;
}

/** The shop's customer with a phone number however it is typed, or null. */
export async function findCustomerByPhone(
  db: DbExecutor,
  shopId: string,
  phone: string,
): Promise<CustomerRow | null> {
  const e164 = thaiPhone(phone);
  if (e164 === null) return null;
  const [row] = await db
    .select(rowColumns)
    .from(customer)
    .where(and(eq(customer.shopId, shopId), eq(customer.phone, e164)));
  return row ?? null;
}

/** A customer's purchases, newest first, with the totals of the completed ones. */
export async function customerPurchases(db: DbExecutor, shopId: string, customerId: string) {
  const rows = await db
    .select({
      saleId: sale.id,
      documentNumber: sale.documentNumber,
      status: sale.status,
      totalSatang: sale.totalSatang,
      soldAt,
    })
    .from(saleCustomer)
    .innerJoin(sale, eq(sale.id, saleCustomer.saleId))
    .where(and(eq(saleCustomer.shopId, shopId), eq(saleCustomer.customerId, customerId)))
    .orderBy(desc(soldAt), desc(sale.id))
    .limit(100);
  const [totals] = await db
    .select({
      saleCount: sql<number>`count(*)::int`,
      totalSatang: sql<number>`coalesce(sum(${sale.totalSatang}), 0)::bigint`,
      lastVisit: sql<Date | null>`max(${soldAt})`,
    })
    .from(saleCustomer)
    .innerJoin(sale, eq(sale.id, saleCustomer.saleId))
    .where(
      and(
        eq(saleCustomer.shopId, shopId),
        eq(saleCustomer.customerId, customerId),
        eq(sale.status, "completed"),
      ),
    );
  // What came back on credit notes of those sales (standing ones: not of a voided sale), the
  // same definition as the P&L's returns (issue 37).
  const { rows: returned } = await db.execute<{ total: string | null }>(sql`
    SELECT sum(c.total_satang) AS total
      FROM standing_credit_note c
      JOIN sale_customer sc ON sc.sale_id = c.sale_id AND sc.shop_id = c.shop_id
     WHERE sc.shop_id = ${shopId} AND sc.customer_id = ${customerId}`);
  return {
    purchases: rows.map((row) => ({ ...row, soldAt: new Date(row.soldAt) })),
    saleCount: totals?.saleCount ?? 0,
    totalSatang: Number(totals?.totalSatang ?? 0),
    /** Refunded on credit notes of the customer's bills (with VAT, as the totals). */
    returnedSatang: Number(returned[0]?.total ?? 0),
    lastVisit: totals?.lastVisit ? new Date(totals.lastVisit) : null,
  };
}

/** Registers a customer with their consent (recorded now, by the member who asked). */
export async function createCustomer(
  db: Database,
  actor: CustomerActor,
  form: CustomerForm,
): Promise<CustomerResult<CustomerRow>> {
  try {
    const [row] = await db
      .insert(customer)
      .values({ shopId: actor.shopId, ...form, consentAt: new Date(), consentBy: actor.userId })
      .returning(rowColumns);
    if (!row) throw new Error("createCustomer: no row returned");
    return { ok: true, value: row };
  } catch (error) {
    if (phoneTaken(error)) return refuse("phoneTaken");
    throw error;
  }
}

/** Changes a customer's details; the consent given when they were registered stands. */
export async function updateCustomer(
  db: Database,
  actor: CustomerActor,
  customerId: string,
  form: CustomerForm,
): Promise<CustomerResult<CustomerRow>> {
  try {
    const [row] = await db
      .update(customer)
      .set({ ...form, updatedAt: new Date() })
      .where(and(eq(customer.shopId, actor.shopId), eq(customer.id, customerId)))
      .returning(rowColumns);
    return row ? { ok: true, value: row } : refuse("notFound");
  } catch (error) {
    if (phoneTaken(error)) return refuse("phoneTaken");
    throw error;
  }
}

/**
 * Deletes a customer on their request (PDPA right to erasure): the row and every detail in it
 * go; their sales stay, unlinked, under the name they were sold under.
 */
export async function deleteCustomer(
  db: Database,
  actor: CustomerActor,
  customerId: string,
): Promise<CustomerResult<null>> {
  if (actor.role !== "owner" && actor.role !== "manager") return refuse("notAllowed");
  // What is owed on account stays collectable (decision 0083): the customer goes once it is paid.
  const [owing] = await db
    .select({ id: customerAccount.id })
    .from(customerAccount)
    .where(
      and(
        eq(customerAccount.shopId, actor.shopId),
        eq(customerAccount.customerId, customerId),
        ne(customerAccount.balanceSatang, 0),
      ),
    );
  if (owing) return refuse("owes");
  const deleted = await db
    .delete(customer)
    .where(and(eq(customer.shopId, actor.shopId), eq(customer.id, customerId)))
    .returning({ id: customer.id });
  return deleted.length === 1 ? { ok: true, value: null } : refuse("notFound");
}

/** Records the customer a sale was made to, with the name it is made under (in the sale's transaction). */
export async function linkSaleCustomer(
  db: DbExecutor,
  input: { shopId: string; saleId: number; customerId: string },
): Promise<boolean> {
  const inserted = await db.execute(sql`
    INSERT INTO ${saleCustomer} (shop_id, sale_id, customer_id, customer_name)
    SELECT ${customer.shopId}, ${input.saleId}, ${customer.id}, ${customer.name}
      FROM ${customer}
     WHERE ${customer.shopId} = ${input.shopId} AND ${customer.id} = ${input.customerId}
    ON CONFLICT DO NOTHING`);
  return inserted.rowCount === 1;
}

const buyerColumns = {
  customerId: customer.id,
  name: customer.name,
  address: customer.address,
  taxId: customer.taxId,
  branchCode: customer.branchCode,
};

/**
 * The buyer's details for a sale's full tax invoice: the customer found by the phone number
 * typed, or else the customer the sale was made to; null when there is none.
 */
export async function invoiceBuyer(
  db: DbExecutor,
  shopId: string,
  from: { phone: string } | { saleId: number },
): Promise<InvoiceBuyer | null> {
  if ("phone" in from) {
    const e164 = thaiPhone(from.phone);
    if (e164 === null) return null;
    const [row] = await db
      .select(buyerColumns)
      .from(customer)
      .where(and(eq(customer.shopId, shopId), eq(customer.phone, e164)));
    return row ?? null;
  }
  const [row] = await db
    .select(buyerColumns)
    .from(saleCustomer)
    .innerJoin(customer, eq(customer.id, saleCustomer.customerId))
    .where(and(eq(saleCustomer.shopId, shopId), eq(saleCustomer.saleId, from.saleId)));
  return row ?? null;
}
