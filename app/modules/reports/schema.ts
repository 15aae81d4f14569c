import {
  bigint,
  date,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { quantity } from "../../db/quantity-column";
import { shop } from "../shops/schema";

/*
 * Running sums of the till's sales for the profit-and-loss report, so a year of a busy shop is
 * read from a few thousand rows instead of every sale and line. They are kept by statement
 * triggers on sale, sale_line and sale_payment (drizzle migration "report_summaries"): every
 * insert, update or delete of those rows adds or takes off its share in the same transaction,
 * so a sale, a void and the summaries commit together or not at all. A sale counts while its
 * status is not 'void'; days and hours are Bangkok time of sale.created_at. Credit notes are
 * few and are still read from their own tables. Nothing but the triggers writes here.
 */

/** Sales by Bangkok day, hour of day and cashier. */
export const reportSalesHour = pgTable(
  "report_sales_hour",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    hour: smallint("hour").notNull(),
    cashierId: text("cashier_id").notNull(),
    cashierName: text("cashier_name").notNull(),
    bills: integer("bills").notNull(),
    grossSatang: bigint("gross_satang", { mode: "number" }).notNull(),
    discountSatang: bigint("discount_satang", { mode: "number" }).notNull(),
    exVatSatang: bigint("ex_vat_satang", { mode: "number" }).notNull(),
    vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
    costSatang: bigint("cost_satang", { mode: "number" }).notNull(),
    voidBills: integer("void_bills").notNull(),
    voidTotalSatang: bigint("void_total_satang", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("report_sales_hour_key").on(table.shopId, table.day, table.hour, table.cashierId),
  ],
);

/** Payments of the sales that stand, by Bangkok day and method. */
export const reportPaymentsDay = pgTable(
  "report_payments_day",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    method: text("method").notNull(),
    payments: integer("payments").notNull(),
    amountSatang: bigint("amount_satang", { mode: "number" }).notNull(),
  },
  (table) => [uniqueIndex("report_payments_day_key").on(table.shopId, table.day, table.method)],
);

const itemColumns = () => ({
  shopId: uuid("shop_id")
    .notNull()
    .references(() => shop.id, { onDelete: "cascade" }),
  itemId: bigint("item_id", { mode: "number" }).notNull(),
  /** The greatest name the item sold under (the report's max(item_name)). */
  itemName: text("item_name").notNull(),
  /** Lines of sales that stand: an item with none is left out of the report. */
  lines: integer("lines").notNull(),
  qty: quantity("qty").notNull(),
  exVatSatang: bigint("ex_vat_satang", { mode: "number" }).notNull(),
  costSatang: bigint("cost_satang", { mode: "number" }).notNull(),
});

/** Lines of the sales that stand, by Bangkok day and item. */
export const reportItemsDay = pgTable(
  "report_items_day",
  { ...itemColumns(), day: date("day", { mode: "string" }).notNull() },
  (table) => [uniqueIndex("report_items_day_key").on(table.shopId, table.day, table.itemId)],
);

/** The same by calendar month (`month` is its first day): a year is twelve rows an item. */
export const reportItemsMonth = pgTable(
  "report_items_month",
  { ...itemColumns(), month: date("month", { mode: "string" }).notNull() },
  (table) => [uniqueIndex("report_items_month_key").on(table.shopId, table.month, table.itemId)],
);
