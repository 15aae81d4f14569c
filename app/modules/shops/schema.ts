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

export const SHOP_ROLES = ["owner", "manager", "cashier", "stock"] as const;
export type ShopRole = (typeof SHOP_ROLES)[number];

export const BUSINESS_TYPES = [
  "grocery",
  "cafe",
  "restaurant",
  "beauty",
  "fashion",
  "hardware",
  "pharmacy",
  "electronics",
  "other",
] as const;

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
  },
  (table) => [
    uniqueIndex("shop_member_shop_user").on(table.shopId, table.userId),
    index("shop_member_user_idx").on(table.userId),
  ],
);
