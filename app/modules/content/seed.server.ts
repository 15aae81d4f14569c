import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { loadBundledArticles } from "./article-source";
import { DEMO_BANNERS, DEMO_CATEGORIES, DEMO_COMPANY } from "./demo-content";
import { article, banner, companyProfile, productCategory } from "./schema";

const SEED_LOCK_KEY = 4_711_002;

/**
 * Inserts the demo content that is missing. Existing rows are left alone, so a second start
 * changes nothing and edits made by admins survive restarts. The one exception is an article
 * nobody has edited since the seed wrote it (`updated_at = created_at`) whose file has changed
 * since: it takes the file's text, so a database seeded before a revision gets it too (the
 * shophub manual follows the product). An edit bumps `updated_at`, and edited rows are kept.
 */
export async function seedDemoContent(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Two instances starting together must not race on the same inserts.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await tx.insert(companyProfile).values(DEMO_COMPANY).onConflictDoNothing();
    await tx.insert(productCategory).values(DEMO_CATEGORIES).onConflictDoNothing();
    await tx.insert(banner).values(DEMO_BANNERS).onConflictDoNothing();
    const articles = loadBundledArticles();
    if (articles.length > 0) {
      await tx
        .insert(article)
        .values(
          articles.map((source) => ({
            slug: source.slug,
            title: source.title,
            description: source.description,
            category: source.category,
            cover: source.cover,
            coverAlt: source.coverAlt,
            bodyMarkdown: source.bodyMarkdown,
            keywords: source.keywords,
            featured: source.featured,
            publishedAt: source.publishedAt,
          })),
        )
        .onConflictDoUpdate({
          target: article.slug,
          set: {
            title: sql`excluded.title`,
            description: sql`excluded.description`,
            category: sql`excluded.category`,
            cover: sql`excluded.cover`,
            coverAlt: sql`excluded.cover_alt`,
            bodyMarkdown: sql`excluded.body_markdown`,
            keywords: sql`excluded.keywords`,
            featured: sql`excluded.featured`,
            publishedAt: sql`excluded.published_at`,
            // Both stamps move together: the row stays "as the seed wrote it" for the next
            // revision, and the new `updated_at` renders the new text (article-page.server.ts
            // caches by it) and dates it on the page.
            createdAt: sql`now()`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${article.updatedAt} = ${article.createdAt}
            AND (${article.title}, ${article.description}, ${article.category}, ${article.cover},
                 ${article.coverAlt}, ${article.bodyMarkdown}, ${article.keywords},
                 ${article.featured}, ${article.publishedAt})
              IS DISTINCT FROM
                (excluded.title, excluded.description, excluded.category, excluded.cover,
                 excluded.cover_alt, excluded.body_markdown, excluded.keywords,
                 excluded.featured, excluded.published_at)`,
        });
    }
  });
}
