import type { Bill, PaymentMethod } from "./bill";
import type { PaymentRequest, SaleDocument } from "./sale-contract";
import type { PaperWidth, SaleReceiptKind } from "./schema";

/*
 * A slip or abbreviated tax invoice as the print layouts read it (SaleDocument), made from the
 * bill itself rather than from the stored sale. A registered till prints its queued sale with
 * it before the sale has reached the server (decision 0071); the server's document of the same
 * sale, once it arrives, is the same to the satang (tests/integration/till-sales-as-made.test.ts
 * compares them). The split of the change over the payments is the one sale_post stores.
 */

/** A payment as stored and printed: what it put towards the bill, and what was handed over. */
export interface SettledPayment {
  method: PaymentMethod;
  amountSatang: number;
  tenderedSatang: number;
  reference: string;
  cardLast4: string | null;
  approvalCode: string | null;
}

/**
 * Each payment with what it puts towards the bill: what a non-cash payment charged, cash handed
 * over minus the change, the change taken from the last cash payments first.
 */
export function paymentsAfterChange(
  payments: readonly PaymentRequest[],
  changeSatang: number,
): SettledPayment[] {
  const settled = payments.map((payment) => {
    const card = payment.method === "card";
    return {
      method: payment.method,
      amountSatang: payment.amountSatang,
      tenderedSatang: payment.amountSatang,
      reference: payment.reference ?? "",
      cardLast4: (card && payment.cardLast4) || null,
      approvalCode: (card && payment.approvalCode) || null,
    };
  });
  let change = changeSatang;
  for (const payment of settled.toReversed()) {
    if (change === 0) break;
    if (payment.method !== "cash") continue;
    const taken = Math.min(change, payment.amountSatang);
    payment.amountSatang -= taken;
    change -= taken;
  }
  return settled;
}

/** What the printed line names besides the bill's figures. */
export interface ReceiptLineInfo {
  name: string;
  sku: string;
  unit: string;
  qtyMilli: number;
  unitPriceSatang: number;
  vatExempt: boolean;
  /** The line's options (decision 0092), printed under it. */
  options?: readonly { groupName: string; choiceName: string; priceSatang: number }[] | undefined;
}

export interface ReceiptInput {
  kind: SaleReceiptKind;
  documentNumber: string;
  issuedAt: Date;
  seller: SaleDocument["seller"];
  paperWidth: PaperWidth;
  cashierName: string;
  till: string;
  note: string;
  bill: Bill;
  /** In the bill's order. */
  lines: readonly ReceiptLineInfo[];
  payments: readonly PaymentRequest[];
  changeSatang: number;
}

/** The original slip of a sale as its bill says it (the figures getSaleDocument stores). */
export function receiptDocument(input: ReceiptInput): SaleDocument {
  const { bill } = input;
  return {
    kind: input.kind,
    documentNumber: input.documentNumber,
    issuedAt: input.issuedAt,
    isCopy: false,
    status: "completed",
    voidReason: null,
    seller: input.seller,
    paperWidth: input.paperWidth,
    cashierName: input.cashierName,
    till: input.till,
    buyer: null,
    replacesDocumentNumber: null,
    writtenAt: null,
    refersToDocumentNumber: null,
    correction: null,
    reason: null,
    issuedByName: null,
    // A line shows its own discount; the bill discount is one line of the totals.
    lines: input.lines.map((line, index) => {
      const priced = bill.lines[index];
      if (!priced) throw new Error("receiptDocument: a line the bill does not have");
      return {
        name: line.name,
        sku: line.sku,
        unit: line.unit,
        qtyMilli: line.qtyMilli,
        unitPriceSatang: line.unitPriceSatang,
        amountSatang: priced.grossSatang,
        discountSatang: priced.lineDiscountSatang,
        totalSatang: priced.grossSatang - priced.lineDiscountSatang,
        vatExempt: line.vatExempt,
        ...(line.options?.length ? { options: [...line.options] } : {}),
      };
    }),
    vatMode: bill.vatMode,
    vatRateBasisPoints: bill.vatRateBasisPoints,
    subtotalSatang: bill.grossSatang - bill.lineDiscountSatang,
    billDiscountSatang: bill.billDiscountSatang,
    vatBaseSatang: bill.vatBaseSatang,
    vatSatang: bill.vatSatang,
    nonVatSatang: bill.nonVatSatang,
    totalSatang: bill.totalSatang,
    payments: paymentsAfterChange(input.payments, input.changeSatang).map((payment) => ({
      method: payment.method,
      amountSatang: payment.amountSatang,
      tenderedSatang: payment.tenderedSatang,
      reference: payment.reference,
      cardLast4: payment.cardLast4,
    })),
    changeSatang: input.changeSatang,
    note: input.note,
  };
}
