import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { CompleteSaleRequest, SaleDocumentKind } from "~/modules/sales";
import { nextInSeries, type SeriesPosition, tillDocumentNumber } from "~/modules/tills";

/** The documents a till numbers itself: receipts and abbreviated tax invoices. */
export type TillDocumentKind = Extract<SaleDocumentKind, "receipt" | "abbreviatedTaxInvoice">;

/*
 * What a registered till keeps on its own device, in IndexedDB (issue 34, decision 0071): its
 * number series and the queue of sales that have not reached the server yet. A sale is written
 * here, with its number taken, in ONE transaction before the cashier sees it as done: closing
 * the tab, a browser crash or a power cut loses nothing. Nothing leaves the queue before the
 * server has acknowledged it (then it is deleted), and an entry the server refuses for good
 * stays, marked, for the owner to see and export. `idb` is the thin promise wrapper over the
 * browser's own IndexedDB (about 1 kB): the till's script budget has no room for more.
 */

export { TILL_DB_NAME } from "./till-db-name";
import { TILL_DB_NAME } from "./till-db-name";
const TILL_DB_VERSION = 1;

/** A sale made on this till and not acknowledged by the server yet. */
export interface QueuedSale {
  clientSaleId: string;
  shopId: string;
  tillId: string;
  /** The order sales were made in on this till: the queue is sent in this order. */
  order: number;
  /**
   * Who sold it (the member signed in at the till): only their session sends it, so the sale is
   * never booked to whoever signs in next. Absent on entries queued before it was kept.
   */
  sellerId?: string;
  sellerName?: string;
  kind: TillDocumentKind;
  /** The document's prefix ("ABB") as the shop's settings had it when the sale was made. */
  prefix: string;
  year: number;
  seq: number;
  /** As printed on the slip: final. */
  documentNumber: string;
  /** When it was sold, by the device's clock (ISO). */
  soldAt: string;
  request: CompleteSaleRequest;
  /** "waiting" until the server answers; "refused" when it refused it for good. */
  state: "waiting" | "refused";
  attempts: number;
  /** The server's reason for a refusal for good, as its code. */
  refusal: string | null;
  /** When the till printed the slip itself (ISO): the server's first print is then a copy. */
  printedAt?: string;
}

export interface TillSchema extends DBSchema {
  queue: {
    key: string;
    value: QueuedSale;
    indexes: { byTillOrder: [string, number] };
  };
  series: {
    /** [tillId, kind] */
    key: [string, TillDocumentKind];
    value: { tillId: string; kind: TillDocumentKind } & SeriesPosition;
  };
  /** The registered till this device is, per shop (with its secret token). */
  device: {
    key: string;
    value: BoundTillOnDevice;
  };
}

/** What the device keeps of the till it was bound to. */
export interface BoundTillOnDevice {
  shopId: string;
  tillId: string;
  code: string;
  name: string;
  posNumber: string;
  token: string;
  boundAt: string;
}

let opened: Promise<IDBPDatabase<TillSchema>> | null = null;

/** The till's database; null where the browser has no IndexedDB (then the till sells online only). */
export function tillDatabase(): Promise<IDBPDatabase<TillSchema>> | null {
  if (typeof indexedDB === "undefined") return null;
  opened ??= openDB<TillSchema>(TILL_DB_NAME, TILL_DB_VERSION, {
    upgrade(db) {
      const queue = db.createObjectStore("queue", { keyPath: "clientSaleId" });
      queue.createIndex("byTillOrder", ["tillId", "order"]);
      db.createObjectStore("series", { keyPath: ["tillId", "kind"] });
      db.createObjectStore("device", { keyPath: "shopId" });
    },
  });
  return opened;
}

/** Forgets the open connection (tests delete the database between cases). */
export function closeTillDatabase(): void {
  void opened?.then((db) => db.close());
  opened = null;
}

/** What a sale needs to be numbered and queued; the rest of the entry is made here. */
export interface SaleToQueue {
  clientSaleId: string;
  sellerId: string;
  sellerName: string;
  shopId: string;
  tillId: string;
  tillCode: string;
  prefix: string;
  kind: TillDocumentKind;
  year: number;
  soldAt: Date;
  request: CompleteSaleRequest;
}

/**
 * Takes the till's next number and queues the sale, in one IndexedDB transaction: either both
 * are written or neither. The same client sale id queued again (a double tap) answers the entry
 * already there and takes no second number.
 */
export async function queueSale(
  db: IDBPDatabase<TillSchema>,
  sale: SaleToQueue,
): Promise<QueuedSale> {
  const tx = db.transaction(["queue", "series"], "readwrite");
  const queue = tx.objectStore("queue");
  const series = tx.objectStore("series");
  const earlier = await queue.get(sale.clientSaleId);
  if (earlier) {
    await tx.done;
    return earlier;
  }
  const position = (await series.get([sale.tillId, sale.kind])) ?? null;
  const seq = nextInSeries(position, sale.year);
  const last = await queue
    .index("byTillOrder")
    .openCursor(IDBKeyRange.bound([sale.tillId, -Infinity], [sale.tillId, Infinity]), "prev");
  const entry: QueuedSale = {
    clientSaleId: sale.clientSaleId,
    shopId: sale.shopId,
    tillId: sale.tillId,
    order: (last?.value.order ?? 0) + 1,
    sellerId: sale.sellerId,
    sellerName: sale.sellerName,
    kind: sale.kind,
    prefix: sale.prefix,
    year: sale.year,
    seq,
    documentNumber: tillDocumentNumber(sale.prefix, sale.tillCode, sale.year, seq),
    soldAt: sale.soldAt.toISOString(),
    request: sale.request,
    state: "waiting",
    attempts: 0,
    refusal: null,
  };
  await series.put({ tillId: sale.tillId, kind: sale.kind, year: sale.year, lastSeq: seq });
  await queue.put(entry);
  await tx.done;
  return entry;
}

/** The till's queued sales in the order they were made (refused ones included, marked). */
export async function queuedSales(
  db: IDBPDatabase<TillSchema>,
  tillId: string,
): Promise<QueuedSale[]> {
  return db.getAllFromIndex(
    "queue",
    "byTillOrder",
    IDBKeyRange.bound([tillId, -Infinity], [tillId, Infinity]),
  );
}

/**
 * The server acknowledged the sale (made now, or found from before): it leaves the queue.
 * Answers the entry as it was when it left (a print noted while it was on its way shows here).
 */
export async function acknowledge(
  db: IDBPDatabase<TillSchema>,
  clientSaleId: string,
): Promise<QueuedSale | undefined> {
  const tx = db.transaction("queue", "readwrite");
  const entry = await tx.store.get(clientSaleId);
  await tx.store.delete(clientSaleId);
  await tx.done;
  return entry;
}

/**
 * The till printed the sale's slip itself: kept with the entry and sent with it. False when
 * the entry has left the queue already (the server has the sale: count the print there).
 */
export async function notePrinted(
  db: IDBPDatabase<TillSchema>,
  clientSaleId: string,
  at: Date,
): Promise<boolean> {
  const tx = db.transaction("queue", "readwrite");
  const entry = await tx.store.get(clientSaleId);
  if (entry && !entry.printedAt) await tx.store.put({ ...entry, printedAt: at.toISOString() });
  await tx.done;
  return entry !== undefined;
}

/** One more try that got no answer (offline, a server fault): the entry stays as it was. */
export async function countAttempt(db: IDBPDatabase<TillSchema>, clientSaleId: string) {
  const tx = db.transaction("queue", "readwrite");
  const entry = await tx.store.get(clientSaleId);
  if (entry) await tx.store.put({ ...entry, attempts: entry.attempts + 1 });
  await tx.done;
}

/** The server refused the sale for good: it stays on the device, marked with the reason. */
export async function markRefused(
  db: IDBPDatabase<TillSchema>,
  clientSaleId: string,
  refusal: string,
) {
  const tx = db.transaction("queue", "readwrite");
  const entry = await tx.store.get(clientSaleId);
  if (entry) await tx.store.put({ ...entry, state: "refused", refusal });
  await tx.done;
}

/** The owner put the cause right: a refused entry waits again, to be sent in its turn. */
export async function retryRefused(db: IDBPDatabase<TillSchema>, clientSaleId: string) {
  const tx = db.transaction("queue", "readwrite");
  const entry = await tx.store.get(clientSaleId);
  if (entry?.state === "refused") await tx.store.put({ ...entry, state: "waiting", refusal: null });
  await tx.done;
}

/**
 * Where the server says the till's series stands, taken when the till is registered on this
 * device and after each sync: the device continues from the later of the two (never back).
 */
export async function alignSeries(
  db: IDBPDatabase<TillSchema>,
  tillId: string,
  kind: TillDocumentKind,
  server: SeriesPosition | null,
) {
  if (!server) return;
  const tx = db.transaction("series", "readwrite");
  const mine = await tx.store.get([tillId, kind]);
  const later =
    !mine ||
    server.year > mine.year ||
    (server.year === mine.year && server.lastSeq > mine.lastSeq);
  if (later) await tx.store.put({ tillId, kind, ...server });
  await tx.done;
}

/** Remembers the till this device was bound to in the shop (replacing any earlier one). */
export async function rememberBoundTill(db: IDBPDatabase<TillSchema>, till: BoundTillOnDevice) {
  await db.put("device", till);
}

/** The till this device is in the shop, or null when it was never bound there. */
export async function boundTillOf(
  db: IDBPDatabase<TillSchema>,
  shopId: string,
): Promise<BoundTillOnDevice | null> {
  return (await db.get("device", shopId)) ?? null;
}

/** Forgets the shop's till on this device (the owner released it, or bound another device). */
export async function forgetBoundTill(db: IDBPDatabase<TillSchema>, shopId: string) {
  await db.delete("device", shopId);
}
