import type { StockEvents } from "~/modules/stock/index.server";

/** For route tests that never open a live stock stream. */
export const IDLE_STOCK_EVENTS: StockEvents = {
  subscribe: () => () => {},
  openFor: () => 0,
  whenListening: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
