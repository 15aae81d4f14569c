/** How the stock balance can be ordered (the page's select and the server's query share it). */
export const STOCK_BALANCE_SORTS = ["name", "onHand", "value", "days", "margin"] as const;
export type StockBalanceSort = (typeof STOCK_BALANCE_SORTS)[number];

/** Orders that follow the costs: even without a figure, they would tell the costs' ranking. */
const COST_SORTS: readonly StockBalanceSort[] = ["value", "margin"];

/** The orders a reader may ask for: without costs (maySeeCosts), none that follows them. */
export function stockBalanceSorts(costs: boolean): readonly StockBalanceSort[] {
  return costs ? STOCK_BALANCE_SORTS : STOCK_BALANCE_SORTS.filter((s) => !COST_SORTS.includes(s));
}
