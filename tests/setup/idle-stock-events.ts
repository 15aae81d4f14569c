import type { StockEvents } from "~/modules/stock/live-stock.server";

/** For route tests that never open a live stock stream. */
export const IDLE_STOCK_EVENTS: StockEvents = {
  subscribe: () => () => {},
  openFor: () => 0,
  whenListening: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
