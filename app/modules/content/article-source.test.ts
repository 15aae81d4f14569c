import { describe, expect, it } from "vitest";
import { loadBundledArticles, parseArticleSource } from "./article-source";
import { renderMarkdown } from "./markdown.server";
import { SEED_ARTICLE_SLUGS as SEED_SLUGS } from "./article-slugs";

function thaiWordCount(text: string): number {
  let count = 0;
  for (const segment of new Intl.Segmenter("th", { granularity: "word" }).segment(text)) {
    if (segment.isWordLike && /[\u0E00-\u0E7F]/.test(segment.segment)) count++;
  }
  return count;
}

describe("bundled articles", () => {
  const articles = loadBundledArticles();

  it("are exactly the 12 articles of the seed", () => {
    expect(articles.map((a) => a.slug).sort()).toEqual([...SEED_SLUGS].sort());
  });

  it.each(SEED_SLUGS)("%s is a real Thai article: 300+ Thai words, headings, a cover", (slug) => {
    const article = articles.find((a) => a.slug === slug);
    expect(article).toBeDefined();
    expect(thaiWordCount(article!.bodyMarkdown)).toBeGreaterThanOrEqual(300);
    expect(
      renderMarkdown(article!.bodyMarkdown).headings.filter((h) => h.level === 2).length,
    ).toBeGreaterThanOrEqual(3);
    expect(article!.cover).toBe(`/images/articles/${slug}.svg`);
    expect(article!.bodyMarkdown).not.toMatch(/lorem ipsum|coming soon/i);
  });

  it("rejects a file without front matter", () => {
    expect(() => parseArticleSource("x.md", "# no front matter")).toThrow(/front matter/);
  });
});
