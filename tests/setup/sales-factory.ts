import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sale, saleLine, salePayment, shop, shopSalesSetting, stockItem, user } from "~/db/schema";
import {
  buddhistYear,
  computeBill,
  type Discount,
  defaultSalesSettings,
  type PaymentMethod,
  saleDocumentNumber,
  type VatMode,
} from "~/modules/sales/index.server";
import { getDefaultLocation, postMovements, runLedgerWork } from "~/modules/stock/index.server";
import { insertGiven } from "./insert-given";

/*
 * Completed sales straight through the ledger, made the way completeSale makes them (the
 * till's server code, built on another branch): within one runLedgerWork unit, the `sale`
 * movements, the shop's gapless number for the document kind and Buddhist-era year, and the
 * rows of sale / sale_line (each line's cost from its movement) / sale_payment, the bill from
 * computeBill. Tests of what happens after a sale (invoices, voids, returns, full tax
 * invoices) use it. Quantities are whole units here: the ledger on this branch takes whole
 * units (see ledger-quantity.ts).
 */

export interface TestSaleLine {
  itemId: number;
  /** Whole units. */
  qty: number;
  /** Thousandths of the unit instead (an item sold by weight: 1255 = 1.255 kg). */
  qtyMilli?: number;
  /** The item's price when left out. */
  unitPriceSatang?: number;
  discount?: Discount | null;
  /** Goods exempt from VAT (fresh produce in a VAT-registered grocery). */
  vatExempt?: boolean;
}

export interface TestSaleOptions {
  shopId: string;
  /** The cashier. */
  userId: string;
  lines: TestSaleLine[];
  /** Cash for the exact total when left out. */
  payments?: { method: PaymentMethod; amountSatang: number }[];
  /** The shop's setting when left out ("none" for a shop not registered for VAT). */
  vatMode?: VatMode;
  billDiscount?: Discount | null;
  /** When the sale completed (a past sale); now when left out. */
  at?: Date;
  /** The till it was rung up on ("เครื่อง 1" when left out). */
  till?: string;
  /** The registered till that sold it (decision 0071); none when left out (the shop's P01). */
  tillId?: string;
}

export interface TestSale {
  id: number;
  documentNumber: string;
  totalSatang: number;
  vatSatang: number;
  lineIds: number[];
  movementIds: number[];
}

/** A company buyer for a full tax invoice (the tax ID's checksum is valid). */
export const TEST_BUYER = {
  name: "บริษัท ลูกค้า จำกัด",
  address: "1 ถนนสีลม บางรัก กรุงเทพฯ 10500",
  taxId: "1101700207030",
  branchCode: "00000",
};

/**
 * The columns of an expense's supplier tax invoice (a valid tax ID, the head office); a test
 * adds the invoice's date and value before VAT.
 */
export const SUPPLIER_TAX_INVOICE = {
  supplier: "บริษัท ผู้ขาย จำกัด",
  supplierTaxId: "0105556123453",
  supplierBranch: "00000",
  taxInvoiceNumber: "IV-0001",
};

/** A shop's selling settings (written as a row, as the settings page saves them). */
export async function setSalesSettings(
  db: Database,
  shopId: string,
  fields: Partial<Omit<typeof shopSalesSetting.$inferInsert, "shopId">>,
): Promise<void> {
  await db
    .insert(shopSalesSetting)
    .values({ shopId, ...fields })
    .onConflictDoUpdate({ target: shopSalesSetting.shopId, set: { ...fields } });
}

/** A VAT-registered shop (prices include VAT unless told) that issues abbreviated invoices. */
export async function registerForVat(db: Database, shopId: string, pricesIncludeVat = true) {
  await db.update(shop).set({ taxId: "0105556123453" }).where(eq(shop.id, shopId));
  await setSalesSettings(db, shopId, { vatRegistered: true, pricesIncludeVat });
}

/**
 * The selling settings a sale's document needs, read column by column: the tests of old
 * migrations make sales on a database that lacks the columns added since.
 */
async function documentSettings(db: Database, shopId: string) {
  const defaults = defaultSalesSettings(shopId);
  const [row] = await db
    .select({
      vatRegistered: shopSalesSetting.vatRegistered,
      pricesIncludeVat: shopSalesSetting.pricesIncludeVat,
      vatRateBasisPoints: shopSalesSetting.vatRateBasisPoints,
      receiptPrefix: shopSalesSetting.receiptPrefix,
      abbreviatedPrefix: shopSalesSetting.abbreviatedPrefix,
      branchCode: shopSalesSetting.branchCode,
      posRegistrationNo: shopSalesSetting.posRegistrationNo,
      receiptHeader: shopSalesSetting.receiptHeader,
      receiptFooter: shopSalesSetting.receiptFooter,
      logoKey: shopSalesSetting.logoKey,
    })
    .from(shopSalesSetting)
    .where(eq(shopSalesSetting.shopId, shopId));
  return row ?? defaults;
}

export async function createSaleForTest(db: Database, options: TestSaleOptions): Promise<TestSale> {
  const { shopId, userId } = options;
  const settings = await documentSettings(db, shopId);
  const vatMode: VatMode =
    options.vatMode ??
    (settings.vatRegistered ? (settings.pricesIncludeVat ? "inclusive" : "exclusive") : "none");
  const itemIds = [...new Set(options.lines.map((line) => line.itemId))];
  const items = await db
    .select()
    .from(stockItem)
    .where(and(eq(stockItem.shopId, shopId), inArray(stockItem.id, itemIds)));
  const itemOf = (id: number) => {
    const found = items.find((item) => item.id === id);
    if (!found) throw new Error(`test sale: item ${id} is not the shop's`);
    return found;
  };
  const prices = options.lines.map(
    (line) => line.unitPriceSatang ?? itemOf(line.itemId).priceSatang,
  );
  const billed = computeBill({
    lines: options.lines.map((line, i) => ({
      unitPriceSatang: prices[i]!,
      qtyMilli: line.qtyMilli ?? line.qty * 1000,
      discount: line.discount ?? null,
      vatExempt: line.vatExempt ?? false,
    })),
    billDiscount: options.billDiscount ?? null,
    vat: { mode: vatMode, rateBasisPoints: settings.vatRateBasisPoints },
  });
  if (!billed.ok) throw new Error(`test sale: bill refused ${JSON.stringify(billed.error)}`);
  const bill = billed.bill;
  const payments = options.payments ?? [{ method: "cash", amountSatang: bill.totalSatang }];
  const location = await getDefaultLocation(db, shopId);
  const [cashier] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  const [seller] = await db.select().from(shop).where(eq(shop.id, shopId));
  const at = options.at ?? new Date();
  const documentKind = vatMode === "none" ? "receipt" : "abbreviatedTaxInvoice";
  const prefix = documentKind === "receipt" ? settings.receiptPrefix : settings.abbreviatedPrefix;

  return runLedgerWork(db, shopId, {
    items: itemIds,
    run: async (tx) => {
      const posted = await postMovements(tx, {
        shopId,
        userId,
        kind: "sale",
        lines: options.lines.map((line) => ({
          itemId: line.itemId,
          locationId: location.id,
          qty: line.qtyMilli ?? line.qty * 1000,
        })),
      });
      const year = buddhistYear(at);
      const numbered = await tx.execute<{ n: string }>(
        sql`SELECT next_document_number(${shopId}::uuid, ${documentKind}, ${year}) AS n`,
      );
      const seq = Number(numbered.rows[0]!.n);
      const documentNumber = saleDocumentNumber(prefix, year, seq);
      const movementOf = (index: number) => posted.movements.find((m) => m.line === index + 1)!;
      const costs = options.lines.map((_, i) => -movementOf(i).valueSatang);
      const tendered = payments.reduce((sum, p) => sum + p.amountSatang, 0);
      // Only the columns given: tests of old migrations make sales on an older sale table.
      const row = await insertGiven(tx, sale, {
        shopId,
        clientSaleId: randomUUID(),
        documentKind,
        documentYear: year,
        documentSeq: seq,
        documentNumber,
        till: options.till ?? "เครื่อง 1",
        tillId: options.tillId,
        cashierId: userId,
        cashierName: cashier?.name ?? "",
        stockDocumentId: posted.documentId,
        vatMode,
        vatRateBasisPoints: bill.vatRateBasisPoints,
        grossSatang: bill.grossSatang,
        lineDiscountSatang: bill.lineDiscountSatang,
        billDiscountKind: options.billDiscount?.kind ?? null,
        billDiscountValue: options.billDiscount
          ? options.billDiscount.kind === "amount"
            ? options.billDiscount.satang
            : options.billDiscount.basisPoints
          : null,
        billDiscountSatang: bill.billDiscountSatang,
        vatBaseSatang: bill.vatBaseSatang,
        vatSatang: bill.vatSatang,
        nonVatSatang: bill.nonVatSatang,
        totalSatang: bill.totalSatang,
        costSatang: costs.reduce((a, b) => a + b, 0),
        tenderedSatang: tendered,
        changeSatang: Math.max(0, tendered - bill.totalSatang),
        seller: {
          name: seller!.name,
          address: seller!.address,
          phone: seller!.phone,
          taxId: seller!.taxId,
          branchCode: settings.branchCode,
          posRegistrationNo: settings.posRegistrationNo,
          receiptHeader: settings.receiptHeader,
          receiptFooter: settings.receiptFooter,
          logoKey: settings.logoKey,
        },
        createdAt: at,
      });
      const lines = await tx
        .insert(saleLine)
        .values(
          options.lines.map((line, i) => {
            const item = itemOf(line.itemId);
            const billLine = bill.lines[i]!;
            const movement = movementOf(i);
            return {
              shopId,
              saleId: row!.id,
              lineNo: i + 1,
              itemId: line.itemId,
              itemName: item.name,
              sku: item.sku,
              unit: item.unit,
              qty: line.qtyMilli ?? line.qty * 1000,
              unitPriceSatang: prices[i]!,
              discountKind: line.discount?.kind ?? null,
              discountValue: line.discount
                ? line.discount.kind === "amount"
                  ? line.discount.satang
                  : line.discount.basisPoints
                : null,
              grossSatang: billLine.grossSatang,
              lineDiscountSatang: billLine.lineDiscountSatang,
              billDiscountSatang: billLine.billDiscountSatang,
              netSatang: billLine.netSatang,
              vatExempt: line.vatExempt ?? false,
              vatSatang: billLine.vatSatang,
              exVatSatang: billLine.exVatSatang,
              totalSatang: billLine.totalSatang,
              unitCostSatang: movement.unitCostSatang,
              costSatang: costs[i]!,
              movementId: movement.id,
            };
          }),
        )
        .returning({ id: saleLine.id });
      // Cash is what covers the rest after the other methods; any over is the change.
      const nonCash = payments
        .filter((p) => p.method !== "cash")
        .reduce((sum, p) => sum + p.amountSatang, 0);
      await tx.insert(salePayment).values(
        payments.map((p, i) => ({
          shopId,
          saleId: row!.id,
          paymentNo: i + 1,
          method: p.method,
          amountSatang:
            p.method === "cash"
              ? Math.min(p.amountSatang, bill.totalSatang - nonCash)
              : p.amountSatang,
          tenderedSatang: p.amountSatang,
        })),
      );
      return {
        id: row!.id,
        documentNumber,
        totalSatang: bill.totalSatang,
        vatSatang: bill.vatSatang,
        lineIds: lines.map((l) => l.id),
        movementIds: options.lines.map((_, i) => movementOf(i).id),
      };
    },
  });
}
