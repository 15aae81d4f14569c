import type { IDBPDatabase } from "idb";
import type { CompleteSaleRequest } from "~/modules/sales";
import {
  acknowledge,
  countAttempt,
  markRefused,
  queuedSales,
  type QueuedSale,
  type TillSchema,
} from "./till-store";

/*
 * Sending a till's queue (issue 34, decision 0071). The queue goes in the order the sales were
 * made, one at a time, each with its client sale id (the server answers a sale it already has
 * as "already here", never a second one). An entry leaves the queue only on the server's
 * acknowledgement; an answer that never came leaves it as it was, to be sent again. An entry
 * refused for good stays, marked, and the sending stops there: the sales after it carry the
 * numbers after its number, which the server could only refuse as a gap, so they wait with it
 * until the owner has looked (the till keeps selling meanwhile).
 */

/** What the server answered to one queued sale. */
export type SyncAnswer =
  | { kind: "accepted"; saleId: number; clockSkewSeconds?: number }
  /** Refused for good: sending it again would be refused again. */
  | { kind: "refused"; code: string }
  /** No answer, a server fault, signed out or too many requests: try again later. */
  | { kind: "unreachable" };

export type PostQueuedSale = (request: CompleteSaleRequest) => Promise<SyncAnswer>;

export interface SyncReport {
  accepted: { clientSaleId: string; saleId: number }[];
  /** Accepted sales whose slip the till printed while they were on their way (not said yet). */
  printedUnsaid: number[];
  /** Why the sending stopped before the queue was empty. */
  stopped: "unreachable" | "refused" | "otherSeller" | null;
  /** The till's clock is this far off (seconds), when the server said so. */
  clockSkewSeconds: number | null;
}

/**
 * Sends the till's waiting sales in order until the queue is empty, the server cannot be
 * reached, or an entry is refused for good. `now` stamps each attempt (the server corrects the
 * till's clock by it).
 */
export async function sendQueue(
  db: IDBPDatabase<TillSchema>,
  till: { tillId: string; token: string },
  post: PostQueuedSale,
  /** The member signed in now: another member's sale waits for them (it would be booked to this one). */
  sellerId: string,
  now: () => Date = () => new Date(),
): Promise<SyncReport> {
  const report: SyncReport = {
    accepted: [],
    printedUnsaid: [],
    stopped: null,
    clockSkewSeconds: null,
  };
  // The queue is read again before each entry: a sale queued while this one was on its way is
  // sent in the same run.
  for (;;) {
    const [entry] = await queuedSales(db, till.tillId);
    if (!entry) return report;
    if (entry.state === "refused") {
      report.stopped = "refused";
      return report;
    }
    if (entry.sellerId !== undefined && entry.sellerId !== sellerId) {
      report.stopped = "otherSeller";
      return report;
    }
    const request = requestOf(entry, till.token, now());
    const answer = await post(request);
    if (answer.kind === "accepted") {
      const left = await acknowledge(db, entry.clientSaleId);
      report.accepted.push({ clientSaleId: entry.clientSaleId, saleId: answer.saleId });
      if (left?.printedAt && !request.device?.printedAt) report.printedUnsaid.push(answer.saleId);
      if (answer.clockSkewSeconds !== undefined) report.clockSkewSeconds = answer.clockSkewSeconds;
    } else if (answer.kind === "refused") {
      await markRefused(db, entry.clientSaleId, answer.code);
      report.stopped = "refused";
      return report;
    } else {
      await countAttempt(db, entry.clientSaleId);
      report.stopped = "unreachable";
      return report;
    }
  }
}

/**
 * The request as sent now: the sale as it was made, the number it took, the device's token, and
 * the device's clock when it sold and now (the server corrects one by the other).
 */
export function requestOf(entry: QueuedSale, token: string, sentAt: Date): CompleteSaleRequest {
  return {
    ...entry.request,
    device: {
      tillId: entry.tillId,
      token,
      kind: entry.kind,
      prefix: entry.prefix,
      year: entry.year,
      seq: entry.seq,
      soldAt: entry.soldAt,
      sentAt: sentAt.toISOString(),
      ...(entry.printedAt ? { printedAt: entry.printedAt } : {}),
    },
  };
}

/**
 * One sender per till across the browser's tabs (Web Locks): two tabs sending the same queue
 * at once made two orders in Odoo (odoo/odoo#152259). A tab that finds the lock held leaves
 * the sending to the tab that holds it. Without Web Locks (old browsers) it sends alone.
 */
export async function sendQueueOnce(
  tillId: string,
  send: () => Promise<SyncReport>,
): Promise<SyncReport | null> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return send();
  return locks.request(`shophub-till-queue:${tillId}`, { ifAvailable: true }, (lock) =>
    lock ? send() : null,
  );
}

/** Seconds to wait before the next try after `failures` unanswered ones: 5 s doubling to 5 min. */
export function retryDelaySeconds(failures: number): number {
  return Math.min(300, 5 * 2 ** Math.max(0, failures - 1));
}
