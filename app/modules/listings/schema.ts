import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../accounts/schema";
import { LISTING_CATEGORIES, LISTING_STATUSES } from "./categories";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * An asset a member offers (a house, a car, a machine…). Thai has no spaces between words, so
 * `search_tokens` holds the title and description cut into words by Intl.Segmenter when the
 * listing is saved (see search-tokens.ts), and PostgreSQL's full-text index covers those words.
 */
export const listing = pgTable(
  "listing",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: LISTING_CATEGORIES }).notNull(),
    /** Integer satang (1 baht = 100 satang). */
    priceSatang: bigint("price_satang", { mode: "number" }).notNull(),
    /** ISO 3166-2:TH code without the prefix, e.g. "10" for Bangkok (see provinces.ts). */
    province: text("province").notNull(),
    /** E.164 */
    contactPhone: text("contact_phone").notNull(),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("draft"),
    /** Space-separated lower-case words of title and description. */
    searchTokens: text("search_tokens").notNull().default(""),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, search_tokens)`,
    ),
    /** When it was first published: the order of the public lists. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Set when an admin took it off the site; the owner cannot publish it again. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("listing_price_check", sql`${table.priceSatang} >= 0`),
    check("listing_status_check", sql`${table.status} in ('draft', 'published', 'sold')`),
    index("listing_owner_idx").on(table.ownerId, table.updatedAt),
    // The public lists: published, not hidden, newest first.
    index("listing_public_idx")
      .on(table.publishedAt.desc(), table.id)
      .where(sql`status = 'published' and hidden_at is null`),
    // The filters of /asset: category, province, price range.
    index("listing_public_category_idx")
      .on(table.category, table.publishedAt.desc())
      .where(sql`status = 'published' and hidden_at is null`),
    index("listing_public_province_idx")
      .on(table.province, table.publishedAt.desc())
      .where(sql`status = 'published' and hidden_at is null`),
    index("listing_public_price_idx")
      .on(table.priceSatang)
      .where(sql`status = 'published' and hidden_at is null`),
    index("listing_search_vector_idx").using("gin", table.searchVector),
  ],
);

/**
 * Every word that has appeared in a listing. Its trigram index turns part of a word ("คอนโ")
 * into the whole words that contain it ("คอนโด"), which the full-text index then finds: a
 * partial-word search never has to read the listings' text. Words are only added (a word no
 * listing uses any more simply matches nothing).
 */
export const listingSearchWord = pgTable(
  "listing_search_word",
  {
    word: text("word").primaryKey(),
  },
  (table) => [index("listing_search_word_trgm_idx").using("gin", table.word.op("gin_trgm_ops"))],
);

/**
 * A photo of a listing. Only resized, re-encoded WebP variants are stored (no original), under
 * `<storage_key>-thumb.webp`, `-card.webp` and `-full.webp`.
 */
export const listingPhoto = pgTable(
  "listing_photo",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listing.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    isCover: boolean("is_cover").notNull().default(false),
    storageKey: text("storage_key").notNull(),
    /** Size of the upright image before resizing (the variants keep its proportions). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("listing_photo_listing_idx").on(table.listingId, table.position),
    // One cover per listing at most.
    uniqueIndex("listing_photo_cover_idx")
      .on(table.listingId)
      .where(sql`is_cover`),
  ],
);
