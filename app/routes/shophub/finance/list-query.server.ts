import { parseDayInput } from "~/lib/day-input";
import type { MessageKey } from "~/lib/i18n";
import { readPageNumber } from "~/lib/paging";
import {
  type FinanceFilters,
  type FinanceKind,
  readCategoryRef,
} from "~/modules/finance/index.server";

/**
 * The list's filters as the URL carries them (?from=&to=&category=&page=), a day as the field
 * takes it (28/11/2569) or as links write it (2026-11-28). A day that is no real day is refused
 * next to its field and not applied; the list still answers.
 */
export function readFinanceQuery(kind: FinanceKind, params: URLSearchParams) {
  const errors: Partial<Record<"from" | "to", MessageKey>> = {};
  const day = (name: "from" | "to") => {
    const value = params.get(name)?.trim() ?? "";
    if (value === "") return null;
    const iso = parseDayInput(value);
    if (!iso) errors[name] = "shops.finance.filter.badDate";
    return iso;
  };
  const from = day("from");
  let to = day("to");
  if (from && to && from > to) {
    errors.to = "shops.finance.filter.badRange";
    to = null;
  }
  const categoryRaw = params.get("category")?.slice(0, 40) ?? "";
  const category = categoryRaw ? readCategoryRef(kind, categoryRaw) : null;
  const filters: FinanceFilters = { from, to, category, page: readPageNumber(params) };
  const values = {
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    category: category ? categoryRaw : "",
  };
  return { filters, errors, values };
}
