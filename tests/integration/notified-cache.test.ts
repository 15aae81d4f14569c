import pg from "pg";
import { type RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionUserContext, type AppContext } from "~/context";
import { createDatabase, type Database } from "~/db/client.server";
import { registerMember, signInWithPassword, type Auth } from "~/modules/accounts/index.server";
import { getCompanyProfile, listArticles, seedDemoContent } from "~/modules/content/index.server";
import { sessionMiddleware } from "~/routes/_gates/session.server";
import {
  attachNotifiedCache,
  CONTENT_CHANGED_CHANNEL,
  createNotifiedCache,
  IDENTITY_CHANGED_CHANNEL,
  type NotifiedCache,
} from "~/modules/platform/index.server";
import { resolveActiveShop, changeMembership, updateShop } from "~/modules/shops/index.server";
import { guideStateForPage, moveGuide, startGuide } from "~/modules/guide/index.server";
import { createNotice, currentNotices } from "~/modules/notices/index.server";
import { salesSettingsForPage, updateSalesSettings } from "~/modules/sales/index.server";
import { closeShift, openShift, openShiftsForPage } from "~/modules/shifts/index.server";
import { createStockEvents, type StockEvents } from "~/modules/stock/index.server";
import * as inoutRoute from "~/routes/storehub/inout/route";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { insertItem, insertShop, insertUser } from "../setup/factories";
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

/** One app instance: its own pool, cache and listening connection. */
async function appInstance(options: { listening?: boolean } = {}) {
  const db = createDatabase(test.url, { max: 4 });
  const cache = createNotifiedCache();
  attachNotifiedCache(db, cache);
  const heard: string[] = [];
  const hub = createStockEvents({
    createClient: () => new pg.Client({ connectionString: test.url }),
    reconnectMinMs: 50,
    reconnectMaxMs: 200,
    channels: [IDENTITY_CHANGED_CHANNEL, CONTENT_CHANGED_CHANNEL].map((name) => ({
      name,
      onNotification: (payload: string) => {
        heard.push(payload);
        cache.forget(payload);
      },
      onListening: (listening: boolean) => cache.setListening(listening),
    })),
  });
  instances.push({ db, hub });
  if (options.listening !== false) await hub.whenListening();
  /** Resolves once every change committed so far has been heard (they arrive in order). */
  const caughtUp = async () => {
    const marker = `marker:${Math.random()}`;
    await elsewhere.query("SELECT pg_notify($1, $2)", [CONTENT_CHANGED_CHANNEL, marker]);
    await expect.poll(() => heard.includes(marker)).toBe(true);
  };
  return { db, cache, hub, caughtUp };
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

describe("the notified cache", () => {
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
      opening: { qty: 50_000, locationId: defaultLocationId },
    });
    const takeOne = () =>
      outcomeOf(
        callRoute(inoutRoute.action, "/storehub/inout", {
          context: routeContext(db, sessionUserOf(clerk)),
          form: {
            shopId: shop.id,
            intent: "post",
            kind: "issue",
            reference: "",
            reason: "ชำรุด",
            note: "",
            scan: "",
            "lines[0].item": "MILK-1",
            "lines[0].location": String(defaultLocationId),
            "lines[0].qty": "1",
            "lines[0].reason": "",
          },
        }),
      );

    expect((await takeOne()).status).toBe(302);
    expect((await resolveActiveShop(db, null, clerk))?.role).toBe("stock");
    await elsewhere.query("UPDATE shop_member SET role = 'cashier' WHERE user_id = $1", [clerk]);
    await expect.poll(async () => (await takeOne()).status).toBe(403);

    await elsewhere.query("DELETE FROM shop_member WHERE user_id = $1", [clerk]);
    await expect.poll(async () => resolveActiveShop(db, null, clerk)).toBeNull();
    expect(item.id).toBeGreaterThan(0);
  });

  it("forgets this instance's own membership changes at once, before any notification", async () => {
    // Listening, but deaf: only the commands' own forgetting can make the change visible.
    const db = createDatabase(test.url, { max: 2 });
    instances.push({ db, hub: { close: async () => {} } as StockEvents });
    const cache = createNotifiedCache();
    cache.setListening(true);
    attachNotifiedCache(db, cache);
    const owner = await insertUser(db);
    const shopsOf = async (userId: string) =>
      (await resolveActiveShop(db, null, userId))?.shops ?? [];

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
    const cache: NotifiedCache = createNotifiedCache();
    cache.setListening(true);
    const load = (value: string) => () => Promise.resolve(value);
    await cache.read("shops:u1", load("a"), () => ({ tags: ["user:u1", "shop:s1"] }));
    await cache.read("shops:u2", load("b"), () => ({ tags: ["user:u2", "shop:s2"] }));
    await cache.read("session:x", load("c"), () => ({ tags: ["user:u2"] }));
    expect(cache.size).toBe(3);
    cache.forget("shop:s1");
    expect(cache.size).toBe(2);
    cache.forget("user:u2");
    expect(cache.size).toBe(0);
    await cache.read("shops:u1", load("a"), () => ({ tags: ["user:u1", "shop:s1"] }));
    cache.forget("*");
    expect(cache.size).toBe(0);
  });

  it("does not keep a value read while a change was announced", async () => {
    const cache = createNotifiedCache();
    cache.setListening(true);
    const value = await cache.read(
      "shops:u1",
      async () => {
        cache.forget("user:u1"); // the change lands while the old value is being read
        return "old";
      },
      () => ({ tags: ["user:u1"] }),
    );
    expect(value).toBe("old");
    expect(cache.size).toBe(0);
  });

  it("keeps the company's content until it changes in the database, on any instance", async () => {
    const { db, caughtUp } = await appInstance();
    await seedDemoContent(db);
    await caughtUp();
    const before = await getCompanyProfile(db);
    // Served from memory: a change the triggers do not see (they are switched off here) is
    // not noticed...
    await elsewhere.query("ALTER TABLE company_profile DISABLE TRIGGER USER");
    await elsewhere.query("UPDATE company_profile SET phone = '+6621234567' WHERE id = 1");
    await elsewhere.query("ALTER TABLE company_profile ENABLE TRIGGER USER");
    expect((await getCompanyProfile(db)).phone).toBe(before.phone);
    // ...while any change they see is, at once.
    await elsewhere.query("UPDATE company_profile SET phone = '+6629876543' WHERE id = 1");
    await expect.poll(async () => (await getCompanyProfile(db)).phone).toBe("+6629876543");

    const featured = await listArticles(db, { featuredOnly: true, limit: 3 });
    const first = featured[0];
    if (!first) throw new Error("the seed has featured articles");
    await elsewhere.query("UPDATE article SET title = 'บทความใหม่' WHERE slug = $1", [first.slug]);
    await expect
      .poll(async () => (await listArticles(db, { featuredOnly: true, limit: 3 }))[0]?.title)
      .toBe("บทความใหม่");
  });
});

describe("the data members' pages read on every request", () => {
  /** A change the triggers do not see: what a cache serving from memory keeps missing. */
  async function unannounced(table: string, statement: string, values: unknown[]) {
    await elsewhere.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    try {
      await elsewhere.query(statement, values);
    } finally {
      await elsewhere.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    }
  }

  it("the till's selling settings: from memory, until a change is committed anywhere", async () => {
    const { db, caughtUp } = await appInstance();
    const other = await appInstance();
    const { shop } = await insertShop(db);
    const first = await salesSettingsForPage(db, shop.id);
    expect(first.receiptPrefix).toBe("RC");
    // The same object: no query was made for the second page.
    expect(await salesSettingsForPage(db, shop.id)).toBe(first);
    await unannounced(
      "shop_sales_setting",
      "INSERT INTO shop_sales_setting (shop_id, receipt_prefix) VALUES ($1, 'HIDDEN')",
      [shop.id],
    );
    expect((await salesSettingsForPage(db, shop.id)).receiptPrefix).toBe("RC");
    // Saved on another instance: the trigger's notice reaches this one.
    const saved = await updateSalesSettings(other.db, shop.id, {
      ...first,
      receiptPrefix: "RB",
    });
    expect(saved.ok).toBe(true);
    await caughtUp();
    expect((await salesSettingsForPage(db, shop.id)).receiptPrefix).toBe("RB");
    // Saved on this instance: its own next page has it without waiting for the notice.
    await updateSalesSettings(db, shop.id, { ...first, receiptPrefix: "RA" });
    expect((await salesSettingsForPage(db, shop.id)).receiptPrefix).toBe("RA");
  });

  it("the till's open shifts: a shift opened or closed anywhere shows on the next page", async () => {
    const { db, caughtUp } = await appInstance();
    const other = await appInstance();
    const ownerId = await insertUser(db);
    const { shop } = await insertShop(db, { ownerId });
    const actor = { shopId: shop.id, userId: ownerId, userName: "เจ้าของ", role: "owner" as const };
    const none = await openShiftsForPage(db, shop.id);
    expect(none).toEqual([]);
    expect(await openShiftsForPage(db, shop.id)).toBe(none);
    const opened = await openShift(other.db, actor, { till: "เครื่อง 1", openingCashSatang: 50_000 });
    if (!opened.ok) throw new Error("the shift opens");
    await caughtUp();
    expect((await openShiftsForPage(db, shop.id)).map((row) => row.till)).toEqual(["เครื่อง 1"]);
    // Closed on this instance: gone from its next page at once.
    const closed = await closeShift(db, actor, {
      shiftId: opened.value.id,
      countedCashSatang: 50_000,
      note: "",
    });
    expect(closed.ok).toBe(true);
    expect(await openShiftsForPage(db, shop.id)).toEqual([]);
  });

  it("a member's walkthrough: the step they moved to, on every instance", async () => {
    const { db, caughtUp } = await appInstance();
    const other = await appInstance();
    const ownerId = await insertUser(db);
    const { shop } = await insertShop(db, { ownerId });
    const input = { shopId: shop.id, userId: ownerId, role: "owner" as const };
    const none = await guideStateForPage(db, input);
    expect(none.status).toBe("none");
    await unannounced(
      "shop_guide",
      "INSERT INTO shop_guide (shop_id, user_id, status, step) VALUES ($1, $2, 'active', 'item')",
      [shop.id, ownerId],
    );
    expect((await guideStateForPage(db, input)).status).toBe("none");
    const started = await startGuide(other.db, input);
    await caughtUp();
    expect(await guideStateForPage(db, input)).toEqual(started);
    await moveGuide(db, { ...input, to: { status: "closed" } });
    expect((await guideStateForPage(db, input)).status).toBe("closed");
  });

  it("the notices: from memory until one is saved, and a scheduled one shows when it starts", async () => {
    const { db, caughtUp } = await appInstance();
    const other = await appInstance();
    await elsewhere.query("DELETE FROM site_notice");
    await other.caughtUp();
    await caughtUp();
    const empty = await currentNotices(db, "th");
    expect(empty).toEqual([]);
    expect(await currentNotices(db, "th")).toBe(empty);
    // Written without its command's announcement: not seen yet.
    await elsewhere.query(
      "INSERT INTO site_notice (title, body, level) VALUES ('เงียบ', 'ไม่ประกาศ', 'info')",
    );
    expect(await currentNotices(db, "th")).toEqual([]);
    const notice = {
      title: "ปิดปรับปรุงระบบ",
      body: "คืนนี้ 23:00",
      titleEn: "",
      bodyEn: "",
      level: "warning" as const,
      startsAt: null,
      endsAt: null,
    };
    await createNotice(other.db, notice, null);
    await caughtUp();
    expect((await currentNotices(db, "th")).map((row) => row.title).sort()).toEqual([
      "ปิดปรับปรุงระบบ",
      "เงียบ",
    ]);
    // A notice that starts in a moment: the kept list lasts only until then.
    await createNotice(
      db,
      { ...notice, title: "เริ่มเร็ว ๆ นี้", startsAt: new Date(Date.now() + 1_500) },
      null,
    );
    expect(await currentNotices(db, "th")).toHaveLength(2);
    await expect
      .poll(async () => (await currentNotices(db, "th")).length, { timeout: 5_000 })
      .toBe(3);
  });
});

describe("the notified cache's bounds", () => {
  const keep = (bytes?: number) => () => ({ tags: ["t"], bytes });
  async function cached(cache: NotifiedCache, key: string, bytes?: number): Promise<boolean> {
    let loaded = false;
    await cache.read(
      key,
      async () => {
        loaded = true;
        return key;
      },
      keep(bytes),
    );
    return !loaded;
  }

  it("keeps at most its bytes, forgetting the entry used least recently first", async () => {
    const cache = createNotifiedCache({ maxBytes: 100 });
    cache.setListening(true);
    await cached(cache, "a", 40);
    await cached(cache, "b", 40);
    expect(cache.bytes).toBe(80);
    // "a" is used again: "b" is now the least recent, and goes when "c" does not fit.
    expect(await cached(cache, "a", 40)).toBe(true);
    await cached(cache, "c", 40);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(80);
    expect(await cached(cache, "a", 40)).toBe(true);
    expect(await cached(cache, "c", 40)).toBe(true);
    expect(await cached(cache, "b", 40)).toBe(false);
    // A value larger than the whole bound is not kept at all.
    await cached(cache, "huge", 500);
    expect(await cached(cache, "huge", 500)).toBe(false);
    expect(cache.bytes).toBeLessThanOrEqual(100);
    // Forgotten entries give their bytes back.
    cache.forget("t");
    expect(cache.bytes).toBe(0);
  });

  it("still keeps at most its number of entries", async () => {
    const cache = createNotifiedCache({ maxEntries: 2 });
    cache.setListening(true);
    await cached(cache, "a");
    await cached(cache, "b");
    await cached(cache, "a");
    await cached(cache, "c");
    expect(cache.size).toBe(2);
    expect(await cached(cache, "a")).toBe(true);
    expect(await cached(cache, "b")).toBe(false);
  });
});
