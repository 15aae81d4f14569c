import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { article, banner, companyProfile, productCategory } from "~/db/schema";
import { listRelatedArticles, seedDemoContent } from "~/modules/content/index.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { SEED_ARTICLE_SLUGS as SEED_SLUGS } from "~/modules/content/article-slugs";
import { loadBundledArticles } from "~/modules/content/article-source";

async function snapshot(test: TestDatabase) {
  const db = test.db;
  return {
    company: await db.select().from(companyProfile),
    categories: await db.select().from(productCategory).orderBy(productCategory.id),
    banners: await db.select().from(banner).orderBy(banner.id),
    articles: await db.select().from(article).orderBy(article.id),
  };
}

describe("demo content seed", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it("fills an empty database with the company, categories, banners and the 12 articles", async () => {
    await seedDemoContent(test.db);
    const data = await snapshot(test);
    expect(data.company).toHaveLength(1);
    expect(data.company[0]?.phone).toBe("+6621147788");
    expect(data.categories.map((c) => c.slug)).toEqual([
      "ai-camera",
      "machine-vision",
      "laser-marking",
      "warehouse",
      "amr",
      "sensor",
      "wire",
    ]);
    expect(data.banners.length).toBeGreaterThanOrEqual(3);
    expect(data.articles.map((a) => a.slug).sort()).toEqual([...SEED_SLUGS].sort());
  });

  it("changes nothing when run again, and keeps edits made after the first run", async () => {
    await test.db
      .update(banner)
      .set({ titleTh: "แก้ไขโดยผู้ดูแล" })
      .where(eq(banner.slug, "ai-camera"));
    const before = await snapshot(test);
    await seedDemoContent(test.db);
    await seedDemoContent(test.db);
    expect(await snapshot(test)).toEqual(before);
  });

  it("brings an article nobody edited up to its revised file, and keeps an edited one", async () => {
    const bundled = (slug: string) => loadBundledArticles().find((a) => a.slug === slug);
    // A database seeded before the manual was rewritten: its row as the seed wrote it then.
    await test.db.execute(sql`
      UPDATE article SET title = 'คู่มือฉบับเก่า', body_markdown = 'ข้อความเก่า',
             created_at = '2026-02-16T00:00:00Z', updated_at = '2026-02-16T00:00:00Z'
       WHERE slug = 'pos-manual'`);
    // An article an admin changed after the seed.
    await test.db.execute(sql`
      UPDATE article SET body_markdown = 'แก้ไขโดยผู้ดูแล', updated_at = now() + interval '1 second'
       WHERE slug = 'shophub-pos'`);

    await seedDemoContent(test.db);

    const rows = await test.db.select().from(article);
    const manual = rows.find((row) => row.slug === "pos-manual");
    expect(manual?.title).toBe(bundled("pos-manual")?.title);
    expect(manual?.bodyMarkdown).toBe(bundled("pos-manual")?.bodyMarkdown);
    // Dated as changed now (the page's dateModified, the render cache's key).
    expect(manual?.updatedAt.getTime()).toBeGreaterThan(Date.parse("2026-02-17T00:00:00Z"));
    expect(rows.find((row) => row.slug === "shophub-pos")?.bodyMarkdown).toBe("แก้ไขโดยผู้ดูแล");
    // Nothing else moved, and a further start changes nothing.
    const before = await snapshot(test);
    await seedDemoContent(test.db);
    expect(await snapshot(test)).toEqual(before);
  });

  it("is safe when two instances seed at the same moment", async () => {
    const fresh = await createTestDatabase();
    try {
      await Promise.all([
        seedDemoContent(fresh.db),
        seedDemoContent(fresh.db),
        seedDemoContent(fresh.db),
      ]);
      const rows = await fresh.db.select().from(article);
      expect(rows).toHaveLength(SEED_SLUGS.length);
    } finally {
      await fresh.drop();
    }
  });

  it("relates articles by category only, and no category card links to another's article", async () => {
    await seedDemoContent(test.db);
    const related = await listRelatedArticles(test.db, "ai", "ai-camera");
    expect(related).toEqual([]);
    const amr = await listRelatedArticles(test.db, "amr", "amr");
    expect(amr.map((a) => a.slug)).toEqual(["airRob"]);
    const categories = await test.db.select().from(productCategory);
    const articles = await test.db.select().from(article);
    for (const category of categories) {
      if (!category.articleSlug) continue;
      const linked = articles.find((a) => a.slug === category.articleSlug);
      expect(linked?.category, category.slug).toBe(category.slug);
    }
  });
});
