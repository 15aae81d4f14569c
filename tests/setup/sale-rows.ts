import { randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server";
import {
  creditNote,
  creditNoteLine,
  fullTaxInvoice,
  sale,
  saleLine,
  salePayment,
} from "~/db/schema";
import type { SaleSeller } from "~/modules/sales/schema";

/*
 * Sale rows written straight into the tables, for the tests of what reads them (the printed
 * documents). The sale-writing code (complete-sale) is built separately; these rows follow
 * the same shape: a VAT-inclusive bill of two lines paid in cash with change.
 */

let counter = 0;

export interface SaleRowsOptions {
  shopId: string;
  itemId: number;
  vat?: boolean;
  status?: "completed" | "void";
  voidReason?: string;
  cashierName?: string;
  /** The payment method; cash hands over 200.00 baht for the 120.50 bill. */
  method?: "cash" | "promptpay";
  seller?: Partial<SaleSeller>;
}

/**
 * A sale of 2 × น้ำดื่ม at 35.25 and 1 × ผู้ซื้อ น้ำ ปี่ at 50.00 = 120.50 baht (VAT 7 %
 * included: base 112.62, VAT 7.88 when the shop is registered), paid 200.00 in cash with 79.50
 * change.
 */
export async function insertSaleRows(db: Database, options: SaleRowsOptions) {
  counter += 1;
  const vat = options.vat ?? true;
  const kind = vat ? "abbreviatedTaxInvoice" : "receipt";
  const number = `${vat ? "ABB" : "RC"}2569-${String(counter).padStart(6, "0")}`;
  const seller: SaleSeller = {
    name: "ร้านใจดีมินิมาร์ท",
    address: "12 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110",
    phone: "081-234-5678",
    taxId: vat ? "0105558012345" : null,
    branchCode: "00000",
    posRegistrationNo: vat ? "E0123456789012" : "",
    receiptHeader: "ยินดีต้อนรับ",
    receiptFooter: "ขอบคุณที่อุดหนุน",
    logoKey: null,
    ...options.seller,
  };
  const cash = (options.method ?? "cash") === "cash";
  const status = options.status ?? "completed";
  const [row] = await db
    .insert(sale)
    .values({
      shopId: options.shopId,
      clientSaleId: randomUUID(),
      documentKind: kind,
      documentYear: 2569,
      documentSeq: counter,
      documentNumber: number,
      status,
      till: "เครื่อง 1",
      cashierId: "cashier",
      cashierName: options.cashierName ?? "สมศรี ขายดี",
      vatMode: vat ? "inclusive" : "none",
      vatRateBasisPoints: vat ? 700 : 0,
      grossSatang: 12_050,
      lineDiscountSatang: 0,
      billDiscountSatang: 0,
      vatBaseSatang: vat ? 11_262 : 0,
      vatSatang: vat ? 788 : 0,
      nonVatSatang: vat ? 0 : 12_050,
      totalSatang: 12_050,
      costSatang: 8_000,
      tenderedSatang: cash ? 20_000 : 12_050,
      changeSatang: cash ? 7_950 : 0,
      seller,
      voidedAt: status === "void" ? new Date() : null,
      voidedBy: status === "void" ? "manager" : null,
      voidReason: status === "void" ? (options.voidReason ?? "ลูกค้ายกเลิก") : null,
    })
    .returning();
  const created = row!;
  const lines = await db
    .insert(saleLine)
    .values([
      {
        shopId: options.shopId,
        saleId: created.id,
        lineNo: 1,
        itemId: options.itemId,
        itemName: "น้ำดื่มตราช้าง 600 มล.",
        sku: "WATER-1",
        unit: "ขวด",
        qty: 2_000,
        unitPriceSatang: 3_525,
        grossSatang: 7_050,
        lineDiscountSatang: 0,
        billDiscountSatang: 0,
        netSatang: 7_050,
        vatSatang: vat ? 461 : 0,
        exVatSatang: vat ? 6_589 : 7_050,
        totalSatang: 7_050,
        unitCostSatang: 2_500,
        costSatang: 5_000,
      },
      {
        shopId: options.shopId,
        saleId: created.id,
        lineNo: 2,
        itemId: options.itemId,
        itemName: "ผู้ซื้อ น้ำ ปี่ ที่ตั้ง",
        sku: "THAI-2",
        unit: "ชิ้น",
        qty: 1_000,
        unitPriceSatang: 5_000,
        grossSatang: 5_000,
        lineDiscountSatang: 0,
        billDiscountSatang: 0,
        netSatang: 5_000,
        vatSatang: vat ? 327 : 0,
        exVatSatang: vat ? 4_673 : 5_000,
        totalSatang: 5_000,
        unitCostSatang: 3_000,
        costSatang: 3_000,
      },
    ])
    .returning();
  await db.insert(salePayment).values({
    shopId: options.shopId,
    saleId: created.id,
    paymentNo: 1,
    method: cash ? "cash" : "promptpay",
    amountSatang: 12_050,
    tenderedSatang: cash ? 20_000 : 12_050,
    reference: cash ? "" : "PP-REF-1",
  });
  return { sale: created, lines };
}

/** The full tax invoice issued for a sale, for a company buyer at its head office. */
export async function insertFullTaxInvoice(db: Database, shopId: string, saleId: number) {
  counter += 1;
  const [row] = await db
    .insert(fullTaxInvoice)
    .values({
      shopId,
      saleId,
      documentYear: 2569,
      documentSeq: counter,
      documentNumber: `INV2569-${String(counter).padStart(6, "0")}`,
      buyerName: "บริษัท ลูกค้าดี จำกัด",
      buyerAddress: "99 ถนนพหลโยธิน แขวงสามเสนใน เขตพญาไท กรุงเทพฯ 10400",
      buyerTaxId: "0105560000001",
      buyerBranchCode: "00000",
      issuedBy: "manager",
    })
    .returning();
  return row!;
}

/** A credit note returning one of the two bottles (35.25 baht, VAT 2.31 of it). */
export async function insertCreditNote(
  db: Database,
  shopId: string,
  saleId: number,
  saleLineId: number,
) {
  counter += 1;
  const [note] = await db
    .insert(creditNote)
    .values({
      shopId,
      saleId,
      documentYear: 2569,
      documentSeq: counter,
      documentNumber: `CN2569-${String(counter).padStart(6, "0")}`,
      reason: "สินค้าชำรุด",
      refundMethod: "cash",
      exVatSatang: 3_294,
      vatSatang: 231,
      totalSatang: 3_525,
      costSatang: 2_500,
      issuedBy: "manager",
    })
    .returning();
  await db.insert(creditNoteLine).values({
    shopId,
    creditNoteId: note!.id,
    saleLineId,
    qty: 1_000,
    exVatSatang: 3_294,
    vatSatang: 231,
    totalSatang: 3_525,
    costSatang: 2_500,
  });
  return note!;
}
