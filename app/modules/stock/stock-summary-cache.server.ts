/**
 * The storehub overview's totals (item counts, units, value, low stock) add up every item of
 * the shop: about 20-40 ms for 100,000 items. They are kept here per shop until the shop's
 * stock or items change:
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

interface Entry<T> {
  expires: number;
  value: Promise<T>;
}

const entries = new Map<string, Entry<unknown>>();

/** The shop's summary from the cache, or computed with `load` (concurrent misses share one). */
export function cachedStockSummary<T>(shopId: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const found = entries.get(shopId) as Entry<T> | undefined;
  if (found && found.expires > now) return found.value;
  const value = load();
  const entry: Entry<T> = { expires: now + SUMMARY_TTL_MS, value };
  entries.delete(shopId);
  if (entries.size >= SUMMARY_MAX_SHOPS) makeRoom(now);
  entries.set(shopId, entry);
  // A failed load is not kept: the next request tries again.
  value.catch(() => {
    if (entries.get(shopId) === entry) entries.delete(shopId);
  });
  return value;
}

/** Drops the expired entries, then the oldest ones (a Map keeps insertion order) if still full. */
function makeRoom(now: number): void {
  for (const [shopId, entry] of entries) {
    if (entry.expires <= now) entries.delete(shopId);
  }
  for (const shopId of entries.keys()) {
    if (entries.size < SUMMARY_MAX_SHOPS) break;
    entries.delete(shopId);
  }
}

/** How many shops' summaries are kept (for tests and diagnostics). */
export function stockSummariesKept(): number {
  return entries.size;
}

/** Forgets one shop's summary, or every shop's (null: changes may have been missed). */
export function forgetStockSummary(shopId: string | null): void {
  if (shopId === null) entries.clear();
  else entries.delete(shopId);
}
