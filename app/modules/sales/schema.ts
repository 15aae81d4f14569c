import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { quantity } from "../../db/quantity-column";
import { shift } from "../shifts/schema";
import { shop } from "../shops/schema";
import { stockDocument, stockItem, stockMovement } from "../stock/schema";
import { till } from "../tills/schema";
import type { ScaleLabelLayout } from "./scale-label";

/*
 * The till's records. A sale is written once, in one transaction with its stock movements
 * (the ledger API's SQL unit, decision 0014), and never edited: a void marks it and gives the
 * stock back through `sale_void` movements, a return is a credit note of its own. Every row
 * carries shop_id (the tenant key) and every query filters on it. Money is integer satang;
 * quantities are numeric(14,3) in the database, integer thousandths in TypeScript (the
 * fractional-quantities decision); rates and percentages are basis points (7 % = 700).
 *
 * Names, SKUs, prices and the shop's header are copied onto the sale when it completes: a
 * document printed again years later shows what was sold then, whatever the item is called
 * now.
 */

function inList(column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} IN (${sql.raw(list)})`;
}

export const PAPER_WIDTHS = ["58", "80"] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

/**
 * How a shop sells: one row per shop, made with its defaults the first time the shop's
 * selling settings are read or saved. A shop not registered for VAT issues receipts
 * (ใบเสร็จรับเงิน); a registered one issues abbreviated tax invoices at the till and full ones
 * on request.
 */
export const shopSalesSetting = pgTable(
  "shop_sales_setting",
  {
    shopId: uuid("shop_id")
      .primaryKey()
      .references(() => shop.id, { onDelete: "cascade" }),
    vatRegistered: boolean("vat_registered").notNull().default(false),
    /** Prices as the shop sets them include VAT (the usual retail way) or exclude it. */
    pricesIncludeVat: boolean("prices_include_vat").notNull().default(true),
    vatRateBasisPoints: integer("vat_rate_bp").notNull().default(700),
    /** "00000" is the head office (สำนักงานใหญ่); a branch has its 5-digit number. */
    branchCode: text("branch_code").notNull().default("00000"),
    /** The Revenue Department's registration number of the POS machine, when it has one. */
    posRegistrationNo: text("pos_registration_no").notNull().default(""),
    /** Normalised PromptPay ID (10-digit mobile, 13-digit tax or national ID, 15-digit e-wallet). */
    promptPayId: text("promptpay_id"),
    receiptHeader: text("receipt_header").notNull().default(""),
    receiptFooter: text("receipt_footer").notNull().default(""),
    /** Key of the logo in media storage (made through the image pipeline). */
    logoKey: text("logo_key"),
    paperWidth: text("paper_width", { enum: PAPER_WIDTHS }).notNull().default("80"),
    receiptPrefix: text("receipt_prefix").notNull().default("RC"),
    abbreviatedPrefix: text("abbreviated_prefix").notNull().default("ABB"),
    fullInvoicePrefix: text("full_invoice_prefix").notNull().default("INV"),
    creditNotePrefix: text("credit_note_prefix").notNull().default("CN"),
    /** The shop's weighing-scale label layout; null when it sells nothing by scale label. */
    scaleLabelLayout: jsonb("scale_label_layout").$type<ScaleLabelLayout>(),
    /** Whether a cashier may void their own sale within the same shift. */
    cashierMayVoidOwn: boolean("cashier_may_void_own").notNull().default(false),
    /** Whether selling needs an open shift (the back office's cash drawer). */
    requireOpenShift: boolean("require_open_shift").notNull().default(false),
    /**
     * The largest discount a cashier gives alone, as a share of a line (its price × quantity)
     * and of the bill (after line discounts), in basis points; above it an owner or a manager
     * approves at the till (issue 31, decision 0059). Owners and managers have no limit.
     */
    cashierMaxLineDiscountBasisPoints: integer("cashier_max_line_discount_bp")
      .notNull()
      .default(1000),
    cashierMaxBillDiscountBasisPoints: integer("cashier_max_bill_discount_bp")
      .notNull()
      .default(1000),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("shop_sales_setting_branch", sql`${table.branchCode} ~ '^[0-9]{5}$'`),
    check("shop_sales_setting_vat_rate", sql`${table.vatRateBasisPoints} BETWEEN 0 AND 10000`),
    check("shop_sales_setting_paper", inList(table.paperWidth, PAPER_WIDTHS)),
    check(
      "shop_sales_setting_cashier_discounts",
      sql`${table.cashierMaxLineDiscountBasisPoints} BETWEEN 0 AND 10000 AND ${table.cashierMaxBillDiscountBasisPoints} BETWEEN 0 AND 10000`,
    ),
  ],
);

export const SALE_DOCUMENT_KINDS = ["receipt", "abbreviatedTaxInvoice"] as const;
export type SaleReceiptKind = (typeof SALE_DOCUMENT_KINDS)[number];
export const SALE_STATUSES = ["completed", "void"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const VAT_MODES = ["inclusive", "exclusive", "none"] as const;
export const DISCOUNT_KINDS = ["amount", "percent"] as const;
/** `account`: sold on account (ขายเชื่อ, decision 0083), money the customer owes, not money taken. */
export const PAYMENT_METHODS = ["cash", "promptpay", "transfer", "card", "account"] as const;

/** One completed sale (a bill), numbered from the shop's gapless sequence of its kind and year. */
export const sale = pgTable(
  "sale",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    /** Made by the till: the same id sent twice (double click, retry, replay) is one sale. */
    clientSaleId: uuid("client_sale_id").notNull(),
    documentKind: text("document_kind", { enum: SALE_DOCUMENT_KINDS }).notNull(),
    /** Buddhist-era year of the number (Bangkok time). */
    documentYear: integer("document_year").notNull(),
    documentSeq: bigint("document_seq", { mode: "number" }).notNull(),
    /** As printed: prefix + year + sequence ("ABB2569-000123"). */
    documentNumber: text("document_number").notNull(),
    status: text("status", { enum: SALE_STATUSES }).notNull().default("completed"),
    /** The till (device) it was rung up on, as the till names itself. */
    till: text("till").notNull().default(""),
    /** Who sold it; no foreign key, so the record outlives a deleted account. */
    cashierId: text("cashier_id").notNull(),
    cashierName: text("cashier_name").notNull(),
    /**
     * The registered till that sold it and numbered it in its own series (decision 0071); null
     * for a sale numbered in the shop's series (before registered tills, or from a browser that
     * is no registered till).
     */
    tillId: uuid("till_id").references(() => till.id),
    /** When the server received it (an offline sale arrives after `created_at`, when it sold). */
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** The till's own clock when it sold, as it said (the server corrects it to `created_at`). */
    deviceSoldAt: timestamp("device_sold_at", { withTimezone: true }),
    /** The till's shift it was sold in (null: the shop does not work in shifts). */
    shiftId: bigint("shift_id", { mode: "number" }).references(() => shift.id),
    /** The `sale` stock document its movements belong to. */
    stockDocumentId: bigint("stock_document_id", { mode: "number" }).references(
      () => stockDocument.id,
    ),
    vatMode: text("vat_mode", { enum: VAT_MODES }).notNull(),
    vatRateBasisPoints: integer("vat_rate_bp").notNull(),
    /** How VAT was computed, written down as the Revenue Department asks ("per_bill"). */
    vatMethod: text("vat_method").notNull().default("per_bill"),
    grossSatang: bigint("gross_satang", { mode: "number" }).notNull(),
    lineDiscountSatang: bigint("line_discount_satang", { mode: "number" }).notNull(),
    billDiscountKind: text("bill_discount_kind", { enum: DISCOUNT_KINDS }),
    /** Satang for an amount, basis points for a percentage. */
    billDiscountValue: bigint("bill_discount_value", { mode: "number" }),
    billDiscountSatang: bigint("bill_discount_satang", { mode: "number" }).notNull(),
    vatBaseSatang: bigint("vat_base_satang", { mode: "number" }).notNull(),
    vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
    nonVatSatang: bigint("non_vat_satang", { mode: "number" }).notNull(),
    totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
    /** Cost of goods sold at moving-average cost when it sold (sum of the lines'). */
    costSatang: bigint("cost_satang", { mode: "number" }).notNull(),
    tenderedSatang: bigint("tendered_satang", { mode: "number" }).notNull(),
    changeSatang: bigint("change_satang", { mode: "number" }).notNull(),
    note: text("note").notNull().default(""),
    /** Copied from the shop when it sold: what every print of it shows. */
    seller: jsonb("seller").$type<SaleSeller>().notNull(),
    /** Set by the first print: every later print is marked as a copy (สำเนา). */
    originalPrintedAt: timestamp("original_printed_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: text("voided_by"),
    voidReason: text("void_reason"),
    voidStockDocumentId: bigint("void_stock_document_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("sale_shop_client_id").on(table.shopId, table.clientSaleId),
    // A number in the shop's series (no till) is unique per kind and year; a till's, per till.
    // The printed number is unique in the shop whichever series it came from.
    uniqueIndex("sale_shop_number")
      .on(table.shopId, table.documentKind, table.documentYear, table.documentSeq)
      .where(sql`${table.tillId} IS NULL`),
    uniqueIndex("sale_till_number")
      .on(table.tillId, table.documentKind, table.documentYear, table.documentSeq)
      .where(sql`${table.tillId} IS NOT NULL`),
    uniqueIndex("sale_shop_document_number").on(table.shopId, table.documentNumber),
    index("sale_shop_created").on(table.shopId, table.createdAt),
    index("sale_shift")
      .on(table.shiftId)
      .where(sql`${table.shiftId} IS NOT NULL`),
    check("sale_kind_known", inList(table.documentKind, SALE_DOCUMENT_KINDS)),
    check("sale_status_known", inList(table.status, SALE_STATUSES)),
    check("sale_vat_mode_known", inList(table.vatMode, VAT_MODES)),
    check("sale_total_not_negative", sql`${table.totalSatang} >= 0`),
    check("sale_change_not_negative", sql`${table.changeSatang} >= 0`),
    check("sale_void_complete", sql`(${table.status} = 'void') = (${table.voidedAt} IS NOT NULL)`),
  ],
);

/**
 * An owner's or a manager's approval, at the till, of a bill's discounts beyond what a cashier
 * gives alone (issue 31, decision 0059): the bill (its client sale id), who approved it with
 * their PIN, and the largest line and bill discount shares approved. The sale of that id
 * completes only when its discounts are within them. Written before the sale; never edited but
 * by a later approval of the same bill (a larger discount asked again).
 */
export const discountApproval = pgTable(
  "discount_approval",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    clientSaleId: uuid("client_sale_id").notNull(),
    cashierId: text("cashier_id").notNull(),
    approverId: text("approver_id").notNull(),
    approverName: text("approver_name").notNull(),
    lineBasisPoints: integer("line_bp").notNull(),
    billBasisPoints: integer("bill_bp").notNull(),
    /** The bill's discounts in all when approved: more is not covered, whatever the shares. */
    discountSatang: bigint("discount_satang", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("discount_approval_shop_sale").on(table.shopId, table.clientSaleId),
    check(
      "discount_approval_shares",
      sql`${table.lineBasisPoints} BETWEEN 0 AND 10000 AND ${table.billBasisPoints} BETWEEN 0 AND 10000`,
    ),
  ],
);

/** The seller block of every document, as it was when the sale completed. */
export interface SaleSeller {
  name: string;
  address: string;
  phone: string;
  taxId: string | null;
  branchCode: string;
  posRegistrationNo: string;
  receiptHeader: string;
  receiptFooter: string;
  logoKey: string | null;
}

/** Why a registered till's sale was kept as it happened but wants the owner's eye (decision 0071). */
export const SALE_FLAG_REASONS = [
  "priceChanged",
  "itemArchived",
  "negativeStock",
  "vatChanged",
  "pointsShort",
  "accountOverLimit",
  "optionsChanged",
] as const;
export type SaleFlagReason = (typeof SALE_FLAG_REASONS)[number];

/**
 * A sale a registered till made (often offline) that the server recorded as sold although the
 * shop had changed meanwhile: a price that differs from the list, an item archived since, a VAT
 * setting changed since, or stock that went below zero in a shop that does not allow it. Written in sale_post's
 * transaction; the owner sees them on /shophub/tills.
 */
export const saleFlag = pgTable(
  "sale_flag",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id, { onDelete: "cascade" }),
    /** 1-based, as sale_line.line_no; null for the sale as a whole. */
    lineNo: integer("line_no"),
    reason: text("reason").notNull(),
    /** What the reason needs to be told: the list and the sold price, the balance after. */
    detail: jsonb("detail").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sale_flag_shop_created").on(table.shopId, table.createdAt),
    index("sale_flag_sale").on(table.saleId),
    check(
      "sale_flag_reason",
      sql`${table.reason} IN ('priceChanged', 'itemArchived', 'negativeStock', 'vatChanged', 'pointsShort', 'accountOverLimit', 'optionsChanged')`,
    ),
  ],
);

/** One line of a sale: what was sold, at what price and discount, with its VAT and cost. */
export const saleLine = pgTable(
  "sale_line",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => stockItem.id),
    itemName: text("item_name").notNull(),
    sku: text("sku").notNull(),
    unit: text("unit").notNull(),
    qty: quantity("qty").notNull(),
    unitPriceSatang: bigint("unit_price_satang", { mode: "number" }).notNull(),
    /** A scale label's printed price, which replaced price × quantity. */
    labelAmountSatang: bigint("label_amount_satang", { mode: "number" }),
    discountKind: text("discount_kind", { enum: DISCOUNT_KINDS }),
    discountValue: bigint("discount_value", { mode: "number" }),
    grossSatang: bigint("gross_satang", { mode: "number" }).notNull(),
    lineDiscountSatang: bigint("line_discount_satang", { mode: "number" }).notNull(),
    billDiscountSatang: bigint("bill_discount_satang", { mode: "number" }).notNull(),
    netSatang: bigint("net_satang", { mode: "number" }).notNull(),
    vatExempt: boolean("vat_exempt").notNull().default(false),
    vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
    exVatSatang: bigint("ex_vat_satang", { mode: "number" }).notNull(),
    totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
    /** Moving-average cost of one unit when it sold, and of the whole line. */
    unitCostSatang: bigint("unit_cost_satang", { mode: "number" }).notNull(),
    costSatang: bigint("cost_satang", { mode: "number" }).notNull(),
    /** The ledger's `sale` movement of this line (what a void or return gives back). */
    movementId: bigint("movement_id", { mode: "number" }).references(() => stockMovement.id),
    /** How much of it came back on credit notes so far. */
    returnedQty: quantity("returned_qty")
      .notNull()
      .default(sql`'0'`),
  },
  (table) => [
    uniqueIndex("sale_line_sale_line").on(table.saleId, table.lineNo),
    index("sale_line_shop_item").on(table.shopId, table.itemId),
    check("sale_line_qty_positive", sql`${table.qty} > 0`),
    check(
      "sale_line_returned_within",
      sql`${table.returnedQty} >= 0 AND ${table.returnedQty} <= ${table.qty}`,
    ),
  ],
);

/** How a sale was paid; a split payment is several rows. */
export const salePayment = pgTable(
  "sale_payment",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id, { onDelete: "cascade" }),
    paymentNo: integer("payment_no").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    /** What this payment put towards the bill (cash: what was handed over minus change). */
    amountSatang: bigint("amount_satang", { mode: "number" }).notNull(),
    /** Cash handed over (the rest came back as change); equal to the amount otherwise. */
    tenderedSatang: bigint("tendered_satang", { mode: "number" }).notNull(),
    /** A transfer's reference, a PromptPay payment's bank reference when noted. */
    reference: text("reference").notNull().default(""),
    cardLast4: text("card_last4"),
    approvalCode: text("approval_code"),
  },
  (table) => [
    uniqueIndex("sale_payment_sale_no").on(table.saleId, table.paymentNo),
    check("sale_payment_method_known", inList(table.method, PAYMENT_METHODS)),
    check("sale_payment_amount_not_negative", sql`${table.amountSatang} >= 0`),
    check(
      "sale_payment_card_last4",
      sql`${table.cardLast4} IS NULL OR ${table.cardLast4} ~ '^[0-9]{4}$'`,
    ),
  ],
);

/**
 * A full tax invoice (ใบกำกับภาษีเต็มรูป) issued on request for a sale, with the buyer's
 * details, replacing the abbreviated one; its own gapless sequence per shop and year.
 */
export const fullTaxInvoice = pgTable(
  "full_tax_invoice",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id),
    documentYear: integer("document_year").notNull(),
    documentSeq: bigint("document_seq", { mode: "number" }).notNull(),
    documentNumber: text("document_number").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerAddress: text("buyer_address").notNull(),
    buyerTaxId: text("buyer_tax_id").notNull(),
    /** "00000" head office, or the buyer's 5-digit branch number. */
    buyerBranchCode: text("buyer_branch_code").notNull().default("00000"),
    issuedBy: text("issued_by").notNull(),
    originalPrintedAt: timestamp("original_printed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("full_tax_invoice_sale").on(table.saleId),
    uniqueIndex("full_tax_invoice_shop_number").on(
      table.shopId,
      table.documentYear,
      table.documentSeq,
    ),
    check("full_tax_invoice_tax_id", sql`${table.buyerTaxId} ~ '^[0-9]{13}$'`),
    check("full_tax_invoice_branch", sql`${table.buyerBranchCode} ~ '^[0-9]{5}$'`),
  ],
);

/**
 * A credit note (ใบลดหนี้): lines of a sale that came back, with their money and their stock
 * (a `sale_void` stock document at the cost they left with); its own gapless sequence.
 */
export const creditNote = pgTable(
  "credit_note",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id),
    documentYear: integer("document_year").notNull(),
    documentSeq: bigint("document_seq", { mode: "number" }).notNull(),
    documentNumber: text("document_number").notNull(),
    reason: text("reason").notNull(),
    /** How the money went back to the customer. */
    refundMethod: text("refund_method", { enum: PAYMENT_METHODS }).notNull(),
    exVatSatang: bigint("ex_vat_satang", { mode: "number" }).notNull(),
    vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
    totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
    costSatang: bigint("cost_satang", { mode: "number" }).notNull(),
    stockDocumentId: bigint("stock_document_id", { mode: "number" }).references(
      () => stockDocument.id,
    ),
    /**
     * The drawer a cash refund came out of: the shift the issuer sells in, else the open shift
     * of the till the sale was rung up on; null when no drawer paid it (issue 31).
     */
    shiftId: bigint("shift_id", { mode: "number" }).references(() => shift.id),
    issuedBy: text("issued_by").notNull(),
    originalPrintedAt: timestamp("original_printed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("credit_note_shop_number").on(table.shopId, table.documentYear, table.documentSeq),
    index("credit_note_shop_created").on(table.shopId, table.createdAt),
    index("credit_note_sale").on(table.saleId),
    index("credit_note_shift")
      .on(table.shiftId)
      .where(sql`${table.shiftId} IS NOT NULL`),
    check("credit_note_refund_known", inList(table.refundMethod, PAYMENT_METHODS)),
    check("credit_note_total_positive", sql`${table.totalSatang} > 0`),
  ],
);

/**
 * The buyer a credit note names when its sale had only an abbreviated tax invoice (a slip
 * names no buyer), asked on the return form: Revenue Code s. 86/10 wants the buyer's name and
 * address on every credit note (decision 0084). A table of its own so that credit notes of
 * older schemas stay as they were; one row per note at most, never changed.
 */
export const creditNoteBuyer = pgTable(
  "credit_note_buyer",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    creditNoteId: bigint("credit_note_id", { mode: "number" })
      .notNull()
      .references(() => creditNote.id, { onDelete: "cascade" }),
    buyerName: text("buyer_name").notNull(),
    buyerAddress: text("buyer_address").notNull(),
    buyerTaxId: text("buyer_tax_id").notNull(),
    /** "00000" head office, or the buyer's 5-digit branch number. */
    buyerBranchCode: text("buyer_branch_code").notNull().default("00000"),
  },
  (table) => [
    uniqueIndex("credit_note_buyer_note").on(table.creditNoteId),
    check("credit_note_buyer_tax_id", sql`${table.buyerTaxId} ~ '^[0-9]{13}$'`),
    check("credit_note_buyer_branch", sql`${table.buyerBranchCode} ~ '^[0-9]{5}$'`),
  ],
);

export const creditNoteLine = pgTable(
  "credit_note_line",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    creditNoteId: bigint("credit_note_id", { mode: "number" })
      .notNull()
      .references(() => creditNote.id, { onDelete: "cascade" }),
    saleLineId: bigint("sale_line_id", { mode: "number" })
      .notNull()
      .references(() => saleLine.id),
    qty: quantity("qty").notNull(),
    exVatSatang: bigint("ex_vat_satang", { mode: "number" }).notNull(),
    vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
    totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
    costSatang: bigint("cost_satang", { mode: "number" }).notNull(),
  },
  (table) => [
    index("credit_note_line_note").on(table.creditNoteId),
    check("credit_note_line_qty_positive", sql`${table.qty} > 0`),
  ],
);

/*
 * What stands (issue 31, decision 0058): the views drizzle/0029 creates, the one definition of
 * the money sales and returns moved, read by every figure of the shop (the drawer, the shift
 * report, the dashboard, the P&L and its VAT, the takings). A void sale counts nowhere, and
 * neither do the credit notes of a voided sale. Declared here (`existing`) so queries are typed
 * and drizzle-kit leaves them to the hand-written migration.
 */

/** Credit notes whose sale was not voided. */
export const standingCreditNote = pgView("standing_credit_note", {
  id: bigint("id", { mode: "number" }).notNull(),
  shopId: uuid("shop_id").notNull(),
  saleId: bigint("sale_id", { mode: "number" }).notNull(),
  documentNumber: text("document_number").notNull(),
  refundMethod: text("refund_method", { enum: PAYMENT_METHODS }).notNull(),
  exVatSatang: bigint("ex_vat_satang", { mode: "number" }).notNull(),
  vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
  totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
  costSatang: bigint("cost_satang", { mode: "number" }).notNull(),
  shiftId: bigint("shift_id", { mode: "number" }),
  issuedBy: text("issued_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}).existing();

/** Each standing sale (positive) and standing credit note (negative), in satang. */
export const salesBook = pgView("sales_book", {
  shopId: uuid("shop_id").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  saleId: bigint("sale_id", { mode: "number" }).notNull(),
  /** Null for a sale; the credit note's id for a return. */
  creditNoteId: bigint("credit_note_id", { mode: "number" }),
  shiftId: bigint("shift_id", { mode: "number" }),
  /** The cashier of a sale, the issuer of a credit note. */
  cashierId: text("cashier_id").notNull(),
  /** 1 for a sale, 0 for a return. */
  bills: integer("bills").notNull(),
  grossSatang: bigint("gross_satang", { mode: "number" }).notNull(),
  discountSatang: bigint("discount_satang", { mode: "number" }).notNull(),
  totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
  vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
  exVatSatang: bigint("ex_vat_satang", { mode: "number" }).notNull(),
  costSatang: bigint("cost_satang", { mode: "number" }).notNull(),
}).existing();

/** What each payment method took in (standing sales) or paid back (standing credit notes). */
export const salesTender = pgView("sales_tender", {
  shopId: uuid("shop_id").notNull(),
  shiftId: bigint("shift_id", { mode: "number" }),
  at: timestamp("at", { withTimezone: true }).notNull(),
  method: text("method", { enum: PAYMENT_METHODS }).notNull(),
  amountSatang: bigint("amount_satang", { mode: "number" }).notNull(),
  saleId: bigint("sale_id", { mode: "number" }).notNull(),
  creditNoteId: bigint("credit_note_id", { mode: "number" }),
}).existing();

/**
 * The ingredients' movements of a recipe line (decision 0087): a recipe item has no stock of
 * its own, so its line names no movement (`sale_line.movement_id` is null) and these rows name
 * the components' `sale` movements. A void or a return gives them back in proportion.
 */
export const saleLineIngredient = pgTable(
  "sale_line_ingredient",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleLineId: bigint("sale_line_id", { mode: "number" })
      .notNull()
      .references(() => saleLine.id, { onDelete: "cascade" }),
    movementId: bigint("movement_id", { mode: "number" })
      .notNull()
      .references(() => stockMovement.id),
  },
  (table) => [
    uniqueIndex("sale_line_ingredient_movement").on(table.movementId),
    index("sale_line_ingredient_line").on(table.saleLineId),
  ],
);

/**
 * A price level the shop sells at besides the item's own price (ราคาปลีก): ราคาส่ง, สมาชิก
 * (issue 37, decision 0089). The till chooses one per bill; the server prices with it.
 */
export const priceLevel = pgTable(
  "price_level",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("price_level_shop_name").on(table.shopId, table.name),
    check("price_level_name_length", sql`char_length(${table.name}) BETWEEN 1 AND 60`),
  ],
);

/**
 * An item's (or a variant's: variants are items, decision 0080) price at a level, from a
 * quantity on: the row from 1 piece is the level's price, a row from 10 pieces a quantity
 * break ("10 ชิ้นขึ้นไป ราคา 45"). The price of a quantity is that of the largest break not
 * above it; an item without a row at the level sells at its own price (price-level.ts).
 */
export const itemLevelPrice = pgTable(
  "item_level_price",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    priceLevelId: bigint("price_level_id", { mode: "number" })
      .notNull()
      .references(() => priceLevel.id, { onDelete: "cascade" }),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => stockItem.id, { onDelete: "cascade" }),
    /** From this quantity on, in thousandths of the item's unit (1000 = one piece). */
    minQtyMilli: bigint("min_qty_milli", { mode: "number" }).notNull().default(1000),
    priceSatang: bigint("price_satang", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("item_level_price_break").on(table.priceLevelId, table.itemId, table.minQtyMilli),
    index("item_level_price_shop_item").on(table.shopId, table.itemId),
    check("item_level_price_min_qty", sql`${table.minQtyMilli} > 0`),
    check("item_level_price_amount", sql`${table.priceSatang} >= 0`),
  ],
);

/**
 * The price level a sale was sold at (issue 37, decision 0089): the level the request named,
 * with its name as it was (a level deleted later keeps the sale's name, the link going null).
 * A sale at the item's own price (ราคาปลีก) has no row. Written by sale_post in the sale's
 * transaction (`sale_post_price_level`); a new table, not a column on `sale`.
 */
export const salePriceLevel = pgTable(
  "sale_price_level",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id, { onDelete: "cascade" }),
    priceLevelId: bigint("price_level_id", { mode: "number" }).references(() => priceLevel.id, {
      onDelete: "set null",
    }),
    levelName: text("level_name").notNull(),
  },
  (table) => [
    uniqueIndex("sale_price_level_sale").on(table.saleId),
    index("sale_price_level_shop_level").on(table.shopId, table.priceLevelId),
  ],
);

/**
 * An owner's or a manager's approval, at the till, of a cashier's prices typed below the list
 * (issue 37, decision 0093; the discount approval's rule, decision 0059): the bill (its client
 * sale id), its cashier, who approved with their PIN, each approved line as (item, lowest unit
 * price) and how much below the list the bill's overrides come to in all. A sale of that id
 * completes only when each of its overrides below the list is covered.
 */
export const priceOverrideApproval = pgTable(
  "price_override_approval",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    clientSaleId: uuid("client_sale_id").notNull(),
    cashierId: text("cashier_id").notNull(),
    approverId: text("approver_id").notNull(),
    approverName: text("approver_name").notNull(),
    /** `[{ itemId, unitPriceSatang }]`: the lowest unit price approved for each item. */
    lines: jsonb("lines").$type<{ itemId: number; unitPriceSatang: number }[]>().notNull(),
    /** Below the list in all when approved: more is not covered. */
    belowSatang: bigint("below_satang", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("price_override_approval_shop_sale").on(table.shopId, table.clientSaleId),
    check("price_override_approval_below", sql`${table.belowSatang} >= 0`),
  ],
);

/**
 * A sale line sold at a price the cashier typed (issue 37, decision 0093): an open-price item
 * (ราคาตามจริง) or an override of the list price. The list price (at the bill's level), the
 * price sold, and who approved an override below the list (null: no approval was needed).
 * Written by sale_post_price_overrides in the sale's transaction; never edited.
 */
export const saleLinePriceOverride = pgTable(
  "sale_line_price_override",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id, { onDelete: "cascade" }),
    saleLineId: bigint("sale_line_id", { mode: "number" })
      .notNull()
      .references(() => saleLine.id, { onDelete: "cascade" }),
    /** An open-price item: the price typed is its price, not an override. */
    openPrice: boolean("open_price").notNull(),
    listSatang: bigint("list_satang", { mode: "number" }).notNull(),
    soldSatang: bigint("sold_satang", { mode: "number" }).notNull(),
    approverId: text("approver_id"),
    approverName: text("approver_name"),
  },
  (table) => [
    uniqueIndex("sale_line_price_override_line").on(table.saleLineId),
    index("sale_line_price_override_shop_sale").on(table.shopId, table.saleId),
    check(
      "sale_line_price_override_amounts",
      sql`${table.listSatang} >= 0 AND ${table.soldSatang} >= 0`,
    ),
  ],
);

/**
 * An e-receipt link of a sale (issue 37, decision 0094): the public page `/r/<token>` shows the
 * sale's receipt to whoever holds the token. Only the token's SHA-256 is kept, so a copy of the
 * database opens no receipt; a token is shown once, when it is made, on the slip or in the
 * e-mail it was made for. A sale may have several (each print and each e-mail makes one).
 */
export const saleReceiptLink = pgTable(
  "sale_receipt_link",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the token's 16 random bytes (base64url in the link). */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("sale_receipt_link_token").on(table.tokenHash),
    index("sale_receipt_link_sale").on(table.shopId, table.saleId),
  ],
);

/**
 * Whether the shop's slips carry the e-receipt QR (decision 0094): on unless the owner turned
 * it off in the selling settings. A table of its own, so old migrations' rows stay valid.
 */
export const saleReceiptLinkSetting = pgTable(
  "sale_receipt_link_setting",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    qrOnSlip: boolean("qr_on_slip").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("sale_receipt_link_setting_shop").on(table.shopId)],
);

/**
 * An option group the shop defines (issue 37, decision 0092): "ความหวาน" (pick exactly one:
 * min 1, max 1), "ท็อปปิ้ง" (pick any: min 0, max = its choices). Required means min ≥ 1.
 */
export const optionGroup = pgTable(
  "option_group",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    minChoices: integer("min_choices").notNull().default(0),
    maxChoices: integer("max_choices").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("option_group_shop_name").on(table.shopId, table.name),
    check("option_group_name_length", sql`char_length(${table.name}) BETWEEN 1 AND 60`),
    check(
      "option_group_min_max",
      sql`${table.minChoices} >= 0 AND ${table.maxChoices} >= 1 AND ${table.minChoices} <= ${table.maxChoices} AND ${table.maxChoices} <= 50`,
    ),
  ],
);

/**
 * A choice of an option group: its name, the price it adds per unit (satang, never negative)
 * and, optionally, a stock item it consumes per unit sold (an extra shot: 18 g of beans), in
 * that item's own unit (fractions allowed, decision 0023).
 */
export const optionChoice = pgTable(
  "option_choice",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => optionGroup.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceSatang: bigint("price_satang", { mode: "number" }).notNull().default(0),
    stockItemId: bigint("stock_item_id", { mode: "number" }).references(() => stockItem.id, {
      onDelete: "set null",
    }),
    stockQty: quantity("stock_qty"),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("option_choice_group_name").on(table.groupId, table.name),
    index("option_choice_shop").on(table.shopId, table.groupId),
    check("option_choice_name_length", sql`char_length(${table.name}) BETWEEN 1 AND 60`),
    check("option_choice_price", sql`${table.priceSatang} >= 0`),
    check("option_choice_stock", sql`(${table.stockItemId} IS NULL OR ${table.stockQty} > 0)`),
  ],
);

/** Which option groups an item (or a variant: variants are items, decision 0080) asks, in order. */
export const itemOptionGroup = pgTable(
  "item_option_group",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => stockItem.id, { onDelete: "cascade" }),
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => optionGroup.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("item_option_group_item_group").on(table.itemId, table.groupId),
    index("item_option_group_shop_item").on(table.shopId, table.itemId),
    index("item_option_group_group").on(table.groupId),
  ],
);

/**
 * The options a sale line was sold with, as sold (names and price copied): printed under the
 * line on every document. Written by sale_post_options in the sale's transaction.
 */
export const saleLineOption = pgTable(
  "sale_line_option",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleLineId: bigint("sale_line_id", { mode: "number" })
      .notNull()
      .references(() => saleLine.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The choice as it was (no reference: the shop may delete it later). */
    choiceId: bigint("choice_id", { mode: "number" }),
    groupName: text("group_name").notNull(),
    choiceName: text("choice_name").notNull(),
    /** What the choice added to one unit of the line. */
    priceSatang: bigint("price_satang", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("sale_line_option_line_position").on(table.saleLineId, table.position),
    index("sale_line_option_shop").on(table.shopId),
  ],
);
