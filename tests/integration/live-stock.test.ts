import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  postStockDocument,
  createStockEvents,
  MAX_STREAMS_PER_MEMBER,
  type StockEvent,
  type StockEvents,
} from "~/modules/stock/index.server";
import { IDENTITY_CHANGED_CHANNEL } from "~/modules/platform/index.server";
import * as liveRoute from "~/routes/storehub/live";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { insertItemAnnounced } from "../setup/announced-item";
import { insertShop, insertUser, joinShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let db: Database;
const hubs: StockEvents[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  await test.drop();
});

/** A hub as one app instance has it: its own listening connection to the test database. */
function newHub(options: { debounceMs?: number } = {}): StockEvents {
  const hub = createStockEvents({
    createClient: () => new pg.Client({ connectionString: test.url, application_name: "live-hub" }),
    debounceMs: options.debounceMs ?? 50,
    reconnectMinMs: 50,
    reconnectMaxMs: 200,
  });
  hubs.push(hub);
  return hub;
}

/** Records what a subscriber hears. */
function recorder() {
  const heard: StockEvent[] = [];
  return { heard, listener: (event: StockEvent) => void heard.push(event) };
}

async function receiveOne(shopId: string, userId: string, itemId: number, locationId: number) {
  const posted = await postStockDocument(db, {
    shopId,
    userId,
    kind: "receive",
    lines: [{ itemId, locationId, qty: 1_000, unitCostSatang: 100 }],
  });
  expect(posted.ok).toBe(true);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("live stock events (LISTEN stock_changed)", () => {
  it("tells the subscribers of the shop whose stock changed, on every instance, and nobody else", async () => {
    const a = await insertShop(db);
    const b = await insertShop(db);
    const item = await insertItemAnnounced(db, test.url, a.shop.id, a.ownerId);
    const first = newHub();
    const second = newHub(); // another app instance
    const onA = recorder();
    const onAElsewhere = recorder();
    const onB = recorder();
    first.subscribe(a.shop.id, onA.listener);
    second.subscribe(a.shop.id, onAElsewhere.listener);
    first.subscribe(b.shop.id, onB.listener);
    await Promise.all([first.whenListening(), second.whenListening()]);

    await receiveOne(a.shop.id, a.ownerId, item.id, a.defaultLocationId);
    await expect.poll(() => onA.heard, { timeout: 3_000 }).toEqual(["change"]);
    await expect.poll(() => onAElsewhere.heard, { timeout: 3_000 }).toEqual(["change"]);
    await pause(300);
    expect(onB.heard).toEqual([]);
  });

  it("sends a burst of changes as one event and stops after unsubscribe", async () => {
    const a = await insertShop(db);
    const item = await insertItemAnnounced(db, test.url, a.shop.id, a.ownerId);
    // A wide window, so that a slow machine still sees the five commits as one burst.
    const hub = newHub({ debounceMs: 1_000 });
    const listener = recorder();
    const unsubscribe = hub.subscribe(a.shop.id, listener.listener);
    await hub.whenListening();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        receiveOne(a.shop.id, a.ownerId, item.id, a.defaultLocationId),
      ),
    );
    await expect.poll(() => listener.heard, { timeout: 3_000 }).toEqual(["change"]);
    await pause(1_200);
    expect(listener.heard).toEqual(["change"]);
    unsubscribe();
    await receiveOne(a.shop.id, a.ownerId, item.id, a.defaultLocationId);
    await pause(1_200);
    expect(listener.heard).toEqual(["change"]);
  });

  it("reconnects after the connection drops and tells the pages to reload what they missed", async () => {
    const a = await insertShop(db);
    const item = await insertItemAnnounced(db, test.url, a.shop.id, a.ownerId);
    const hub = newHub();
    const listener = recorder();
    hub.subscribe(a.shop.id, listener.listener);
    await hub.whenListening();
    // The database (or a proxy) ends the listening session.
    await db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'live-hub'`);
    // Back again: the missed-changes event first...
    await expect.poll(() => listener.heard, { timeout: 5_000 }).toEqual(["change"]);
    await hub.whenListening();
    // ...then changes arrive as before.
    await receiveOne(a.shop.id, a.ownerId, item.id, a.defaultLocationId);
    await expect.poll(() => listener.heard, { timeout: 3_000 }).toEqual(["change", "change"]);
  });

  it("ends every subscription when the hub closes (server shutting down)", async () => {
    const a = await insertShop(db);
    const hub = newHub();
    const listener = recorder();
    hub.subscribe(a.shop.id, listener.listener);
    await hub.whenListening();
    await hub.close();
    expect(listener.heard).toEqual(["closed"]);
  });
});

describe("the SSE route /storehub/live", () => {
  /** Reads the stream until `pattern` shows up (or fails after the timeout). */
  async function readUntil(
    reader: ReadableStreamDefaultReader<Uint8Array>,
    pattern: RegExp,
    seen: { text: string },
  ) {
    const decoder = new TextDecoder();
    const deadline = Date.now() + 3_000;
    while (!pattern.test(seen.text)) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} in ${JSON.stringify(seen.text)}`);
      const chunk = await Promise.race([
        reader.read(),
        pause(3_000).then(() => ({ done: true, value: undefined })),
      ]);
      if (chunk.done) break;
      seen.text += decoder.decode(chunk.value, { stream: true });
    }
    expect(seen.text).toMatch(pattern);
  }

  it("streams `event: stock` for the member's shop and lets go of the subscription when the browser leaves", async () => {
    const a = await insertShop(db);
    const item = await insertItemAnnounced(db, test.url, a.shop.id, a.ownerId);
    const hub = newHub();
    let active = 0;
    const counting: StockEvents = {
      ...hub,
      subscribe(shopId, listener) {
        active += 1;
        const unsubscribe = hub.subscribe(shopId, listener);
        return () => {
          active -= 1;
          unsubscribe();
        };
      },
    };
    const browser = new AbortController();
    const context = routeContext(db, sessionUserOf(a.ownerId), { stockEvents: counting });
    const { response } = await outcomeOf(
      callRoute(liveRoute.loader, `/storehub/live?shopId=${a.shop.id}`, {
        context,
        signal: browser.signal,
      }),
    );
    expect(response?.status).toBe(200);
    expect(response?.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response?.headers.get("Cache-Control")).toBe("no-store");
    const reader = response!.body!.getReader();
    const seen = { text: "" };
    await readUntil(reader, /^retry: \d+/, seen);
    await hub.whenListening();
    expect(active).toBe(1);

    await receiveOne(a.shop.id, a.ownerId, item.id, a.defaultLocationId);
    await readUntil(reader, new RegExp(`event: stock\\ndata: ${a.shop.id}\\n\\n`), seen);

    browser.abort();
    await expect.poll(() => active).toBe(0);
    const end = await reader.read();
    expect(end.done).toBe(true);
  });

  it("answers visitors 401 and a page of another shop with nothing to stream", async () => {
    const a = await insertShop(db);
    const hub = newHub();
    const visitor = await outcomeOf(
      callRoute(liveRoute.loader, "/storehub/live", {
        context: routeContext(db, null, { stockEvents: hub }),
      }),
    );
    expect(visitor.status).toBe(401);
    const other = await insertShop(db);
    const stale = await outcomeOf(
      callRoute(liveRoute.loader, `/storehub/live?shopId=${other.shop.id}`, {
        context: routeContext(db, sessionUserOf(a.ownerId), { stockEvents: hub }),
      }),
    );
    expect(stale.status).toBe(409);
  });

  /** A hub that also hears identity_changed, as the app's does (server/app.ts). */
  function hubHearingIdentity(): StockEvents {
    const hub = createStockEvents({
      createClient: () =>
        new pg.Client({ connectionString: test.url, application_name: "live-hub-identity" }),
      debounceMs: 50,
      channels: [
        { name: IDENTITY_CHANGED_CHANNEL, onNotification: () => {}, onListening: () => {} },
      ],
    });
    hubs.push(hub);
    return hub;
  }

  it("allows a member at most 8 open streams on an instance: the 9th gets 429", async () => {
    const a = await insertShop(db);
    const hub = newHub();
    const context = routeContext(db, sessionUserOf(a.ownerId), { stockEvents: hub });
    const open = async () => {
      const browser = new AbortController();
      const outcome = await outcomeOf(
        callRoute(liveRoute.loader, `/storehub/live?shopId=${a.shop.id}`, {
          context,
          signal: browser.signal,
        }),
      );
      return { browser, status: outcome.status };
    };
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) streams.push(await open());
    expect(MAX_STREAMS_PER_MEMBER).toBe(8);
    expect(streams.map((stream) => stream.status)).toEqual(Array(8).fill(200));
    const ninth = await open();
    expect(ninth.status).toBe(429);
    // Another member is not held back by this one's streams.
    const other = await insertUser(db);
    await joinShop(db, a.shop.id, other, "cashier");
    const colleague = await outcomeOf(
      callRoute(liveRoute.loader, `/storehub/live?shopId=${a.shop.id}`, {
        context: routeContext(db, sessionUserOf(other), { stockEvents: hub }),
        signal: new AbortController().signal,
      }),
    );
    expect(colleague.status).toBe(200);
    // Closing a tab frees its place.
    streams[0]!.browser.abort();
    await expect.poll(() => hub.openFor(a.ownerId)).toBe(7);
    expect((await open()).status).toBe(200);
    for (const stream of streams) stream.browser.abort();
  });

  it("refuses a stream that names no shop or another shop (409)", async () => {
    const a = await insertShop(db);
    const hub = newHub();
    const context = routeContext(db, sessionUserOf(a.ownerId), { stockEvents: hub });
    expect(
      (await outcomeOf(callRoute(liveRoute.loader, "/storehub/live", { context }))).status,
    ).toBe(409);
  });

  it("ends the open streams of a member removed from the shop, and only theirs", async () => {
    const a = await insertShop(db);
    const item = await insertItemAnnounced(db, test.url, a.shop.id, a.ownerId);
    const clerk = await insertUser(db);
    await joinShop(db, a.shop.id, clerk, "cashier");
    const hub = hubHearingIdentity();
    await hub.whenListening();
    const openFor = async (userId: string) => {
      const { response } = await outcomeOf(
        callRoute(liveRoute.loader, `/storehub/live?shopId=${a.shop.id}`, {
          context: routeContext(db, sessionUserOf(userId), { stockEvents: hub }),
          signal: new AbortController().signal,
        }),
      );
      expect(response?.status).toBe(200);
      const reader = response!.body!.getReader();
      const seen = { text: "" };
      await readUntil(reader, /^retry: \d+/, seen);
      return { reader, seen };
    };
    const clerkStream = await openFor(clerk);
    const ownerStream = await openFor(a.ownerId);

    await db.execute(
      sql`DELETE FROM shop_member WHERE shop_id = ${a.shop.id} AND user_id = ${clerk}`,
    );
    // The removed member's stream ends (the browser's next connection is refused)…
    let end = await clerkStream.reader.read();
    while (!end.done) end = await clerkStream.reader.read();
    expect(end.done).toBe(true);
    expect(hub.openFor(clerk)).toBe(0);
    // …while the owner's keeps hearing the shop's stock.
    await receiveOne(a.shop.id, a.ownerId, item.id, a.defaultLocationId);
    await readUntil(
      ownerStream.reader,
      new RegExp(`event: stock\\ndata: ${a.shop.id}\\n\\n`),
      ownerStream.seen,
    );
    expect(hub.openFor(a.ownerId)).toBe(1);
    await ownerStream.reader.cancel();
  });
});
