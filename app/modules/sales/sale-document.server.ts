import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { user } from "~/db/schema";
import { bangkokIsoDate } from "~/lib/dates";
import { formatPhoneForDisplay } from "~/lib/phone";
import { mulDivHalfUp } from "./arithmetic";
import type { SaleDocument } from "./sale-contract";
import {
  saleLineOption,
  creditNote,
  creditNoteBuyer,
  creditNoteLine,
  fullTaxInvoice,
  sale,
  saleLine,
  salePayment,
  type SaleSeller,
} from "./schema";
import { getSalesSettings } from "./settings.server";

/*
 * The read model of every printed document (decision 0025-printed-documents): one sale, the
 * full tax invoice issued for it, or one of its credit notes, gathered from the sale's own
 * rows. Nothing is read from the item or the shop as they are now: the names, prices and the
 * seller block were copied onto the sale when it completed, so a reprint years later shows
 * what was sold then. Every query filters on the shop (the tenant key): another shop's id
 * reads as nothing.
 */

/** Which document of a sale: the receipt or abbreviated invoice, its full tax invoice, a credit note. */
export type SaleDocumentChoice = "sale" | "full" | { creditNoteId: number };

export interface SaleDocumentRef {
  saleId: number;
  doc: SaleDocumentChoice;
}

export interface SaleDocumentOptions {
  /** The public address of a stored file (the logo), e.g. the app's storage.urlOf. */
  logoUrlOf?: (key: string) => string;
}

export async function getSaleDocument(
  db: DbExecutor,
  shopId: string,
  ref: SaleDocumentRef,
  options: SaleDocumentOptions = {},
): Promise<SaleDocument | null> {
  if (!Number.isSafeInteger(ref.saleId) || ref.saleId < 1) return null;
  const [row] = await db
    .select()
    .from(sale)
    .where(and(eq(sale.id, ref.saleId), eq(sale.shopId, shopId)));
  if (!row) return null;
  const settings = await getSalesSettings(db, shopId);
  const seller = sellerOf(row.seller, options.logoUrlOf);
  const common = {
    status: row.status,
    voidReason: row.voidReason,
    seller,
    paperWidth: settings.paperWidth,
    cashierName: row.cashierName,
    till: row.till,
    vatMode: row.vatMode,
    vatRateBasisPoints: row.vatRateBasisPoints,
    note: row.note,
  };

  if (typeof ref.doc === "object") {
    const creditNoteId = ref.doc.creditNoteId;
    if (!Number.isSafeInteger(creditNoteId) || creditNoteId < 1) return null;
    const [found] = await db
      .select({ note: creditNote, issuedByName: user.name })
      .from(creditNote)
      .leftJoin(user, eq(user.id, creditNote.issuedBy))
      .where(
        and(
          eq(creditNote.id, creditNoteId),
          eq(creditNote.shopId, shopId),
          eq(creditNote.saleId, row.id),
        ),
      );
    if (!found) return null;
    const { note } = found;
    const lines = await db
      .select({ line: saleLine, returned: creditNoteLine })
      .from(creditNoteLine)
      .innerJoin(saleLine, eq(saleLine.id, creditNoteLine.saleLineId))
      .where(and(eq(creditNoteLine.creditNoteId, note.id), eq(creditNoteLine.shopId, shopId)))
      .orderBy(asc(saleLine.lineNo));
    const optionsByLine = await lineOptionsOf(
      db,
      shopId,
      lines.map(({ line }) => line.id),
    );
    const documentLines = lines.map(({ line, returned }) => {
      // What comes back, in the shop's price terms, and the part of the sale's price it is;
      // the difference is the sale's discounts on it. A satang of rounding the other way is
      // folded into the amount rather than printed as a negative discount.
      const total = row.vatMode === "exclusive" ? returned.exVatSatang : returned.totalSatang;
      const amount = Math.max(total, mulDivHalfUp(line.grossSatang, returned.qty, line.qty));
      return {
        name: line.itemName,
        sku: line.sku,
        unit: line.unit,
        qtyMilli: returned.qty,
        unitPriceSatang: line.unitPriceSatang,
        amountSatang: amount,
        discountSatang: amount - total,
        totalSatang: total,
        vatExempt: line.vatExempt,
        // Only when it has some: a slip made by the till from its bill says nothing either.
        ...optionsOf(optionsByLine, line.id),
      };
    });
    const nonVat = lines
      .filter(({ line }) => line.vatExempt || row.vatMode === "none")
      .reduce((sum, { returned }) => sum + returned.exVatSatang, 0);
    const [invoice, earlier, ownBuyer] = await Promise.all([
      fullInvoiceOf(db, shopId, row.id),
      db
        .select({ exVat: sql<string | null>`sum(${creditNote.exVatSatang})` })
        .from(creditNote)
        .where(
          and(
            eq(creditNote.shopId, shopId),
            eq(creditNote.saleId, row.id),
            lt(creditNote.id, note.id),
          ),
        ),
      // The buyer asked on the return of a slip (decision 0084).
      db
        .select()
        .from(creditNoteBuyer)
        .where(and(eq(creditNoteBuyer.creditNoteId, note.id), eq(creditNoteBuyer.shopId, shopId))),
    ]);
    // The tax invoice the note reduces: the full one when it had replaced the slip by then.
    const reduces =
      invoice && invoice.createdAt <= note.createdAt ? invoice.documentNumber : row.documentNumber;
    const originalValue = row.totalSatang - row.vatSatang;
    const earlierCredits = Number(earlier[0]?.exVat ?? 0);
    return {
      ...common,
      kind: "creditNote",
      documentNumber: note.documentNumber,
      issuedAt: note.createdAt,
      isCopy: note.originalPrintedAt !== null,
      buyer: ownBuyer[0] ? buyerFrom(ownBuyer[0]) : invoice ? buyerFrom(invoice) : null,
      replacesDocumentNumber: null,
      writtenAt: null,
      refersToDocumentNumber: reduces,
      correction: {
        originalNumber: reduces,
        originalIssuedAt: row.createdAt,
        originalValueSatang: originalValue,
        earlierCreditsSatang: earlierCredits,
        correctValueSatang: originalValue - earlierCredits - note.exVatSatang,
        differenceSatang: note.exVatSatang,
        differenceVatSatang: note.vatSatang,
      },
      reason: note.reason,
      issuedByName: found.issuedByName,
      lines: documentLines,
      subtotalSatang: documentLines.reduce((sum, line) => sum + line.totalSatang, 0),
      billDiscountSatang: 0,
      vatBaseSatang: note.exVatSatang - nonVat,
      vatSatang: note.vatSatang,
      nonVatSatang: nonVat,
      totalSatang: note.totalSatang,
      payments: [
        {
          method: note.refundMethod,
          amountSatang: note.totalSatang,
          tenderedSatang: note.totalSatang,
          reference: "",
          cardLast4: null,
        },
      ],
      changeSatang: 0,
    };
  }

  const [lines, payments] = await Promise.all([
    db
      .select()
      .from(saleLine)
      .where(and(eq(saleLine.saleId, row.id), eq(saleLine.shopId, shopId)))
      .orderBy(asc(saleLine.lineNo)),
    db
      .select()
      .from(salePayment)
      .where(and(eq(salePayment.saleId, row.id), eq(salePayment.shopId, shopId)))
      .orderBy(asc(salePayment.paymentNo)),
  ]);
  const optionsByLine = await lineOptionsOf(
    db,
    shopId,
    lines.map((line) => line.id),
  );
  const body = {
    // A line shows its own discount; the bill discount is one line of the totals.
    lines: lines.map((line) => ({
      name: line.itemName,
      sku: line.sku,
      unit: line.unit,
      qtyMilli: line.qty,
      unitPriceSatang: line.unitPriceSatang,
      amountSatang: line.grossSatang,
      discountSatang: line.lineDiscountSatang,
      totalSatang: line.grossSatang - line.lineDiscountSatang,
      vatExempt: line.vatExempt,
      ...optionsOf(optionsByLine, line.id),
    })),
    subtotalSatang: row.grossSatang - row.lineDiscountSatang,
    billDiscountSatang: row.billDiscountSatang,
    vatBaseSatang: row.vatBaseSatang,
    vatSatang: row.vatSatang,
    nonVatSatang: row.nonVatSatang,
    totalSatang: row.totalSatang,
    payments: payments.map((payment) => ({
      method: payment.method,
      amountSatang: payment.amountSatang,
      tenderedSatang: payment.tenderedSatang,
      reference: payment.reference,
      cardLast4: payment.cardLast4,
    })),
    changeSatang: row.changeSatang,
    refersToDocumentNumber: null,
    correction: null,
    reason: null,
    issuedByName: null,
  };

  if (ref.doc === "full") {
    const [invoice] = await db
      .select()
      .from(fullTaxInvoice)
      .where(and(eq(fullTaxInvoice.saleId, row.id), eq(fullTaxInvoice.shopId, shopId)));
    if (!invoice) return null;
    return {
      ...common,
      ...body,
      kind: "fullTaxInvoice",
      documentNumber: invoice.documentNumber,
      // A tax invoice written in place of another bears the date of the one it replaces: the
      // sale's, its tax point (decision 0068); the day it was written is said beside it.
      issuedAt: row.createdAt,
      writtenAt:
        bangkokIsoDate(invoice.createdAt) === bangkokIsoDate(row.createdAt)
          ? null
          : invoice.createdAt,
      isCopy: invoice.originalPrintedAt !== null,
      buyer: buyerFrom(invoice),
      replacesDocumentNumber: row.documentNumber,
    };
  }

  // Only a sale to a customer says one: a slip without stays as the till made it.
  const customer = await slipCustomer(db, shopId, row.id);
  return {
    ...common,
    ...body,
    ...(customer ? { customer } : {}),
    kind: row.documentKind,
    documentNumber: row.documentNumber,
    issuedAt: row.createdAt,
    isCopy: row.originalPrintedAt !== null,
    buyer: null,
    replacesDocumentNumber: null,
    writtenAt: null,
  };
}

/**
 * Records a print of the document. Returns true for the first print (the original) and false
 * for every later one (a copy, สำเนา), or null when the document is not the shop's. The test
 * and the mark are one statement, so two tills printing at once never both get the original.
 */
export async function markPrinted(
  db: DbExecutor,
  shopId: string,
  ref: SaleDocumentRef,
  /** When it printed: now, or when a registered till printed it before the sale arrived. */
  now: Date = new Date(),
): Promise<boolean | null> {
  if (!Number.isSafeInteger(ref.saleId) || ref.saleId < 1) return null;
  let marked: unknown[];
  let exists: () => Promise<unknown[]>;
  if (ref.doc === "sale") {
    const mine = and(eq(sale.id, ref.saleId), eq(sale.shopId, shopId));
    marked = await db
      .update(sale)
      .set({ originalPrintedAt: now })
      .where(and(mine, isNull(sale.originalPrintedAt)))
      .returning({ id: sale.id });
    exists = () => db.select({ id: sale.id }).from(sale).where(mine);
  } else if (ref.doc === "full") {
    const mine = and(eq(fullTaxInvoice.saleId, ref.saleId), eq(fullTaxInvoice.shopId, shopId));
    marked = await db
      .update(fullTaxInvoice)
      .set({ originalPrintedAt: now })
      .where(and(mine, isNull(fullTaxInvoice.originalPrintedAt)))
      .returning({ id: fullTaxInvoice.id });
    exists = () => db.select({ id: fullTaxInvoice.id }).from(fullTaxInvoice).where(mine);
  } else {
    const mine = and(
      eq(creditNote.id, ref.doc.creditNoteId),
      eq(creditNote.saleId, ref.saleId),
      eq(creditNote.shopId, shopId),
    );
    marked = await db
      .update(creditNote)
      .set({ originalPrintedAt: now })
      .where(and(mine, isNull(creditNote.originalPrintedAt)))
      .returning({ id: creditNote.id });
    exists = () => db.select({ id: creditNote.id }).from(creditNote).where(mine);
  }
  if (marked.length > 0) return true;
  return (await exists()).length > 0 ? false : null;
}

function sellerOf(
  stored: SaleSeller,
  logoUrlOf: ((key: string) => string) | undefined,
): SaleDocument["seller"] {
  return {
    ...stored,
    // Stored as E.164 (+66812345678); printed the way Thai people write it (081-234-5678).
    // Formatted here, on the server, so every layout, the PDF and the ESC/POS raster get it
    // without the phone library (about 29 KB gzipped) in the print page's or the till's script.
    phone: stored.phone ? formatPhoneForDisplay(stored.phone) : stored.phone,
    logoUrl: stored.logoKey && logoUrlOf ? logoUrlOf(stored.logoKey) : null,
  };
}

function buyerFrom(invoice: {
  buyerName: string;
  buyerAddress: string;
  buyerTaxId: string;
  buyerBranchCode: string;
}): NonNullable<SaleDocument["buyer"]> {
  return {
    name: invoice.buyerName,
    address: invoice.buyerAddress,
    taxId: invoice.buyerTaxId,
    branchCode: invoice.buyerBranchCode,
  };
}

/** The sale's full tax invoice, when one was issued: a credit note goes to its buyer. */
async function fullInvoiceOf(db: DbExecutor, shopId: string, saleId: number) {
  const [invoice] = await db
    .select()
    .from(fullTaxInvoice)
    .where(and(eq(fullTaxInvoice.saleId, saleId), eq(fullTaxInvoice.shopId, shopId)));
  return invoice ?? null;
}

/**
 * The slip's customer and points (decision 0082): the name the sale was made under, the points
 * it earned and redeemed, the balance right after it. Read by table name: the customers module
 * depends on sales, not the other way.
 */
async function slipCustomer(
  db: DbExecutor,
  shopId: string,
  saleId: number,
): Promise<SaleDocument["customer"]> {
  const { rows } = await db.execute<{
    name: string;
    earned: number | string | null;
    redeemed: number | string | null;
    balance: number | null;
  }>(sql`
    SELECT sc.customer_name AS name,
           (SELECT sum(e.points) FROM points_entry e
             WHERE e.shop_id = sc.shop_id AND e.sale_id = sc.sale_id AND e.kind = 'earn') AS earned,
           (SELECT -sum(e.points) FROM points_entry e
             WHERE e.shop_id = sc.shop_id AND e.sale_id = sc.sale_id AND e.kind = 'redeem') AS redeemed,
           (SELECT e.balance_after FROM points_entry e
             WHERE e.shop_id = sc.shop_id AND e.sale_id = sc.sale_id
               AND e.kind IN ('earn', 'redeem')
             ORDER BY e.id DESC LIMIT 1) AS balance
      FROM sale_customer sc
     WHERE sc.shop_id = ${shopId} AND sc.sale_id = ${saleId}`);
  const row = rows[0];
  if (!row) return null;
  return {
    name: row.name,
    pointsEarned: Number(row.earned ?? 0),
    pointsRedeemed: Number(row.redeemed ?? 0),
    pointsBalance: row.balance === null ? null : Number(row.balance),
  };
}

/** A line's options for its document, none when it has none (as receiptDocument makes it). */
function optionsOf<T>(byLine: Map<number, T[]>, lineId: number): { options?: T[] } {
  const options = byLine.get(lineId);
  return options?.length ? { options } : {};
}

/** The options each sale line was sold with (decision 0092), as sold, by sale line id. */
export async function lineOptionsOf(
  db: DbExecutor,
  shopId: string,
  saleLineIds: readonly number[],
): Promise<Map<number, { groupName: string; choiceName: string; priceSatang: number }[]>> {
  const byLine = new Map<
    number,
    { groupName: string; choiceName: string; priceSatang: number }[]
  >();
  if (saleLineIds.length === 0) return byLine;
  const rows = await db
    .select({
      saleLineId: saleLineOption.saleLineId,
      groupName: saleLineOption.groupName,
      choiceName: saleLineOption.choiceName,
      priceSatang: saleLineOption.priceSatang,
    })
    .from(saleLineOption)
    .where(
      and(eq(saleLineOption.shopId, shopId), inArray(saleLineOption.saleLineId, [...saleLineIds])),
    )
    .orderBy(asc(saleLineOption.saleLineId), asc(saleLineOption.position));
  for (const { saleLineId, ...option } of rows) {
    const list = byLine.get(saleLineId) ?? [];
    list.push(option);
    byLine.set(saleLineId, list);
  }
  return byLine;
}
