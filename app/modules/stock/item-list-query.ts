import { readPageNumber } from "~/lib/paging";
import type { ItemQuery, ItemSort } from "./items.server";
import { truncateText } from "~/lib/truncate-text";

// The sorts searchItems knows (its ITEM_SORTS lives in a server-only module; the type keeps
// the two lists in step).
const ITEM_SORTS: readonly ItemSort[] = ["name", "sku", "onHand", "value", "price", "updated"];

/** Longest search people need (a name, a SKU or a barcode); longer input is cut. */
export const ITEM_SEARCH_MAX = 100;

const STATUSES = ["active", "archived", "all"] as const;
export type ItemListStatus = (typeof STATUSES)[number];

export interface ItemListParams {
  q: string;
  sort: ItemSort;
  descending: boolean;
  lowStock: boolean;
  status: ItemListStatus;
  page: number;
}

/**
 * The item list a URL asks for: `?q=` search, `?sort=` and `?dir=desc`, `?low=1` for items at
 * or below their reorder level, `?status=archived|all`, `?page=`. Anything unknown falls back
 * to the default (active items by name), so a hand-edited URL never fails.
 */
export function readItemListParams(searchParams: URLSearchParams): ItemListParams {
  const sort = searchParams.get("sort");
  const status = searchParams.get("status");
  return {
    q: truncateText((searchParams.get("q") ?? "").trim(), ITEM_SEARCH_MAX),
    sort: (ITEM_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ItemSort) : "name",
    descending: searchParams.get("dir") === "desc",
    lowStock: searchParams.get("low") === "1",
    status: (STATUSES as readonly string[]).includes(status ?? "")
      ? (status as ItemListStatus)
      : "active",
    page: readPageNumber(searchParams),
  };
}

/** The searchItems query for these parameters. */
export function toItemQuery(params: ItemListParams): ItemQuery {
  return {
    search: params.q,
    sort: params.sort,
    descending: params.descending,
    lowStock: params.lowStock,
    status: params.status,
    page: params.page,
  };
}
