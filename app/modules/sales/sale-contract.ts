import { z } from "zod";
import {
  type BillError,
  MAX_BILL_SATANG,
  type Discount,
  type PaymentError,
  type PaymentMethod,
  type VatMode,
} from "./bill";
import type { DiscountShares } from "./discount-limit";
import type { OverrideLine } from "./open-price";
import type { SaleDocumentKind } from "./document-number";
import type { PaperWidth, SaleSeller, SaleStatus } from "./schema";

/*
 * What the till sends when a sale completes (one zod schema, the types drawn from it), what it
 * gets back, and the read model every printed document is drawn from. The till
 * (routes/shophub/sell), the sale's server code (complete-sale.server.ts) and the print
 * layouts (routes/shophub/documents) all speak these types, so each can be built and tested
 * on its own.
 */

/** The most lines and payments one bill carries: far past a real bill, small enough to read. */
export const MAX_SALE_LINES = 500;
export const MAX_SALE_PAYMENTS = 20;

/*
 * Shapes, not sums: a number here is a whole number, and whether it is in range (a quantity
 * above zero, a discount within its line, a payment that is not negative) is the bill's
 * arithmetic to answer (bill.ts, the same code on the till), with an error that names the line
 * or the payment.
 */
const whole = z.number().int();

const discountSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("amount"), satang: whole }),
  z.object({ kind: z.literal("percent"), basisPoints: whole }),
]) satisfies z.ZodType<Discount>;

/** One cart line as the till sends it. */
const saleLineRequestSchema = z.object({
  itemId: whole,
  /** Thousandths of the item's unit (1000 = one piece, 1255 = 1.255 kg). */
  qtyMilli: whole,
  /**
   * The scale label the line was scanned from, when it was: the server reads the weight or
   * price from it again with the shop's layout (the label's item code is the item's SKU).
   */
  scaleLabel: z
    .string()
    .regex(/^\d{13}$/)
    .nullish(),
  discount: discountSchema.nullish(),
  /**
   * The unit price the till sold at. A registered till's sale happened already (the customer
   * paid this price): the server keeps it and flags a price that differs from the list. Any
   * other sale is priced from the item.
   */
  unitPriceSatang: whole.min(0).optional(),
  /**
   * The unit price the cashier typed (issue 37, decision 0093): an open-price item's price
   * (ราคาตามจริง, within its bounds), or an override of the list price, which below the list
   * needs an owner's or a manager's approval of this bill for a cashier (open-price.ts).
   */
  typedPriceSatang: whole.min(0).max(MAX_BILL_SATANG).optional(),
  /**
   * The option choices picked for the line (issue 37, decision 0092), by id: the server checks
   * them against the item's option groups (options.ts) and adds their price to the unit price.
   */
  options: z.array(whole.positive()).max(50).optional(),
});

/**
 * A payment's details are text the cashier typed; one that is text but not a detail the till
 * accepts (a card's last digits that are not 4 digits) is refused as that payment's error
 * (badPaymentDetail), anything else that is not a payment as a request the till never sends.
 */
export const PAYMENT_DETAIL_FIELDS = ["reference", "cardLast4", "approvalCode"] as const;

const paymentRequestSchema = z.object({
  method: z.enum([
    "cash",
    "promptpay",
    "transfer",
    "card",
    "account",
  ]) satisfies z.ZodType<PaymentMethod>,
  /** Cash: what the customer handed over. Others: what was charged. */
  amountSatang: whole,
  /** Transfer or PromptPay reference, when the cashier noted one. */
  reference: z.string().trim().max(100).optional(),
  /** A card's last 4 digits (kept only for a card payment). */
  cardLast4: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/)
    .optional(),
  /** The card terminal's approval code (kept only for a card payment). */
  approvalCode: z
    .string()
    .trim()
    .max(20)
    .regex(/^[0-9A-Za-z-]*$/)
    .optional(),
}) satisfies z.ZodType<Partial<Record<(typeof PAYMENT_DETAIL_FIELDS)[number], string>>>;

/**
 * THE contract of the till's request (decision 0066): the route hands the JSON body to
 * completeSale, which reads it with this schema and nothing else. Shapes only: whether the
 * sale adds up, the stock suffices and the items are the shop's is completeSale's to answer,
 * with typed errors.
 */
export const completeSaleRequestSchema = z.object({
  /** A UUID the till made for this bill; sent again on a retry, it never makes a second sale. */
  clientSaleId: z.uuid(),
  /** The till's own name ("เครื่อง 1"), kept on the sale. */
  till: z.string().trim().min(1).max(60),
  lines: z.array(saleLineRequestSchema).max(MAX_SALE_LINES),
  billDiscount: discountSchema.nullish(),
  note: z.string().trim().max(500).optional(),
  /**
   * The customer the bill is for (issue 37, decision 0082), by their Thai phone number in
   * E.164: a till offline attaches a number without looking it up; the sale is linked to the
   * shop's customer of that number, if there is one, in the sale's transaction.
   */
  customerPhone: z
    .string()
    .regex(/^\+66[0-9]{8,9}$/)
    .optional(),
  /**
   * Points the customer redeems on this bill (issue 37, decision 0082): a bill discount of the
   * shop's value per point, before VAT. Needs `customerPhone`; an online till's redemption past
   * the balance is refused, a registered till's queued one is limited and flagged.
   */
  redeemPoints: whole.min(1).max(100_000_000).optional(),
  /**
   * The price level the bill is sold at (issue 37, decision 0089); without it, ราคาปลีก (the
   * items' own prices). The server prices every line at it again (price-level.ts).
   */
  priceLevelId: whole.positive().optional(),
  payments: z.array(paymentRequestSchema).max(MAX_SALE_PAYMENTS),
  /**
   * The total the till showed. When prices changed since the till loaded them, the server's
   * total differs and the sale is refused with `totalChanged`, so nobody is charged a sum
   * they were not shown.
   */
  expectedTotalSatang: whole,
  /**
   * The VAT setting the till priced the bill with (its copy of the shop's settings). A
   * registered till's sale keeps it, the owner told when the shop's setting had changed
   * meanwhile; any other sale is priced with the shop's setting.
   */
  vat: z
    .object({
      mode: z.enum(["inclusive", "exclusive", "none"]) satisfies z.ZodType<VatMode>,
      rateBasisPoints: whole.min(0).max(10_000),
    })
    .optional(),
  /**
   * A registered till (decision 0071): which till it is (its token proves it), the number it
   * took for this sale in its own series, and its clock when it sold and when it sent. Without
   * it, the sale is numbered in the shop's series, as before registered tills.
   */
  device: z
    .object({
      tillId: z.uuid(),
      token: z.string().min(20).max(100),
      kind: z.enum(["receipt", "abbreviatedTaxInvoice"]),
      prefix: z.string().min(1).max(8),
      year: whole,
      seq: whole,
      soldAt: z.iso.datetime({ offset: true }),
      sentAt: z.iso.datetime({ offset: true }),
      /**
       * When the till printed the slip itself, before the server had the sale: the server's
       * next print of it is a copy (สำเนา), not a second original.
       */
      printedAt: z.iso.datetime({ offset: true }).optional(),
    })
    .optional(),
  /**
   * A cashier took over this registered till with their PIN (issue 37, decision 0088): the id
   * the server gave for that switch. The server takes the sale's cashier from its own record of
   * the switch (this till, this session, its time), never from the till.
   */
  cashierSwitch: z.uuid().optional(),
});

export type CompleteSaleRequest = z.infer<typeof completeSaleRequestSchema>;
export type SaleLineRequest = CompleteSaleRequest["lines"][number];
export type PaymentRequest = CompleteSaleRequest["payments"][number];

export type SaleError =
  | { code: "empty" }
  | { code: "bill"; error: BillError }
  | { code: "payment"; error: PaymentError }
  | { code: "totalChanged"; totalSatang: number }
  /** The item is gone, archived, or not this shop's. `line` is 0-based. */
  | { code: "itemUnavailable"; line: number }
  /** A whole-unit item with a fraction, or a scale label that does not read. */
  | { code: "badQuantity"; line: number }
  | { code: "notEnoughStock"; line: number; availableMilli: number }
  /**
   * The line's options do not fit its item's option groups (decision 0092): a required group
   * without a choice, more than a group allows, or a choice the item does not offer. `line` is
   * 0-based; `group` names the group ("" for a choice of no group of the item).
   */
  | {
      code: "options";
      line: number;
      reason: "tooFew" | "tooMany" | "notOffered";
      group: string;
      limit: number;
    }
  /** The same clientSaleId was used before for a different bill. */
  | { code: "replayMismatch" }
  | { code: "shiftRequired" }
  /** The bill's discounts go past what a cashier gives alone, without an approval covering them. */
  | { code: "discountNeedsApproval"; shares: DiscountShares; limit: DiscountShares }
  /**
   * An open-price item's line without a typed price, or one out of its bounds (decision 0093):
   * the till says it next to the price with the bounds.
   */
  | {
      code: "openPrice";
      line: number;
      reason: "missing" | "below" | "above";
      minSatang: number | null;
      maxSatang: number | null;
    }
  /** A cashier's prices typed below the list, without an approval of this bill covering them. */
  | { code: "priceNeedsApproval"; lines: OverrideLine[]; belowSatang: number }
  /** The till's open shift is someone else's and the cashier was not added to it. */
  | { code: "notShiftMember"; openedByName: string }
  /** The cashier sells in an open shift at another till: they sell there, or close it first. */
  | { code: "shiftOnOtherTill"; till: string }
  /** A card's last 4 digits that are not 4 digits, an approval code or reference too long. */
  | { code: "badPaymentDetail"; payment: number }
  /** Not what the till sends (no sale id, lines that are not lines): a bug or a forged call. */
  | { code: "badRequest" }
  /** The till named is no registered till of the shop, or this device is not the one bound to it. */
  | { code: "tillNotRegistered" }
  /**
   * The number the till took is not the next of its series (a gap or a repeat): where the
   * series stands on the server, for the till to continue from.
   */
  | { code: "outOfSequence"; year: number; lastSeq: number | null }
  /** The till's day is closed by its Z report (decision 0072): it sells again tomorrow. */
  | { code: "dayClosed" }
  /**
   * The cashier switch the till names is not one the server made for this till and session
   * while the sale was made (ended, expired, forged): decision 0088.
   */
  | { code: "cashierSwitchInvalid" }
  /**
   * A redemption the sale cannot take (decision 0082): points are off in the shop, the bill
   * has no known customer, more points than the balance, or a value past the bill.
   */
  | {
      code: "points";
      reason: "off" | "noCustomer" | "overBalance" | "overBill";
      balance: number;
    }
  /**
   * Selling on account the sale cannot take (decision 0083): no known customer on the bill,
   * a customer without a credit limit, or the bill past what the limit still allows.
   */
  | { code: "account"; reason: "noCustomer" | "noLimit" | "overLimit"; headroomSatang: number };

export interface CompletedSale {
  id: number;
  documentKind: SaleDocumentKind;
  documentNumber: string;
  totalSatang: number;
  changeSatang: number;
  /** True when this answer is the earlier sale of the same clientSaleId (a retry). */
  replayed: boolean;
  /** How far the till's clock is off, in seconds, when it is more than five minutes. */
  clockSkewSeconds?: number;
}

export type CompleteSaleResult =
  { ok: true; sale: CompletedSale } | { ok: false; error: SaleError };

/** Everything a print layout (58 mm, 80 mm, A4, PDF, ESC/POS) needs, nothing more. */
/**
 * The correction a credit note makes (Revenue Code section 86/10): the tax invoice it reduces,
 * with its date; that invoice's value of goods before VAT, what earlier credit notes took off it,
 * the correct value now, the difference (this note) and the VAT on the difference. Values are
 * before VAT (the Code's "มูลค่า"); correct = original − earlier − difference.
 */
export interface CreditCorrection {
  /** The sale's full tax invoice when it was issued before the note (it replaced the slip), else the slip. */
  originalNumber: string;
  /** The original's date: the sale's (a full tax invoice bears the date of the slip it replaces). */
  originalIssuedAt: Date;
  originalValueSatang: number;
  earlierCreditsSatang: number;
  correctValueSatang: number;
  differenceSatang: number;
  differenceVatSatang: number;
}

export interface SaleDocument {
  kind: SaleDocumentKind;
  documentNumber: string;
  /** When the document was issued (the sale's moment for a receipt or abbreviated invoice). */
  issuedAt: Date;
  /** Printed before: this print is a copy (สำเนา). */
  isCopy: boolean;
  status: SaleStatus;
  voidReason: string | null;
  seller: SaleSeller & { logoUrl: string | null };
  paperWidth: PaperWidth;
  cashierName: string;
  till: string;
  /** Full tax invoice: the buyer; and the abbreviated invoice it replaces. */
  buyer: {
    name: string;
    address: string;
    taxId: string;
    branchCode: string;
  } | null;
  replacesDocumentNumber: string | null;
  /**
   * A full tax invoice written on a later day than the slip it replaces: when it was written.
   * It bears the slip's date (issuedAt), as a replacing tax invoice does (decision 0068).
   */
  writtenAt: Date | null;
  /** Credit note: the tax invoice it refers to and why, and who issued it (null when unknown). */
  refersToDocumentNumber: string | null;
  /** Credit note: what section 86/10 of the Revenue Code asks it to show of the correction. */
  correction: CreditCorrection | null;
  reason: string | null;
  issuedByName: string | null;
  /**
   * Amounts in the shop's price terms (with VAT when prices include it, without when VAT is
   * added on top), so the lines add up to the subtotal a customer can check with a pencil.
   */
  lines: {
    name: string;
    sku: string;
    unit: string;
    qtyMilli: number;
    unitPriceSatang: number;
    /** Unit price × quantity (or a scale label's price): what the line costs before discount. */
    amountSatang: number;
    /** The line's own discount (a credit note: its part of the sale's discounts). */
    discountSatang: number;
    /** amount − discount. */
    totalSatang: number;
    vatExempt: boolean;
    /** The options the line was sold with (decision 0092), printed under it. */
    options?: { groupName: string; choiceName: string; priceSatang: number }[];
  }[];
  vatMode: VatMode;
  vatRateBasisPoints: number;
  /** The lines' totals added up. */
  subtotalSatang: number;
  /** The discount on the whole bill: subtotal − bill discount is what the goods cost. */
  billDiscountSatang: number;
  vatBaseSatang: number;
  vatSatang: number;
  nonVatSatang: number;
  totalSatang: number;
  payments: {
    method: PaymentMethod;
    amountSatang: number;
    tenderedSatang: number;
    reference: string;
    cardLast4: string | null;
  }[];
  changeSatang: number;
  note: string;
  /**
   * The customer the slip was sold to, with the points it earned and redeemed and the balance
   * after it (decision 0082); absent without a customer.
   */
  customer?: {
    name: string;
    pointsEarned: number;
    pointsRedeemed: number;
    pointsBalance: number | null;
  } | null;
  /**
   * The e-receipt link the slip prints as a QR (decision 0094), with the QR worked out on the
   * server as one SVG path in module units (qrSize × qrSize); absent when the shop turned it off.
   */
  receiptLink?: { url: string; qrSize: number; qrPath: string } | null;
}
