import { useCallback, useEffect, useRef, useState } from "react";
import type { CompleteSaleRequest } from "~/modules/sales";
import type { QueueRunner } from "./queue-runner";
import { TILL_DB_NAME } from "./till-db-name";
import type { BoundTillOnDevice, QueuedSale, TillDocumentKind } from "./till-store";
import type { PersistState } from "./use-till-service-worker";

/*
 * The registered till's queue at the counter (issue 34, decision 0071). On a device bound to
 * one of the shop's tills, every sale goes through the queue, online too: it is numbered and
 * written to IndexedDB before the cashier sees it done, and the queue sends it — at once when
 * the network is there, on the browser's "online" event, and on a timer with backoff. One path,
 * so the offline path is the one exercised all day. A device that is no till (never bound, no
 * IndexedDB) sells as before: straight to the server, in the shop's series.
 */

export interface TillQueue {
  /** undefined while looking; null when this device is no registered till of the shop. */
  bound: BoundTillOnDevice | null | undefined;
  /** The sales on this device not acknowledged yet, oldest first (refused ones marked). */
  waiting: QueuedSale[];
  /** Numbers and queues a sale; null when the device could not keep it (then sell online). */
  add: (sale: {
    request: CompleteSaleRequest;
    kind: TillDocumentKind;
    prefix: string;
    year: number;
    soldAt: Date;
  }) => Promise<QueuedSale | null>;
  /** The till's clock is this far off (seconds) by the server's last answer, when told. */
  clockSkewSeconds: number | null;
  /** The till printed a queued sale's slip itself: the server's first print is then a copy. */
  notePrinted: (clientSaleId: string) => void;
  /** The browser keeps nothing on the device (no IndexedDB, or it failed): online only. */
  noStorage: boolean;
  /** Sends a refused entry again (its cause put right), then the ones after it. */
  retry: (clientSaleId: string) => void;
}

/**
 * Whether this browser may hold a registered till: it has the till's database. A browser that
 * never was a till (most of them) then loads neither the sender nor the IndexedDB wrapper.
 * Without `indexedDB.databases()` (an older browser) the sender is loaded to look.
 */
async function mayHoldTill(): Promise<boolean> {
  if (typeof indexedDB.databases !== "function") return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === TILL_DB_NAME);
  } catch {
    return true;
  }
}

export function useTillQueue(
  shopId: string,
  seller: { id: string; name: string },
  browser: boolean,
  storage: PersistState,
  onAcknowledged: (clientSaleId: string, saleId: number) => void,
): TillQueue {
  const { id: sellerId, name: sellerName } = seller;
  const [runner, setRunner] = useState<QueueRunner | null | undefined>(undefined);
  const [waiting, setWaiting] = useState<QueuedSale[]>([]);
  const [clockSkewSeconds, setClockSkew] = useState<number | null>(null);
  const [noStorage, setNoStorage] = useState(false);
  const acknowledged = useRef(onAcknowledged);
  useEffect(() => {
    acknowledged.current = onAcknowledged;
  });

  useEffect(() => {
    if (!browser) return;
    let made: QueueRunner | null = null;
    let alive = true;
    const none = (noStorage: boolean) => {
      if (!alive) return;
      if (noStorage) setNoStorage(true);
      setRunner(null);
    };
    if (typeof indexedDB === "undefined") {
      void Promise.resolve().then(() => none(true));
      return;
    }
    void mayHoldTill()
      .then(async (may) => {
        if (!may) return none(false);
        const { openQueue } = await import("./queue-runner");
        const opened = await openQueue(
          shopId,
          { id: sellerId, name: sellerName },
          {
            waiting: setWaiting,
            acknowledged: (clientSaleId, saleId) => acknowledged.current(clientSaleId, saleId),
            clockSkew: setClockSkew,
          },
          () => alive,
        );
        if (!opened.runner) return none(opened.noStorage);
        if (!alive) return;
        made = opened.runner;
        setRunner(made);
        await made.start();
      })
      .catch(() => none(true));
    return () => {
      alive = false;
      made?.stop();
    };
  }, [browser, shopId, sellerId, sellerName]);

  useEffect(() => {
    runner?.tellStorage(storage);
  }, [runner, storage]);

  const retryHere = useCallback(
    (clientSaleId: string) => void runner?.retry(clientSaleId),
    [runner],
  );

  const notePrintedHere = useCallback(
    (clientSaleId: string) => void runner?.notePrinted(clientSaleId),
    [runner],
  );

  const add = useCallback<TillQueue["add"]>(
    async (sale) => {
      if (!runner) return null;
      const entry = await runner.add(sale);
      // Storage full, or the browser took IndexedDB away: said, and this sale goes online.
      if (!entry) setNoStorage(true);
      return entry;
    },
    [runner],
  );

  return {
    bound: runner === undefined ? undefined : (runner?.till ?? null),
    waiting,
    add,
    clockSkewSeconds,
    notePrinted: notePrintedHere,
    noStorage,
    retry: retryHere,
  };
}
