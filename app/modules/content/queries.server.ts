import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { readThroughCache } from "~/modules/platform/index.server";
import { article, banner, companyProfile, productCategory } from "./schema";

export type CompanyProfile = typeof companyProfile.$inferSelect;

// Every page reads the company's content and it changes only when the site is seeded: each
// instance keeps it until the content triggers say otherwise (drizzle/0012_content_changes.sql).
// Callers get shared objects and must not change them.
function cachedContent<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  return readThroughCache(db, `content:${key}`, load, (value) =>
    value === null ? null : { tags: ["content"] },
  );
}

/** The company's details; the seed guarantees the row exists. */
export function getCompanyProfile(db: Database): Promise<CompanyProfile> {
  return cachedContent(db, "company", async () => {
    const [row] = await db.select().from(companyProfile).where(eq(companyProfile.id, 1));
    if (!row) throw new Error("company_profile is empty: the seed has not run");
    return row;
  });
}

export function listActiveBanners(db: Database) {
  return cachedContent(db, "banners", async () =>
    db
      .select()
      .from(banner)
      .where(eq(banner.active, true))
      .orderBy(asc(banner.sortOrder), asc(banner.id)),
  );
}

export function listProductCategories(db: Database) {
  return cachedContent(db, "categories", async () =>
    db
      .select()
      .from(productCategory)
      .orderBy(asc(productCategory.sortOrder), asc(productCategory.id)),
  );
}

const articleSummaryColumns = {
  slug: article.slug,
  title: article.title,
  description: article.description,
  category: article.category,
  cover: article.cover,
  coverAlt: article.coverAlt,
  publishedAt: article.publishedAt,
  updatedAt: article.updatedAt,
  featured: article.featured,
};

export type ArticleSummary = Awaited<ReturnType<typeof listArticles>>[number];

export function listArticles(
  db: Database,
  options: { featuredOnly?: boolean; limit?: number } = {},
) {
  const key = `articles:${options.featuredOnly ? "featured" : "all"}:${options.limit ?? "all"}`;
  return cachedContent(db, key, async () => {
    const query = db
      .select(articleSummaryColumns)
      .from(article)
      .where(options.featuredOnly ? eq(article.featured, true) : undefined)
      .orderBy(desc(article.publishedAt), asc(article.slug));
    return options.limit ? query.limit(options.limit) : query;
  });
}

/** An article by its slug; an unknown slug is not kept (anyone can type one). */
export function getArticleBySlug(db: Database, slug: string) {
  return cachedContent(db, `article:${slug}`, async () => {
    const [row] = await db.select().from(article).where(eq(article.slug, slug));
    return row ?? null;
  });
}

/**
 * Other articles of the same category, newest first. Nothing else is filled in: the newest
 * articles of unrelated categories were suggested as "related" (an AI-camera article led to
 * one about buying a house or a car), so an article alone in its category shows none.
 */
export function listRelatedArticles(db: Database, slug: string, category: string, limit = 3) {
  return cachedContent(db, `related:${slug}:${category}:${limit}`, () =>
    db
      .select(articleSummaryColumns)
      .from(article)
      .where(and(eq(article.category, category), ne(article.slug, slug)))
      .orderBy(desc(article.publishedAt))
      .limit(limit),
  );
}
