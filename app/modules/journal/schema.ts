import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/*
 * The till's day closings and its electronic journal (issue 35, decision 0072). Neither table
 * has a foreign key: what a till issued is kept for the Revenue Department for five years
 * (Revenue Code section 87/3), whatever happens to the shop, the till or an account, and
 * PostgreSQL refuses to change or remove a row of either (triggers in drizzle/0035). A sale
 * without a registered till (`sale.till_id` null) belongs to the shop's first till, P01, whose
 * number series it continues (decision 0071).
 */

export const JOURNAL_KINDS = ["sale", "fullTaxInvoice", "creditNote", "void", "zReport"] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/**
 * A till's day closed (the Z report): numbered per till ("Z-P01-000001"), once per Bangkok
 * day, never edited. Its figures are those of the views that define what stands (decision
 * 0058) as they were when it closed; `report` is its read model as printed.
 */
export const zReport = pgTable(
  "z_report",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id").notNull(),
    tillId: uuid("till_id").notNull(),
    tillCode: text("till_code").notNull(),
    /** The Bangkok day it closes. */
    businessDate: date("business_date", { mode: "string" }).notNull(),
    /** Its number in the till's own series of Z reports, from 1. */
    seq: integer("seq").notNull(),
    documentNumber: text("document_number").notNull(),
    /** Closed by the system after midnight because nobody closed it (with `note`). */
    auto: boolean("auto").notNull().default(false),
    note: text("note").notNull().default(""),
    closedBy: text("closed_by"),
    closedByName: text("closed_by_name").notNull().default(""),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
    documents: integer("documents").notNull(),
    grossSatang: bigint("gross_satang", { mode: "number" }).notNull(),
    discountSatang: bigint("discount_satang", { mode: "number" }).notNull(),
    vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
    /** What the day took, VAT included, after its credit notes. */
    netSatang: bigint("net_satang", { mode: "number" }).notNull(),
    /** The till's grand total since it was first used: the previous Z's plus `net_satang`. */
    grandTotalSatang: bigint("grand_total_satang", { mode: "number" }).notNull(),
    /** The hash of the till's last journal entry before this Z (printed on it). */
    journalHash: text("journal_hash").notNull(),
    report: jsonb("report").notNull(),
  },
  (table) => [
    uniqueIndex("z_report_till_day").on(table.tillId, table.businessDate),
    uniqueIndex("z_report_till_seq").on(table.tillId, table.seq),
    index("z_report_shop_day").on(table.shopId, table.businessDate),
    check("z_report_seq_positive", sql`${table.seq} >= 1`),
  ],
);

/**
 * Where each till's journal chain stands: its last entry's number and hash, and when its
 * journal began (documents issued before are not in it). Locked by every append, so entries
 * of one till are chained one after the other.
 */
export const journalTill = pgTable("journal_till", {
  tillId: uuid("till_id").primaryKey(),
  shopId: uuid("shop_id").notNull(),
  beganAt: timestamp("began_at", { withTimezone: true }).notNull().defaultNow(),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
  lastHash: text("last_hash").notNull(),
});

/**
 * The electronic journal: one entry per document as issued, written by triggers in the
 * document's own transaction, chained per till by SHA-256 (decision 0072). Append-only.
 */
export const journalEntry = pgTable(
  "journal_entry",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id").notNull(),
    tillId: uuid("till_id").notNull(),
    /** 1, 2, 3… per till: a missing entry is a missing number. */
    seq: bigint("seq", { mode: "number" }).notNull(),
    kind: text("kind", { enum: JOURNAL_KINDS }).notNull(),
    /** The id of the row it records (sale, full_tax_invoice, credit_note, z_report). */
    documentId: bigint("document_id", { mode: "number" }).notNull(),
    documentNumber: text("document_number").notNull(),
    /** When the document was issued (for a void: when it was voided). */
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    /** The document as printed: its rows (header, seller, lines, payments, totals). */
    body: jsonb("body").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [
    uniqueIndex("journal_entry_till_seq").on(table.tillId, table.seq),
    index("journal_entry_till_issued").on(table.tillId, table.issuedAt),
    index("journal_entry_document").on(table.kind, table.documentId),
    check(
      "journal_entry_kind",
      sql`${table.kind} IN ('sale', 'fullTaxInvoice', 'creditNote', 'void', 'zReport')`,
    ),
  ],
);
