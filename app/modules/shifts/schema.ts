import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { shop } from "../shops/schema";

/*
 * Shifts and the cash drawer. A till's shift starts with the cash counted into the drawer and
 * ends with the cash counted out of it; in between, cash sales, cash refunds, pay-ins and
 * pay-outs change what the drawer should hold. The expected cash is computed from those rows
 * (never kept as a running figure that could drift) and written on the shift when it closes,
 * with what was counted and the difference. Money is integer satang.
 */

function inList(column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} IN (${sql.raw(list)})`;
}

export const SHIFT_STATUSES = ["open", "closed"] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** One till's shift: at most one open per till of a shop. */
export const shift = pgTable(
  "shift",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    /** The till (device) as it names itself, the same text a sale keeps. */
    till: text("till").notNull(),
    status: text("status", { enum: SHIFT_STATUSES }).notNull().default("open"),
    /** Who opened it; no foreign key, so the record outlives a deleted account. */
    openedBy: text("opened_by").notNull(),
    openedByName: text("opened_by_name").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    openingCashSatang: bigint("opening_cash_satang", { mode: "number" }).notNull(),
    closedBy: text("closed_by"),
    closedByName: text("closed_by_name"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** What the drawer should hold at closing: computed from the shift's rows, then kept. */
    expectedCashSatang: bigint("expected_cash_satang", { mode: "number" }),
    countedCashSatang: bigint("counted_cash_satang", { mode: "number" }),
    /** Counted minus expected: negative when cash is missing. */
    differenceSatang: bigint("difference_satang", { mode: "number" }),
    note: text("note").notNull().default(""),
  },
  (table) => [
    uniqueIndex("shift_one_open_per_till")
      .on(table.shopId, table.till)
      .where(sql`${table.status} = 'open'`),
    index("shift_shop_opened").on(table.shopId, table.openedAt),
    check("shift_status_known", inList(table.status, SHIFT_STATUSES)),
    check("shift_opening_not_negative", sql`${table.openingCashSatang} >= 0`),
    check("shift_counted_not_negative", sql`${table.countedCashSatang} >= 0`),
    check(
      "shift_closed_complete",
      sql`(${table.status} = 'closed') = (${table.closedAt} IS NOT NULL AND ${table.countedCashSatang} IS NOT NULL AND ${table.expectedCashSatang} IS NOT NULL)`,
    ),
  ],
);

/**
 * Who sells into a shift's drawer: the member who opened it, and the members added to it since
 * (a till shared by several cashiers). The server books a sale into the shift of the till only
 * when its cashier is one of these (issue 31: nobody puts sales into another person's drawer).
 */
export const shiftMember = pgTable(
  "shift_member",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    shiftId: bigint("shift_id", { mode: "number" })
      .notNull()
      .references(() => shift.id, { onDelete: "cascade" }),
    /** The member; no foreign key, so the record outlives a deleted account. */
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    /** Who added them (the opener adds themself when opening). */
    addedBy: text("added_by").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("shift_member_shift_user").on(table.shiftId, table.userId),
    index("shift_member_shop_user").on(table.shopId, table.userId),
  ],
);

export const CASH_MOVEMENT_KINDS = ["pay_in", "pay_out"] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

/**
 * Cash put into or taken out of the drawer during a shift, with its reason (change brought
 * from the bank, ice bought from the market). A pay-out booked as an expense names it.
 */
export const cashMovement = pgTable(
  "cash_movement",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    shiftId: bigint("shift_id", { mode: "number" })
      .notNull()
      .references(() => shift.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CASH_MOVEMENT_KINDS }).notNull(),
    amountSatang: bigint("amount_satang", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    /** The expense this pay-out was booked as (finance module), when it was. */
    expenseId: bigint("expense_id", { mode: "number" }),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("cash_movement_shift").on(table.shiftId),
    check("cash_movement_kind_known", inList(table.kind, CASH_MOVEMENT_KINDS)),
    check("cash_movement_amount_positive", sql`${table.amountSatang} > 0`),
  ],
);
