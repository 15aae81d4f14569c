import { bangkokIsoDate, formatDate } from "~/lib/dates";
import type { Lang } from "~/lib/i18n";
import { illustrationImage } from "~/lib/illustrations";
import type { ArticleCardData } from "./article-card";

/** An article (listArticles) as its card shows it in `lang`: picture and date made here. */
export function articleCardOf(
  article: {
    slug: string;
    title: string;
    description: string;
    category: string;
    cover: string;
    publishedAt: Date;
  },
  lang: Lang,
): ArticleCardData {
  return {
    slug: article.slug,
    title: article.title,
    description: article.description,
    category: article.category,
    cover: illustrationImage(article.cover),
    published: {
      iso: bangkokIsoDate(article.publishedAt),
      text: formatDate(article.publishedAt, lang),
    },
  };
}
