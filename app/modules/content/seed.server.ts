import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { loadBundledArticles } from "./article-source";
import { DEMO_BANNERS, DEMO_CATEGORIES, DEMO_COMPANY } from "./demo-content";
import { article, banner, companyProfile, productCategory } from "./schema";

const SEED_LOCK_KEY = 4_711_002;

/**
 * Inserts the demo content that is missing. Existing rows are never touched, so a second
 * start changes nothing and edits made by admins survive restarts.
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
        .onConflictDoNothing();
    }
  });
}
