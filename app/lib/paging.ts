/** Rows per page of the admin lists. */
export const PAGE_SIZE = 20;

/**
 * The deepest page a URL can ask for: 10,000 rows in. Deeper offsets make PostgreSQL read and
 * throw away every row before them, so a crafted `?page=` could make each request scan a
 * whole table; nobody pages that far by hand (the lists have search and filters).
 */
export const MAX_PAGE = 500;

/**
 * The page number in `?page=`: 1 when it is missing or not a positive whole number (`abc`,
 * `-3`, `1e9`, eleven digits), and at most MAX_PAGE.
 */
export function readPageNumber(searchParams: URLSearchParams): number {
  const raw = searchParams.get("page");
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Number(raw)));
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** Offset and limit of a page; pair with `toPage` once the rows and the total are known. */
export function pageWindow(page: number, pageSize = PAGE_SIZE) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export function toPage<T>(rows: T[], total: number, page: number, pageSize = PAGE_SIZE): Page<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize };
}
