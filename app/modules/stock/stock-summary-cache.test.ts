import { afterEach, describe, expect, it } from "vitest";
import {
  cachedShopStock,
  cachedStockSummary,
  forgetStockSummary,
  SHOP_STOCK_MAX_ROWS,
  stockRowsKept,
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

  it("keeps at most SHOP_STOCK_MAX_ROWS item rows: the oldest shops' lists go first", async () => {
    const list = (rows: number) => Promise.resolve(Array.from({ length: rows }, (_, n) => n));
    const third = Math.floor(SHOP_STOCK_MAX_ROWS / 3);
    for (const shop of ["a", "b", "c"]) {
      await cachedShopStock(
        shop,
        "till-items",
        () => list(third),
        (rows) => rows.length,
      );
      await cachedStockSummary(shop, () => Promise.resolve(shop));
    }
    expect(stockRowsKept()).toBe(3 * third);
    // The fourth shop's list takes the rows over the bound.
    const fourth = SHOP_STOCK_MAX_ROWS - 3 * third + 10;
    await cachedShopStock(
      "d",
      "till-items",
      () => list(fourth),
      (rows) => rows.length,
    );
    // Shop a's list made room; its totals (no rows) stay.
    expect(stockRowsKept()).toBe(2 * third + fourth);
    let loads = 0;
    const counted = () => {
      loads++;
      return list(1);
    };
    await cachedShopStock("a", "till-items", counted, (rows) => rows.length);
    await cachedShopStock("b", "till-items", counted, (rows) => rows.length);
    expect(await cachedStockSummary("a", () => Promise.resolve("again"))).toBe("a");
    expect(loads).toBe(1);
  });

  it("does not keep one shop's list that alone is over the bound, and forgets a shop whole", async () => {
    const huge = Array.from({ length: SHOP_STOCK_MAX_ROWS + 1 }, (_, n) => n);
    await cachedShopStock(
      "big",
      "till-items",
      () => Promise.resolve(huge),
      (rows) => rows.length,
    );
    expect(stockRowsKept()).toBe(0);
    await cachedShopStock(
      "small",
      "till-items",
      () => Promise.resolve([1, 2]),
      (rows) => rows.length,
    );
    await cachedStockSummary("small", () => Promise.resolve("totals"));
    forgetStockSummary("small");
    expect(stockRowsKept()).toBe(0);
    expect(await cachedStockSummary("small", () => Promise.resolve("fresh"))).toBe("fresh");
  });
});
