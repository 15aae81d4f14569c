import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import type { Database } from "~/db/client.server";
import { shop, shopMember, stockDocument, stockItem, stockLocation } from "~/db/schema";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";
import { type ShopRole, createShop } from "~/modules/shops/index.server";
import { postStockDocument } from "~/modules/stock/index.server";
import * as rootRoute from "~/root";
import * as settingsRoute from "~/routes/shophub/settings";
import * as switchRoute from "~/routes/shophub/switch";
import * as addRoute from "~/routes/storehub/add";
import * as deleteRoute from "~/routes/storehub/delete";
import * as editRoute from "~/routes/storehub/edit";
import * as exportBalancesRoute from "~/routes/storehub/export-balances";
import * as exportItemsRoute from "~/routes/storehub/export-items";
import * as importRoute from "~/routes/storehub/import";
import * as inoutRoute from "~/routes/storehub/inout/route";
import * as lookupRoute from "~/routes/storehub/lookup";
import * as overviewRoute from "~/routes/storehub/overview";
import * as storageRoute from "~/routes/storehub/storage/route";
import { callRoute, outcomeOf, routeContext, sessionUserOf, shopCookie } from "../setup/route-call";
import { addShopMember, insertItem, insertShop, insertUser } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { seedDemoContent } from "~/modules/content/index.server";

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  // The root loader (the header's shops) reads the company's profile.
  await seedDemoContent(db);
});
afterAll(() => test.drop());

type Fn = (args: never) => unknown;

/** A loader (GET) or, with a form, an action (POST), with the shop cookie the browser holds. */
async function run(
  fn: Fn,
  path: string,
  user: SessionUser,
  cookieShop?: string,
  form?: Record<string, string>,
) {
  return outcomeOf(
    callRoute(fn, path, {
      context: routeContext(db, user),
      cookie: cookieShop ? await shopCookie(cookieShop) : undefined,
      form,
    }),
  );
}

/** One owner with two shops, "ก" and "ข", each with an item. */
async function ownerOfTwoShops() {
  const first = await insertShop(db);
  const owner = sessionUserOf(first.ownerId, "เจ้าของสองร้าน");
  const second = await insertShop(db, { ownerId: first.ownerId });
  const itemA = await insertItem(db, first.shop.id, owner.id);
  const itemB = await insertItem(db, second.shop.id, owner.id);
  return { owner, a: first, b: second, itemA, itemB };
}

const memberOf = (shopId: string, role: ShopRole): Promise<SessionUser> =>
  addShopMember(db, shopId, role, { name: `พนักงาน ${role}` });

const itemsIn = (shopId: string) => db.$count(stockItem, eq(stockItem.shopId, shopId));
const locationsIn = (shopId: string) => db.$count(stockLocation, eq(stockLocation.shopId, shopId));
const documentsIn = (shopId: string) => db.$count(stockDocument, eq(stockDocument.shopId, shopId));

const NEW_ITEM = {
  name: "ชาเขียวพร้อมดื่ม",
  sku: "TEA-GREEN-1",
  barcode: "",
  unit: "ขวด",
  price: "25",
  cost: "15",
  category: "เครื่องดื่ม",
  reorderLevel: "0",
  openingQty: "0",
  openingLocationId: "",
};

describe("each shop form carries the shop it was rendered for (shopId)", () => {
  it("refuses with 409 and a Thai message, keeping what was typed, when the active shop changed in another tab; nothing is written", async () => {
    const { owner, a, b } = await ownerOfTwoShops();
    // Tab 1 rendered the add form for shop A (its shopId); tab 2 then switched to shop B.
    const rendered = await run(addRoute.loader, "/storehub/add", owner, a.shop.id);
    expect(rendered.data).toMatchObject({ formShopId: a.shop.id });
    const refused = await run(addRoute.action, "/storehub/add", owner, b.shop.id, {
      shopId: a.shop.id,
      ...NEW_ITEM,
    });
    expect(refused.status).toBe(409);
    expect(refused.thrown).toBe(false); // the page stays, with the message above the form
    expect(refused.data).toMatchObject({
      shopChanged: { sentShopId: a.shop.id, current: { id: b.shop.id, name: b.shop.name } },
      values: { name: "ชาเขียวพร้อมดื่ม", sku: "TEA-GREEN-1" },
    });
    expect(await itemsIn(a.shop.id)).toBe(1);
    expect(await itemsIn(b.shop.id)).toBe(1);
    expect(th["shopForm.changed"]).toMatch(/^ร้านที่ใช้งานอยู่เปลี่ยนไปแล้ว \(ตอนนี้คือร้าน “\{shop\}”\)/);
    expect(en["shopForm.changed"]).toMatch(/^The active shop has changed/);

    // The same form for the shop that is active now is saved there.
    const saved = await run(addRoute.action, "/storehub/add", owner, b.shop.id, {
      shopId: b.shop.id,
      ...NEW_ITEM,
    });
    expect(saved.status).toBe(302);
    expect(await itemsIn(b.shop.id)).toBe(2);
    expect(await itemsIn(a.shop.id)).toBe(1);
  });

  it("refuses every storehub post that names no shop or another shop (409), and writes nothing", async () => {
    const { owner, a, b, itemA } = await ownerOfTwoShops();
    const received = await postStockDocument(db, {
      shopId: a.shop.id,
      userId: owner.id,
      kind: "receive",
      lines: [
        { itemId: itemA.id, locationId: a.defaultLocationId, qty: 3_000, unitCostSatang: 700 },
      ],
    });
    if (!received.ok) throw new Error("receive failed");
    const posts: [Fn, string, Record<string, string>][] = [
      [addRoute.action, "/storehub/add", NEW_ITEM],
      [editRoute.action, `/storehub/edit?id=${itemA.id}`, { ...NEW_ITEM, id: String(itemA.id) }],
      [
        deleteRoute.action,
        "/storehub/delete",
        { intent: "delete", ids: String(itemA.id), confirmed: "1" },
      ],
      [
        importRoute.action,
        "/storehub/import",
        { intent: "import", csv: "name,sku,unit\r\nชา,TEA-9,กล่อง\r\n" },
      ],
      [
        inoutRoute.action,
        "/storehub/inout?kind=receive",
        {
          intent: "post",
          kind: "receive",
          reference: "",
          note: "",
          scan: "",
          "lines[0].item": itemA.sku,
          "lines[0].qty": "5",
          "lines[0].location": String(a.defaultLocationId),
          "lines[0].cost": "7",
        },
      ],
      [storageRoute.action, "/storehub/storage", { intent: "addLocation", name: "ชั้นใหม่" }],
      [
        storageRoute.action,
        "/storehub/storage",
        {
          intent: "reverse",
          documentId: String(received.documentId),
          confirmed: "1",
          reason: "ผิด",
        },
      ],
    ];
    const before = {
      items: await itemsIn(a.shop.id),
      locations: await locationsIn(a.shop.id),
      documents: await documentsIn(a.shop.id),
    };
    for (const [fn, path, form] of posts) {
      const missing = await run(fn, path, owner, a.shop.id, form);
      expect(missing.status, `${path} ${form.intent ?? ""} without shopId`).toBe(409);
      const other = await run(fn, path, owner, a.shop.id, { ...form, shopId: b.shop.id });
      expect(other.status, `${path} ${form.intent ?? ""} for shop B`).toBe(409);
    }
    expect(await itemsIn(a.shop.id)).toBe(before.items);
    expect(await locationsIn(a.shop.id)).toBe(before.locations);
    expect(await documentsIn(a.shop.id)).toBe(before.documents);
    const [stillThere] = await db.select().from(stockItem).where(eq(stockItem.id, itemA.id));
    expect(stillThere?.name).toBe(itemA.name);
  });

  it("the JSON look-ups answer 409 unless they name the active shop", async () => {
    const { owner, a, b, itemA } = await ownerOfTwoShops();
    const path = (extra: string) => `/storehub/lookup?code=${itemA.sku}${extra}`;
    expect((await run(lookupRoute.loader, path(""), owner, a.shop.id)).status).toBe(409);
    expect(
      (await run(lookupRoute.loader, path(`&shopId=${b.shop.id}`), owner, a.shop.id)).status,
    ).toBe(409);
    const found = await run(lookupRoute.loader, path(`&shopId=${a.shop.id}`), owner, a.shop.id);
    expect(found.status).toBe(200);
    expect(((await found.response!.json()) as { item: { sku: string } }).item.sku).toBe(itemA.sku);
  });

  it("shop settings: saves the shop the page was opened for; a stale form of the active shop gets 409", async () => {
    const { owner, a, b } = await ownerOfTwoShops();
    const form = {
      name: "ร้านเปลี่ยนชื่อ",
      businessType: "cafe",
      address: "1 ถนนสุขุมวิท กรุงเทพฯ",
      phone: "02-123-4567",
      taxId: "",
    };
    // Opened as /shophub/settings (the active shop A), then B became active in another tab.
    const stale = await run(settingsRoute.action, "/shophub/settings", owner, b.shop.id, {
      ...form,
      shopId: a.shop.id,
    });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ values: { name: "ร้านเปลี่ยนชื่อ" } });
    const missing = await run(
      settingsRoute.action,
      `/shophub/settings?shop=${a.shop.id}`,
      owner,
      b.shop.id,
      form,
    );
    expect(missing.status).toBe(409);
    const names = await db.select({ name: shop.name }).from(shop).where(eq(shop.id, a.shop.id));
    expect(names[0]?.name).toBe(a.shop.name);

    // Opened for shop A by name (?shop=A): saved there whatever shop is active.
    const saved = await run(
      settingsRoute.action,
      `/shophub/settings?shop=${a.shop.id}`,
      owner,
      b.shop.id,
      {
        ...form,
        shopId: a.shop.id,
      },
    );
    expect(saved.status).toBe(302);
    const [row] = await db.select({ name: shop.name }).from(shop).where(eq(shop.id, a.shop.id));
    expect(row?.name).toBe("ร้านเปลี่ยนชื่อ");
    const [other] = await db.select({ name: shop.name }).from(shop).where(eq(shop.id, b.shop.id));
    expect(other?.name).toBe(b.shop.name);
  });
});

describe("the active shop", () => {
  it("is switched only by the header's POST, which makes it the member's default shop in any browser", async () => {
    const owner = sessionUserOf(await insertUser(db), "เจ้าของ");
    // By name, "ก…" comes before "ฮ…": the first shop is the fallback.
    const first = await createShop(db, owner.id, {
      name: "ก ร้านแรก",
      businessType: "grocery",
      address: "1 ถนนสุขุมวิท กรุงเทพฯ",
      phone: "+66812345678",
      taxId: null,
    });
    const later = await createShop(db, owner.id, {
      name: "ฮ ร้านหลัง",
      businessType: "cafe",
      address: "2 ถนนสีลม กรุงเทพฯ",
      phone: "+66812345679",
      taxId: null,
    });
    const activeWithoutCookie = async () =>
      (
        (await callRoute(rootRoute.loader, "/", { context: routeContext(db, owner) })) as {
          activeShopId: string;
        }
      ).activeShopId;
    expect(await activeWithoutCookie()).toBe(first.id);

    // A link or an image on another site (a GET) changes nothing.
    const got = await run(switchRoute.loader, `/shophub/switch?shop=${later.id}`, owner);
    expect(got.setCookie ?? null).toBeNull();
    expect(await activeWithoutCookie()).toBe(first.id);

    const switched = await run(switchRoute.action, "/shophub/switch", owner, undefined, {
      shop: later.id,
      redirectTo: "/storehub",
    });
    expect(switched.status).toBe(302);
    expect(switched.setCookie).toContain(await shopCookie(later.id));
    const [row] = await db
      .select({ lastUsedAt: shopMember.lastUsedAt })
      .from(shopMember)
      .where(and(eq(shopMember.shopId, later.id), eq(shopMember.userId, owner.id)));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    // Another browser (no cookie) opens the shop used last.
    expect(await activeWithoutCookie()).toBe(later.id);
  });
});

describe("reversing documents", () => {
  async function shopWithDocument() {
    const { shop: theShop, ownerId, defaultLocationId } = await insertShop(db);
    const owner = sessionUserOf(ownerId);
    const item = await insertItem(db, theShop.id, ownerId);
    const received = await postStockDocument(db, {
      shopId: theShop.id,
      userId: ownerId,
      kind: "receive",
      lines: [{ itemId: item.id, locationId: defaultLocationId, qty: 5_000, unitCostSatang: 700 }],
    });
    if (!received.ok) throw new Error("receive failed");
    return { theShop, owner, item, documentId: received.documentId };
  }
  const reverse = (user: SessionUser, shopId: string, documentId: number) =>
    run(storageRoute.action, "/storehub/storage", user, shopId, {
      shopId,
      intent: "reverse",
      documentId: String(documentId),
      confirmed: "1",
      reason: "บันทึกผิด",
    });
  const canReverseOnPage = async (user: SessionUser, shopId: string, itemId: number) => {
    const page = await run(storageRoute.loader, `/storehub/storage?item=${itemId}`, user, shopId);
    return (page.data as { ledger: { rows: { canReverse: boolean }[] } }).ledger.rows.some(
      (row) => row.canReverse,
    );
  };

  it("stock staff cannot reverse unless the owner allows it in the shop settings; owners and managers always can", async () => {
    const { theShop, owner, item, documentId } = await shopWithDocument();
    const keeper = await memberOf(theShop.id, "stock");
    const manager = await memberOf(theShop.id, "manager");

    expect(await canReverseOnPage(keeper, theShop.id, item.id)).toBe(false);
    const refused = await reverse(keeper, theShop.id, documentId);
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({
      error: { key: "storehub.storage.error.reverseNotAllowed" },
    });
    expect(th["storehub.storage.error.reverseNotAllowed"]).toMatch(
      /^ร้านนี้ให้เฉพาะเจ้าของร้านและผู้จัดการ/,
    );
    expect(await documentsIn(theShop.id)).toBe(1);
    expect(await canReverseOnPage(manager, theShop.id, item.id)).toBe(true);

    // The owner turns the setting on (shop settings page).
    const saved = await run(
      settingsRoute.action,
      `/shophub/settings?shop=${theShop.id}`,
      owner,
      theShop.id,
      {
        shopId: theShop.id,
        name: theShop.name,
        businessType: theShop.businessType,
        address: theShop.address,
        phone: "081-234-5678",
        taxId: "",
        stockMayReverse: "on",
      },
    );
    expect(saved.status).toBe(302);
    expect(th["shops.field.stockMayReverse"]).toBe("พนักงานคลังกลับรายการเอกสารได้");
    expect(await canReverseOnPage(keeper, theShop.id, item.id)).toBe(true);
    const done = await reverse(keeper, theShop.id, documentId);
    expect(done.status).toBe(302);
    expect(await documentsIn(theShop.id)).toBe(2);
  });

  it("a manager may reverse without the setting", async () => {
    const { theShop, documentId } = await shopWithDocument();
    const manager = await memberOf(theShop.id, "manager");
    expect((await reverse(manager, theShop.id, documentId)).status).toBe(302);
  });
});

describe("cashiers see no costs", () => {
  async function shopWithStock() {
    const { shop: theShop, ownerId, defaultLocationId } = await insertShop(db);
    const owner = sessionUserOf(ownerId);
    const item = await insertItem(db, theShop.id, ownerId, {
      fields: { cost: 1234 },
      opening: { qty: 3_000, locationId: defaultLocationId },
    });
    const cashier = await memberOf(theShop.id, "cashier");
    return { theShop, owner, cashier, item };
  }
  const headerOf = async (outcome: { response?: Response }) =>
    (await outcome.response!.text()).replace(/^\uFEFF/, "").split("\r\n")[0] ?? "";

  it("drops the cost and value columns from the CSV downloads for a cashier only", async () => {
    const { theShop, owner, cashier } = await shopWithStock();
    const items = (user: SessionUser) =>
      run(exportItemsRoute.loader, "/storehub/export/items.csv", user, theShop.id);
    const balances = (user: SessionUser) =>
      run(exportBalancesRoute.loader, "/storehub/export/balances.csv", user, theShop.id);

    const ownerItems = await (await items(owner)).response!.text();
    expect(ownerItems).toContain(th["storehub.field.cost"]);
    expect(ownerItems).toContain("12.34");
    const cashierItems = await (await items(cashier)).response!.text();
    expect(cashierItems).toContain(th["storehub.field.name"]);
    for (const key of [
      "storehub.field.cost",
      "storehub.csv.avgCost",
      "storehub.csv.stockValue",
    ] as const) {
      expect(cashierItems).not.toContain(th[key]);
    }
    expect(cashierItems).not.toContain("12.34");

    expect(await headerOf(await balances(owner))).toContain(th["storehub.csv.balanceValue"]);
    const cashierBalances = await headerOf(await balances(cashier));
    expect(cashierBalances).toContain(th["storehub.csv.qty"]);
    expect(cashierBalances).not.toContain(th["storehub.csv.avgCost"]);
    expect(cashierBalances).not.toContain(th["storehub.csv.balanceValue"]);
  });

  it("hides the stock value and costs on the storehub pages and look-ups of a cashier", async () => {
    const { theShop, owner, cashier, item } = await shopWithStock();
    type Overview = {
      overview: { stockValueSatang?: number };
      items: { rows: { stockValueSatang?: number }[] };
    };
    const seenBy = async (user: SessionUser) =>
      (await run(overviewRoute.loader, "/storehub", user, theShop.id)).data as Overview;
    expect((await seenBy(owner)).overview.stockValueSatang).toBe(3 * 1234);
    // Not only hidden: a cashier's data has no such field (decision 0061).
    const cashierView = await seenBy(cashier);
    expect(cashierView.overview).not.toHaveProperty("stockValueSatang");
    expect(cashierView.items.rows).toHaveLength(1);
    for (const row of cashierView.items.rows) expect(row).not.toHaveProperty("stockValueSatang");

    type Storage = {
      item: object;
      ledger: { rows: object[] };
      tree: { qty: number }[];
    };
    const storage = (
      await run(storageRoute.loader, `/storehub/storage?item=${item.id}`, cashier, theShop.id)
    ).data as Storage;
    expect(storage.item).not.toHaveProperty("stockValueSatang");
    // The location tree shows quantities per location, never their value.
    expect(storage.tree.some((node) => node.qty > 0)).toBe(true);
    for (const node of storage.tree) expect(node).not.toHaveProperty("valueSatang");
    expect(storage.ledger.rows.length).toBeGreaterThan(0);
    for (const row of storage.ledger.rows) {
      expect(row).not.toHaveProperty("unitCostSatang");
      expect(row).not.toHaveProperty("valueSatang");
    }

    const lookup = await run(
      lookupRoute.loader,
      `/storehub/lookup?code=${item.sku}&shopId=${theShop.id}`,
      cashier,
      theShop.id,
    );
    expect(((await lookup.response!.json()) as { item: object }).item).not.toHaveProperty(
      "costSatang",
    );
  });
});
