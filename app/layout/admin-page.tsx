import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import { privatePageMeta } from "~/lib/area-meta";
import type { PaginationLabels } from "~/ui/pagination";

/** Title tags of an admin page; admin pages are never indexed. */
export const adminMeta = privatePageMeta;

/** The current query string without the given parameters (e.g. a one-off "done" flag). */
export function searchWithout(search: string, names: string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Where a form on this page posts: the page itself, keeping its search and page number. */
export function useHere(): { pathname: string; search: string; href: string } {
  const location = useLocation();
  const search = searchWithout(location.search, ["done"]);
  return { pathname: location.pathname, search, href: `${location.pathname}${search}` };
}

export function usePaginationLabels(): PaginationLabels {
  const t = useT();
  return {
    nav: t("admin.pagination.nav"),
    previous: t("admin.pagination.previous"),
    next: t("admin.pagination.next"),
    page: (n) => t("admin.pagination.page", { n }),
  };
}

/** "Saved", "Disabled", … after a redirect back to the list. */
export function DoneAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert-success" role="status" data-testid="admin-done">
      {message}
    </div>
  );
}

export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger" role="alert" data-testid="admin-error">
      {message}
    </div>
  );
}

/**
 * The second step of a destructive action. It is a plain form, so it works without
 * JavaScript: the first POST only asks, this one (with confirmed=1) acts.
 */
export function ConfirmPanel({
  id = "admin-confirm",
  message,
  fields,
  confirmLabel,
  danger = true,
}: {
  id?: string;
  message: ReactNode;
  fields: Record<string, string>;
  confirmLabel: string;
  danger?: boolean;
}) {
  const t = useT();
  const here = useHere();
  return (
    <section
      id={id}
      className={`alert ${danger ? "alert-danger" : "alert-warning"} mb-0`}
      aria-labelledby={`${id}-message`}
      data-testid="admin-confirm"
    >
      <p id={`${id}-message`} className="mb-2">
        {message}
      </p>
      <Form method="post" action={here.href} className="d-flex flex-wrap gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <button
          type="submit"
          className={`btn btn-sm ${danger ? "btn-danger" : "btn-warning"}`}
          data-testid="admin-confirm-submit"
        >
          {confirmLabel}
        </button>
        <Link to={here.href} className="btn btn-sm btn-outline-secondary" replace>
          {t("admin.cancel")}
        </Link>
      </Form>
    </section>
  );
}

/** One pill of a list's status filter: the status (null: all), its label and, if shown, a count. */
export interface StatusFilter<S extends string> {
  value: S | null;
  label: string;
  count?: number;
}

/** The pills above an admin list that filter it by status (`?status=`), the current one marked. */
export function StatusFilters<S extends string>({
  filters,
  current,
  testIdPrefix,
}: {
  filters: StatusFilter<S>[];
  current: S | null;
  testIdPrefix: string;
}) {
  const t = useT();
  return (
    <nav aria-label={t("admin.filter.label")}>
      <ul className="nav nav-pills mb-3">
        {filters.map((filter) => (
          <li key={filter.value ?? "all"} className="nav-item">
            <Link
              to={filter.value ? `?status=${filter.value}` : "."}
              className={`nav-link${filter.value === current ? " active" : ""}`}
              aria-current={filter.value === current ? "page" : undefined}
              data-testid={`${testIdPrefix}-${filter.value ?? "all"}`}
            >
              {filter.label}
              {filter.count !== undefined && (
                <>
                  {" "}
                  <span className="badge text-bg-light">{filter.count}</span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
