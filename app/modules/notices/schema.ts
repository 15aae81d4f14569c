import { sql } from "drizzle-orm";
import { check, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "../accounts/schema";

/**
 * Site-wide notices that admins publish (maintenance, holidays, urgent news). A notice shows
 * between starts_at and ends_at; an empty bound means "from now" or "until removed".
 */
export const siteNotice = pgTable(
  "site_notice",
  {
    id: serial("id").primaryKey(),
    /** In Thai, the site's language: every visitor can read it. */
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** In English, optional: English visitors read the Thai text when there is none. */
    titleEn: text("title_en"),
    bodyEn: text("body_en"),
    level: text("level", { enum: ["info", "warning", "danger"] })
      .notNull()
      .default("info"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Backstops for the form's rules.
    check("site_notice_level_check", sql`${table.level} in ('info', 'warning', 'danger')`),
    check(
      "site_notice_period_check",
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);
