import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../accounts/schema";
import { shop } from "../shops/schema";
import { till } from "../tills/schema";

/*
 * Staff at a shared till (issue 37, decision 0088): each member's till PIN, the cashiers who
 * took over a registered till with it, and the hours they clocked there. Tables of their own:
 * no query of the members or of the sales ever carries a PIN's hash.
 */

/**
 * A member's till PIN in a shop: scrypt, never the PIN. `failedCount` counts wrong PINs since
 * the last right one; at five the PIN is locked until `lockedUntil` (or an owner or a manager
 * unlocks it).
 */
export const tillPin = pgTable(
  "till_pin",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    pinHash: text("pin_hash").notNull(),
    failedCount: integer("failed_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("till_pin_shop_user").on(table.shopId, table.userId),
    check("till_pin_failed_count", sql`${table.failedCount} >= 0`),
  ],
);

/**
 * A cashier who took over a registered till by PIN, under the session of the owner or manager
 * signed in there (`openedBy`). The sales the till sends with this id are the cashier's, under
 * a cashier's rules, while it lasts: until the next switch at the till or `expiresAt`.
 */
export const tillCashierSwitch = pgTable(
  "till_cashier_switch",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    tillId: uuid("till_id")
      .notNull()
      .references(() => till.id, { onDelete: "cascade" }),
    cashierId: text("cashier_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** As the slip names them: the record outlives a renamed account. */
    cashierName: text("cashier_name").notNull(),
    openedBy: text("opened_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * A hash of the session (its cookie) the switch was made under: while it is open, that
     * session is held by the cashier everywhere on the site, not only on the till's page
     * (decision 0088, "The whole session is held").
     */
    sessionKey: text("session_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("till_cashier_switch_open")
      .on(table.tillId)
      .where(sql`${table.endedAt} IS NULL`),
    index("till_cashier_switch_session")
      .on(table.sessionKey)
      .where(sql`${table.endedAt} IS NULL`),
    index("till_cashier_switch_shop").on(table.shopId, table.createdAt),
  ],
);

/** A member's time at work, clocked in and out at a till with their PIN. */
export const staffClock = pgTable(
  "staff_clock",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    memberName: text("member_name").notNull(),
    tillId: uuid("till_id").references(() => till.id, { onDelete: "set null" }),
    clockIn: timestamp("clock_in", { withTimezone: true }).notNull().defaultNow(),
    clockOut: timestamp("clock_out", { withTimezone: true }),
  },
  (table) => [
    // One open clock per member and shop: clocking in twice is refused.
    uniqueIndex("staff_clock_one_open")
      .on(table.shopId, table.userId)
      .where(sql`${table.clockOut} IS NULL`),
    index("staff_clock_shop_in").on(table.shopId, table.clockIn),
    check(
      "staff_clock_out_after_in",
      sql`${table.clockOut} IS NULL OR ${table.clockOut} >= ${table.clockIn}`,
    ),
  ],
);
