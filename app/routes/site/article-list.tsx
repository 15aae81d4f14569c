import type { Route } from "./+types/article-list";
import { appContext } from "~/context";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { buildMeta, siteFromMatches, siteTranslate } from "~/lib/seo";
import { listArticles } from "~/modules/content/index.server";
import { ArticleCard } from "~/layout/article-card";
import { articleCardOf } from "~/layout/article-card.server";
import { langOf } from "~/lib/i18n/lang.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const lang = langOf(context);
  const articles = await listArticles(db);
  return { articles: articles.map((article) => articleCardOf(article, lang)) };
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
            <ArticleCard article={article} />
          </div>
        ))}
      </div>
    </div>
  );
}
