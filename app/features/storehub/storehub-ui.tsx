import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import { privatePageMeta } from "~/lib/area-meta";
import { ITEM_SEARCH_MAX, type ItemListStatus } from "~/modules/stock";
import type { PaginationLabels } from "~/ui/pagination";

// Pieces shared by the storehub item pages (overview, add, edit, delete, import).

/** Title tags of a storehub page (its title is area text, so it comes from the layout's data). */
export const storehubMeta = privatePageMeta;

/**
 * The search box and status filter of an item list (overview and archive pages); the ids and
 * test ids differ per page so both can be told apart.
 */
export function ItemQueryFields({
  q,
  status,
  searchId,
  searchTestId,
  statusId,
  statusTestId,
}: {
  q: string;
  status: ItemListStatus;
  searchId: string;
  searchTestId: string;
  statusId: string;
  statusTestId: string;
}) {
  const t = useT();
  return (
    <>
      <div className="col-sm-6 col-lg-4">
        <label htmlFor={searchId} className="form-label">
          {t("storehub.search.label")}
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={ITEM_SEARCH_MAX}
          className="form-control"
          placeholder={t("storehub.search.hint")}
          data-testid={searchTestId}
        />
      </div>
      <div className="col-auto">
        <label htmlFor={statusId} className="form-label">
          {t("storehub.search.status")}
        </label>
        <select
          id={statusId}
          name="status"
          defaultValue={status}
          className="form-select"
          data-testid={statusTestId}
        >
          <option value="active">{t("storehub.search.statusActive")}</option>
          <option value="archived">{t("storehub.search.statusArchived")}</option>
          <option value="all">{t("storehub.search.statusAll")}</option>
        </select>
      </div>
    </>
  );
}

export function useStorehubPaginationLabels(): PaginationLabels {
  const t = useT();
  return {
    nav: t("storehub.pagination.nav"),
    previous: t("storehub.pagination.previous"),
    next: t("storehub.pagination.next"),
    page: (n) => t("storehub.pagination.page", { n }),
  };
}

/** The current query string with some parameters changed (null removes one). */
export function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * A column header that sorts the table by its column: a plain link (works without
 * JavaScript), ascending first, descending on a second click; the page goes back to 1.
 */
export function SortHeader({
  column,
  label,
  sort,
  descending,
  className,
  hash,
}: {
  column: string;
  label: string;
  sort: string;
  descending: boolean;
  className?: string;
  hash?: string;
}) {
  const t = useT();
  const location = useLocation();
  const active = sort === column;
  const nextDescending = active && !descending;
  const href = `${location.pathname}${withParams(location.search, {
    sort: column,
    dir: nextDescending ? "desc" : null,
    page: null,
    done: null,
  })}${hash ?? ""}`;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (descending ? "descending" : "ascending") : undefined}
    >
      <Link
        to={href}
        className="link-body-emphasis text-decoration-none text-nowrap"
        data-testid={`sort-${column}`}
        aria-label={t("storehub.sortBy", { column: label })}
        preventScrollReset
      >
        {label}
        {active && <span aria-hidden="true">{descending ? " ▼" : " ▲"}</span>}
      </Link>
    </th>
  );
}

export function Notice({
  variant,
  children,
  testId,
}: {
  variant: "success" | "danger" | "warning" | "info";
  children: ReactNode;
  testId?: string;
}) {
  if (!children) return null;
  return (
    <div
      className={`alert alert-${variant}`}
      role={variant === "danger" ? "alert" : "status"}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** Active / archived, and "low stock" when the item is at or below its reorder level. */
export function ItemStatusBadges({
  status,
  onHand,
  reorderLevel,
}: {
  status: string;
  onHand: number;
  reorderLevel: number;
}) {
  const t = useT();
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {status === "archived" ? (
        <span className="badge text-bg-secondary" data-testid="item-status">
          {t("storehub.status.archived")}
        </span>
      ) : (
        <span className="badge text-bg-success" data-testid="item-status">
          {t("storehub.status.active")}
        </span>
      )}
      {status === "active" && reorderLevel > 0 && onHand <= reorderLevel && (
        <span className="badge text-bg-warning" data-testid="item-low">
          {t("storehub.status.low")}
        </span>
      )}
    </span>
  );
}
