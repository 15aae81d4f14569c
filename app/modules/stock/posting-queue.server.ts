import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Database } from "~/db/client.server";
import { announceStockChange } from "./stock-change-notifier.server";

/**
 * Group commit for stock documents (docs/decisions/0010-stock-posting-group-commit.md).
 *
 * Per shop, at most one batch is being written at a time. A document that arrives while its
 * shop's batch is in flight waits for it and goes out with the others that arrived meanwhile,
 * as ONE call of `stock_post_documents` (drizzle/functions/): one row lock wait
 * and one commit for all of them. With one till there is no waiting at all (the batch is that
 * one document); with 32 tills selling the same item, the item's lock is taken once per batch
 * instead of once per sale.
 */

/** What the database answers for one document of a batch. */
export type BatchResult =
  | { id: string | number }
  | { error: { state: string; detail: string | null; constraint?: string | null } };

/** One document as `stock_post_documents` takes it. */
export interface BatchDocument {
  kind: string;
  reference: string;
  note: string;
  user: string;
  lines: Record<string, unknown>[];
}

/**
 * Each document is a subtransaction; PostgreSQL keeps up to 64 of them per transaction in shared
 * memory before every other session's visibility checks get slower. Larger batches would also
 * hold the shop's item locks for longer than a few sales are worth.
 */
export const MAX_BATCH = 32;

interface Waiting {
  document: BatchDocument;
  resolve(result: BatchResult): void;
  reject(error: unknown): void;
}

/**
 * A unit of work another module submits (runInShopBatch): it writes its own rows and posts
 * its movements with the transaction it is given.
 */
export interface ShopUnit<T> {
  /**
   * Every item whose stock the unit will move. The batch locks all of them once, in id order
   * (the order every writer uses), before any unit runs, so that batches of several app
   * instances wait for each other and never deadlock.
   */
  items: readonly number[];
  /**
   * Runs inside the batch's transaction, in its own savepoint. It may run a second time, in a
   * transaction of its own, if something outside it failed the batch: it must only write
   * through `tx` (no other side effects). A unit that wants to go on after a failed
   * statement (a LedgerError it handles) wraps that statement in `tx.transaction(...)`, its own
   * savepoint: otherwise the failed statement aborts the unit.
   */
  run(tx: ShopTransaction): Promise<T>;
}

/** The transaction a unit is given (a Drizzle transaction on the app's schema). */
export type ShopTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

interface WaitingUnit {
  db: Database;
  unit: ShopUnit<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * A unit of work written as a SQL function of the caller's module (runShopStatement):
 * `fn(p_shop uuid, p_payload jsonb) RETURNS jsonb`, run by `stock_run_units`
 * (drizzle/functions/) with the other waiting units of the shop in ONE
 * statement: one round trip and one commit for the whole batch.
 */
export interface ShopStatement {
  /** The function's name; from the application's code, never from a request. */
  fn: string;
  /** Every item whose stock the unit will move (locked for the batch in id order). */
  items: readonly number[];
  payload: unknown;
}

/** What `stock_run_units` answers for one unit. */
export type StatementResult =
  | { ok: unknown }
  | {
      error: { state: string; detail: string | null; message: string; constraint: string | null };
    };

interface WaitingStatement {
  db: Database;
  statement: ShopStatement;
  resolve(result: StatementResult): void;
  reject(error: unknown): void;
}

interface ShopQueue {
  waiting: Waiting[];
  units: WaitingUnit[];
  statements: WaitingStatement[];
  writing: boolean;
}

const queuesByPool = new WeakMap<pg.Pool, Map<string, ShopQueue>>();

async function postBatch(
  pool: pg.Pool,
  shopId: string,
  documents: BatchDocument[],
): Promise<BatchResult[]> {
  const result = await pool.query<{ results: BatchResult[] }>(
    "SELECT stock_post_documents($1, $2::jsonb) AS results",
    [shopId, JSON.stringify(documents)],
  );
  const results = result.rows[0]?.results;
  if (!Array.isArray(results) || results.length !== documents.length) {
    throw new Error("stock_post_documents returned a result of the wrong length");
  }
  return results;
}

async function runDocuments(pool: pg.Pool, shopId: string, batch: Waiting[]): Promise<void> {
  try {
    const results = await postBatch(
      pool,
      shopId,
      batch.map((entry) => entry.document),
    );
    batch.forEach((entry, index) => entry.resolve(results[index] as BatchResult));
  } catch (error) {
    if (batch.length === 1) {
      batch[0]?.reject(error);
      return;
    }
    // Something outside the ledger's rules failed the whole batch (a lost connection, a
    // constraint): each document is tried alone, so one cannot take the others down.
    await Promise.all(
      batch.map((entry) =>
        postBatch(pool, shopId, [entry.document]).then(
          (results) => entry.resolve(results[0] as BatchResult),
          (alone: unknown) => entry.reject(alone),
        ),
      ),
    );
  }
}

async function drain(
  pool: pg.Pool,
  shopId: string,
  queue: ShopQueue,
  queues: Map<string, ShopQueue>,
) {
  queue.writing = true;
  try {
    // Documents, SQL units and TypeScript units of one shop share this loop: one batch of the
    // shop at a time, each kind in turn so that 32 selling tills never starve a delivery.
    while (queue.waiting.length > 0 || queue.units.length > 0 || queue.statements.length > 0) {
      if (queue.statements.length > 0) {
        await runStatements(shopId, queue.statements.splice(0, MAX_BATCH));
      }
      if (queue.units.length > 0) {
        await runUnits(shopId, queue.units.splice(0, MAX_BATCH));
      }
      if (queue.waiting.length > 0) {
        await runDocuments(pool, shopId, queue.waiting.splice(0, MAX_BATCH));
      }
    }
  } finally {
    queue.writing = false;
    if (queue.waiting.length + queue.units.length + queue.statements.length === 0) {
      queues.delete(shopId);
    }
  }
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * One transaction for the units: their items locked first, then the units one after the
 * other, one commit. Callers hear of their outcome only after the commit (or after the
 * rollback that undid them): a sale is never reported done before it is durable. The shop's
 * stock change is announced once, after the commit, if any unit committed.
 *
 * Savepoints cost two round trips per unit while its batch holds the items' locks, and units
 * rarely fail; so a batch is first run without them. Only when something in it throws is it
 * run again with each unit in its own savepoint (one that throws rolls back alone, the others
 * commit), and when even that cannot commit, each unit alone.
 */
async function runUnits(shopId: string, batch: WaitingUnit[]): Promise<void> {
  const db = batch[0]?.db;
  if (!db) return;
  let settled: Settled[];
  try {
    settled = await runUnitsInOneTransaction(db, shopId, batch, false);
  } catch (error) {
    if (batch.length === 1) {
      // Alone, the unit's error and the batch's are the same thing.
      batch[0]?.reject(error);
      return;
    }
    try {
      settled = await runUnitsInOneTransaction(db, shopId, batch, true);
    } catch {
      // Something outside the units failed the whole batch (a lost connection, a deadlock
      // with a writer that locks items out of order, a failed commit): nothing of it was
      // committed, so each unit is run alone and one cannot take the others down.
      await Promise.all(batch.map((entry) => runUnits(shopId, [entry])));
      return;
    }
  }
  if (settled.some((outcome) => outcome.ok)) announceStockChange(db, shopId);
  batch.forEach((entry, index) => {
    const outcome = settled[index];
    if (outcome?.ok) entry.resolve(outcome.value);
    else entry.reject(outcome?.error);
  });
}

async function runUnitsInOneTransaction(
  db: Database,
  shopId: string,
  batch: WaitingUnit[],
  withSavepoints: boolean,
): Promise<Settled[]> {
  const items = [...new Set(batch.flatMap((entry) => entry.unit.items))].map(Number);
  return db.transaction(async (tx) => {
    if (items.length > 0) {
      await tx.execute(
        sql`SELECT 1 FROM stock_item WHERE shop_id = ${shopId}
              AND id = ANY(${`{${items.join(",")}}`}::bigint[]) ORDER BY id FOR UPDATE`,
      );
    }
    const settled: Settled[] = [];
    for (const entry of batch) {
      if (!withSavepoints) {
        // A unit that throws here aborts the whole attempt (see runUnits).
        settled.push({ ok: true, value: await entry.unit.run(tx) });
        continue;
      }
      try {
        // A nested Drizzle transaction is a savepoint: released on success, rolled back to
        // when the unit throws (with the error passed on to here).
        const value = await tx.transaction((unitTx) => entry.unit.run(unitTx));
        settled.push({ ok: true, value });
      } catch (error) {
        settled.push({ ok: false, error });
      }
    }
    return settled;
  });
}

/**
 * The statements of one shop as one call of `stock_run_units`: it has committed when the
 * answer arrives, so every caller hears of its outcome after the commit; the shop's stock
 * change is announced once if any unit committed.
 */
async function runStatements(shopId: string, batch: WaitingStatement[]): Promise<void> {
  const db = batch[0]?.db;
  if (!db) return;
  let results: StatementResult[];
  try {
    const answer = await db.$client.query<{ results: StatementResult[] }>(
      "SELECT stock_run_units($1, $2::jsonb) AS results",
      [shopId, JSON.stringify(batch.map((entry) => entry.statement))],
    );
    const rows = answer.rows[0]?.results;
    if (!Array.isArray(rows) || rows.length !== batch.length) {
      throw new Error("stock_run_units returned a result of the wrong length");
    }
    results = rows;
  } catch (error) {
    if (batch.length === 1) {
      batch[0]?.reject(error);
      return;
    }
    // An error outside the units' own (see stock_run_units) failed the whole batch: each unit
    // is run alone, so one cannot take the others down.
    await Promise.all(batch.map((entry) => runStatements(shopId, [entry])));
    return;
  }
  if (results.some((result) => "ok" in result)) announceStockChange(db, shopId);
  batch.forEach((entry, index) => entry.resolve(results[index] as StatementResult));
}

/**
 * Runs a SQL unit of work of the shop (see ShopStatement) in a group-committed batch with the
 * others that are waiting. Resolves, after the commit, with the unit's own answer: what its
 * function returned, or the error of its own that rolled it back alone. Rejects only when the
 * database could not run it.
 */
export function runShopStatement(
  db: Database,
  shopId: string,
  statement: ShopStatement,
): Promise<StatementResult> {
  const queues = queuesOf(db.$client);
  const queue = queueOf(queues, shopId);
  const promise = new Promise<StatementResult>((resolve, reject) => {
    queue.statements.push({ db, statement, resolve, reject });
  });
  if (!queue.writing) void drain(db.$client, shopId, queue, queues);
  return promise;
}

/**
 * Runs a unit of work of the shop in a group-committed batch with the others that are waiting
 * (see runUnits). Resolves with what the unit returned, after the commit; rejects with what it
 * threw (its own writes rolled back, the others' committed), or with the error that kept the
 * database from committing it.
 */
export function runInShopBatch<T>(db: Database, shopId: string, unit: ShopUnit<T>): Promise<T> {
  const queues = queuesOf(db.$client);
  const queue = queueOf(queues, shopId);
  const promise = new Promise<T>((resolve, reject) => {
    queue.units.push({
      db,
      unit: unit as ShopUnit<unknown>,
      resolve: resolve as (value: unknown) => void,
      reject,
    });
  });
  if (!queue.writing) void drain(db.$client, shopId, queue, queues);
  return promise;
}

function queuesOf(pool: pg.Pool): Map<string, ShopQueue> {
  let queues = queuesByPool.get(pool);
  if (!queues) {
    queues = new Map();
    queuesByPool.set(pool, queues);
  }
  return queues;
}

function queueOf(queues: Map<string, ShopQueue>, shopId: string): ShopQueue {
  let queue = queues.get(shopId);
  if (!queue) {
    queue = { waiting: [], units: [], statements: [], writing: false };
    queues.set(shopId, queue);
  }
  return queue;
}

/**
 * Posts one document of the shop, together with any others of the same shop that are waiting
 * (see above). Resolves with the document's own result; rejects only when the database could
 * not be asked.
 */
export function postThroughQueue(
  pool: pg.Pool,
  shopId: string,
  document: BatchDocument,
): Promise<BatchResult> {
  const queues = queuesOf(pool);
  const queue = queueOf(queues, shopId);
  const promise = new Promise<BatchResult>((resolve, reject) => {
    queue.waiting.push({ document, resolve, reject });
  });
  if (!queue.writing) void drain(pool, shopId, queue, queues);
  return promise;
}
