import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/search";
import { appContext } from "~/context";
import { translateFromMatches } from "~/lib/area-meta";
import { useT } from "~/lib/i18n/use-translation";
import { langOf } from "~/lib/i18n/lang.server";
import { readPageNumber } from "~/lib/paging";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { ListingGrid, useListingPaginationLabels } from "~/layout/listing-grid";
import { type TextPart, KEYWORD_MAX } from "~/modules/listings";
import { listNewestListings, searchListings } from "~/modules/listings/index.server";
import { truncateText } from "~/lib/truncate-text";
import { limitSearches } from "~/modules/platform/index.server";
import { tooManyRequestsPage } from "~/routes/errors.server";
import { Pagination } from "~/ui/pagination";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  // The search form sends ?q=…; the address of a search is /search/<keyword>.
  const typed = url.searchParams.get("q");
  if (typed !== null) {
    const keyword = truncateText(typed.trim(), KEYWORD_MAX);
    throw redirect(keyword ? `/search/${encodeURIComponent(keyword)}` : "/search");
  }
  const { db, storage, clientAddress } = context.get(appContext);
  const lang = langOf(context);
  const keyword = truncateText((params.keyword ?? "").trim(), KEYWORD_MAX);
  if (keyword) await limitSearches(db, clientAddress).catch(tooManyRequestsPage(lang));
  const results = keyword
    ? await searchListings(db, storage, lang, keyword, readPageNumber(url.searchParams))
    : null;
  return {
    keyword,
    results,
    // No keyword (or nothing searchable in it): the newest listings instead.
    newest: results ? [] : await listNewestListings(db, storage, lang, 20),
  };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const t = translateFromMatches(matches);
  const keyword = loaderData?.keyword ?? "";
  return buildMeta(siteFromMatches(matches), {
    title: keyword ? t("listings.search.resultsTitle", { q: keyword }) : t("listings.search.title"),
    description: t("listings.description"),
    path: location.pathname,
    noindex: keyword !== "",
  });
};

/** Text with the search matches in <mark>; React escapes the text itself. */
function Marked({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : part.text))}
    </>
  );
}

export default function SearchListings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const paginationLabels = useListingPaginationLabels();
  const { keyword, results, newest } = loaderData;
  return (
    <div className="container py-4 py-lg-5">
      <h1>
        {keyword ? t("listings.search.resultsTitle", { q: keyword }) : t("listings.search.title")}
      </h1>
      <Form method="get" action="/search" role="search" className="row g-2 mb-4" key={keyword}>
        <div className="col-md-8 col-lg-6">
          <label htmlFor="search-q" className="visually-hidden">
            {t("listings.search.label")}
          </label>
          <input
            id="search-q"
            type="search"
            name="q"
            defaultValue={keyword}
            maxLength={KEYWORD_MAX}
            placeholder={t("listings.search.placeholder")}
            className="form-control form-control-lg"
            data-testid="search-input"
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-primary btn-lg" data-testid="search-submit">
            {t("listings.search.submit")}
          </button>
        </div>
      </Form>

      {results ? (
        <>
          <p className="text-secondary" data-testid="search-count">
            {t(results.capped ? "listings.search.foundMany" : "listings.search.found", {
              count: results.total.toLocaleString("th-TH"),
            })}
          </p>
          {results.rows.length === 0 ? (
            <p data-testid="search-empty">
              {t("listings.search.noResults", { q: keyword })}{" "}
              <Link to="/asset">{t("listings.search.allListings")}</Link>
            </p>
          ) : (
            <ListingGrid
              listings={results.rows}
              headingLevel={2}
              title={(row) => <Marked parts={row.titleParts} />}
              extra={(row) => (
                <p className="small text-secondary mb-2" data-testid="search-snippet">
                  <Marked parts={row.snippetParts} />
                </p>
              )}
            />
          )}
          <div className="mt-4">
            <Pagination
              page={results.page}
              pageCount={results.pageCount}
              labels={paginationLabels}
            />
          </div>
        </>
      ) : (
        <>
          <p className="text-secondary">{t("listings.search.hint")}</p>
          <h2 className="h4 mt-4">{t("listings.search.newest")}</h2>
          {newest.length === 0 ? <p>{t("listings.empty")}</p> : <ListingGrid listings={newest} />}
          <p className="mt-4">
            <Link to="/asset">{t("listings.search.allListings")}</Link>
          </p>
        </>
      )}
    </div>
  );
}
