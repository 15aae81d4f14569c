/** How the stock balance can be ordered (the page's select and the server's query share it). */
export const STOCK_BALANCE_SORTS = ["name", "onHand", "value", "days", "margin"] as const;
export type StockBalanceSort = (typeof STOCK_BALANCE_SORTS)[number];
