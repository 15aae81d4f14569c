import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { article, banner, companyProfile, productCategory } from "./schema";

export type CompanyProfile = typeof companyProfile.$inferSelect;

/** The company's details; the seed guarantees the row exists. */
export async function getCompanyProfile(db: Database): Promise<CompanyProfile> {
  const [row] = await db.select().from(companyProfile).where(eq(companyProfile.id, 1));
  if (!row) throw new Error("company_profile is empty: the seed has not run");
  return row;
}

export function listActiveBanners(db: Database) {
  return db
    .select()
    .from(banner)
    .where(eq(banner.active, true))
    .orderBy(asc(banner.sortOrder), asc(banner.id));
}

export function listProductCategories(db: Database) {
  return db
    .select()
    .from(productCategory)
    .orderBy(asc(productCategory.sortOrder), asc(productCategory.id));
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
  const query = db
    .select(articleSummaryColumns)
    .from(article)
    .where(options.featuredOnly ? eq(article.featured, true) : undefined)
    .orderBy(desc(article.publishedAt), asc(article.slug));
  return options.limit ? query.limit(options.limit) : query;
}

export async function getArticleBySlug(db: Database, slug: string) {
  const [row] = await db.select().from(article).where(eq(article.slug, slug));
  return row ?? null;
}

/** Other articles of the same category first, then the newest others. */
export async function listRelatedArticles(db: Database, slug: string, category: string, limit = 3) {
  const sameCategory = await db
    .select(articleSummaryColumns)
    .from(article)
    .where(and(eq(article.category, category), ne(article.slug, slug)))
    .orderBy(desc(article.publishedAt))
    .limit(limit);
  if (sameCategory.length >= limit) return sameCategory;
  const others = await db
    .select(articleSummaryColumns)
    .from(article)
    .where(and(ne(article.category, category), ne(article.slug, slug)))
    .orderBy(desc(article.publishedAt))
    .limit(limit - sameCategory.length);
  return [...sameCategory, ...others];
}
