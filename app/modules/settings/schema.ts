import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "../accounts/schema";

/*
 * Remote config (issue 36, decision 0079): the settings an admin edits at /admin/settings, one
 * row per setting (its key and its JSON value; a missing row is the setting's default), and
 * every change kept with who made it and when.
 */
export const siteSetting = pgTable("site_setting", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed which setting from what to what, and when (never edited, never deleted). */
export const siteSettingChange = pgTable(
  "site_setting_change",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value").notNull(),
    changedBy: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    /** The admin's name as it was: the trail still reads after the account is gone. */
    changedByName: text("changed_by_name").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("site_setting_change_at").on(table.changedAt)],
);
