/**
 * The storehub overview's totals (item counts, units, value, low stock) add up every item of
 * the shop: about 20-40 ms for 100,000 items. The till's item list is read on every opening of
 * the till. Both are kept here per shop until the shop's stock or items change:
 * - this instance forgets a shop at once when it writes (announceStockChange);
 * - other instances forget it when the NOTIFY reaches their LISTEN connection (the live
 *   stock hub calls `forgetStockSummary` before it tells any page, so a page refreshed by a
 *   live event never reads the old totals);
 * - and every entry expires after SUMMARY_TTL_MS in any case, so a lost notification costs at
 *   most that much staleness.
 * Writers pay nothing for this (unlike totals kept in a table, which would add a row lock to
 * every movement).
 */
export const SUMMARY_TTL_MS = 15_000;

/**
 * At most this many shops are kept. An entry is otherwise removed only when its shop is asked
 * for again, so a site with many shops that each opened the overview once would keep them all.
 */
export const SUMMARY_MAX_SHOPS = 1_000;

/**
 * At most this many item rows (the till's lists) are kept across shops, about 40 MB: a shop
 * with more items than that alone is read afresh each time.
 */
export const SHOP_STOCK_MAX_ROWS = 200_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
  /** Item rows it holds (0 for totals), counted once the load has settled. */
  rows: number;
}

// Per shop, in the order the shops were first cached (a Map keeps insertion order): each kept
// part of its stock data ("summary", "till-items").
const shops = new Map<string, Map<string, Entry>>();
let keptRows = 0;

/**
 * The shop's `part` from the cache, or what `load` gives (concurrent misses share one load).
 * `rowsOf` says how many item rows a loaded value holds, for the bound on memory.
 */
export function cachedShopStock<T>(
  shopId: string,
  part: string,
  load: () => Promise<T>,
  rowsOf: (value: T) => number = () => 0,
): Promise<T> {
  const now = Date.now();
  let parts = shops.get(shopId);
  const found = parts?.get(part);
  if (found && found.expires > now) return found.value as Promise<T>;
  if (found) dropPart(shopId, part);
  if (!parts) {
    if (shops.size >= SUMMARY_MAX_SHOPS) makeRoom(now);
    parts = new Map();
    shops.set(shopId, parts);
  }
  const value = load();
  const entry: Entry = { expires: now + SUMMARY_TTL_MS, value, rows: 0 };
  parts.set(part, entry);
  value.then(
    (loaded) => {
      if (shops.get(shopId)?.get(part) !== entry) return;
      entry.rows = rowsOf(loaded);
      keptRows += entry.rows;
      while (keptRows > SHOP_STOCK_MAX_ROWS && dropOldestRows()) {
        // the oldest shops' lists go first, possibly this very one when it alone is too big
      }
    },
    // A failed load is not kept: the next request tries again.
    () => {
      if (shops.get(shopId)?.get(part) === entry) dropPart(shopId, part);
    },
  );
  return value;
}

/** The shop's summary from the cache, or computed with `load` (concurrent misses share one). */
export function cachedStockSummary<T>(shopId: string, load: () => Promise<T>): Promise<T> {
  return cachedShopStock(shopId, "summary", load);
}

function dropPart(shopId: string, part: string): void {
  const parts = shops.get(shopId);
  const entry = parts?.get(part);
  if (!parts || !entry) return;
  keptRows -= entry.rows;
  parts.delete(part);
  if (parts.size === 0) shops.delete(shopId);
}

function dropShop(shopId: string): void {
  for (const part of [...(shops.get(shopId)?.keys() ?? [])]) dropPart(shopId, part);
  shops.delete(shopId);
}

/** Drops the oldest shop's entries that hold rows; false when none does. */
function dropOldestRows(): boolean {
  for (const [shopId, parts] of shops) {
    for (const [part, entry] of parts) {
      if (entry.rows > 0) {
        dropPart(shopId, part);
        return true;
      }
    }
  }
  return false;
}

/** Drops the expired entries, then the oldest shops if still full. */
function makeRoom(now: number): void {
  for (const [shopId, parts] of shops) {
    for (const [part, entry] of parts) if (entry.expires <= now) dropPart(shopId, part);
  }
  for (const shopId of [...shops.keys()]) {
    if (shops.size < SUMMARY_MAX_SHOPS) break;
    dropShop(shopId);
  }
}

/** How many shops have something kept (for tests and diagnostics). */
export function stockSummariesKept(): number {
  return shops.size;
}

/** How many item rows are kept across shops (for tests and diagnostics). */
export function stockRowsKept(): number {
  return keptRows;
}

/** Forgets one shop's stock data, or every shop's (null: changes may have been missed). */
export function forgetStockSummary(shopId: string | null): void {
  if (shopId !== null) {
    dropShop(shopId);
    return;
  }
  shops.clear();
  keptRows = 0;
}
