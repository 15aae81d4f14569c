import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { priceLevel, sale } from "../sales/schema";
import { ACCOUNT_PAYMENT_METHODS } from "./account-methods";
import { shift } from "../shifts/schema";
import { shop } from "../shops/schema";

/*
 * A shop's customers (issue 37, decision 0082): known by their phone number, the Thai habit.
 * The row keeps what the customer agreed to give and when they agreed (PDPA); deleting it on
 * request removes every personal field, while each sale keeps the name it was sold under.
 */

export const customer = pgTable(
  "customer",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    /** E.164 (+66812345678): one customer per number in a shop. */
    phone: text("phone").notNull(),
    name: text("name").notNull(),
    lineId: text("line_id").notNull().default(""),
    email: text("email").notNull().default(""),
    /** For full tax invoices: 13 digits with a valid checksum, or "" when none was given. */
    taxId: text("tax_id").notNull().default(""),
    /** "00000" the head office (สำนักงานใหญ่), another five digits a branch; "" without a tax ID. */
    branchCode: text("branch_code").notNull().default(""),
    address: text("address").notNull().default(""),
    /** When the customer agreed that the shop keeps these details, and who recorded it. */
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    consentBy: text("consent_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("customer_shop_phone").on(table.shopId, table.phone),
    index("customer_shop_name").on(table.shopId, table.name),
    check("customer_phone_e164", sql`${table.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check("customer_tax_id_shape", sql`${table.taxId} ~ '^([0-9]{13})?$'`),
    check(
      "customer_branch_with_tax_id",
      sql`(${table.taxId} = '' AND ${table.branchCode} = '') OR (${table.taxId} <> '' AND ${table.branchCode} ~ '^[0-9]{5}$')`,
    ),
  ],
);

/**
 * The customer a sale was made to: the link (cleared when the customer is deleted on request)
 * and the name the sale was made under, which stays with the sale as sold.
 */
export const saleCustomer = pgTable(
  "sale_customer",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").references(() => customer.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("sale_customer_sale").on(table.saleId),
    index("sale_customer_customer").on(table.customerId),
  ],
);

/**
 * The shop's points scheme (issue 37, decision 0082): off until the owner turns it on in the
 * sales settings. A customer earns one point per `satangPerPoint` paid (after discounts and
 * the redemption); a point redeemed takes `pointValueSatang` off a later bill.
 */
export const pointsSetting = pgTable(
  "points_setting",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    satangPerPoint: integer("satang_per_point").notNull().default(2500),
    pointValueSatang: integer("point_value_satang").notNull().default(100),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("points_setting_shop").on(table.shopId),
    check("points_setting_rate", sql`${table.satangPerPoint} BETWEEN 1 AND 100000000`),
    check("points_setting_value", sql`${table.pointValueSatang} BETWEEN 1 AND 100000000`),
  ],
);

/**
 * The points ledger: one row per earn, redemption and reversal, append-only (a trigger refuses
 * UPDATE and DELETE, except when the customer or the shop itself is deleted). Written in the
 * sale's, the void's or the credit note's own transaction by the SQL functions points_*.
 */
export const pointsEntry = pgTable(
  "points_entry",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customer.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" }).references(() => sale.id, {
      onDelete: "cascade",
    }),
    /** The credit note a `return` row answers. */
    creditNoteId: bigint("credit_note_id", { mode: "number" }),
    /** earn (+), redeem (−), void (either sign), return (either sign). */
    kind: text("kind").notNull(),
    points: integer("points").notNull(),
    /** For a redemption: the discount it gave, in satang. */
    valueSatang: bigint("value_satang", { mode: "number" }).notNull().default(0),
    balanceAfter: integer("balance_after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("points_entry_customer").on(table.customerId, table.id),
    index("points_entry_sale").on(table.saleId),
    check("points_entry_kind", sql`${table.kind} IN ('earn', 'redeem', 'void', 'return')`),
  ],
);

/** A customer's points balance: the sum of their entries, kept in the same transactions. */
export const pointsBalance = pgTable(
  "points_balance",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customer.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("points_balance_customer").on(table.customerId),
    check("points_balance_not_negative", sql`${table.balance} >= 0`),
  ],
);

/**
 * The price level a customer buys at (issue 37, decision 0089): the till puts it on the bill
 * when the customer is attached, the cashier may still change it. Set by owners and managers
 * on the customer's page; none: the customer buys at the item's own price (ราคาปลีก).
 */
export const customerPriceLevel = pgTable(
  "customer_price_level",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customer.id, { onDelete: "cascade" }),
    priceLevelId: bigint("price_level_id", { mode: "number" })
      .notNull()
      .references(() => priceLevel.id, { onDelete: "cascade" }),
  },
  (table) => [uniqueIndex("customer_price_level_customer").on(table.customerId)],
);

/*
 * Selling on account (ขายเชื่อ; issue 37, decision 0083). A customer's account: the credit
 * limit the owner or a manager set, and the balance owed, kept in the same transactions as the
 * entries (the sale's, the void's, the credit note's, the payment's). The row is locked
 * (`FOR UPDATE`) by each of them, so two tills selling on account at once queue.
 */
export const customerAccount = pgTable(
  "customer_account",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customer.id, { onDelete: "cascade" }),
    /** The most the customer may owe; null: no selling on account (the balance stays). */
    limitSatang: bigint("limit_satang", { mode: "number" }),
    /** What the customer owes now (negative: paid ahead, the shop owes them). */
    balanceSatang: bigint("balance_satang", { mode: "number" }).notNull().default(0),
    /** Who last set the limit. */
    updatedBy: text("updated_by").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("customer_account_customer").on(table.customerId),
    index("customer_account_shop").on(table.shopId),
    check(
      "customer_account_limit",
      sql`${table.limitSatang} IS NULL OR ${table.limitSatang} BETWEEN 1 AND 100000000000`,
    ),
  ],
);

/**
 * A payment against a customer's account (รับชำระหนี้), with its own receipt (ใบเสร็จรับเงิน)
 * number from the shop's gapless `accountReceipt` sequence ("RC2569-000001"). Not a sale: no
 * VAT, no revenue; cash goes into the drawer of the shift the member takes it in.
 */
export const accountPayment = pgTable(
  "account_payment",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    /** Cleared when the customer is deleted on request; the name stays. */
    customerId: uuid("customer_id").references(() => customer.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    documentYear: integer("document_year").notNull(),
    documentSeq: bigint("document_seq", { mode: "number" }).notNull(),
    documentNumber: text("document_number").notNull(),
    method: text("method", { enum: ACCOUNT_PAYMENT_METHODS }).notNull(),
    amountSatang: bigint("amount_satang", { mode: "number" }).notNull(),
    reference: text("reference").notNull().default(""),
    /** The drawer cash went into: the receiver's open shift (null for a transfer or PromptPay). */
    shiftId: bigint("shift_id", { mode: "number" }).references(() => shift.id),
    receivedBy: text("received_by").notNull(),
    receivedByName: text("received_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("account_payment_shop_number").on(
      table.shopId,
      table.documentYear,
      table.documentSeq,
    ),
    index("account_payment_customer").on(table.customerId, table.id),
    index("account_payment_shop_created").on(table.shopId, table.createdAt),
    index("account_payment_shift")
      .on(table.shiftId)
      .where(sql`${table.shiftId} IS NOT NULL`),
    check("account_payment_method", sql`${table.method} IN ('cash', 'transfer', 'promptpay')`),
    check("account_payment_amount", sql`${table.amountSatang} > 0`),
  ],
);

/**
 * The account's ledger: one row per amount charged (a sale on account, +), paid (−), or taken
 * back (a void or a credit note refunded on account, −), with the balance after it. The
 * statement (รายการเดินบัญชี) and the ageing are read from it.
 */
export const accountEntry = pgTable(
  "account_entry",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").references(() => customer.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    saleId: bigint("sale_id", { mode: "number" }).references(() => sale.id),
    creditNoteId: bigint("credit_note_id", { mode: "number" }),
    paymentId: bigint("payment_id", { mode: "number" }).references(() => accountPayment.id),
    /** The document the row comes from, as printed (the sale's, the note's, the receipt's). */
    documentNumber: text("document_number").notNull(),
    amountSatang: bigint("amount_satang", { mode: "number" }).notNull(),
    balanceAfterSatang: bigint("balance_after_satang", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("account_entry_customer").on(table.customerId, table.id),
    index("account_entry_shop").on(table.shopId, table.createdAt),
    index("account_entry_sale").on(table.saleId),
    check("account_entry_kind", sql`${table.kind} IN ('sale', 'payment', 'void', 'return')`),
  ],
);

/**
 * An owner's or a manager's approval of a cashier's payment on account by transfer or PromptPay
 * (decision 0095): their PIN at that moment, because no drawer would show a payment that never
 * arrived. One row per approved payment, written in the payment's transaction.
 */
export const accountPaymentApproval = pgTable(
  "account_payment_approval",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .references(() => accountPayment.id),
    approverId: text("approver_id").notNull(),
    approverName: text("approver_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("account_payment_approval_payment").on(table.paymentId)],
);

/**
 * A payment on account voided by an owner or a manager (decision 0095): the balance goes back
 * up (an `account_entry` of kind `void` naming the payment), the receipt says it is void, and a
 * cash payment's money leaves the drawer named here: the payment's own shift when still open,
 * otherwise the voider's open shift (the cash handed back); null when it was in no drawer. One
 * void per payment (the unique index; the payment's account row is locked first).
 */
export const accountPaymentVoid = pgTable(
  "account_payment_void",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .references(() => accountPayment.id),
    reason: text("reason").notNull(),
    shiftId: bigint("shift_id", { mode: "number" }).references(() => shift.id),
    voidedBy: text("voided_by").notNull(),
    voidedByName: text("voided_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("account_payment_void_payment").on(table.paymentId),
    index("account_payment_void_shop_created").on(table.shopId, table.createdAt),
    index("account_payment_void_shift")
      .on(table.shiftId)
      .where(sql`${table.shiftId} IS NOT NULL`),
  ],
);
