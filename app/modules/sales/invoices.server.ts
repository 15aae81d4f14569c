import { and, asc, desc, eq, getTableColumns, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import {
  creditNote,
  discountApproval,
  creditNoteLine,
  saleLinePriceOverride,
  fullTaxInvoice,
  sale,
  saleLine,
  salePayment,
  shift,
  user,
} from "~/db/schema";
import { bangkokDays } from "~/lib/dates";
import { type Page, pageWindow, toPage } from "~/lib/paging";
import type { PaymentMethod } from "./bill";
import type { SaleStatus } from "./schema";
import { lineOptionsOf } from "./sale-document.server";

/*
 * The shop's sales as /shophub/invoices lists and opens them. Every query is scoped to the
 * shop; the list's date range and order ride on the (shop_id, created_at) index, the payment
 * method filter on sale_payment's (sale_id, payment_no) index.
 */

export const SALE_LIST_PAGE_SIZE = 20;

export interface SaleFilters {
  /** Part of the document number ("000123", "ABB2569-0001"), or of its full tax invoice's. */
  q?: string;
  /** Bangkok calendar days, YYYY-MM-DD, both included. */
  from?: string | null;
  to?: string | null;
  method?: PaymentMethod | null;
  cashierId?: string | null;
  /** The till's own name as the sale keeps it (the till's last receipts, issue 37). */
  till?: string | null;
  status?: SaleStatus | null;
  page?: number;
}

export interface SaleListRow {
  id: number;
  documentNumber: string;
  documentKind: "receipt" | "abbreviatedTaxInvoice";
  createdAt: Date;
  cashierName: string;
  status: SaleStatus;
  totalSatang: number;
  vatSatang: number;
  /** Paid with these methods (several for a split payment). */
  methods: PaymentMethod[];
  /** Money given back on credit notes. */
  returnedSatang: number;
  fullTaxInvoiceNumber: string | null;
}

export interface SaleTotals {
  /** Every filtered sale, void ones included. */
  count: number;
  voidCount: number;
  /** Sums of the sales that stand (not void): what they took in, its VAT, and what went back. */
  totalSatang: number;
  vatSatang: number;
  returnedSatang: number;
}

/*
 * The listed sale's id inside a correlated sub-query. Drizzle writes a column of the query's
 * only table without its table (`"id"`), which inside `SELECT … FROM sale_payment p` means the
 * payment's own id: every row then showed other bills' methods, numbers and returns.
 */
const SALE_ID = sql`${sale}.id`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function conditionsOf(shopId: string, filters: SaleFilters): SQL[] {
  const where: SQL[] = [eq(sale.shopId, shopId)];
  const q = filters.q?.trim().toUpperCase();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    where.push(
      sql`(${ilike(sale.documentNumber, pattern)} OR EXISTS (
        SELECT 1 FROM ${fullTaxInvoice} f
         WHERE f.sale_id = ${SALE_ID} AND f.shop_id = ${shopId}
           AND f.document_number ILIKE ${pattern}))`,
    );
  }
  const from = filters.from ? bangkokDays(filters.from) : null;
  if (from) where.push(gte(sale.createdAt, from.start));
  const to = filters.to ? bangkokDays(filters.to) : null;
  if (to) where.push(lt(sale.createdAt, to.end));
  if (filters.method) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${salePayment} p
                   WHERE p.sale_id = ${SALE_ID} AND p.method = ${filters.method})`,
    );
  }
  if (filters.cashierId) where.push(eq(sale.cashierId, filters.cashierId));
  if (filters.till) where.push(eq(sale.till, filters.till));
  if (filters.status) where.push(eq(sale.status, filters.status));
  return where;
}

/** The shop's sales, newest first, 20 a page, with the totals of everything the filters match. */
export async function listSales(
  db: DbExecutor,
  shopId: string,
  filters: SaleFilters,
): Promise<{ page: Page<SaleListRow>; totals: SaleTotals }> {
  const where = and(...conditionsOf(shopId, filters));
  const page = Math.max(1, filters.page ?? 1);
  const { limit, offset } = pageWindow(page, SALE_LIST_PAGE_SIZE);
  const returned = sql<number>`coalesce((SELECT sum(c.total_satang) FROM ${creditNote} c
      WHERE c.sale_id = ${SALE_ID} AND c.shop_id = ${shopId}), 0)`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: sale.id,
        documentNumber: sale.documentNumber,
        documentKind: sale.documentKind,
        createdAt: sale.createdAt,
        cashierName: sale.cashierName,
        status: sale.status,
        totalSatang: sale.totalSatang,
        vatSatang: sale.vatSatang,
        methods: sql<PaymentMethod[]>`coalesce((SELECT array_agg(DISTINCT p.method)
            FROM ${salePayment} p WHERE p.sale_id = ${SALE_ID}), '{}')`,
        returnedSatang: returned.mapWith(Number),
        fullTaxInvoiceNumber: sql<string | null>`(SELECT f.document_number
            FROM ${fullTaxInvoice} f WHERE f.sale_id = ${SALE_ID} AND f.shop_id = ${shopId})`,
      })
      .from(sale)
      .where(where)
      .orderBy(desc(sale.createdAt), desc(sale.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        voidCount: sql<number>`count(*) FILTER (WHERE ${sale.status} = 'void')`.mapWith(Number),
        totalSatang: sql<number>`coalesce(sum(${sale.totalSatang})
            FILTER (WHERE ${sale.status} <> 'void'), 0)`.mapWith(Number),
        vatSatang: sql<number>`coalesce(sum(${sale.vatSatang})
            FILTER (WHERE ${sale.status} <> 'void'), 0)`.mapWith(Number),
        returnedSatang: sql<number>`coalesce(sum(${returned})
            FILTER (WHERE ${sale.status} <> 'void'), 0)`.mapWith(Number),
      })
      .from(sale)
      .where(where),
  ]);
  return {
    page: toPage(rows, totals?.count ?? 0, page, SALE_LIST_PAGE_SIZE),
    totals: totals ?? { count: 0, voidCount: 0, totalSatang: 0, vatSatang: 0, returnedSatang: 0 },
  };
}

/** Who sold in the shop (the list's cashier filter), by the names their sales carry. */
export async function listSaleCashiers(
  db: DbExecutor,
  shopId: string,
): Promise<{ id: string; name: string }[]> {
  const result = await db.execute<{ id: string; name: string }>(
    sql`SELECT DISTINCT ON (cashier_id) cashier_id AS id, cashier_name AS name
          FROM ${sale} WHERE shop_id = ${shopId}
         ORDER BY cashier_id, created_at DESC`,
  );
  return result.rows.sort((a, b) => a.name.localeCompare(b.name, "th"));
}

/*
 * What the sale's page reads of the sale: every column but the tenant key and the cost of the
 * goods sold, which the page shows nobody and a cashier may not see (decision 0061). Left out
 * of the query, so it never reaches the page's data (`.data`) either.
 */
const { shopId: _shopId, costSatang: _costSatang, ...saleColumns } = getTableColumns(sale);

export interface SaleDetail {
  sale: Omit<typeof sale.$inferSelect, "shopId" | "costSatang"> & {
    voidedByName: string | null;
    /** Whether the shift it was sold in is still open; null when it was sold without one. */
    shiftOpen: boolean | null;
    /** Who approved its discounts at the till, past a cashier's limit (decision 0059). */
    discountApprovedByName: string | null;
  };
  lines: {
    id: number;
    lineNo: number;
    itemId: number;
    itemName: string;
    sku: string;
    unit: string;
    qtyMilli: number;
    returnedMilli: number;
    unitPriceSatang: number;
    discountSatang: number;
    vatSatang: number;
    totalSatang: number;
    /**
     * Sold at a price the cashier typed (decision 0093): an open price, or an override of the
     * list price with who approved it (null: no approval was needed). Null: sold at the list.
     */
    typedPrice: { open: boolean; listSatang: number; approverName: string | null } | null;
    /** The options it was sold with (decision 0092), as sold. */
    options: { groupName: string; choiceName: string; priceSatang: number }[];
  }[];
  payments: {
    method: PaymentMethod;
    amountSatang: number;
    tenderedSatang: number;
    reference: string;
    cardLast4: string | null;
    approvalCode: string | null;
  }[];
  fullTaxInvoice: {
    id: number;
    documentNumber: string;
    buyerName: string;
    buyerAddress: string;
    buyerTaxId: string;
    buyerBranchCode: string;
    createdAt: Date;
  } | null;
  creditNotes: {
    id: number;
    documentNumber: string;
    reason: string;
    refundMethod: PaymentMethod;
    totalSatang: number;
    vatSatang: number;
    createdAt: Date;
    issuedByName: string | null;
    lines: { saleLineId: number; qtyMilli: number; totalSatang: number }[];
  }[];
}

/** One sale of the shop with everything its page shows; null when the shop has no such sale. */
export async function getSaleDetail(
  db: DbExecutor,
  shopId: string,
  saleId: number,
): Promise<SaleDetail | null> {
  const [head] = await db
    .select({
      sale: saleColumns,
      voidedByName: user.name,
      shiftStatus: shift.status,
      approvedByName: discountApproval.approverName,
    })
    .from(sale)
    .leftJoin(user, eq(user.id, sale.voidedBy))
    .leftJoin(shift, eq(shift.id, sale.shiftId))
    .leftJoin(
      discountApproval,
      and(
        eq(discountApproval.shopId, sale.shopId),
        eq(discountApproval.clientSaleId, sale.clientSaleId),
      ),
    )
    .where(and(eq(sale.shopId, shopId), eq(sale.id, saleId)))
    .limit(1);
  if (!head) return null;
  const [lines, payments, [invoice], notes] = await Promise.all([
    db
      .select({
        line: saleLine,
        override: {
          open: saleLinePriceOverride.openPrice,
          listSatang: saleLinePriceOverride.listSatang,
          approverName: saleLinePriceOverride.approverName,
        },
      })
      .from(saleLine)
      .leftJoin(saleLinePriceOverride, eq(saleLinePriceOverride.saleLineId, saleLine.id))
      .where(and(eq(saleLine.shopId, shopId), eq(saleLine.saleId, saleId)))
      .orderBy(asc(saleLine.lineNo)),
    db
      .select()
      .from(salePayment)
      .where(and(eq(salePayment.shopId, shopId), eq(salePayment.saleId, saleId)))
      .orderBy(asc(salePayment.paymentNo)),
    db
      .select()
      .from(fullTaxInvoice)
      .where(and(eq(fullTaxInvoice.shopId, shopId), eq(fullTaxInvoice.saleId, saleId))),
    db
      .select({ note: creditNote, issuedByName: user.name })
      .from(creditNote)
      .leftJoin(user, eq(user.id, creditNote.issuedBy))
      .where(and(eq(creditNote.shopId, shopId), eq(creditNote.saleId, saleId)))
      .orderBy(asc(creditNote.id)),
  ]);
  const optionsByLine = await lineOptionsOf(
    db,
    shopId,
    lines.map((row) => row.line.id),
  );
  const noteLines =
    notes.length === 0
      ? []
      : await db
          .select()
          .from(creditNoteLine)
          .where(
            and(
              eq(creditNoteLine.shopId, shopId),
              sql`${creditNoteLine.creditNoteId} IN (SELECT id FROM ${creditNote}
                   WHERE shop_id = ${shopId} AND sale_id = ${saleId})`,
            ),
          )
          .orderBy(asc(creditNoteLine.id));
  return {
    sale: {
      ...head.sale,
      voidedByName: head.voidedByName,
      shiftOpen: head.shiftStatus === null ? null : head.shiftStatus === "open",
      discountApprovedByName: head.approvedByName,
    },
    lines: lines.map(({ line, override }) => ({
      id: line.id,
      lineNo: line.lineNo,
      itemId: line.itemId,
      itemName: line.itemName,
      sku: line.sku,
      unit: line.unit,
      qtyMilli: line.qty,
      returnedMilli: line.returnedQty,
      unitPriceSatang: line.unitPriceSatang,
      discountSatang: line.lineDiscountSatang + line.billDiscountSatang,
      vatSatang: line.vatSatang,
      totalSatang: line.totalSatang,
      typedPrice: override,
      options: optionsByLine.get(line.id) ?? [],
    })),
    payments: payments.map((p) => ({
      method: p.method,
      amountSatang: p.amountSatang,
      tenderedSatang: p.tenderedSatang,
      reference: p.reference,
      cardLast4: p.cardLast4,
      approvalCode: p.approvalCode,
    })),
    fullTaxInvoice: invoice
      ? {
          id: invoice.id,
          documentNumber: invoice.documentNumber,
          buyerName: invoice.buyerName,
          buyerAddress: invoice.buyerAddress,
          buyerTaxId: invoice.buyerTaxId,
          buyerBranchCode: invoice.buyerBranchCode,
          createdAt: invoice.createdAt,
        }
      : null,
    creditNotes: notes.map(({ note, issuedByName }) => ({
      id: note.id,
      documentNumber: note.documentNumber,
      reason: note.reason,
      refundMethod: note.refundMethod,
      totalSatang: note.totalSatang,
      vatSatang: note.vatSatang,
      createdAt: note.createdAt,
      issuedByName,
      lines: noteLines
        .filter((line) => line.creditNoteId === note.id)
        .map((line) => ({
          saleLineId: line.saleLineId,
          qtyMilli: line.qty,
          totalSatang: line.totalSatang,
        })),
    })),
  };
}
