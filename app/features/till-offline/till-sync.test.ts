import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { CompleteSaleRequest } from "~/modules/sales";
import {
  closeTillDatabase,
  queuedSales,
  notePrinted,
  queueSale,
  type SaleToQueue,
  TILL_DB_NAME,
  tillDatabase,
} from "./till-store";
import { retryDelaySeconds, sendQueue, type SyncAnswer } from "./till-sync";

/*
 * Sending the till's queue (issue 34): in order, each entry with its number, its token and the
 * device's clock; nothing leaves before the server acknowledged it; a refusal stops the sending
 * there (the numbers after it would be a gap), an unanswered try leaves everything waiting.
 */

afterEach(async () => {
  closeTillDatabase();
  await new Promise<void>((done) => {
    const request = indexedDB.deleteDatabase(TILL_DB_NAME);
    request.onsuccess = () => done();
    request.onerror = () => done();
  });
});

const till = { tillId: "till-1", token: "t".repeat(40) };

const sale = (clientSaleId: string): SaleToQueue => ({
  clientSaleId,
  sellerId: "member-1",
  sellerName: "สมหญิง",
  shopId: "shop-1",
  tillId: till.tillId,
  tillCode: "P01",
  prefix: "ABB",
  kind: "abbreviatedTaxInvoice",
  year: 2569,
  soldAt: new Date("2026-11-28T03:00:00Z"),
  request: {
    clientSaleId,
    till: "เครื่อง 1",
    lines: [{ itemId: 1, qtyMilli: 1000 }],
    payments: [{ method: "cash", amountSatang: 1000 }],
    expectedTotalSatang: 1000,
  },
});

async function queued(...ids: string[]) {
  const db = await tillDatabase();
  if (!db) throw new Error("no IndexedDB");
  for (const id of ids) await queueSale(db, sale(id));
  return db;
}

/** A server that answers from a script and keeps what it was sent. */
function server(answers: SyncAnswer[]) {
  const sent: CompleteSaleRequest[] = [];
  const post = (request: CompleteSaleRequest) => {
    sent.push(request);
    return Promise.resolve(answers.shift() ?? { kind: "unreachable" as const });
  };
  return { sent, post };
}

const sentAt = new Date("2026-11-28T03:05:00Z");

describe("sending the till's queue", () => {
  it("sends in order with the till's numbers and clock, emptying the queue", async () => {
    const db = await queued("a", "b");
    const { sent, post } = server([
      { kind: "accepted", saleId: 10 },
      { kind: "accepted", saleId: 11, clockSkewSeconds: 400 },
    ]);
    const report = await sendQueue(db, till, post, "member-1", () => sentAt);
    expect(sent.map((r) => [r.clientSaleId, r.device?.seq])).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect(sent[0]?.device).toEqual({
      tillId: "till-1",
      token: till.token,
      kind: "abbreviatedTaxInvoice",
      prefix: "ABB",
      year: 2569,
      seq: 1,
      soldAt: "2026-11-28T03:00:00.000Z",
      sentAt: "2026-11-28T03:05:00.000Z",
    });
    expect(report).toEqual({
      accepted: [
        { clientSaleId: "a", saleId: 10 },
        { clientSaleId: "b", saleId: 11 },
      ],
      printedUnsaid: [],
      stopped: null,
      clockSkewSeconds: 400,
    });
    expect(await queuedSales(db, till.tillId)).toEqual([]);
  });

  it("keeps everything after an unanswered try, and sends it all again next time", async () => {
    const db = await queued("a", "b", "c");
    const first = server([{ kind: "accepted", saleId: 10 }, { kind: "unreachable" }]);
    expect((await sendQueue(db, till, first.post, "member-1")).stopped).toBe("unreachable");
    expect(first.sent.map((r) => r.clientSaleId)).toEqual(["a", "b"]);
    expect(await queuedSales(db, till.tillId)).toMatchObject([
      { clientSaleId: "b", state: "waiting", attempts: 1 },
      { clientSaleId: "c", state: "waiting", attempts: 0 },
    ]);
    const second = server([
      { kind: "accepted", saleId: 11 },
      { kind: "accepted", saleId: 12 },
    ]);
    expect((await sendQueue(db, till, second.post, "member-1")).stopped).toBeNull();
    expect(second.sent.map((r) => r.clientSaleId)).toEqual(["b", "c"]);
  });

  it("stops at a refusal for good, keeping it marked and the later sales waiting", async () => {
    const db = await queued("a", "b");
    const first = server([{ kind: "refused", code: "tillNotRegistered" }]);
    expect((await sendQueue(db, till, first.post, "member-1")).stopped).toBe("refused");
    const second = server([]);
    expect((await sendQueue(db, till, second.post, "member-1")).stopped).toBe("refused");
    expect(second.sent).toEqual([]);
    expect(await queuedSales(db, till.tillId)).toMatchObject([
      { clientSaleId: "a", state: "refused", refusal: "tillNotRegistered" },
      { clientSaleId: "b", state: "waiting" },
    ]);
  });

  it("waits longer after each unanswered try, up to five minutes", () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([5, 10, 20, 40, 300]);
  });

  it("leaves another member's sales waiting for them, never booking them to who signed in", async () => {
    const db = await queued("a");
    const { sent, post } = server([]);
    expect((await sendQueue(db, till, post, "member-2")).stopped).toBe("otherSeller");
    expect(sent).toEqual([]);
    expect(await queuedSales(db, till.tillId)).toHaveLength(1);
  });

  it("sends when the till printed the slip, and says which were printed on their way", async () => {
    const db = await queued("a", "b");
    const printedAt = new Date("2026-11-28T03:01:00Z");
    expect(await notePrinted(db, "a", printedAt)).toBe(true);
    let answered = 0;
    const sent: CompleteSaleRequest[] = [];
    const report = await sendQueue(
      db,
      till,
      async (request) => {
        sent.push(request);
        // "b" is printed while its request is on the way: the server did not hear of it.
        if (request.clientSaleId === "b") await notePrinted(db, "b", printedAt);
        answered += 1;
        return { kind: "accepted", saleId: 20 + answered };
      },
      "member-1",
      () => sentAt,
    );
    expect(sent.map((r) => r.device?.printedAt)).toEqual(["2026-11-28T03:01:00.000Z", undefined]);
    expect(report.printedUnsaid).toEqual([22]);
    // Once it left the queue, a print is not kept on the device (the server counts it).
    expect(await notePrinted(db, "a", printedAt)).toBe(false);
  });
});
