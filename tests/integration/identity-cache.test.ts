import pg from "pg";
import { type RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionUserContext, type AppContext } from "~/context";
import { createDatabase, type Database } from "~/db/client.server";
import { registerMember, signInWithPassword } from "~/modules/accounts/account-commands.server";
import type { Auth } from "~/modules/accounts/auth.server";
import { sessionMiddleware } from "~/modules/accounts/session.server";
import {
  attachIdentityCache,
  createIdentityCache,
  IDENTITY_CHANGED_CHANNEL,
  type IdentityCache,
} from "~/modules/platform/identity-cache.server";
import { resolveActiveShop } from "~/modules/shops/active-shop.server";
import { changeMembership, updateShop } from "~/modules/shops/shops.server";
import { createStockEvents, type StockEvents } from "~/modules/stock/live-stock.server";
import * as inoutRoute from "~/routes/storehub/inout";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { insertItem, insertShop, insertUser } from "../setup/stock-factory";
import { createTestAuth } from "../setup/test-auth";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
/** Changes made "elsewhere": another app instance, an admin script. */
let elsewhere: pg.Client;
const instances: { db: Database; hub: StockEvents }[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  elsewhere = new pg.Client({ connectionString: test.url });
  await elsewhere.connect();
});
afterAll(async () => {
  for (const instance of instances) {
    await instance.hub.close();
    await instance.db.$client.end();
  }
  await elsewhere.end();
  await test.drop();
});

/** One app instance: its own pool, identity cache and listening connection. */
async function appInstance(options: { listening?: boolean } = {}) {
  const db = createDatabase(test.url, { max: 4 });
  const cache = createIdentityCache();
  attachIdentityCache(db, cache);
  const hub = createStockEvents({
    createClient: () => new pg.Client({ connectionString: test.url }),
    reconnectMinMs: 50,
    reconnectMaxMs: 200,
    channels: [
      {
        name: IDENTITY_CHANGED_CHANNEL,
        onNotification: (payload) => cache.forget(payload),
        onListening: (listening) => cache.setListening(listening),
      },
    ],
  });
  instances.push({ db, hub });
  if (options.listening !== false) await hub.whenListening();
  return { db, cache, hub };
}

/** better-auth with a counter of the session look-ups that reach it. */
function countingAuth(auth: Auth) {
  const counter = { lookUps: 0 };
  const counted = {
    api: {
      getSession: ((...args: Parameters<Auth["api"]["getSession"]>) => {
        counter.lookUps += 1;
        return auth.api.getSession(...args);
      }) as Auth["api"]["getSession"],
    },
  } as Auth;
  return { counted, counter };
}

let accounts = 0;
async function signedInMember(db: Database, auth: Auth) {
  accounts += 1;
  const email = `cache-${accounts}-${Date.now()}@example.com`;
  const client = { address: `192.0.2.${accounts}`, headers: new Headers() };
  await registerMember(
    auth,
    db,
    { email, password: "secret12", name: "สมใจ", phone: null },
    client,
  );
  await elsewhere.query("UPDATE app_user SET email_verified = true WHERE email = $1", [email]);
  const signedIn = await signInWithPassword(
    auth,
    db,
    { email, password: "secret12", rememberMe: true },
    client,
  );
  if (!signedIn.ok) throw new Error("test member could not sign in");
  const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { email, cookie };
}

/** Runs the session middleware as React Router would; returns who it found. */
async function whoIs(db: Database, auth: Auth, cookie: string) {
  const context = routeContext(db, null, { auth } as Partial<AppContext>);
  const request = new Request("http://localhost/storehub", { headers: { cookie } });
  await sessionMiddleware(
    { request, context, params: {}, url: new URL(request.url), pattern: "/storehub" } as never,
    async () => new Response(null),
  );
  return (context as RouterContextProvider).get(sessionUserContext);
}

describe("the identity cache", () => {
  it("keeps a member's session until the account changes anywhere", async () => {
    const { db } = await appInstance();
    const { auth } = createTestAuth(db);
    const { counted, counter } = countingAuth(auth);
    const { email, cookie } = await signedInMember(db, auth);

    for (let i = 0; i < 3; i += 1) expect((await whoIs(db, counted, cookie))?.email).toBe(email);
    expect(counter.lookUps).toBe(1);

    // An admin renames the member from another instance: the next page shows the new name.
    await elsewhere.query("UPDATE app_user SET name = 'สมใจ ใหม่' WHERE email = $1", [email]);
    await expect.poll(async () => (await whoIs(db, counted, cookie))?.name).toBe("สมใจ ใหม่");

    // Banned elsewhere: signed out at once here.
    await elsewhere.query("UPDATE app_user SET banned = true WHERE email = $1", [email]);
    await expect.poll(() => whoIs(db, counted, cookie)).toBeNull();
  });

  it("forgets a session signed out (deleted) on another instance", async () => {
    const { db } = await appInstance();
    const { auth } = createTestAuth(db);
    const { email, cookie } = await signedInMember(db, auth);
    expect((await whoIs(db, auth, cookie))?.email).toBe(email);
    await elsewhere.query(
      "DELETE FROM auth_session WHERE user_id = (SELECT id FROM app_user WHERE email = $1)",
      [email],
    );
    await expect.poll(() => whoIs(db, auth, cookie)).toBeNull();
  });

  it("keeps nothing while it cannot hear changes", async () => {
    const { db, cache } = await appInstance({ listening: false });
    const { auth } = createTestAuth(db);
    const { counted, counter } = countingAuth(auth);
    const { cookie } = await signedInMember(db, auth);
    for (let i = 0; i < 3; i += 1) await whoIs(db, counted, cookie);
    expect(counter.lookUps).toBe(3);
    expect(cache.size).toBe(0);
  });

  it("forgets everything when its listening connection is lost, and caches again once back", async () => {
    const { db, cache, hub } = await appInstance();
    const { auth } = createTestAuth(db);
    const { counted, counter } = countingAuth(auth);
    const { cookie } = await signedInMember(db, auth);
    await whoIs(db, counted, cookie);
    expect(cache.size).toBe(1);

    await elsewhere.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE query LIKE 'LISTEN%' AND datname = current_database()`,
    );
    await expect.poll(() => cache.size).toBe(0);
    await hub.whenListening();
    await whoIs(db, counted, cookie);
    await whoIs(db, counted, cookie);
    expect(cache.size).toBe(1);
    expect(counter.lookUps).toBeLessThanOrEqual(3);
  });

  it("applies a role taken away on another instance to the member's next stock post", async () => {
    const { db } = await appInstance();
    const { shop, ownerId, defaultLocationId } = await insertShop(db);
    const clerk = await insertUser(db);
    await elsewhere.query(
      "INSERT INTO shop_member (shop_id, user_id, role) VALUES ($1, $2, 'stock')",
      [shop.id, clerk],
    );
    const item = await insertItem(db, shop.id, ownerId, {
      fields: { sku: "MILK-1" },
      opening: { qty: 50, locationId: defaultLocationId },
    });
    const takeOne = () =>
      outcomeOf(
        callRoute(inoutRoute.action, "/storehub/inout", {
          context: routeContext(db, sessionUserOf(clerk)),
          form: {
            intent: "post",
            kind: "issue",
            reference: "",
            reason: "ชำรุด",
            note: "",
            scan: "",
            "item-0": "MILK-1",
            "location-0": String(defaultLocationId),
            "qty-0": "1",
            "reason-0": "",
          },
        }),
      );

    expect((await takeOne()).status).toBe(302);
    expect((await resolveActiveShop(db, new Request("http://localhost/"), clerk))?.role).toBe(
      "stock",
    );
    await elsewhere.query("UPDATE shop_member SET role = 'cashier' WHERE user_id = $1", [clerk]);
    await expect.poll(async () => (await takeOne()).status).toBe(403);

    await elsewhere.query("DELETE FROM shop_member WHERE user_id = $1", [clerk]);
    await expect
      .poll(async () => resolveActiveShop(db, new Request("http://localhost/"), clerk))
      .toBeNull();
    expect(item.id).toBeGreaterThan(0);
  });

  it("forgets this instance's own membership changes at once, before any notification", async () => {
    // Listening, but deaf: only the commands' own forgetting can make the change visible.
    const db = createDatabase(test.url, { max: 2 });
    instances.push({ db, hub: { close: async () => {} } as StockEvents });
    const cache = createIdentityCache();
    cache.setListening(true);
    attachIdentityCache(db, cache);
    const owner = await insertUser(db);
    const shopsOf = async (userId: string) =>
      (await resolveActiveShop(db, new Request("http://localhost/"), userId))?.shops ?? [];

    expect(await shopsOf(owner)).toEqual([]);
    const { shop } = await insertShop(db, { ownerId: owner });
    expect((await shopsOf(owner)).map((found) => found.id)).toEqual([shop.id]);

    const clerk = await insertUser(db);
    await elsewhere.query(
      "INSERT INTO shop_member (shop_id, user_id, role) VALUES ($1, $2, 'stock')",
      [shop.id, clerk],
    );
    expect((await shopsOf(clerk))[0]?.role).toBe("stock");
    await changeMembership(db, shop.id, clerk, { role: "cashier" });
    expect((await shopsOf(clerk))[0]?.role).toBe("cashier");
    await updateShop(db, shop.id, {
      name: "ร้านใหม่",
      businessType: "grocery",
      address: "1 ถนนสุขุมวิท",
      phone: "+66812345678",
      taxId: null,
      allowNegativeStock: false,
    });
    expect((await shopsOf(clerk))[0]?.name).toBe("ร้านใหม่");
  });

  it("forgets the memberships of a shop that changed, and everything after a TRUNCATE", async () => {
    const cache: IdentityCache = createIdentityCache();
    cache.setListening(true);
    const load = (value: string) => () => Promise.resolve(value);
    await cache.read("shops:u1", load("a"), () => ({ userId: "u1", shopIds: ["s1"] }));
    await cache.read("shops:u2", load("b"), () => ({ userId: "u2", shopIds: ["s2"] }));
    await cache.read("session:x", load("c"), () => ({ userId: "u2" }));
    expect(cache.size).toBe(3);
    cache.forget("shop:s1");
    expect(cache.size).toBe(2);
    cache.forget("user:u2");
    expect(cache.size).toBe(0);
    await cache.read("shops:u1", load("a"), () => ({ userId: "u1", shopIds: ["s1"] }));
    cache.forget("*");
    expect(cache.size).toBe(0);
  });

  it("does not keep a value read while a change was announced", async () => {
    const cache = createIdentityCache();
    cache.setListening(true);
    const value = await cache.read(
      "shops:u1",
      async () => {
        cache.forget("user:u1"); // the change lands while the old value is being read
        return "old";
      },
      () => ({ userId: "u1" }),
    );
    expect(value).toBe("old");
    expect(cache.size).toBe(0);
  });
});
