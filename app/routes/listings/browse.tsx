import { Form, Link } from "react-router";
import type { Route } from "./+types/browse";
import { appContext } from "~/context";
import { translateFromMatches } from "~/lib/area-meta";
import type { MessageKey } from "~/lib/i18n";
import { langOf } from "~/lib/i18n/lang.server";
import { useT } from "~/lib/i18n/use-translation";
import { readPageNumber } from "~/lib/paging";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { ListingGrid, useListingPaginationLabels } from "~/layout/listing-grid";
import {
  isListingCategory,
  LISTING_CATEGORIES,
  isProvinceCode,
  provincesForSelect,
} from "~/modules/listings";
import { listPublishedListings } from "~/modules/listings/index.server";
import { parseBahtToSatang } from "~/lib/money";
import { sessionUserOf } from "~/routes/_gates/session.server";
import { Pagination } from "~/ui/pagination";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = context.get(appContext);
  const lang = langOf(context);
  const params = url.searchParams;
  const category = params.get("category");
  const province = params.get("province");
  const min = params.get("min")?.trim() ?? "";
  const max = params.get("max")?.trim() ?? "";
  // Anything that does not parse is simply not applied (and not echoed back).
  const filters = {
    category: isListingCategory(category) ? category : undefined,
    province: isProvinceCode(province) ? province : undefined,
    minSatang: min ? (parseBahtToSatang(min) ?? undefined) : undefined,
    maxSatang: max ? (parseBahtToSatang(max) ?? undefined) : undefined,
  };
  const listings = await listPublishedListings(db, storage, lang, filters, readPageNumber(params));
  return {
    listings,
    filters: {
      category: filters.category ?? "",
      province: filters.province ?? "",
      min: filters.minSatang !== undefined ? min : "",
      max: filters.maxSatang !== undefined ? max : "",
    },
    filtered: Object.values(filters).some((value) => value !== undefined),
    provinces: provincesForSelect(lang),
    signedIn: sessionUserOf(context) !== null,
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = translateFromMatches(matches);
  return buildMeta(siteFromMatches(matches), {
    title: t("listings.title"),
    description: t("listings.description"),
    path: location.pathname,
    // Filtered and later pages are variations of this one.
    noindex: location.search !== "",
  });
};

export default function BrowseListings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const paginationLabels = useListingPaginationLabels();
  const { listings, filters, filtered, provinces } = loaderData;
  return (
    <div className="container py-4 py-lg-5">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <div>
          <h1>{t("listings.title")}</h1>
          <p className="lead text-secondary mb-0">{t("listings.lead")}</p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/search" className="btn btn-outline-primary">
            {t("listings.searchLink")}
          </Link>
          {loaderData.signedIn && (
            <Link to="/user/listings" className="btn btn-outline-secondary">
              {t("listings.mine")}
            </Link>
          )}
          <Link to="/user/bhPost" className="btn btn-accent" data-testid="post-listing">
            {t("listings.post")}
          </Link>
        </div>
      </div>

      <Form
        method="get"
        className="row g-2 align-items-end mb-4"
        aria-label={t("listings.filter.title")}
        key={JSON.stringify(filters)}
      >
        <div className="col-sm-6 col-lg-3">
          <label htmlFor="filter-category" className="form-label small">
            {t("listings.filter.category")}
          </label>
          <select
            id="filter-category"
            name="category"
            className="form-select"
            defaultValue={filters.category}
          >
            <option value="">{t("listings.filter.allCategories")}</option>
            {LISTING_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`listings.category.${category}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 col-lg-3">
          <label htmlFor="filter-province" className="form-label small">
            {t("listings.filter.province")}
          </label>
          <select
            id="filter-province"
            name="province"
            className="form-select"
            defaultValue={filters.province}
          >
            <option value="">{t("listings.filter.allProvinces")}</option>
            {provinces.map((province) => (
              <option key={province.code} value={province.code}>
                {province.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-lg-2">
          <label htmlFor="filter-min" className="form-label small">
            {t("listings.filter.minPrice")}
          </label>
          <input
            id="filter-min"
            name="min"
            inputMode="numeric"
            className="form-control"
            defaultValue={filters.min}
          />
        </div>
        <div className="col-6 col-lg-2">
          <label htmlFor="filter-max" className="form-label small">
            {t("listings.filter.maxPrice")}
          </label>
          <input
            id="filter-max"
            name="max"
            inputMode="numeric"
            className="form-control"
            defaultValue={filters.max}
          />
        </div>
        <div className="col-lg-2 d-flex gap-2">
          <button type="submit" className="btn btn-primary flex-grow-1">
            {t("listings.filter.apply")}
          </button>
          {filtered && (
            <Link to="/asset" className="btn btn-outline-secondary">
              {t("listings.filter.clear")}
            </Link>
          )}
        </div>
      </Form>

      <p className="text-secondary" data-testid="listing-count">
        {t(listings.capped ? "listings.countMany" : "listings.count", {
          count: listings.total,
        })}
      </p>
      {listings.rows.length === 0 ? (
        <p data-testid="listing-empty">{filtered ? t("listings.none") : t("listings.empty")}</p>
      ) : (
        <ListingGrid listings={listings.rows} headingLevel={2} />
      )}
      <div className="mt-4">
        <Pagination page={listings.page} pageCount={listings.pageCount} labels={paginationLabels} />
      </div>
    </div>
  );
}
