import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { closeTillDatabase, queueSale, TILL_DB_NAME, tillDatabase } from "./till-store";
import { salesWaitingOnDevice } from "./waiting-on-device";

/*
 * What the header asks before signing out or switching shop (decision 0071): the sales this
 * device holds, read without the till's wrapper, and nothing created on a device that never was
 * a till.
 */

afterEach(async () => {
  closeTillDatabase();
  await new Promise<void>((done) => {
    const request = indexedDB.deleteDatabase(TILL_DB_NAME);
    request.onsuccess = () => done();
    request.onerror = () => done();
  });
});

describe("sales waiting on this device", () => {
  it("are none on a device that never was a till, and it stays so", async () => {
    expect(await salesWaitingOnDevice()).toBe(0);
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(TILL_DB_NAME);
  });

  it("counts every sale not acknowledged yet", async () => {
    const db = await tillDatabase();
    if (!db) throw new Error("no IndexedDB");
    for (const id of ["a", "b"]) {
      await queueSale(db, {
        clientSaleId: id,
        sellerId: "member-1",
        sellerName: "สมหญิง",
        shopId: "shop-1",
        tillId: "till-1",
        tillCode: "P01",
        prefix: "RC",
        kind: "receipt",
        year: 2569,
        soldAt: new Date(),
        request: {
          clientSaleId: id,
          till: "เครื่อง 1",
          lines: [{ itemId: 1, qtyMilli: 1000 }],
          payments: [{ method: "cash", amountSatang: 1000 }],
          expectedTotalSatang: 1000,
        },
      });
    }
    expect(await salesWaitingOnDevice()).toBe(2);
  });
});
