import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../accounts/schema";
import { emailOutbox } from "../platform/schema";
import { creditNote, sale } from "../sales/schema";
import { shop } from "../shops/schema";
import { ETAX_TIMESTAMP_DEFAULT } from "./etax-forms";

/*
 * e-Tax Invoice by Time Stamp (decision 0074): a VAT shop's settings for sending its full tax
 * invoices and credit notes by e-mail as PDF/A-3 with the ETDA XML inside, with a copy to the
 * time-stamp service, and what it sent.
 */

export const shopEtaxSetting = pgTable("shop_etax_setting", {
  shopId: uuid("shop_id")
    .primaryKey()
    .references(() => shop.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  /** The shop's approval or registration with the Department for e-Tax by Time Stamp. */
  registration: text("registration").notNull().default(""),
  /** The e-mail address the shop registered with the Department: the mails' sender. */
  senderEmail: text("sender_email").notNull().default(""),
  /** Where the copy goes for its time stamp. */
  timestampEmail: text("timestamp_email").notNull().default(ETAX_TIMESTAMP_DEFAULT),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ETAX_DOCUMENT_KINDS = ["fullTaxInvoice", "creditNote"] as const;
export type EtaxDocumentKind = (typeof ETAX_DOCUMENT_KINDS)[number];

/** One sending of a document: to whom, the copy, the outbox e-mail (its status and sent time). */
export const etaxDelivery = pgTable(
  "etax_delivery",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    saleId: bigint("sale_id", { mode: "number" })
      .notNull()
      .references(() => sale.id),
    /** Null for the sale's full tax invoice. */
    creditNoteId: bigint("credit_note_id", { mode: "number" }).references(() => creditNote.id),
    documentKind: text("document_kind", { enum: ETAX_DOCUMENT_KINDS }).notNull(),
    documentNumber: text("document_number").notNull(),
    toAddress: text("to_address").notNull(),
    ccAddress: text("cc_address").notNull(),
    fromAddress: text("from_address").notNull(),
    emailId: bigint("email_id", { mode: "number" }).references(() => emailOutbox.id, {
      onDelete: "set null",
    }),
    /** The attachment's name and size, kept after the outbox empties the mail. */
    fileName: text("file_name").notNull(),
    fileBytes: bigint("file_bytes", { mode: "number" }).notNull(),
    sentBy: text("sent_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("etax_delivery_sale_idx").on(table.shopId, table.saleId),
    check(
      "etax_delivery_kind_note",
      sql`(${table.documentKind} = 'creditNote') = (${table.creditNoteId} IS NOT NULL)`,
    ),
  ],
);

/**
 * The shop's address as ETDA's schematron asks for the seller (decision 0090): the house
 * number, the postcode and the sub-district's TIS 1099 code (its district's and province's
 * codes are its first digits). The printed address stays the shop's own text; these feed the
 * XML. A table of its own so that `shop` and `shop_etax_setting` keep their columns.
 */
export const shopEtaxAddress = pgTable(
  "shop_etax_address",
  {
    shopId: uuid("shop_id")
      .primaryKey()
      .references(() => shop.id, { onDelete: "cascade" }),
    buildingNumber: text("building_number").notNull(),
    postcode: text("postcode").notNull(),
    subDistrictCode: text("sub_district_code").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("shop_etax_address_postcode", sql`${table.postcode} ~ '^[0-9]{5}$'`),
    check("shop_etax_address_sub_district", sql`${table.subDistrictCode} ~ '^[0-9]{6}$'`),
    check("shop_etax_address_building", sql`length(${table.buildingNumber}) BETWEEN 1 AND 40`),
  ],
);
