import type pg from "pg";
import { poolOf, type DbExecutor } from "~/db/client.server";
import { forgetStockSummary } from "./stock-summary-cache.server";

/** The channel every app instance LISTENs on; the payload is the shop's id. */
export const STOCK_CHANGED_CHANNEL = "stock_changed";

/** Changes within this window are announced once: a live page refreshes once, not 30 times. */
export const ANNOUNCE_WINDOW_MS = 50;

const pendingByPool = new WeakMap<pg.Pool, Set<string>>();

/**
 * Tells every app instance that the shop's stock changed (NOTIFY, delivered to their LISTEN
 * connection), at most once per shop per ANNOUNCE_WINDOW_MS. Called after the ledger statement
 * committed, outside the item's row lock (see drizzle/0005_stock_ledger.sql). Best effort: a
 * lost announcement only delays a live page until its next load; the ledger is unaffected.
 */
export function announceStockChange(db: DbExecutor, shopId: string): void {
  // This instance's cached totals are stale from now on, whatever the announcement's fate.
  forgetStockSummary(shopId);
  const pool = poolOf(db);
  if (!pool) return;
  let pending = pendingByPool.get(pool);
  if (!pending) {
    pending = new Set();
    pendingByPool.set(pool, pending);
  }
  if (pending.has(shopId)) return;
  pending.add(shopId);
  const timer = setTimeout(() => {
    pending.delete(shopId);
    pool.query("SELECT pg_notify($1, $2)", [STOCK_CHANGED_CHANNEL, shopId]).catch(() => {
      // The pool may be closing (shutdown, end of a test); see "Best effort" above.
    });
  }, ANNOUNCE_WINDOW_MS);
  // Never keeps a process alive that is otherwise done.
  timer.unref();
}
