import { afterEach, describe, expect, it } from "vitest";
import {
  cachedStockSummary,
  forgetStockSummary,
  stockSummariesKept,
  SUMMARY_MAX_SHOPS,
} from "./stock-summary-cache.server";

afterEach(() => forgetStockSummary(null));

describe("the storehub overview's summary cache", () => {
  it("keeps at most SUMMARY_MAX_SHOPS shops, dropping the oldest first", async () => {
    for (let shop = 0; shop < SUMMARY_MAX_SHOPS + 50; shop++) {
      await cachedStockSummary(`shop-${shop}`, () => Promise.resolve(shop));
    }
    expect(stockSummariesKept()).toBe(SUMMARY_MAX_SHOPS);
    // The newest shop is still served from the cache; the first one is loaded again.
    let loads = 0;
    const newest = await cachedStockSummary(`shop-${SUMMARY_MAX_SHOPS + 49}`, () => {
      loads++;
      return Promise.resolve(-1);
    });
    expect(newest).toBe(SUMMARY_MAX_SHOPS + 49);
    const oldest = await cachedStockSummary("shop-0", () => {
      loads++;
      return Promise.resolve(-1);
    });
    expect(oldest).toBe(-1);
    expect(loads).toBe(1);
  });

  it("shares one load between concurrent misses of the same shop", async () => {
    let loads = 0;
    const load = () => {
      loads++;
      return Promise.resolve(42);
    };
    const [a, b] = await Promise.all([
      cachedStockSummary("shop-x", load),
      cachedStockSummary("shop-x", load),
    ]);
    expect([a, b, loads]).toEqual([42, 42, 1]);
  });
});
