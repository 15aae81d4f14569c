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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../accounts/schema";
import { shop } from "../shops/schema";

/*
 * Web Push (issue 36, decision 0078). A member's browser on one device subscribes from the
 * profile page; what happens in their shops becomes an event (triggers, the daily summary, an
 * admin's notice), an event becomes one message per subscription that wants it, and the worker
 * sends the messages with retries, like the e-mail outbox.
 */

export const PUSH_LANGS = ["th", "en"] as const;

/** One browser on one device that accepted notifications (its push service's address). */
export const pushSubscription = pgTable(
  "push_subscription",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The push service's URL for this browser (unique: a browser re-subscribing replaces it). */
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The language the member used when subscribing: the notifications' language. */
    lang: text("lang", { enum: PUSH_LANGS }).notNull().default("th"),
    /** Whether the site's notices come to this device. */
    notices: boolean("notices").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("push_subscription_endpoint").on(table.endpoint),
    index("push_subscription_user").on(table.userId),
  ],
);

/** Which alerts of one shop a member wants (no row: all of them, for owners and managers). */
export const pushPreference = pgTable(
  "push_preference",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    lowStock: boolean("low_stock").notNull().default(true),
    dailySummary: boolean("daily_summary").notNull().default(true),
    largeRefund: boolean("large_refund").notNull().default(true),
    shiftDifference: boolean("shift_difference").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("push_preference_user_shop").on(table.userId, table.shopId)],
);

/** What the owner set for a shop's alerts (no row: the defaults). */
export const pushShopSetting = pgTable(
  "push_shop_setting",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    /** A void or a credit note of more than this (satang, VAT included) is told. */
    refundAlertSatang: bigint("refund_alert_satang", { mode: "number" }).notNull().default(100_000),
    /** When the shop closes, minutes after midnight Bangkok time: the daily summary goes then. */
    closingMinute: smallint("closing_minute").notNull().default(1_260),
    /** The last Bangkok day whose summary was queued (once a day, whichever instance). */
    lastSummaryDay: date("last_summary_day", { mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("push_shop_setting_shop").on(table.shopId),
    check("push_shop_setting_refund_not_negative", sql`${table.refundAlertSatang} >= 0`),
    check(
      "push_shop_setting_closing_minute",
      sql`${table.closingMinute} >= 0 AND ${table.closingMinute} < 1440`,
    ),
  ],
);

export const PUSH_EVENT_KINDS = [
  "notice",
  "low_stock",
  "daily_summary",
  "void",
  "refund",
  "shift_difference",
] as const;
export type PushEventKind = (typeof PUSH_EVENT_KINDS)[number];

/**
 * Something to tell: written by the triggers of drizzle/functions/push_event_from_change.sql in
 * the same transaction as the change, by the daily summary and by an admin's notice. The worker
 * turns each into messages once (expanded_at).
 */
export const pushEvent = pgTable(
  "push_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Null for a site notice (every subscribed device that takes notices). */
    shopId: uuid("shop_id").references(() => shop.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PUSH_EVENT_KINDS }).notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expandedAt: timestamp("expanded_at", { withTimezone: true }),
  },
  (table) => [
    index("push_event_waiting")
      .on(table.id)
      .where(sql`${table.expandedAt} IS NULL`),
  ],
);

export const PUSH_MESSAGE_STATUSES = ["pending", "sending", "sent", "failed"] as const;

/** One notification for one subscription: the queue the worker sends from. */
export const pushMessage = pgTable(
  "push_message",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => pushSubscription.id, { onDelete: "cascade" }),
    eventId: bigint("event_id", { mode: "number" }).references(() => pushEvent.id, {
      onDelete: "set null",
    }),
    /** What the service worker shows: { title, body, url, tag }. */
    payload: jsonb("payload").notNull(),
    /** Seconds the push service keeps it for a device that is off. */
    ttlSeconds: integer("ttl_seconds").notNull().default(86_400),
    status: text("status", { enum: PUSH_MESSAGE_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("push_message_due").on(table.status, table.nextAttemptAt),
    index("push_message_subscription").on(table.subscriptionId),
  ],
);
