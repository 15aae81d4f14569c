import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** The company behind the site: exactly one row (id = 1). */
export const companyProfile = pgTable(
  "company_profile",
  {
    id: integer("id").primaryKey().default(1),
    nameTh: text("name_th").notNull(),
    nameEn: text("name_en").notNull(),
    brand: text("brand").notNull(),
    addressTh: text("address_th").notNull(),
    addressEn: text("address_en").notNull(),
    /** E.164, e.g. +6621147788 */
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    lineId: text("line_id"),
    hoursTh: text("hours_th").notNull(),
    hoursEn: text("hours_en").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("company_profile_single_row", sql`${table.id} = 1`)],
);

export const productCategory = pgTable("product_category", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  nameTh: text("name_th").notNull(),
  nameEn: text("name_en").notNull(),
  summaryTh: text("summary_th").notNull(),
  summaryEn: text("summary_en").notNull(),
  image: text("image").notNull(),
  /** Article that explains the category in depth. */
  articleSlug: text("article_slug"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const banner = pgTable("banner", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  titleTh: text("title_th").notNull(),
  titleEn: text("title_en").notNull(),
  subtitleTh: text("subtitle_th").notNull(),
  subtitleEn: text("subtitle_en").notNull(),
  image: text("image").notNull(),
  imageAltTh: text("image_alt_th").notNull(),
  imageAltEn: text("image_alt_en").notNull(),
  linkHref: text("link_href").notNull(),
  linkLabelTh: text("link_label_th").notNull(),
  linkLabelEn: text("link_label_en").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const article = pgTable("article", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  category: text("category").notNull(),
  cover: text("cover").notNull(),
  coverAlt: text("cover_alt").notNull(),
  /** Markdown source; rendered and sanitised on the server when shown. */
  bodyMarkdown: text("body_markdown").notNull(),
  keywords: text("keywords").array().notNull(),
  featured: boolean("featured").notNull().default(false),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
