import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "~/db/client.server";
import { siteSettingChange } from "~/db/schema";
import { areaOfKey } from "~/lib/i18n/areas";
import { th } from "~/lib/i18n/th";
import { seedDemoContent, listActiveBanners } from "~/modules/content/index.server";
import {
  attachNotifiedCache,
  CONTENT_CHANGED_CHANNEL,
  createNotifiedCache,
} from "~/modules/platform/index.server";
import { DEFAULT_SETTINGS, parseSettingsForm, orderBySlugs } from "~/modules/settings";
import { listSettingChanges, readSettings, saveSettings } from "~/modules/settings/index.server";
import { createStockEvents, type StockEvents } from "~/modules/stock/index.server";
import * as configRoute from "~/routes/api/config";
import * as settingsRoute from "~/routes/admin/settings";
import * as homeRoute from "~/routes/site/home";
import * as browseRoute from "~/routes/listings/browse";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { createAdmin } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Remote config (issue 36, decision 0079): the form's validation (Thai, next to the field, what
 * was typed kept), the trail of who changed what and when, the values in use at once on every
 * instance (the NOTIFY-fed cache), and each setting taking effect where it applies.
 */

let test: TestDatabase;
let db: Database;
let admin: { id: string; name: string };
const hubs: StockEvents[] = [];
const pools: Database[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  await seedDemoContent(db);
  const made = await createAdmin(db, { name: "ผู้ดูแล สมชาย" });
  admin = { id: made.id, name: "ผู้ดูแล สมชาย" };
});
afterAll(async () => {
  for (const hub of hubs) await hub.close();
  for (const pool of pools) await pool.$client.end();
  await test.drop();
});

const KNOWN = { articles: ["ai", "amr", "wire"], banners: ["one", "two", "three"] };

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

describe("the settings form", () => {
  it("reads typed values: articles in order, banners by position, switches", () => {
    const read = parseSettingsForm(
      form({
        featured1: "wire",
        featured2: "ai",
        "banner:three": "1",
        "banner:one": "2",
        contactEmail: " sales@dptech.co.th ",
        maintenanceTh: "ปิดปรับปรุง  คืนนี้",
        listingsEnabled: "on",
      }),
      KNOWN,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.settings).toEqual({
      featuredArticles: ["wire", "ai"],
      bannerOrder: ["three", "one", "two"],
      contactEmail: "sales@dptech.co.th",
      maintenanceTh: "ปิดปรับปรุง คืนนี้",
      maintenanceEn: "",
      listingsEnabled: true,
      pushEnabled: false,
    });
  });

  it("refuses each wrong field with a Thai message of the admin area, keeping what was typed", () => {
    const typed = {
      featured1: "ai",
      featured2: "ai",
      featured3: "no-such-article",
      "banner:one": "1",
      "banner:two": "1",
      contactEmail: "sales@",
      maintenanceTh: "ก".repeat(301),
      maintenanceEn: "bad\u0000line",
    };
    const read = parseSettingsForm(form(typed), KNOWN);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      featured2: "admin.settings.error.articleTwice",
      featured3: "admin.settings.error.articleUnknown",
      bannerOrder: "admin.settings.error.bannerTwice",
      contactEmail: "admin.settings.error.email",
      maintenanceTh: "admin.settings.error.tooLong",
      maintenanceEn: "admin.settings.error.characters",
    });
    for (const key of Object.values(read.errors)) {
      expect((th as Record<string, string>)[key]).toMatch(/[\u0E00-\u0E7F]/);
      expect(areaOfKey(key)).toBe("admin");
    }
    expect(read.values).toMatchObject(typed);
    expect(parseSettingsForm(form({ "banner:one": "9" }), KNOWN)).toMatchObject({
      ok: false,
      errors: { bannerOrder: "admin.settings.error.bannerPosition" },
    });
    expect(parseSettingsForm(form({ maintenanceEn: "Closed" }), KNOWN)).toMatchObject({
      ok: false,
      errors: { maintenanceTh: "admin.settings.error.thaiFirst" },
    });
  });

  it("answers a refused post with 400, the errors and the values; only admins reach it", async () => {
    const context = routeContext(db, { ...sessionUserOf(admin.id, admin.name), role: "admin" });
    const outcome = await outcomeOf<{
      errors: Record<string, string>;
      values: Record<string, string>;
    }>(
      callRoute(settingsRoute.action, "/admin/settings", {
        form: { contactEmail: "not an address", maintenanceTh: "แจ้งปิดปรับปรุง" },
        context,
      }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.data?.errors).toEqual({ contactEmail: "admin.settings.error.email" });
    expect(outcome.data?.values).toMatchObject({ maintenanceTh: "แจ้งปิดปรับปรุง" });
    const member = await outcomeOf(
      callRoute(settingsRoute.action, "/admin/settings", {
        form: {},
        context: routeContext(db, sessionUserOf(admin.id, admin.name)),
      }),
    );
    expect(member.status).toBe(403);
  });
});

describe("saving", () => {
  it("keeps who changed which setting from what to what, and only what changed", async () => {
    const first = await saveSettings(db, admin, {
      ...DEFAULT_SETTINGS,
      contactEmail: "sales@dptech.co.th",
      listingsEnabled: false,
    });
    expect(first.sort()).toEqual(["contactEmail", "listingsEnabled"]);
    expect(
      await saveSettings(db, admin, {
        ...DEFAULT_SETTINGS,
        contactEmail: "sales@dptech.co.th",
        listingsEnabled: false,
      }),
    ).toEqual([]);
    await saveSettings(db, admin, { ...DEFAULT_SETTINGS, contactEmail: "info@dptech.co.th" });
    const trail = await listSettingChanges(db);
    expect(
      trail.map(({ key, oldValue, newValue, changedByName }) => ({
        key,
        oldValue,
        newValue,
        changedByName,
      })),
    ).toEqual([
      { key: "listingsEnabled", oldValue: false, newValue: true, changedByName: admin.name },
      {
        key: "contactEmail",
        oldValue: "sales@dptech.co.th",
        newValue: "info@dptech.co.th",
        changedByName: admin.name,
      },
      { key: "listingsEnabled", oldValue: null, newValue: false, changedByName: admin.name },
      {
        key: "contactEmail",
        oldValue: null,
        newValue: "sales@dptech.co.th",
        changedByName: admin.name,
      },
    ]);
    const rows = await db.select().from(siteSettingChange);
    expect(rows.every((row) => row.changedBy === admin.id && row.changedAt instanceof Date)).toBe(
      true,
    );
    await saveSettings(db, admin, DEFAULT_SETTINGS);
  });

  it("is used at once by another instance: the trigger's NOTIFY makes its cache forget", async () => {
    // Another app instance: its own pool, cache and listening connection.
    const other = createDatabase(test.url, { max: 2 });
    pools.push(other);
    const cache = createNotifiedCache();
    attachNotifiedCache(other, cache);
    const heard: string[] = [];
    const hub = createStockEvents({
      createClient: () => new pg.Client({ connectionString: test.url }),
      channels: [
        {
          name: CONTENT_CHANGED_CHANNEL,
          onNotification: (payload: string) => {
            heard.push(payload);
            cache.forget(payload);
          },
          onListening: (listening: boolean) => cache.setListening(listening),
        },
      ],
    });
    hubs.push(hub);
    await hub.whenListening();
    expect((await readSettings(other)).maintenanceTh).toBe("");
    expect(cache.size).toBe(1);
    const before = heard.length;
    await saveSettings(db, admin, { ...DEFAULT_SETTINGS, maintenanceTh: "ปิดปรับปรุงคืนนี้ 23:00 น." });
    await expect.poll(() => heard.length).toBeGreaterThan(before);
    expect((await readSettings(other)).maintenanceTh).toBe("ปิดปรับปรุงคืนนี้ 23:00 น.");
    // Whoever writes: a script's UPDATE is heard the same way.
    await db.$client.query(
      `UPDATE site_setting SET value = '"ซ่อมระบบ"' WHERE key = 'maintenanceTh'`,
    );
    await expect.poll(async () => (await readSettings(other)).maintenanceTh).toBe("ซ่อมระบบ");
    await saveSettings(db, admin, DEFAULT_SETTINGS);
  });
});

describe("each setting where it applies", () => {
  const visitor = () => routeContext(db, null);

  it("/api/config gives the public part only", async () => {
    await saveSettings(db, admin, {
      ...DEFAULT_SETTINGS,
      maintenanceTh: "ปิดปรับปรุง",
      contactEmail: "sales@dptech.co.th",
      featuredArticles: ["wire"],
    });
    const answer = (await callRoute(configRoute.loader, "/api/config", {
      context: visitor(),
    })) as Response;
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(await answer.json()).toEqual({
      maintenance: { th: "ปิดปรับปรุง", en: "ปิดปรับปรุง" },
      contactEmail: "sales@dptech.co.th",
      features: { listings: true, push: true },
    });
    await saveSettings(db, admin, DEFAULT_SETTINGS);
  });

  it("the home page shows the chosen articles and banners in the chosen order, and no listings when they are off", async () => {
    const banners = await listActiveBanners(db);
    const reversed = banners.map((banner) => banner.slug).reverse();
    await saveSettings(db, admin, {
      ...DEFAULT_SETTINGS,
      featuredArticles: ["wire", "amr"],
      bannerOrder: reversed,
      listingsEnabled: false,
    });
    const home = (await callRoute(homeRoute.loader, "/", { context: visitor() })) as {
      featured: { href?: string; slug?: string }[];
      banners: { slug: string }[];
      listings: unknown[];
    };
    expect(JSON.stringify(home.featured)).toMatch(/wire[\s\S]*amr/);
    expect(home.featured).toHaveLength(2);
    expect(home.banners.map((banner) => banner.slug)).toEqual(reversed);
    expect(home.listings).toEqual([]);
    const browse = await outcomeOf(callRoute(browseRoute.loader, "/asset", { context: visitor() }));
    expect(browse.status).toBe(404);
    await saveSettings(db, admin, DEFAULT_SETTINGS);
    const open = await outcomeOf(callRoute(browseRoute.loader, "/asset", { context: visitor() }));
    expect(open.status).toBe(200);
  });

  it("orders by slugs: those named first, the others after in their own order", () => {
    const items = ["a", "b", "c", "d"].map((slug) => ({ slug }));
    expect(orderBySlugs(items, ["c", "a"]).map((item) => item.slug)).toEqual(["c", "a", "b", "d"]);
    expect(orderBySlugs(items, []).map((item) => item.slug)).toEqual(["a", "b", "c", "d"]);
  });
});
