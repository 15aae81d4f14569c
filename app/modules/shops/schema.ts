import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../accounts/schema";
import { BUSINESS_TYPES, SHOP_ROLES } from "./shop-types";

export { BUSINESS_TYPES, SHOP_ROLES, type BusinessType, type ShopRole } from "./shop-types";

/** A shop is the tenant: every table of shop data carries its id (the key Citus would distribute by). */
export const shop = pgTable(
  "shop",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    businessType: text("business_type", { enum: BUSINESS_TYPES }).notNull(),
    address: text("address").notNull(),
    /** E.164 */
    phone: text("phone").notNull(),
    /** 13 digits with a valid checksum, optional */
    taxId: text("tax_id"),
    allowNegativeStock: boolean("allow_negative_stock").notNull().default(false),
    /** Whether members with the `stock` role may reverse documents (owners and managers always may). */
    stockMayReverse: boolean("stock_may_reverse").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("shop_tax_id_digits", sql`${table.taxId} IS NULL OR ${table.taxId} ~ '^[0-9]{13}$'`),
  ],
);

export const shopMember = pgTable(
  "shop_member",
  {
    // A plain key of its own: drizzle-kit cannot introspect composite keys on PostgreSQL 18.
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: SHOP_ROLES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member last chose this shop in the switcher: their default shop is the one
     * used last. Written only on a switch (the row's trigger announces every change).
     */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("shop_member_shop_user").on(table.shopId, table.userId),
    index("shop_member_user_idx").on(table.userId),
  ],
);

/**
 * An owner's or a manager's PIN for approving, at the till, what a cashier may not do alone (a
 * discount past the shop's limit; decision 0059): scrypt, never the PIN itself. A table of its
 * own, so that no query of the members ever carries it; it counts only while its member is an
 * owner or a manager of the shop (the check joins shop_member).
 */
export const approvalPin = pgTable(
  "approval_pin",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    pinHash: text("pin_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("approval_pin_shop_user").on(table.shopId, table.userId)],
);

/**
 * An invitation by e-mail to join a shop with a role. It is accepted when a member whose
 * e-mail is verified and equal to `email` signs in or registers (see invitations.server.ts);
 * accepted rows are kept as the shop's history. A shop has at most one pending invitation
 * per address: inviting again renews it.
 */
export const shopInvitation = pgTable(
  "shop_invitation",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    /** Always lower case, as better-auth stores e-mail addresses. */
    email: text("email").notNull(),
    role: text("role", { enum: SHOP_ROLES }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [
    check("shop_invitation_email_lower", sql`${table.email} = lower(${table.email})`),
    uniqueIndex("shop_invitation_pending_shop_email")
      .on(table.shopId, table.email)
      .where(sql`${table.acceptedAt} IS NULL`),
    // The per-request lookup of a signed-in member's pending invitations.
    index("shop_invitation_pending_email_idx")
      .on(table.email)
      .where(sql`${table.acceptedAt} IS NULL`),
  ],
);
