import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { shop } from "../shops/schema";

export const GUIDE_STATUSES = ["active", "closed", "finished"] as const;
export type GuideStatus = (typeof GUIDE_STATUSES)[number];

/**
 * Where a member is in the guided first sale of one shop. Kept on the server, per member and
 * shop, so that the walkthrough survives page loads, other devices and a cleared browser.
 * No row: the walkthrough was never started (the shop's dashboard offers it while the shop is new).
 */
export const shopGuide = pgTable(
  "shop_guide",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shop.id, { onDelete: "cascade" }),
    // No foreign key to the account, as the ledger's user ids: a deleted member's row is harmless.
    userId: text("user_id").notNull(),
    status: text("status", { enum: GUIDE_STATUSES }).notNull(),
    /** The step's name (app/modules/guide/steps.ts); a name, so reordering steps keeps progress. */
    step: text("step").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A unique index rather than a composite primary key (drizzle-kit's pushSchema, see
    // document_sequence).
    uniqueIndex("shop_guide_shop_user").on(table.shopId, table.userId),
    check("shop_guide_status_known", sql`${table.status} IN ('active', 'closed', 'finished')`),
    check("shop_guide_step_length", sql`length(${table.step}) <= 40`),
  ],
);
