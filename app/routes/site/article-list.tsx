import { Link } from "react-router";
import type { Route } from "./+types/article-list";
import { appContext } from "~/context";
import { formatDate } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { buildMeta, siteFromMatches, siteTranslate } from "~/lib/seo";
import { listArticles } from "~/modules/content/index.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return { articles: await listArticles(db) };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const t = siteTranslate(site);
  return buildMeta(site, {
    title: t("articles.title"),
    description: t("articles.lead"),
    path: location.pathname,
  });
};

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="container py-5">
      <h1>{t("articles.title")}</h1>
      <p className="lead text-secondary">{t("articles.lead")}</p>
      {lang === "en" && <p className="text-secondary small">{t("articles.contentLanguage")}</p>}
      <div className="row g-4 mt-1" data-testid="article-list">
        {loaderData.articles.map((article) => (
          <div key={article.slug} className="col-md-6 col-lg-4">
            <article className="card h-100 article-card">
              <img
                src={article.cover}
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
                <h2 className="h5">
                  <Link to={`/article/${article.slug}`} className="stretched-link text-reset">
                    {article.title}
                  </Link>
                </h2>
                <p className="card-text text-secondary">{article.description}</p>
              </div>
            </article>
          </div>
        ))}
      </div>
    </div>
  );
}
