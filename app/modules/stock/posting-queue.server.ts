import type pg from "pg";

/**
 * Group commit for stock documents (docs/decisions/0010-stock-posting-group-commit.md).
 *
 * Per shop, at most one batch is being written at a time. A document that arrives while its
 * shop's batch is in flight waits for it and goes out with the others that arrived meanwhile,
 * as ONE call of `stock_post_documents` (drizzle/0011_stock_post_batch.sql): one row lock wait
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

interface ShopQueue {
  waiting: Waiting[];
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

async function drain(
  pool: pg.Pool,
  shopId: string,
  queue: ShopQueue,
  queues: Map<string, ShopQueue>,
) {
  queue.writing = true;
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
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
          continue;
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
  } finally {
    queue.writing = false;
    if (queue.waiting.length === 0) queues.delete(shopId);
  }
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
  let queues = queuesByPool.get(pool);
  if (!queues) {
    queues = new Map();
    queuesByPool.set(pool, queues);
  }
  let queue = queues.get(shopId);
  if (!queue) {
    queue = { waiting: [], writing: false };
    queues.set(shopId, queue);
  }
  const promise = new Promise<BatchResult>((resolve, reject) => {
    queue.waiting.push({ document, resolve, reject });
  });
  if (!queue.writing) void drain(pool, shopId, queue, queues);
  return promise;
}
