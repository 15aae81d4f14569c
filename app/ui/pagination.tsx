import { Link, useLocation } from "react-router";

export interface PaginationLabels {
  /** Name of the navigation landmark, e.g. "เลือกหน้า". */
  nav: string;
  previous: string;
  next: string;
  /** Accessible name of a page link, e.g. (n) => `หน้า ${n}`. */
  page: (n: number) => string;
}

/**
 * Which page numbers to link: `count` consecutive pages around the current one, shifted
 * so that the window never runs past the first or the last page.
 */
export function pageNumbers(current: number, pageCount: number, count = 5): number[] {
  const total = Math.max(1, pageCount);
  const size = Math.min(count, total);
  const page = Math.min(Math.max(1, current), total);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), total - size + 1);
  return Array.from({ length: size }, (_, i) => first + i);
}

/** The URL of page `n`, keeping every other query parameter (search, filters). */
export function pageHref(pathname: string, search: string, n: number, param = "page"): string {
  const params = new URLSearchParams(search);
  if (n <= 1) params.delete(param);
  else params.set(param, String(n));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Bootstrap pagination with previous/next and up to `linkCount` page links. Plain links, so
 * it works without JavaScript; `search` defaults to the current query string.
 */
export function Pagination({
  page,
  pageCount,
  labels,
  linkCount = 5,
  search,
  param = "page",
}: {
  page: number;
  pageCount: number;
  labels: PaginationLabels;
  linkCount?: number;
  search?: string;
  param?: string;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const query = search ?? location.search;
  const href = (n: number) => pageHref(location.pathname, query, n, param);
  const edge = (n: number, text: string, enabled: boolean) => (
    <li className={`page-item${enabled ? "" : " disabled"}`}>
      {enabled ? (
        <Link className="page-link" to={href(n)} rel={n < page ? "prev" : "next"}>
          {text}
        </Link>
      ) : (
        <span className="page-link" aria-disabled="true">
          {text}
        </span>
      )}
    </li>
  );
  return (
    <nav aria-label={labels.nav} data-testid="pagination">
      <ul className="pagination flex-wrap">
        {edge(page - 1, labels.previous, page > 1)}
        {pageNumbers(page, pageCount, linkCount).map((n) => (
          <li key={n} className={`page-item${n === page ? " active" : ""}`}>
            <Link
              className="page-link"
              to={href(n)}
              aria-label={labels.page(n)}
              aria-current={n === page ? "page" : undefined}
            >
              {n}
            </Link>
          </li>
        ))}
        {edge(page + 1, labels.next, page < pageCount)}
      </ul>
    </nav>
  );
}
