import { data, Link } from "react-router";
import type { Route } from "./+types/article";
import { appContext } from "~/context";
import { formatDate } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { illustrationImage } from "~/lib/illustrations";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { loadArticlePage } from "~/modules/content/index.server";

// The cover spans the container's width (Bootstrap's breakpoints), the whole screen on phones.
const FULL_ROW = "(min-width: 1400px) 1296px, (min-width: 1200px) 1116px, 100vw";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const page = await loadArticlePage(db, params.slug);
  if (!page) throw data(null, { status: 404 });
  return { ...page, coverPicture: illustrationImage(page.article.cover) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return buildMeta(site, { path: location.pathname, noindex: true });
  const { article } = loaderData;
  const origin = site?.origin ?? "";
  return buildMeta(site, {
    title: article.title,
    description: article.description,
    path: location.pathname,
    type: "article",
    keywords: article.keywords,
    extra: [
      { property: "article:published_time", content: new Date(article.publishedAt).toISOString() },
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "Article",
          headline: article.title,
          description: article.description,
          image: [`${origin}${article.cover}`],
          datePublished: new Date(article.publishedAt).toISOString(),
          dateModified: new Date(article.updatedAt).toISOString(),
          inLanguage: "th",
          keywords: article.keywords.join(", "),
          mainEntityOfPage: `${origin}${location.pathname}`,
          author: { "@type": "Organization", name: site?.company.nameTh },
          publisher: {
            "@type": "Organization",
            name: site?.company.nameTh,
            logo: { "@type": "ImageObject", url: `${origin}/images/logo.svg` },
          },
        },
      },
    ],
  });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { article, html, headings, related } = loaderData;
  const toc = headings.filter((heading) => heading.level === 2);
  return (
    <article className="container py-5 article-page" lang="th">
      <nav aria-label="breadcrumb">
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to="/">{t("nav.home")}</Link>
          </li>
          <li className="breadcrumb-item">
            <Link to="/article">{t("articles.back")}</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {article.title}
          </li>
        </ol>
      </nav>
      <header className="mb-4">
        <p className="text-secondary mb-2">
          {t(`category.${article.category}` as MessageKey)} ·{" "}
          <time dateTime={new Date(article.publishedAt).toISOString()}>
            {t("articles.publishedOn", { date: formatDate(article.publishedAt, lang) })}
          </time>
        </p>
        <h1 className="display-6 fw-bold">{article.title}</h1>
        <p className="lead">{article.description}</p>
        {lang === "en" && <p className="small text-secondary">{t("articles.contentLanguage")}</p>}
      </header>
      <img
        {...loaderData.coverPicture}
        sizes={FULL_ROW}
        alt={article.coverAlt}
        width={1200}
        height={630}
        className="img-fluid rounded-4 mb-4 article-cover"
        fetchPriority="high"
      />
      <div className="row g-5">
        <div className="col-lg-8">
          <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
        {toc.length > 0 && (
          <aside className="col-lg-4">
            <nav className="article-toc sticky-lg-top" aria-labelledby="toc-title">
              <p id="toc-title" className="fw-semibold mb-2">
                {t("articles.toc")}
              </p>
              <ul className="list-unstyled mb-0">
                {toc.map((heading) => (
                  <li key={heading.id}>
                    <a href={`#${heading.id}`}>{heading.text}</a>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
        )}
      </div>
      {related.length > 0 && (
        <section className="mt-5" aria-labelledby="related-title">
          <h2 id="related-title" className="h4">
            {t("articles.related")}
          </h2>
          <ul className="list-unstyled row g-3">
            {related.map((other) => (
              <li key={other.slug} className="col-md-4">
                <Link
                  to={`/article/${other.slug}`}
                  className="related-link d-block h-100 p-3 rounded-3 border"
                >
                  <span className="d-block fw-semibold">{other.title}</span>
                  <span className="small text-secondary">
                    {formatDate(other.publishedAt, lang)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
