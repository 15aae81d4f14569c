import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { shop } from "../shops/schema";

/*
 * A shop's registered tills (issue 34, decision 0071): each is a cash register the Revenue
 * Department may approve on its own (ภ.พ.06), with its own POS number printed on every slip and
 * its own running number series. A browser becomes a till by being bound to one: the device
 * keeps a random token, the row only its hash; one device per till at a time.
 */

export const TILL_STATUSES = ["active", "retired"] as const;
export type TillStatus = (typeof TILL_STATUSES)[number];

export const till = pgTable(
  "till",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    /** In its document numbers: P01, P02, … in the order the shop registered them. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** The POS registration number the Revenue Department assigned ("" when it has none). */
    posNumber: text("pos_number").notNull().default(""),
    status: text("status", { enum: TILL_STATUSES }).notNull().default("active"),
    /** SHA-256 of the bound device's token; null while no device is bound. */
    deviceTokenHash: text("device_token_hash"),
    /** What the bound device said it was (its browser and system), for the owner's list. */
    deviceLabel: text("device_label"),
    deviceBoundAt: timestamp("device_bound_at", { withTimezone: true }),
    /** A one-time code the owner shows to bind a device without signing in there as owner. */
    claimCodeHash: text("claim_code_hash"),
    claimCodeExpiresAt: timestamp("claim_code_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("till_shop_code").on(table.shopId, table.code),
    uniqueIndex("till_shop_name").on(table.shopId, table.name),
    check("till_code_shape", sql`${table.code} ~ '^P[0-9]{2,3}$'`),
    check("till_status_known", sql`${table.status} IN ('active', 'retired')`),
    check(
      "till_device_complete",
      sql`(${table.deviceTokenHash} IS NULL) = (${table.deviceBoundAt} IS NULL)`,
    ),
  ],
);

/**
 * Where each till's number series stands, per document kind and Buddhist-era year: the last
 * number a sale of that till took. `sale_post` accepts only the next one (decision 0071).
 */
export const tillSeries = pgTable(
  "till_series",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tillId: uuid("till_id")
      .notNull()
      .references(() => till.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    lastSeq: bigint("last_seq", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("till_series_till_kind_year").on(table.tillId, table.kind, table.year),
    check("till_series_kind", sql`${table.kind} IN ('receipt', 'abbreviatedTaxInvoice')`),
    check("till_series_positive", sql`${table.lastSeq} >= 1`),
  ],
);

/**
 * When a till's device last had nothing waiting to send (decision 0071): every sale it made
 * before then is on the server. A till's day is closed automatically (decision 0072) only once
 * its device has caught up past that day, so a till offline across midnight keeps its day open
 * for the sales it still holds. Kept with the device's token hash: a new device starts afresh.
 */
export const tillCheckin = pgTable("till_checkin", {
  tillId: uuid("till_id")
    .primaryKey()
    .references(() => till.id, { onDelete: "cascade" }),
  deviceTokenHash: text("device_token_hash").notNull(),
  caughtUpAt: timestamp("caught_up_at", { withTimezone: true }).notNull(),
  /**
   * What the device's browser answered when the till asked for persistent storage
   * (`navigator.storage.persist()`): the owner is told when it was refused, as queued sales
   * could then be cleared with the browser's data when space runs low. Null before it said.
   */
  storage: text("storage"),
});

/**
 * A registered till's queued sale the server refused for good (decision 0071): it stays on the
 * device, marked, and is listed here for the owner, who may not be at that till. Removed when
 * the same sale is accepted later (sent again after the owner put things right).
 */
export const tillRefusedSale = pgTable(
  "till_refused_sale",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    tillId: uuid("till_id")
      .notNull()
      .references(() => till.id, { onDelete: "cascade" }),
    clientSaleId: uuid("client_sale_id").notNull(),
    /** As the till printed it on the slip. */
    documentNumber: text("document_number").notNull(),
    totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
    /** The refusal's code (the till's queue says it in words). */
    code: text("code").notNull(),
    /** The member whose session sent it. */
    sentBy: text("sent_by").notNull(),
    refusedAt: timestamp("refused_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("till_refused_sale_client").on(table.shopId, table.clientSaleId)],
);
