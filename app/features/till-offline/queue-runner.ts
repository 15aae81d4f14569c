import type { CompleteSaleRequest } from "~/modules/sales";
import { printPageHref } from "~/features/sales-documents/links";
import {
  alignSeries,
  boundTillOf,
  type BoundTillOnDevice,
  queuedSales,
  type QueuedSale,
  queueSale,
  notePrinted,
  retryRefused,
  type TillDocumentKind,
  tillDatabase,
} from "./till-store";
import type { TillQueue } from "./use-till-queue";
import type { PersistState } from "./use-till-service-worker";
import { retryDelaySeconds, sendQueue, sendQueueOnce, type SyncAnswer } from "./till-sync";

/*
 * The registered till's sender (decision 0071), loaded by use-till-queue.ts only on a device
 * that holds the till's database: a browser that never was a till does not carry it, nor the
 * IndexedDB wrapper (the till's first-load budget).
 */

/** How long one request of the sender may take before it counts as no answer. */
const SYNC_TIMEOUT_MS = 30_000;

/** One JSON request to the till's sync route (the shop named twice: the gate checks both). */
function postSync(shopId: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`/shophub/sell/sync?shop=${encodeURIComponent(shopId)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ shopId, ...body }),
    credentials: "same-origin",
    // A request that hangs (a captive portal, a dying hotspot) must not hold the queue: the
    // sender's lock is free again and the entry is sent on the next round.
    signal: AbortSignal.timeout(SYNC_TIMEOUT_MS),
  });
}

/** What the server answered, read as the sender needs it: only a 200 or a 422 is an answer. */
async function postQueued(shopId: string, request: CompleteSaleRequest): Promise<SyncAnswer> {
  try {
    const response = await postSync(shopId, { sale: request });
    if (response.status !== 200 && response.status !== 422) return { kind: "unreachable" };
    return (await response.json()) as SyncAnswer;
  } catch {
    return { kind: "unreachable" };
  }
}

/**
 * The device has nothing waiting: its days before now may close (decisions 0071, 0072). It says
 * too what its browser answered to persistent storage, for the owner's list of tills.
 */
async function sayCaughtUp(shopId: string, bound: BoundTillOnDevice, storage: PersistState) {
  const known = storage === "granted" || storage === "refused" || storage === "unsupported";
  try {
    await postSync(shopId, {
      caughtUp: { tillId: bound.tillId, token: bound.token, ...(known ? { storage } : {}) },
    });
  } catch {
    // Said again after the next sending.
  }
}

/** Where the server says the till's series stand: the device continues from the later. */
async function alignWithServer(shopId: string, bound: BoundTillOnDevice) {
  const db = await tillDatabase();
  if (!db) return;
  try {
    const response = await postSync(shopId, {
      position: { tillId: bound.tillId, token: bound.token },
    });
    if (!response.ok) return;
    const answer = (await response.json()) as {
      positions: Record<TillDocumentKind, { year: number; lastSeq: number } | null>;
    };
    for (const kind of ["receipt", "abbreviatedTaxInvoice"] as const) {
      await alignSeries(db, bound.tillId, kind, answer.positions[kind]);
    }
  } catch {
    // Offline: the device's own position stands (it is never behind what it sent).
  }
}

/** Counts a print of a sale the server has: the till printed its slip as the original. */
async function countPrintOnServer(shopId: string, saleId: number) {
  try {
    await fetch(printPageHref(saleId, { shopId }), {
      method: "POST",
      body: new URLSearchParams({ shopId }),
      credentials: "same-origin",
    });
  } catch {
    // Offline after all: the server's first print will say original (the rare loss, once).
  }
}

/** How often an idle till sends (nothing, usually) and says it has caught up. */
const HEARTBEAT_MS = 10 * 60_000;

/**
 * The sender of one registered till's queue, outside React: it owns the retry timer and the
 * "online" listener, and tells the page what the queue holds after each change.
 */
export class QueueRunner {
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private again = false;
  /** What the browser answered to persistent storage (said to the server when caught up). */
  private storage: PersistState = "unknown";
  /** The server's ids of the sales sent lately: a print noted after sending is counted there. */
  private readonly sent = new Map<string, number>();

  constructor(
    private readonly shopId: string,
    private readonly seller: { id: string; name: string },
    readonly till: BoundTillOnDevice,
    private readonly told: {
      waiting: (entries: QueuedSale[]) => void;
      acknowledged: (clientSaleId: string, saleId: number) => void;
      clockSkew: (seconds: number | null) => void;
    },
  ) {}

  private readonly online = () => {
    this.failures = 0;
    void this.run();
  };

  async start() {
    window.addEventListener("online", this.online);
    // A till left open without sales still says it has caught up, so its days close.
    this.heartbeat = setInterval(() => void this.run(), HEARTBEAT_MS);
    await alignWithServer(this.shopId, this.till);
    await this.run();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener("online", this.online);
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  private async refresh() {
    const db = await tillDatabase();
    if (db && !this.stopped) this.told.waiting(await queuedSales(db, this.till.tillId));
  }

  /**
   * Sends what waits; after no answer, tries again later (5 s doubling to 5 min). A call while a sending is on its way (the network back, a new sale)
   * makes one more round after it, rather than being lost: the round on its way may have
   * started before the change that called.
   */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.run();
      }
    });
    return this.running;
  }

  /** One round: the queue sent as far as it goes, then the next try planned. */
  private async round(): Promise<void> {
    const db = await tillDatabase();
    if (!db || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const report = await sendQueueOnce(this.till.tillId, () =>
      sendQueue(db, this.till, (request) => postQueued(this.shopId, request), this.seller.id),
    );
    await this.refresh();
    if (!report || this.stopped) return;
    for (const { clientSaleId, saleId } of report.accepted) {
      this.remember(clientSaleId, saleId);
      this.told.acknowledged(clientSaleId, saleId);
    }
    for (const saleId of report.printedUnsaid) await countPrintOnServer(this.shopId, saleId);
    if (report.clockSkewSeconds !== null || report.accepted.length > 0) {
      this.told.clockSkew(report.clockSkewSeconds);
    }
    if (report.stopped === "unreachable") {
      this.failures += 1;
      this.timer = setTimeout(() => void this.run(), retryDelaySeconds(this.failures) * 1000);
    } else {
      this.failures = 0;
      if (report.stopped === null) await sayCaughtUp(this.shopId, this.till, this.storage);
    }
  }

  /** The browser's answer to persistent storage: said to the server with the next round. */
  tellStorage(storage: PersistState) {
    const changed = storage !== this.storage;
    this.storage = storage;
    if (changed && storage !== "unknown") void this.run();
  }

  private remember(clientSaleId: string, saleId: number) {
    this.sent.set(clientSaleId, saleId);
    const oldest = this.sent.keys().next().value;
    if (this.sent.size > 50 && oldest !== undefined) this.sent.delete(oldest);
  }

  /** The slip of a sale was printed here: sent with it, or counted where it arrived already. */
  async notePrinted(clientSaleId: string) {
    const db = await tillDatabase();
    if (!db || (await notePrinted(db, clientSaleId, new Date()))) return;
    const saleId = this.sent.get(clientSaleId);
    if (saleId !== undefined) await countPrintOnServer(this.shopId, saleId);
  }

  async retry(clientSaleId: string) {
    const db = await tillDatabase();
    if (!db) return;
    await retryRefused(db, clientSaleId);
    this.failures = 0;
    await this.run();
  }

  /** Numbers and queues a sale, then sends; null when the device could not keep it. */
  async add(sale: Parameters<TillQueue["add"]>[0]): Promise<QueuedSale | null> {
    try {
      const db = await tillDatabase();
      if (!db) return null;
      const entry = await queueSale(db, {
        ...sale,
        clientSaleId: sale.request.clientSaleId,
        sellerId: this.seller.id,
        sellerName: this.seller.name,
        shopId: this.shopId,
        tillId: this.till.tillId,
        tillCode: this.till.code,
      });
      await this.refresh();
      void this.run();
      return entry;
    } catch {
      // Storage full, or the browser took IndexedDB away: this sale goes online.
      return null;
    }
  }
}

/**
 * This device's registered till of the shop and its sender, started; `runner` null when the
 * device is no till of this shop, `noStorage` when the browser keeps nothing (online only).
 */
export async function openQueue(
  shopId: string,
  seller: { id: string; name: string },
  told: ConstructorParameters<typeof QueueRunner>[3],
  alive: () => boolean,
): Promise<{ runner: QueueRunner | null; noStorage: boolean }> {
  const db = await (tillDatabase() ?? Promise.resolve(null));
  const till = db ? await boundTillOf(db, shopId) : null;
  if (!till || !alive()) return { runner: null, noStorage: !db };
  return { runner: new QueueRunner(shopId, seller, till, told), noStorage: false };
}
