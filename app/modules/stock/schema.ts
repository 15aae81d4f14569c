import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import { quantity } from "../../db/quantity-column";
import { shop } from "../shops/schema";

/** `column IN ('a', 'b')` with the kinds as literals (a CHECK constraint takes no parameters). */
function inList(column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} IN (${sql.raw(list)})`;
}

/*
 * The stock ledger. Every shop-owned table carries shop_id (the key Citus would distribute
 * by) and every query filters on it. Quantities are numeric(14,3) in the item's unit (up to
 * 3 decimals for items sold by weight or length, whole numbers for the others), integer
 * thousandths in TypeScript (the `quantity` column type); money is integer satang.
 *
 * The rules that keep the ledger honest live in the database (their
 * functions as they stand are in drizzle/functions/): movements cannot be updated or deleted, and the
 * stock_apply_movement() function posts a movement, its balance and the item's totals in one
 * statement so that a decrement can never oversell.
 */

export const LOCATION_KINDS = ["warehouse", "zone", "bin"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** A place that holds stock: a tree warehouse > zone > bin, per shop. */
export const stockLocation = pgTable(
  "stock_location",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    parentId: bigint("parent_id", { mode: "number" }),
    kind: text("kind", { enum: LOCATION_KINDS }).notNull(),
    name: text("name").notNull(),
    /** The shop's default location: where stock goes when no other is chosen. */
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("stock_location_shop_idx").on(table.shopId, table.parentId),
    uniqueIndex("stock_location_one_default")
      .on(table.shopId)
      .where(sql`${table.isDefault}`),
  ],
);

export const ITEM_STATUSES = ["active", "archived"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** Something the shop stocks and sells. Quantities change only through movements. */
export const stockItem = pgTable(
  "stock_item",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sku: text("sku").notNull(),
    barcode: text("barcode"),
    category: text("category").notNull().default(""),
    unit: text("unit").notNull(),
    priceSatang: bigint("price_satang", { mode: "number" }).notNull().default(0),
    /** The usual purchase cost the shop enters; the ledger's own figure is avgCostSatang. */
    costSatang: bigint("cost_satang", { mode: "number" }).notNull().default(0),
    imageKey: text("image_key"),
    // '0' as PostgreSQL reads a numeric default back (drizzle-kit compares the two).
    reorderLevel: quantity("reorder_level")
      .notNull()
      .default(sql`'0'`),
    /**
     * Sold by weight or length (kg, m): its quantities take up to 3 decimals. The others move
     * in whole units only (the forms, the CSV import and the ledger refuse a fraction).
     */
    measured: boolean("measured").notNull().default(false),
    status: text("status", { enum: ITEM_STATUSES }).notNull().default("active"),
    /** Totals over all locations, kept by stock_apply_movement() with every movement. */
    onHand: quantity("on_hand")
      .notNull()
      .default(sql`'0'`),
    /** Value of the stock on hand at moving-average cost (exact, so it never drifts). */
    stockValueSatang: bigint("stock_value_satang", { mode: "number" }).notNull().default(0),
    avgCostSatang: bigint("avg_cost_satang", { mode: "number" }).notNull().default(0),
    /** Set once the item has any movement: from then on it can be archived, not deleted. */
    hasMovements: boolean("has_movements").notNull().default(false),
    /**
     * Added by the guided first sale as a sample (shophub's walkthrough): such items can be
     * taken back together, opening stock included, while they were never sold or otherwise moved
     * (drizzle/functions/stock_remove_sample_items.sql).
     */
    sample: boolean("sample").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // SKUs are stored in capitals (item-form.ts), so "abc-1" and "ABC-1" are the same SKU.
    uniqueIndex("stock_item_shop_sku").on(table.shopId, table.sku),
    uniqueIndex("stock_item_shop_barcode")
      .on(table.shopId, table.barcode)
      .where(sql`${table.barcode} IS NOT NULL`),
    index("stock_item_shop_name").on(table.shopId, table.name),
    index("stock_item_shop_sample")
      .on(table.shopId)
      .where(sql`${table.sample}`),
    // "Contains" search by name or SKU (ILIKE '%…%') over 100,000 items without a full scan.
    index("stock_item_name_trgm").using("gin", table.name.op("gin_trgm_ops")),
    index("stock_item_sku_trgm").using("gin", table.sku.op("gin_trgm_ops")),
    // Part of a barcode finds the item too (people type the last digits on the label).
    index("stock_item_barcode_trgm").using("gin", table.barcode.op("gin_trgm_ops")),
    check("stock_item_price_not_negative", sql`${table.priceSatang} >= 0`),
    check("stock_item_cost_not_negative", sql`${table.costSatang} >= 0`),
    check("stock_item_reorder_not_negative", sql`${table.reorderLevel} >= 0`),
  ],
);

/** Quantity of an item at a location, kept in the same statement as every movement. */
export const stockBalance = pgTable(
  "stock_balance",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => stockItem.id, { onDelete: "cascade" }),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => stockLocation.id),
    qty: quantity("qty")
      .notNull()
      .default(sql`'0'`),
    /**
     * Value of the stock at this location at cost, exact in satang: the item's
     * stock_value_satang is the sum of these (decision: stock value per location).
     */
    valueSatang: bigint("value_satang", { mode: "number" }).notNull().default(0),
    /** Whether the shop allowed negative stock when this row was last written. */
    negativeAllowed: boolean("negative_allowed").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("stock_balance_item_location").on(table.itemId, table.locationId),
    index("stock_balance_shop_location").on(table.shopId, table.locationId),
    // The backstop behind `... WHERE qty >= n`: no code path can leave a negative quantity
    // unless the shop allows it.
    check("stock_balance_qty_not_negative", sql`${table.qty} >= 0 OR ${table.negativeAllowed}`),
  ],
);

export const DOCUMENT_KINDS = [
  "opening",
  "receive",
  "issue",
  "transfer",
  "count",
  "reversal",
  "sale",
  "sale_void",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** One stock document: several lines posted together (a delivery, a count, a transfer...). */
export const stockDocument = pgTable(
  "stock_document",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    /**
     * The number people see ("GR-000012"): gapless per shop and kind, taken from
     * document_sequence inside the posting transaction (documents posted before it existed
     * keep their id as their number).
     */
    number: bigint("number", { mode: "number" }).notNull(),
    reference: text("reference").notNull().default(""),
    note: text("note").notNull().default(""),
    /** For a reversal: the document it undoes (a document is reversed at most once). */
    reversesDocumentId: bigint("reverses_document_id", { mode: "number" }),
    /** Who posted it; no foreign key, so history outlives a deleted account (see movement). */
    userId: text("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("stock_document_shop_idx").on(table.shopId, table.id),
    // Date-range reports (a day's sales, a month's receipts) of one shop.
    index("stock_document_shop_created").on(table.shopId, table.createdAt),
    uniqueIndex("stock_document_shop_kind_number").on(table.shopId, table.kind, table.number),
    uniqueIndex("stock_document_reversed_once")
      .on(table.reversesDocumentId)
      .where(sql`${table.reversesDocumentId} IS NOT NULL`),
    // The database, not only the TypeScript union, knows the kinds (any writer, any script).
    check("stock_document_kind_known", inList(table.kind, DOCUMENT_KINDS)),
  ],
);

/**
 * Gapless document numbers per shop, kind and year (0: numbered without years, as stock
 * documents are). next_document_number() takes one inside the caller's transaction: the row
 * lock makes concurrent posts of the same kind wait, and a rollback (or a rolled-back
 * subtransaction) gives the number back. Invoices will use it per Buddhist-era year.
 */
export const documentSequence = pgTable(
  "document_sequence",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    year: integer("year").notNull().default(0),
    /** Printed before the number when the shop chooses one (invoices); "" otherwise. */
    prefix: text("prefix").notNull().default(""),
    nextValue: bigint("next_value", { mode: "number" }).notNull().default(1),
  },
  (table) => [
    // A unique index rather than a composite primary key: drizzle-kit's pushSchema (used by
    // the migrations test) cannot read composite primary keys back.
    uniqueIndex("document_sequence_shop_kind_year").on(table.shopId, table.kind, table.year),
    check("document_sequence_next_positive", sql`${table.nextValue} >= 1`),
  ],
);

export const MOVEMENT_KINDS = [
  "receive",
  "issue",
  "transfer_out",
  "transfer_in",
  "adjust",
  "sale",
  "sale_void",
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** The ledger: one row per change of stock, never updated or deleted. */
export const stockMovement = pgTable(
  "stock_movement",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    documentId: bigint("document_id", { mode: "number" })
      .notNull()
      .references(() => stockDocument.id),
    lineNo: integer("line_no").notNull(),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => stockItem.id),
    locationId: bigint("location_id", { mode: "number" })
      .notNull()
      .references(() => stockLocation.id),
    kind: text("kind", { enum: MOVEMENT_KINDS }).notNull(),
    /** Signed: positive into the location, negative out of it. */
    qty: quantity("qty").notNull(),
    /** Quantity at this location right after the movement. */
    locationQtyAfter: quantity("location_qty_after").notNull(),
    /** The item's quantity over all locations right after the movement. */
    itemQtyAfter: quantity("item_qty_after").notNull(),
    unitCostSatang: bigint("unit_cost_satang", { mode: "number" }).notNull(),
    /** Change of the item's stock value at cost (exact; its sum is the item's value). */
    valueSatang: bigint("value_satang", { mode: "number" }).notNull(),
    reference: text("reference").notNull().default(""),
    reason: text("reason").notNull().default(""),
    reversesMovementId: bigint("reverses_movement_id", { mode: "number" }),
    // No foreign key: deleting an account would have to rewrite (SET NULL) immutable rows.
    // The ledger keeps the id; a deleted member shows as such.
    userId: text("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("stock_movement_shop_idx").on(table.shopId, table.id),
    index("stock_movement_item_idx").on(table.itemId, table.id),
    index("stock_movement_location_idx").on(table.locationId, table.id),
    index("stock_movement_document_idx").on(table.documentId),
    // Date-range reports (cost of goods sold per day) of one shop.
    index("stock_movement_shop_created").on(table.shopId, table.createdAt),
    // What a sale_void gives back per sale movement is summed over these (never more than sold).
    index("stock_movement_reverses_idx")
      .on(table.reversesMovementId)
      .where(sql`${table.reversesMovementId} IS NOT NULL`),
    check("stock_movement_qty_not_zero", sql`${table.qty} <> 0`),
    check("stock_movement_kind_known", inList(table.kind, MOVEMENT_KINDS)),
  ],
);

/*
 * Variants (decision 0080): every variant IS a stock_item row (its own SKU, barcode, price,
 * cost and ledger), so stock documents, the till's sale lines and the reports need nothing new.
 * These two tables only say which items belong together and by which option values, as Odoo's
 * product.template groups its product.product rows.
 */

/** Items that are one product in several versions: "ลาเต้" in ขนาด S, M and L. */
export const stockVariantGroup = pgTable(
  "stock_variant_group",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** One to three option names in their order ("ขนาด", "สี"). */
    optionNames: text("option_names").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("stock_variant_group_shop_name").on(table.shopId, table.name),
    check(
      "stock_variant_group_option_count",
      sql`cardinality(${table.optionNames}) BETWEEN 1 AND 3`,
    ),
  ],
);

/** An item as one variant of its group, with its option values in the group's order. */
export const stockItemVariant = pgTable(
  "stock_item_variant",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => stockVariantGroup.id, { onDelete: "cascade" }),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => stockItem.id, { onDelete: "cascade" }),
    optionValues: text("option_values").array().notNull(),
    /** The variant's place in the picker (the order its values were typed). */
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("stock_item_variant_item").on(table.itemId),
    uniqueIndex("stock_item_variant_values").on(table.groupId, table.optionValues),
    index("stock_item_variant_shop_group").on(table.shopId, table.groupId),
  ],
);

/*
 * Recipes (decision 0087): an item made of other items, a latte of 18 g beans, 200 ml milk and
 * one cup. The recipe item holds no stock of its own (made to order): selling it moves its
 * components out in the sale's own stock document, at their moving-average cost.
 */
export const stockRecipeComponent = pgTable(
  "stock_recipe_component",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    /** The item sold (the latte). */
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => stockItem.id, { onDelete: "cascade" }),
    /**
     * What one of it uses (the beans), in the component's own unit. Only an item that never
     * moved can be deleted; a recipe never sold loses that line with it.
     */
    componentItemId: bigint("component_item_id", { mode: "number" })
      .notNull()
      .references(() => stockItem.id, { onDelete: "cascade" }),
    qty: quantity("qty").notNull(),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("stock_recipe_component_item_component").on(table.itemId, table.componentItemId),
    index("stock_recipe_component_shop_item").on(table.shopId, table.itemId),
    index("stock_recipe_component_component").on(table.componentItemId),
    check("stock_recipe_component_qty_positive", sql`${table.qty} > 0`),
    check("stock_recipe_component_not_itself", sql`${table.itemId} <> ${table.componentItemId}`),
  ],
);

/**
 * An item (or a variant: variants are items, decision 0080) sold at a price typed at the till,
 * ราคาตามจริง (issue 37, decision 0093): market produce by the heap, a service. The bounds, when
 * set, are the lowest and highest price a cashier may type (satang, per unit). A table of its
 * own: old-migration tests insert stock_item rows on older schemas.
 */
export const itemOpenPrice = pgTable(
  "item_open_price",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => stockItem.id, { onDelete: "cascade" }),
    minSatang: bigint("min_satang", { mode: "number" }),
    maxSatang: bigint("max_satang", { mode: "number" }),
  },
  (table) => [
    uniqueIndex("item_open_price_item").on(table.itemId),
    index("item_open_price_shop").on(table.shopId),
    check(
      "item_open_price_bounds",
      sql`(${table.minSatang} IS NULL OR ${table.minSatang} >= 0)
        AND (${table.maxSatang} IS NULL OR ${table.maxSatang} >= 0)
        AND (${table.minSatang} IS NULL OR ${table.maxSatang} IS NULL OR ${table.minSatang} <= ${table.maxSatang})`,
    ),
  ],
);
