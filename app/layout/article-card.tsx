import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { CARD_OF_THREE, illustrationImage } from "~/lib/illustrations";

/** The fields an article card shows (listArticles). */
export interface ArticleCardData {
  slug: string;
  title: string;
  description: string;
  category: string;
  cover: string;
  publishedAt: Date;
}

/**
 * An article as a card: cover, category and date, title linking to the article, summary.
 * The home page's featured articles and the article list show the same card; the title's
 * heading level follows the page's outline (h3 under the home page's section heading).
 */
export function ArticleCard({
  article,
  heading: Heading = "h2",
}: {
  article: ArticleCardData;
  heading?: "h2" | "h3";
}) {
  const t = useT();
  const lang = useLang();
  return (
    <article className="card h-100 article-card">
      <img
        {...illustrationImage(article.cover)}
        sizes={CARD_OF_THREE}
        alt=""
        width={1200}
        height={630}
        loading="lazy"
        decoding="async"
        className="card-img-top"
      />
      <div className="card-body">
        <p className="small text-secondary mb-1">
          {t(`category.${article.category}` as MessageKey)} ·{" "}
          <time dateTime={article.publishedAt.toISOString()}>
            {formatDate(article.publishedAt, lang)}
          </time>
        </p>
        <Heading className="h5">
          <Link to={`/article/${article.slug}`} className="stretched-link text-reset">
            {article.title}
          </Link>
        </Heading>
        <p className="card-text text-secondary">{article.description}</p>
      </div>
    </article>
  );
}
