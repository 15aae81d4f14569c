import { LRUCache } from "lru-cache";
import type { Database } from "~/db/client.server";
import { renderMarkdown, type RenderedMarkdown } from "./markdown.server";
import { getArticleBySlug, listRelatedArticles } from "./queries.server";

// Rendering Markdown is pure; cache by slug and last edit so a popular article is rendered once.
const renderCache = new LRUCache<string, RenderedMarkdown>({ max: 200 });

function renderCached(slug: string, updatedAt: Date, markdown: string): RenderedMarkdown {
  const key = `${slug}@${updatedAt.getTime()}`;
  let rendered = renderCache.get(key);
  if (!rendered) {
    rendered = renderMarkdown(markdown);
    renderCache.set(key, rendered);
  }
  return rendered;
}

/** Everything the article page shows, or null for an unknown slug. */
export async function loadArticlePage(db: Database, slug: string) {
  const article = await getArticleBySlug(db, slug);
  if (!article) return null;
  const { bodyMarkdown, ...fields } = article;
  const rendered = renderCached(article.slug, article.updatedAt, bodyMarkdown);
  const related = await listRelatedArticles(db, article.slug, article.category);
  return { article: fields, html: rendered.html, headings: rendered.headings, related };
}
