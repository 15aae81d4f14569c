import { readPageNumber } from "~/lib/paging";
import {
  STOCK_BALANCE_SORTS,
  type StockBalanceFilters,
  type StockBalanceSort,
} from "~/modules/stock/index.server";

/** The stock balance's filters and sort as the URL carries them (the page and its CSV). */
export function readStockFilters(params: URLSearchParams): StockBalanceFilters {
  const sort = params.get("sort");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 60),
    category: (params.get("category") ?? "").slice(0, 100),
    lowOnly: params.get("low") === "1",
    sort: (STOCK_BALANCE_SORTS as readonly string[]).includes(sort ?? "")
      ? (sort as StockBalanceSort)
      : "name",
    page: readPageNumber(params),
  };
}
