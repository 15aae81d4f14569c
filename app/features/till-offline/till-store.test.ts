import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { CompleteSaleRequest } from "~/modules/sales";
import {
  acknowledge,
  alignSeries,
  closeTillDatabase,
  countAttempt,
  markRefused,
  queuedSales,
  queueSale,
  type SaleToQueue,
  TILL_DB_NAME,
  tillDatabase,
} from "./till-store";

/*
 * The till's own store (issue 34), on fake-indexeddb (an in-memory IndexedDB that follows the
 * W3C tests): numbers taken and sales queued together, nothing lost, nothing numbered twice.
 */

afterEach(async () => {
  closeTillDatabase();
  await new Promise<void>((done) => {
    const request = indexedDB.deleteDatabase(TILL_DB_NAME);
    request.onsuccess = () => done();
    request.onerror = () => done();
  });
});

const request = (clientSaleId: string): CompleteSaleRequest => ({
  clientSaleId,
  till: "เครื่อง 1",
  lines: [{ itemId: 1, qtyMilli: 1000 }],
  payments: [{ method: "cash", amountSatang: 1000 }],
  expectedTotalSatang: 1000,
});

const sale = (
  clientSaleId: string,
  soldAt = new Date("2026-11-28T10:00:00+07:00"),
): SaleToQueue => ({
  clientSaleId,
  sellerId: "member-1",
  sellerName: "สมหญิง",
  shopId: "shop-1",
  tillId: "till-1",
  tillCode: "P01",
  prefix: "ABB",
  kind: "abbreviatedTaxInvoice",
  year: 2569,
  soldAt,
  request: request(clientSaleId),
});

async function db() {
  const opened = tillDatabase();
  if (!opened) throw new Error("no IndexedDB");
  return opened;
}

describe("the till's store", () => {
  it("numbers queued sales one after another, in the order they were made", async () => {
    const store = await db();
    const first = await queueSale(store, sale("a"));
    const second = await queueSale(store, sale("b"));
    expect([first.documentNumber, second.documentNumber]).toEqual([
      "ABB-P01-2569-000001",
      "ABB-P01-2569-000002",
    ]);
    expect((await queuedSales(store, "till-1")).map((s) => [s.clientSaleId, s.order])).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("takes no second number for the same sale queued twice", async () => {
    const store = await db();
    const first = await queueSale(store, sale("a"));
    const again = await queueSale(store, sale("a"));
    expect(again).toEqual(first);
    expect((await queueSale(store, sale("b"))).seq).toBe(2);
  });

  it("keeps an entry until the server acknowledges it, and a refused one marked", async () => {
    const store = await db();
    await queueSale(store, sale("a"));
    await queueSale(store, sale("b"));
    await countAttempt(store, "a");
    await markRefused(store, "b", "deviceReleased");
    expect(await queuedSales(store, "till-1")).toMatchObject([
      { clientSaleId: "a", state: "waiting", attempts: 1 },
      { clientSaleId: "b", state: "refused", refusal: "deviceReleased" },
    ]);
    await acknowledge(store, "a");
    expect((await queuedSales(store, "till-1")).map((s) => s.clientSaleId)).toEqual(["b"]);
    // The series does not go back when the queue empties.
    expect((await queueSale(store, sale("c"))).seq).toBe(3);
  });

  it("continues from the server's position when it is later, never going back", async () => {
    const store = await db();
    await alignSeries(store, "till-1", "abbreviatedTaxInvoice", { year: 2569, lastSeq: 123 });
    expect((await queueSale(store, sale("a"))).documentNumber).toBe("ABB-P01-2569-000124");
    await alignSeries(store, "till-1", "abbreviatedTaxInvoice", { year: 2569, lastSeq: 100 });
    expect((await queueSale(store, sale("b"))).seq).toBe(125);
  });

  it("starts the series again at 1 in a new Buddhist-era year", async () => {
    const store = await db();
    await queueSale(store, sale("a"));
    const next = await queueSale(store, { ...sale("b"), year: 2570 });
    expect(next.documentNumber).toBe("ABB-P01-2570-000001");
  });
});
