import { Link } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import type { Picture } from "~/lib/illustrations";

/** What an article card shows, made on the server (article-card.server.ts). */
export interface ArticleCardData {
  slug: string;
  title: string;
  description: string;
  category: string;
  cover: Picture;
  /** The Bangkok day it was published: YYYY-MM-DD and as the page's language writes it. */
  published: { iso: string; text: string };
}

// One card of three in a row on wide screens, two on tablets, one on phones.
const CARD_OF_THREE =
  "(min-width: 1400px) 416px, (min-width: 992px) 33vw, (min-width: 768px) 50vw, 100vw";

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
  return (
    <article className="card h-100 article-card">
      <img
        {...article.cover}
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
          <time dateTime={article.published.iso}>{article.published.text}</time>
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
