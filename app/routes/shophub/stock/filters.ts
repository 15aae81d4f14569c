import { readPageNumber } from "~/lib/paging";
import {
  stockBalanceSorts,
  type StockBalanceFilters,
  type StockBalanceSort,
} from "~/modules/stock/index.server";

/**
 * The stock balance's filters and sort as the URL carries them (the page and its CSV); `costs`
 * is whether the reader sees costs (an order by them is read as by name otherwise).
 */
export function readStockFilters(params: URLSearchParams, costs: boolean): StockBalanceFilters {
  const sort = params.get("sort");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 60),
    category: (params.get("category") ?? "").slice(0, 100),
    lowOnly: params.get("low") === "1",
    sort: (stockBalanceSorts(costs) as readonly string[]).includes(sort ?? "")
      ? (sort as StockBalanceSort)
      : "name",
    page: readPageNumber(params),
  };
}
