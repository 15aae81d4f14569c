import { parse as parseYaml } from "yaml";
import { z } from "zod";

export const ARTICLE_CATEGORIES = [
  "ai-camera",
  "machine-vision",
  "laser-marking",
  "warehouse",
  "amr",
  "sensor",
  "wire",
  "shophub",
  "company",
  "lifestyle",
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const articleFrontMatterSchema = z.object({
  slug: z.string().regex(/^[A-Za-z0-9-]+$/),
  title: z.string().min(1).max(90),
  description: z.string().min(20).max(200),
  category: z.enum(ARTICLE_CATEGORIES),
  cover: z.string().startsWith("/images/"),
  coverAlt: z.string().min(1),
  publishedAt: z.union([z.string(), z.date()]).pipe(z.coerce.date()),
  featured: z.boolean().default(false),
  keywords: z.array(z.string()).default([]),
});

export interface ArticleSource extends z.infer<typeof articleFrontMatterSchema> {
  bodyMarkdown: string;
}

/** Splits a Markdown file into validated front matter and body. */
export function parseArticleSource(fileName: string, raw: string): ArticleSource {
  const match = raw.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/);
  if (!match) throw new Error(`${fileName}: missing front matter`);
  const result = articleFrontMatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!result.success) throw new Error(`${fileName}: ${result.error.message}`);
  return { ...result.data, bodyMarkdown: (match[2] ?? "").trim() };
}

// Bundled at build time, so the server needs no access to the content folder at run time.
const files = import.meta.glob<string>("/content/articles/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** All articles shipped with the site, newest first. */
export function loadBundledArticles(): ArticleSource[] {
  return Object.entries(files)
    .map(([fileName, raw]) => parseArticleSource(fileName, raw))
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
}
