import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { shopMember, stockDocument, stockItem, stockMovement, type ShopRole } from "~/db/schema";
import { en } from "~/lib/i18n/en";
import { knownMessages, type MessagesRef } from "~/lib/i18n/message-registry";
import { th } from "~/lib/i18n/th";
import {
  EXPORT_BATCH,
  IMPORT_MAX_ROWS,
  postStockDocument,
  createLocation,
  findItemOpenPrice,
} from "~/modules/stock/index.server";
import { createLocalStorage, type FileStorage } from "~/modules/media/index.server";
import * as addRoute from "~/routes/storehub/add";
import * as deleteRoute from "~/routes/storehub/delete";
import * as editRoute from "~/routes/storehub/edit";
import * as exportBalancesRoute from "~/routes/storehub/export-balances";
import * as exportItemsRoute from "~/routes/storehub/export-items";
import * as importRoute from "~/routes/storehub/import";
import * as inoutRoute from "~/routes/storehub/inout/route";
import * as layoutRoute from "~/routes/storehub/layout";
import * as overviewRoute from "~/routes/storehub/overview";
import * as storageRoute from "~/routes/storehub/storage/route";
import { createTestAuth } from "../setup/test-auth";
import { formShopIdOf, outcomeOf, routeContext, runRoute, type Outcome } from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { addShopMember, insertItem, insertShop, insertUser } from "../setup/factories";

type DataFunction = (args: never) => unknown;

let test: TestDatabase;
let auth: ReturnType<typeof createTestAuth>["auth"];
// The real local storage (the default backend), in a folder of its own.
const storageFolder = mkdtempSync(path.join(tmpdir(), "storehub-items-"));
const storage: FileStorage = createLocalStorage(storageFolder);
const files = {
  has: (key: string) => existsSync(path.join(storageFolder, key)),
  get: (key: string) => (key ? storage.get(key) : Promise.resolve(null)),
};

beforeAll(async () => {
  test = await createTestDatabase();
  ({ auth } = createTestAuth(test.db));
});
afterAll(async () => {
  await test.drop();
  rmSync(storageFolder, { recursive: true, force: true });
});

function sessionUser(id: string): SessionUser {
  return {
    id,
    name: "สมาชิก",
    email: `${id}@example.com`,
    emailVerified: true,
    image: null,
    phone: null,
    role: "member",
  };
}

function contextFor(user: SessionUser | null): RouterContextProvider {
  return routeContext(test.db, user, { auth, storage });
}

type Body = Record<string, string | string[] | File>;

/** Calls a route's loader or action through the route tree (tests/setup/route-call.ts). */
async function call(
  fn: DataFunction,
  path: string,
  userId: string | null,
  given?: Body,
  options: { cookie?: string; multipart?: boolean } = {},
): Promise<unknown> {
  const url = new URL(path, "http://localhost");
  // Posts like the page's forms do: with `shopId`, the member's active shop, unless given.
  const shopId =
    given && userId && !("shopId" in given)
      ? await formShopIdOf(test.db, userId, options.cookie)
      : undefined;
  const body = given && shopId ? { shopId, ...given } : given;
  const headers = new Headers(options.cookie ? { cookie: options.cookie } : {});
  let request: Request;
  if (body) {
    const multipart =
      options.multipart ?? Object.values(body).some((value) => value instanceof File);
    if (multipart) {
      const form = new FormData();
      for (const [name, value] of Object.entries(body)) {
        for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
      }
      request = new Request(url, { method: "POST", body: form, headers });
    } else {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(body)) {
        for (const one of Array.isArray(value) ? value : [value]) {
          if (typeof one === "string") form.append(name, one);
        }
      }
      request = new Request(url, { method: "POST", body: form, headers });
    }
  } else {
    request = new Request(url, { headers });
  }
  // Through the route tree, behind the gates of its parents, as the app runs it.
  return await runRoute(fn, request, contextFor(userId ? sessionUser(userId) : null));
}

const run = (
  fn: DataFunction,
  path: string,
  userId: string | null,
  body?: Body,
  options?: { cookie?: string; multipart?: boolean },
) => outcomeOf(call(fn, path, userId, body, options));

const addMember = async (shopId: string, role: ShopRole): Promise<string> =>
  (await addShopMember(test.db, shopId, role)).id;

async function itemById(id: number) {
  const [row] = await test.db.select().from(stockItem).where(eq(stockItem.id, id));
  return row ?? null;
}

async function itemBySku(shopId: string, sku: string) {
  const [row] = await test.db
    .select()
    .from(stockItem)
    .where(and(eq(stockItem.shopId, shopId), eq(stockItem.sku, sku)));
  return row ?? null;
}

async function countItems(shopId: string): Promise<number> {
  return test.db.$count(stockItem, eq(stockItem.shopId, shopId));
}

/** Two shops, each with an owner and an item with stock: the tenant-isolation setup. */
async function twoShops() {
  const a = await insertShop(test.db);
  const b = await insertShop(test.db);
  const itemA = await insertItem(test.db, a.shop.id, a.ownerId, {
    fields: { name: "ข้าวสารหอมมะลิ 5 กก.", sku: "RICE-5", barcode: "8850999320014" },
    opening: { qty: 10_000, locationId: a.defaultLocationId },
  });
  const itemB = await insertItem(test.db, b.shop.id, b.ownerId, {
    fields: { name: "น้ำปลาร้านบี", sku: "FISH-1", barcode: "036000291452", price: 3_500 },
    opening: { qty: 5_000, locationId: b.defaultLocationId },
  });
  const fresh = await insertItem(test.db, b.shop.id, b.ownerId, {
    fields: { name: "สินค้าใหม่ร้านบี", sku: "NEW-B" },
  });
  return { a, b, itemA, itemB, freshB: fresh };
}

const itemForm = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: "กาแฟกระป๋อง เนสกาแฟ 180 มล.",
  sku: "coffee-180",
  barcode: "",
  category: "เครื่องดื่ม",
  unit: "กระป๋อง",
  price: "15",
  cost: "11.50",
  reorderLevel: "12",
  openingQty: "",
  openingLocationId: "",
  ...overrides,
});

const csvFile = (text: string, name = "items.csv") =>
  new File([new TextEncoder().encode(text)], name, { type: "text/csv" });

// ---------------------------------------------------------------------------------------------

describe("storehub access", () => {
  const WRITER_PAGES: { name: string; fn: DataFunction; path: string; body?: Body }[] = [
    { name: "add loader", fn: addRoute.loader, path: "/storehub/add" },
    { name: "add action", fn: addRoute.action, path: "/storehub/add", body: itemForm() },
    { name: "edit loader", fn: editRoute.loader, path: "/storehub/edit" },
    {
      name: "edit action",
      fn: editRoute.action,
      path: "/storehub/edit",
      body: { id: "1", ...itemForm() },
    },
    { name: "delete loader", fn: deleteRoute.loader, path: "/storehub/delete" },
    {
      name: "delete action",
      fn: deleteRoute.action,
      path: "/storehub/delete",
      body: { intent: "archive", ids: "1", confirmed: "1" },
    },
    { name: "import loader", fn: importRoute.loader, path: "/storehub/import" },
    {
      name: "import action",
      fn: importRoute.action,
      path: "/storehub/import",
      body: { intent: "import", csv: "name,sku,unit\r\nชา,TEA-1,กล่อง\r\n" },
    },
  ];
  const ALL_PAGES = [
    ...WRITER_PAGES,
    { name: "items export", fn: exportItemsRoute.loader, path: "/storehub/export/items.csv" },
    {
      name: "balances export",
      fn: exportBalancesRoute.loader,
      path: "/storehub/export/balances.csv",
    },
  ];

  it("shows visitors and members without a shop what storehub is, with the way to a shop", async () => {
    const visitor = await run(overviewRoute.loader, "/storehub", null);
    expect(visitor.data).toEqual({ kind: "intro", signedIn: false });
    const loner = await insertUser(test.db);
    const member = await run(overviewRoute.loader, "/storehub", loner);
    expect(member.data).toEqual({ kind: "intro", signedIn: true });
    // The area's texts come with the layout (a reference to its text file), also for visitors.
    const layout = (await run(layoutRoute.loader, "/storehub", null)).data as {
      areaMessages: MessagesRef;
      shop: unknown;
    };
    expect(layout.shop).toBeNull();
    expect(layout.areaMessages.href).toMatch(/^\/i18n\/th\/storehub\./);
    expect(knownMessages(layout.areaMessages)?.["storehub.intro.createShop"]).toBe(
      th["storehub.intro.createShop"],
    );
  });

  it.each(ALL_PAGES)("$name sends a visitor to sign in", async (page) => {
    const result = await run(page.fn, page.path, null, page.body);
    expect(result).toMatchObject({ thrown: true, status: 302 });
    const target = new URL(result.location ?? "", "http://localhost");
    expect(target.pathname).toBe("/user/signIn");
    expect(target.searchParams.get("redirectTo")).toBe(page.path);
  });

  it.each(ALL_PAGES)("$name sends a member without a shop to the introduction", async (page) => {
    const loner = await insertUser(test.db);
    const result = await run(page.fn, page.path, loner, page.body);
    expect(result).toMatchObject({ thrown: true, status: 302, location: "/storehub" });
  });

  it.each(WRITER_PAGES)("$name answers 403 to a cashier and changes nothing", async (page) => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    const item = await insertItem(test.db, shop.id, ownerId, {
      opening: { qty: 3_000, locationId: defaultLocationId },
    });
    const cashier = await addMember(shop.id, "cashier");
    const body = page.body && {
      ...page.body,
      ...("id" in page.body ? { id: String(item.id) } : {}),
      ...("ids" in page.body ? { ids: String(item.id) } : {}),
    };
    const before = await itemById(item.id);
    const result = await run(page.fn, page.path, cashier, body);
    expect(result).toMatchObject({ thrown: true, status: 403 });
    expect(await itemById(item.id)).toEqual(before);
    expect(await countItems(shop.id)).toBe(1);
  });

  it("lets a cashier read the overview and the exports, without the writing links", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    await insertItem(test.db, shop.id, ownerId, { fields: { name: "ขนมปังกรอบ" } });
    const cashier = await addMember(shop.id, "cashier");
    const overview = await run(overviewRoute.loader, "/storehub", cashier);
    expect(overview.data).toMatchObject({ kind: "shop", canWrite: false });
    const layout = (await run(layoutRoute.loader, "/storehub", cashier)).data as {
      shop: { canWrite: boolean };
    };
    expect(layout.shop.canWrite).toBe(false);
    const csv = await run(exportItemsRoute.loader, "/storehub/export/items.csv", cashier);
    expect(csv.status).toBe(200);
    expect(await csv.response?.text()).toContain("ขนมปังกรอบ");
  });

  it("lets the stock role add items", async () => {
    const { shop } = await insertShop(test.db);
    const keeper = await addMember(shop.id, "stock");
    const result = await run(addRoute.action, "/storehub/add", keeper, itemForm({ sku: "ST-1" }));
    expect(result.status).toBe(302);
    expect(await itemBySku(shop.id, "ST-1")).not.toBeNull();
  });
});

describe("an item sold at the price typed (ราคาตามจริง, decision 0093)", () => {
  it("is marked with its bounds when added; bounds the wrong way round are said and nothing is added", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    const greens = { name: "ผักบุ้ง", sku: "GREENS-1", price: "0", cost: "0", unit: "กำ" };
    const wrong = await run(
      addRoute.action,
      "/storehub/add",
      ownerId,
      itemForm({ ...greens, openPrice: "on", openPriceMin: "50", openPriceMax: "10" }),
    );
    expect(wrong.status).toBe(400);
    expect(Object.keys((wrong.data as { errors: Record<string, string> }).errors)).toEqual([
      "openPriceMax",
    ]);
    expect((wrong.data as { values: Record<string, string> }).values).toMatchObject({
      openPriceMin: "50",
      openPriceMax: "10",
    });
    expect(await itemBySku(shop.id, "GREENS-1")).toBeNull();
    const added = await run(
      addRoute.action,
      "/storehub/add",
      ownerId,
      itemForm({ ...greens, openPrice: "on", openPriceMin: "10", openPriceMax: "50" }),
    );
    expect(added.status).toBe(302);
    const item = await itemBySku(shop.id, "GREENS-1");
    expect(await findItemOpenPrice(test.db, shop.id, item!.id)).toEqual({
      minSatang: 1_000,
      maxSatang: 5_000,
    });
  });
});

describe("tenant isolation: a member of shop A with ids of shop B", () => {
  it("cannot open or edit B's item", async () => {
    const { a, itemB } = await twoShops();
    const open = await run(editRoute.loader, `/storehub/edit?id=${itemB.id}`, a.ownerId);
    expect(open).toMatchObject({ thrown: true, status: 404 });
    const before = await itemById(itemB.id);
    const save = await run(editRoute.action, "/storehub/edit", a.ownerId, {
      id: String(itemB.id),
      ...itemForm({ name: "ถูกแก้โดยร้านอื่น", sku: "HACK" }),
    });
    expect(save).toMatchObject({ thrown: true, status: 404 });
    expect(await itemById(itemB.id)).toEqual(before);
  });

  it("cannot archive, restore or delete B's items, not even mixed with its own", async () => {
    const { a, itemA, itemB, freshB } = await twoShops();
    const attempts: Body[] = [
      { intent: "archive", ids: [String(itemB.id)], confirmed: "1" },
      { intent: "archive", ids: [String(itemA.id), String(itemB.id)], confirmed: "1" },
      { intent: "restore", ids: [String(itemB.id)] },
      { deleteId: String(freshB.id), confirmed: "1" },
      { deleteId: String(freshB.id) },
    ];
    for (const body of attempts) {
      const result = await run(deleteRoute.action, "/storehub/delete", a.ownerId, body);
      expect(result, JSON.stringify(body)).toMatchObject({ thrown: true, status: 404 });
    }
    expect((await itemById(itemA.id))?.status).toBe("active");
    expect((await itemById(itemB.id))?.status).toBe("active");
    expect(await itemById(freshB.id)).not.toBeNull();
  });

  it("cannot put opening stock at B's location, nor see B's item after adding", async () => {
    const { a, b, itemB } = await twoShops();
    const result = await run(
      addRoute.action,
      "/storehub/add",
      a.ownerId,
      itemForm({ sku: "A-NEW", openingQty: "5", openingLocationId: String(b.defaultLocationId) }),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      errors: { openingLocationId: "storehub.error.locationNotFound" },
    });
    expect(await itemBySku(a.shop.id, "A-NEW")).toBeNull();
    const page = await run(addRoute.loader, `/storehub/add?created=${itemB.id}`, a.ownerId);
    expect((page.data as { created: unknown }).created).toBeNull();
  });

  it("never lists, finds or exports B's items", async () => {
    const { a, itemA, itemB } = await twoShops();
    type Overview = { kind: "shop"; items: { rows: { id: number }[] } };
    const overview = (await run(overviewRoute.loader, "/storehub?status=all", a.ownerId))
      .data as Overview;
    expect(overview.items.rows.map((row) => row.id)).toEqual([itemA.id]);
    // B's barcode typed by a scanner opens nothing in A.
    const scan = await run(editRoute.loader, `/storehub/edit?go=1&q=${itemB.barcode}`, a.ownerId);
    expect(scan.thrown).toBe(false);
    expect((scan.data as { items: { total: number } }).items.total).toBe(0);
    const csv = await run(exportItemsRoute.loader, "/storehub/export/items.csv", a.ownerId);
    const text = (await csv.response?.text()) ?? "";
    expect(text).toContain(itemA.name);
    expect(text).not.toContain(itemB.name);
    const balances = await run(
      exportBalancesRoute.loader,
      "/storehub/export/balances.csv",
      a.ownerId,
    );
    expect(await balances.response?.text()).not.toContain(itemB.sku);
  });

  it("does not let an import collide with or reveal B's SKUs", async () => {
    const { a, itemB } = await twoShops();
    // B's SKU is free in A: the import creates A's own item and leaves B's alone.
    const result = await run(importRoute.action, "/storehub/import", a.ownerId, {
      intent: "import",
      csv: `name,sku,unit\r\nน้ำปลาร้านเอ,${itemB.sku},ขวด\r\n`,
    });
    expect(result.status).toBe(302);
    expect((await itemBySku(a.shop.id, itemB.sku))?.name).toBe("น้ำปลาร้านเอ");
    expect((await itemById(itemB.id))?.name).toBe("น้ำปลาร้านบี");
  });
});

describe("the overview", () => {
  it("counts items, stock value, units and low stock, and lists the latest movements", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    const low = await insertItem(test.db, shop.id, ownerId, {
      fields: { name: "นมจืด", sku: "MILK", reorderLevel: 10_000, cost: 1_200 },
      opening: { qty: 4_000, locationId: defaultLocationId },
    });
    await insertItem(test.db, shop.id, ownerId, {
      fields: { name: "กล้วยไข่", sku: "EGG", reorderLevel: 5_000, cost: 400 },
      opening: { qty: 30_000, locationId: defaultLocationId },
    });
    const archived = await insertItem(test.db, shop.id, ownerId, {
      fields: { name: "สินค้าเลิกขาย", sku: "OLD" },
    });
    await test.db
      .update(stockItem)
      .set({ status: "archived" })
      .where(eq(stockItem.id, archived.id));
    type Data = Extract<Awaited<ReturnType<typeof overviewRoute.loader>>, { kind: "shop" }>;
    const data = (await run(overviewRoute.loader, "/storehub", ownerId)).data as Data;
    expect(data.overview).toMatchObject({
      activeItems: 2,
      archivedItems: 1,
      unitsOnHand: 34_000,
      stockValueSatang: 4 * 1_200 + 30 * 400,
      lowStockCount: 1,
    });
    expect(data.overview.lowStock.map((item) => item.id)).toEqual([low.id]);
    expect(data.overview.latestMovements.map((m) => [m.itemName, m.qty, m.itemQtyAfter])).toEqual([
      ["กล้วยไข่", 30_000, 30_000],
      ["นมจืด", 4_000, 4_000],
    ]);
    expect(data.items.rows.map((row) => row.sku)).toEqual(["EGG", "MILK"]);

    const lowOnly = (await run(overviewRoute.loader, "/storehub?low=1", ownerId)).data as Data;
    expect(lowOnly.items.rows.map((row) => row.sku)).toEqual(["MILK"]);
    const archivedOnly = (await run(overviewRoute.loader, "/storehub?status=archived", ownerId))
      .data as Data;
    expect(archivedOnly.items.rows.map((row) => row.sku)).toEqual(["OLD"]);
    const byStock = (await run(overviewRoute.loader, "/storehub?sort=onHand&dir=desc", ownerId))
      .data as Data;
    expect(byStock.items.rows.map((row) => row.sku)).toEqual(["EGG", "MILK"]);
    const search = (await run(overviewRoute.loader, "/storehub?q=นม", ownerId)).data as Data;
    expect(search.items.rows.map((row) => row.sku)).toEqual(["MILK"]);
  });

  it("counts archived stock in the units and the value alike, also right after archiving", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    const kept = await insertItem(test.db, shop.id, ownerId, {
      fields: { sku: "KEEP", cost: 1_000 },
      opening: { qty: 5_000, locationId: defaultLocationId },
    });
    const old = await insertItem(test.db, shop.id, ownerId, {
      fields: { sku: "OLD", cost: 700 },
      opening: { qty: 3_000, locationId: defaultLocationId },
    });
    type Data = Extract<Awaited<ReturnType<typeof overviewRoute.loader>>, { kind: "shop" }>;
    const totals = async () => {
      const { overview } = (await run(overviewRoute.loader, "/storehub", ownerId)).data as Data;
      return [overview.unitsOnHand, overview.stockValueSatang, overview.archivedItems];
    };
    expect(await totals()).toEqual([8_000, 5_000 + 2_100, 0]);
    // Archiving goes through the page (the cached totals must be forgotten).
    const archived = await run(deleteRoute.action, "/storehub/delete", ownerId, {
      intent: "archive",
      ids: String(old.id),
      confirmed: "1",
    });
    expect(archived.status).toBe(302);
    expect(await totals()).toEqual([8_000, 5_000 + 2_100, 1]);
    expect(kept.id).toBeGreaterThan(0);
  });

  it("pages the items 20 at a time", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    for (let i = 0; i < 25; i++) {
      await insertItem(test.db, shop.id, ownerId, {
        fields: { name: `สินค้า ${String(i).padStart(2, "0")}`, sku: `P-${i}` },
      });
    }
    type Data = Extract<Awaited<ReturnType<typeof overviewRoute.loader>>, { kind: "shop" }>;
    const second = (await run(overviewRoute.loader, "/storehub?page=2", ownerId)).data as Data;
    expect(second.items).toMatchObject({ total: 25, page: 2, pageCount: 2 });
    expect(second.items.rows.map((row) => row.name)).toEqual([
      "สินค้า 20",
      "สินค้า 21",
      "สินค้า 22",
      "สินค้า 23",
      "สินค้า 24",
    ]);
  });
});

describe("adding an item", () => {
  it("saves the item with its opening stock at the chosen location", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    const bin = await createLocation(test.db, shop.id, { parentId: null, name: "คลังสอง" });
    if (!bin.ok) throw new Error("location");
    const page = (await run(addRoute.loader, "/storehub/add", ownerId)).data as {
      locations: { id: number; isDefault: boolean }[];
    };
    expect(page.locations.map((l) => l.id)).toContain(bin.location.id);
    const result = await run(
      addRoute.action,
      "/storehub/add",
      ownerId,
      itemForm({ openingQty: "24", openingLocationId: String(bin.location.id) }),
    );
    const item = await itemBySku(shop.id, "COFFEE-180");
    expect(result).toMatchObject({ status: 302, location: `/storehub/add?created=${item?.id}` });
    expect(item).toMatchObject({
      name: "กาแฟกระป๋อง เนสกาแฟ 180 มล.",
      priceSatang: 1_500,
      costSatang: 1_150,
      reorderLevel: 12_000,
      onHand: 24_000,
      stockValueSatang: 24 * 1_150,
    });
    const [movement] = await test.db
      .select()
      .from(stockMovement)
      .where(eq(stockMovement.itemId, item?.id ?? 0));
    expect(movement).toMatchObject({ locationId: bin.location.id, qty: 24_000 });
    const done = (await run(addRoute.loader, result.location ?? "", ownerId)).data as {
      created: { name: string; onHand: number };
    };
    expect(done.created).toMatchObject({ name: "กาแฟกระป๋อง เนสกาแฟ 180 มล.", onHand: 24_000 });
  });

  it("reports a duplicate SKU or barcode next to the field and keeps what was typed", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    await insertItem(test.db, shop.id, ownerId, {
      fields: { sku: "COFFEE-180", barcode: "8850999320014" },
    });
    const sku = await run(addRoute.action, "/storehub/add", ownerId, itemForm());
    expect(sku.status).toBe(400);
    expect(sku.data).toMatchObject({
      errors: { sku: "storehub.error.skuTaken" },
      values: { name: "กาแฟกระป๋อง เนสกาแฟ 180 มล.", sku: "coffee-180", price: "15" },
    });
    const barcode = await run(
      addRoute.action,
      "/storehub/add",
      ownerId,
      itemForm({ sku: "OTHER", barcode: "8850999320014" }),
    );
    expect(barcode.data).toMatchObject({ errors: { barcode: "storehub.error.barcodeTaken" } });
    const invalid = await run(
      addRoute.action,
      "/storehub/add",
      ownerId,
      itemForm({ sku: "OTHER", barcode: "8850999320015", price: "สิบบาท", openingQty: "-3" }),
    );
    expect(invalid.data).toMatchObject({
      errors: {
        barcode: "storehub.error.barcodeInvalid",
        price: "storehub.error.priceInvalid",
        openingQty: "storehub.error.qtyInvalid",
      },
    });
    expect(await countItems(shop.id)).toBe(1);
  });

  it("stores a photo as a resized WebP and refuses a file that is not an image", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#3366cc" },
    })
      .png()
      .toBuffer();
    const result = await run(addRoute.action, "/storehub/add", ownerId, {
      ...itemForm({ sku: "PHOTO-1" }),
      image: new File([new Uint8Array(png)], "photo.png", { type: "image/png" }),
    });
    expect(result.status).toBe(302);
    const item = await itemBySku(shop.id, "PHOTO-1");
    expect(item?.imageKey).toMatch(new RegExp(`^items/${shop.id}/[0-9a-f]+-[0-9a-f]+\\.webp$`));
    const stored = await files.get(item?.imageKey ?? "");
    if (!stored) throw new Error("the photo was not stored");
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });

    const fake = await run(addRoute.action, "/storehub/add", ownerId, {
      ...itemForm({ sku: "PHOTO-2" }),
      image: new File([new TextEncoder().encode("<svg/>")], "photo.png", { type: "image/png" }),
    });
    expect(fake.status).toBe(400);
    expect(fake.data).toMatchObject({
      errors: { image: "media.error.notImage" },
      values: { sku: "PHOTO-2" },
    });
    expect(await itemBySku(shop.id, "PHOTO-2")).toBeNull();
  });
});

describe("editing an item", () => {
  it("finds items by name, SKU or barcode, and opens an exact scanned code directly", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    const item = await insertItem(test.db, shop.id, ownerId, {
      fields: { name: "ซอสหอยนางรม", sku: "OYSTER", barcode: "96385074" },
    });
    await insertItem(test.db, shop.id, ownerId, { fields: { name: "ซอสพริก", sku: "CHILI" } });
    const list = await run(editRoute.loader, "/storehub/edit?q=ซอส", ownerId);
    expect((list.data as { items: { total: number } }).items.total).toBe(2);
    const scanned = await run(editRoute.loader, "/storehub/edit?go=1&q=96385074", ownerId);
    expect(scanned).toMatchObject({
      thrown: true,
      status: 302,
      location: `/storehub/edit?id=${item.id}`,
    });
    const typedSku = await run(editRoute.loader, "/storehub/edit?go=1&q=oyster", ownerId);
    expect(typedSku.location).toBe(`/storehub/edit?id=${item.id}`);
    // Paging through results (no go=1) never jumps away.
    const paged = await run(editRoute.loader, "/storehub/edit?q=96385074", ownerId);
    expect(paged.thrown).toBe(false);
    // Part of the barcode (the digits people read off a label) finds the item too.
    const partial = await run(editRoute.loader, "/storehub/edit?q=5074", ownerId);
    expect(
      (partial.data as { items: { rows: { id: number }[] } }).items.rows.map((row) => row.id),
    ).toEqual([item.id]);
  });

  it("changes the fields but never the quantity or the average cost", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    const item = await insertItem(test.db, shop.id, ownerId, {
      fields: { sku: "TEA", cost: 2_000 },
      opening: { qty: 7_000, locationId: defaultLocationId },
    });
    const open = (await run(editRoute.loader, `/storehub/edit?id=${item.id}`, ownerId)).data as {
      item: { onHand: number; avgCostSatang: number; values: Record<string, string> };
    };
    expect(open.item).toMatchObject({ onHand: 7_000, avgCostSatang: 2_000 });
    expect(open.item.values).toMatchObject({ sku: "TEA", cost: "20.00" });
    const result = await run(editRoute.action, "/storehub/edit", ownerId, {
      id: String(item.id),
      ...itemForm({ name: "ชาเขียวใบหม่อน", sku: "tea-green", cost: "25", reorderLevel: "3" }),
      onHand: "999",
      avgCostSatang: "1",
    });
    expect(result).toMatchObject({ status: 302, location: `/storehub/edit?id=${item.id}&saved=1` });
    expect(await itemById(item.id)).toMatchObject({
      name: "ชาเขียวใบหม่อน",
      sku: "TEA-GREEN",
      costSatang: 2_500,
      reorderLevel: 3_000,
      onHand: 7_000,
      avgCostSatang: 2_000,
      stockValueSatang: 14_000,
    });
  });

  it("reports a SKU another item uses and keeps the typed values", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    await insertItem(test.db, shop.id, ownerId, { fields: { sku: "TAKEN" } });
    const item = await insertItem(test.db, shop.id, ownerId, { fields: { sku: "MINE" } });
    const result = await run(editRoute.action, "/storehub/edit", ownerId, {
      id: String(item.id),
      ...itemForm({ sku: "taken", name: "ชื่อใหม่" }),
    });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      errors: { sku: "storehub.error.skuTaken" },
      values: { sku: "taken", name: "ชื่อใหม่" },
    });
    expect((await itemById(item.id))?.sku).toBe("MINE");
  });

  it("replaces and removes the photo, deleting the old file", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    const item = await insertItem(test.db, shop.id, ownerId, { fields: { sku: "PIC" } });
    const png = async (color: string) =>
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
              .png()
              .toBuffer(),
          ),
        ],
        "p.png",
      );
    const form = { id: String(item.id), ...itemForm({ sku: "PIC" }) };
    await run(editRoute.action, "/storehub/edit", ownerId, { ...form, image: await png("#f00") });
    const first = (await itemById(item.id))?.imageKey ?? "";
    expect(files.has(first)).toBe(true);
    await run(editRoute.action, "/storehub/edit", ownerId, { ...form, image: await png("#0f0") });
    const second = (await itemById(item.id))?.imageKey ?? "";
    expect(second).not.toBe(first);
    expect(files.has(first)).toBe(false);
    expect(files.has(second)).toBe(true);
    await run(editRoute.action, "/storehub/edit", ownerId, { ...form, removeImage: "1" });
    expect((await itemById(item.id))?.imageKey).toBeNull();
    expect(files.has(second)).toBe(false);
  });
});

describe("archiving and deleting", () => {
  it("archives only after confirmation, and restores", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    const one = await insertItem(test.db, shop.id, ownerId, { fields: { name: "ก" } });
    const two = await insertItem(test.db, shop.id, ownerId, { fields: { name: "ข" } });
    const ask = await run(deleteRoute.action, "/storehub/delete", ownerId, {
      intent: "archive",
      ids: [String(one.id), String(two.id)],
    });
    expect(ask.status).toBe(200);
    expect(ask.data).toMatchObject({
      confirm: { intent: "archive", items: [{ id: one.id }, { id: two.id }] },
    });
    expect((await itemById(one.id))?.status).toBe("active");

    const done = await run(deleteRoute.action, "/storehub/delete?q=x", ownerId, {
      intent: "archive",
      ids: [String(one.id), String(two.id)],
      confirmed: "1",
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/storehub/delete?q=x&done=archived&count=2");
    expect((await itemById(one.id))?.status).toBe("archived");
    expect((await itemById(two.id))?.status).toBe("archived");

    await run(deleteRoute.action, "/storehub/delete", ownerId, {
      intent: "restore",
      ids: [String(two.id)],
    });
    expect((await itemById(two.id))?.status).toBe("active");
    const none = await run(deleteRoute.action, "/storehub/delete", ownerId, { intent: "archive" });
    expect(none).toMatchObject({ status: 400, data: { error: "storehub.delete.noneSelected" } });
  });

  it("deletes for good only an item that never moved, after confirmation", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    const moved = await insertItem(test.db, shop.id, ownerId, {
      opening: { qty: 1_000, locationId: defaultLocationId },
    });
    const fresh = await insertItem(test.db, shop.id, ownerId);
    const refused = await run(deleteRoute.action, "/storehub/delete", ownerId, {
      deleteId: String(moved.id),
      confirmed: "1",
    });
    expect(refused).toMatchObject({ status: 409, data: { error: "storehub.error.hasMovements" } });
    expect(await itemById(moved.id)).not.toBeNull();

    const ask = await run(deleteRoute.action, "/storehub/delete", ownerId, {
      deleteId: String(fresh.id),
    });
    expect(ask.data).toMatchObject({ confirm: { intent: "delete", items: [{ id: fresh.id }] } });
    expect(await itemById(fresh.id)).not.toBeNull();
    const done = await run(deleteRoute.action, "/storehub/delete", ownerId, {
      deleteId: String(fresh.id),
      confirmed: "1",
    });
    expect(done.status).toBe(302);
    expect(await itemById(fresh.id)).toBeNull();

    // The list says which items can only be archived.
    type Data = Awaited<ReturnType<typeof deleteRoute.loader>>;
    const list = (await run(deleteRoute.loader, "/storehub/delete", ownerId)).data as Data;
    expect(list.items.rows.map((row) => [row.id, row.hasMovements])).toEqual([[moved.id, true]]);
  });
});

describe("CSV import", () => {
  type Preview = {
    check: {
      fileError: string | null;
      problems: { row: number; field: string | null; message: string; values?: object }[];
      problemCount: number;
      validCount: number;
      withStock: number;
      rowCount: number;
    };
    csv: string | null;
  };
  const preview = async (userId: string, text: string) => {
    const result = await run(importRoute.action, "/storehub/import", userId, {
      intent: "preview",
      file: csvFile(text),
    });
    return { status: result.status, ...(result.data as Preview) };
  };

  it("lists every bad row with its column and writes nothing", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    await insertItem(test.db, shop.id, ownerId, { fields: { sku: "EXISTING" } });
    const text = [
      "ชื่อสินค้า,รหัสสินค้า (SKU),บาร์โค้ด,หน่วยนับ,ราคาขาย (บาท),ต้นทุนต่อหน่วย (บาท),จุดสั่งซื้อ,ยอดยกมา",
      "น้ำดื่ม 600 มล.,W-600,8850999320014,ขวด,10,7,24,100",
      'ขนม "ปังกรอบ",SNACK-1,8850999320015,ห่อ,20,12,,',
      "ไข่ไก่,EGG-1,,แผง,ราคาแพง,80,,",
      "ไข่เป็ด,w-600,,แผง,90,85,,",
      "ของเดิม,existing,,ชิ้น,1,1,,",
      ",NO-NAME,,ชิ้น,1,1,,-2",
      "",
    ].join("\r\n");
    const result = await preview(ownerId, text);
    expect(result.status).toBe(400);
    expect(result.csv).toBeNull();
    expect(result.check.problems).toEqual([
      { row: 3, field: "barcode", message: "storehub.error.barcodeInvalid" },
      { row: 4, field: "price", message: "storehub.error.priceInvalid" },
      { row: 5, field: "sku", message: "storehub.import.error.skuRepeated", values: { row: 2 } },
      { row: 7, field: "name", message: "storehub.error.nameRequired" },
      { row: 7, field: "openingQty", message: "storehub.error.qtyInvalid" },
    ]);
    expect(result.check.rowCount).toBe(6);
    // Thai messages exist for every problem shown.
    for (const problem of result.check.problems) {
      expect(th[problem.message as keyof typeof th]).toBeTruthy();
    }
    expect(await countItems(shop.id)).toBe(1);

    // A confirm carrying a bad file (edited by hand) is checked again: nothing is written.
    const forced = await run(importRoute.action, "/storehub/import", ownerId, {
      intent: "import",
      csv: text,
    });
    expect(forced.status).toBe(400);
    expect(await countItems(shop.id)).toBe(1);
  });

  it("imports every row in one go once the file is valid, with opening stock", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    const text =
      "\uFEFFname,sku,barcode,category,unit,price,cost,reorder level,opening qty,notes\r\n" +
      'น้ำดื่ม 600 มล.,W-600,8850999320014,เครื่องดื่ม,ขวด,10,7.25,24,100,"ขายดี, เติมทุกวัน"\r\n' +
      '"ขนม ""ปังกรอบ""",snack-1,,ขนม,ห่อ,"1,250.50",12,,\r\n';
    const checked = await preview(ownerId, text);
    expect(checked.status).toBe(200);
    expect(checked.check).toMatchObject({ problemCount: 0, validCount: 2, withStock: 1 });
    expect(checked.csv).toBe(text.replace(/^\uFEFF/, ""));
    expect(await countItems(shop.id)).toBe(0);

    const done = await run(
      importRoute.action,
      "/storehub/import",
      ownerId,
      { intent: "import", csv: checked.csv ?? "", fileName: "items.csv" },
      { multipart: true },
    );
    expect(done).toMatchObject({
      status: 302,
      location: "/storehub/import?created=2&updated=0&stock=1",
    });
    expect(await itemBySku(shop.id, "W-600")).toMatchObject({
      name: "น้ำดื่ม 600 มล.",
      barcode: "8850999320014",
      category: "เครื่องดื่ม",
      priceSatang: 1_000,
      costSatang: 725,
      reorderLevel: 24_000,
      onHand: 100_000,
      stockValueSatang: 72_500,
    });
    expect(await itemBySku(shop.id, "SNACK-1")).toMatchObject({
      name: 'ขนม "ปังกรอบ"',
      priceSatang: 125_050,
      onHand: 0,
    });
    const documents = await test.db
      .select()
      .from(stockDocument)
      .where(eq(stockDocument.shopId, shop.id));
    expect(documents.map((d) => d.kind)).toEqual(["opening"]);
    const [movement] = await test.db
      .select()
      .from(stockMovement)
      .where(eq(stockMovement.shopId, shop.id));
    expect(movement?.locationId).toBe(defaultLocationId);
  });

  it("writes nothing when a SKU was taken between the preview and the confirmation", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    const text = "name,sku,unit,opening qty\r\nชาไทย,TEA-TH,กล่อง,5\r\nชาเขียว,TEA-GR,กล่อง,5\r\n";
    expect((await preview(ownerId, text)).csv).not.toBeNull();
    await insertItem(test.db, shop.id, ownerId, { fields: { sku: "TEA-GR" } });
    const done = await run(importRoute.action, "/storehub/import", ownerId, {
      intent: "import",
      csv: text,
    });
    expect(done.status).toBe(400);
    // The SKU now names an existing item, which a file may update but not give opening stock.
    expect((done.data as Preview).check.problems).toEqual([
      { row: 3, field: "openingQty", message: "storehub.import.error.openingOnUpdate" },
    ]);
    expect(await itemBySku(shop.id, "TEA-TH")).toBeNull();
    expect(await test.db.$count(stockMovement, eq(stockMovement.shopId, shop.id))).toBe(0);
  });

  it("explains files it cannot take", async () => {
    const { ownerId } = await insertShop(test.db);
    expect((await preview(ownerId, "sku,unit\r\nA,ชิ้น\r\n")).check).toMatchObject({
      fileError: "storehub.import.error.missingColumns",
    });
    expect((await preview(ownerId, "name,sku,unit\r\n")).check.fileError).toBe(
      "storehub.import.error.noRows",
    );
    expect((await preview(ownerId, 'name,sku,unit\r\n"ไม่ปิด,A,ชิ้น\r\n')).check.fileError).toBe(
      "storehub.import.error.unclosedQuote",
    );
    const many =
      "name,sku,unit\r\n" +
      Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `สินค้า ${i},S-${i},ชิ้น`).join("\r\n");
    expect((await preview(ownerId, many)).check.fileError).toBe(
      "storehub.import.error.tooManyRows",
    );
    const empty = await run(importRoute.action, "/storehub/import", ownerId, {
      intent: "preview",
      file: csvFile(""),
    });
    expect((empty.data as Preview).check.fileError).toBe("storehub.import.error.noFile");
  });

  it("reads a file saved by Excel in Thai Windows-874", async () => {
    const { ownerId } = await insertShop(test.db);
    // "name,sku,unit\r\nกาแฟ,CF-1,ถุง\r\n" in Windows-874 (TIS-620) bytes.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode("name,sku,unit\r\n"),
      0xa1,
      0xd2,
      0xe1,
      0xbf,
      ...new TextEncoder().encode(",CF-1,"),
      0xb6,
      0xd8,
      0xa7,
      0x0d,
      0x0a,
    ]);
    const result = await run(importRoute.action, "/storehub/import", ownerId, {
      intent: "preview",
      file: new File([bytes], "excel.csv"),
    });
    expect(result.status).toBe(200);
    expect((result.data as Preview).csv).toBe("name,sku,unit\r\nกาแฟ,CF-1,ถุง\r\n");
  });
});

describe("CSV export", () => {
  const bytesOf = async (result: Outcome) =>
    new Uint8Array(await (result.response as Response).arrayBuffer());
  const textOf = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

  it("writes items as UTF-8 with a BOM, Thai headers, quoted fields and baht with 2 decimals", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    await insertItem(test.db, shop.id, ownerId, {
      fields: {
        name: 'ขนม "ปังกรอบ", รสเนย',
        sku: "SNACK-1",
        barcode: "8850999320014",
        price: 125_050,
        cost: 1_200,
        reorderLevel: 6_000,
      },
      opening: { qty: 3_000, locationId: defaultLocationId },
    });
    await insertItem(test.db, shop.id, ownerId, { fields: { name: "=1+1", sku: "FORMULA" } });
    const result = await run(exportItemsRoute.loader, "/storehub/export/items.csv", ownerId);
    expect(result.status).toBe(200);
    const headers = result.response?.headers;
    expect(headers?.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(headers?.get("content-disposition")).toMatch(
      /^attachment; filename="storehub-items-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = await bytesOf(result);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = textOf(bytes).slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "ชื่อสินค้า,รหัสสินค้า (SKU),บาร์โค้ด,หมวดหมู่,หน่วยนับ,ราคาขาย (บาท),ต้นทุนต่อหน่วย (บาท),จุดสั่งซื้อ,คงเหลือ,ต้นทุนเฉลี่ย (บาท),มูลค่าคงเหลือ (บาท),สถานะ,ขายตามน้ำหนัก/ความยาว,กลุ่มสินค้าหลายแบบ,ตัวเลือกของแบบ,ราคาตามจริง,ราคาต่ำสุด (บาท),ราคาสูงสุด (บาท)",
    );
    expect(lines[1]).toBe("'=1+1,FORMULA,,เครื่องดื่ม,ขวด,10.00,7.00,0,0,0.00,0.00,ใช้งาน,,,,,,");
    expect(lines[2]).toBe(
      '"ขนม ""ปังกรอบ"", รสเนย",SNACK-1,8850999320014,เครื่องดื่ม,ขวด,1250.50,12.00,6,3,12.00,36.00,ใช้งาน,,,,,,',
    );
    expect(lines[3]).toBe("");
    expect(lines).toHaveLength(4);
  });

  it("uses English headers when the interface is in English", async () => {
    const { shop, ownerId } = await insertShop(test.db);
    await insertItem(test.db, shop.id, ownerId, { fields: { name: "ชาไทย", sku: "TEA" } });
    const result = await run(
      exportItemsRoute.loader,
      "/storehub/export/items.csv",
      ownerId,
      undefined,
      {
        cookie: "lang=en",
      },
    );
    const text = textOf(await bytesOf(result));
    expect(text.startsWith(`\uFEFF${en["storehub.field.name"]},SKU,`)).toBe(true);
    expect(text).toContain(",Active,,,,,,\r\n");
  });

  it("reads the items a batch at a time and writes each exactly once, in SKU order", async () => {
    const { shop } = await insertShop(test.db);
    const count = EXPORT_BATCH * 2 + 7;
    await test.db.insert(stockItem).values(
      Array.from({ length: count }, (_, i) => ({
        shopId: shop.id,
        name: `สินค้าทดสอบ ${i}`,
        sku: `B-${String(i).padStart(5, "0")}`,
        unit: "ชิ้น",
      })),
    );
    const [member] = await test.db.select().from(shopMember).where(eq(shopMember.shopId, shop.id));
    const result = await run(
      exportItemsRoute.loader,
      "/storehub/export/items.csv",
      member?.userId ?? "",
    );
    const lines = textOf(await bytesOf(result))
      .trimEnd()
      .split("\r\n")
      .slice(1);
    expect(lines).toHaveLength(count);
    const skus = lines.map((line) => line.split(",")[1]);
    expect(skus).toEqual([...skus].sort());
    expect(new Set(skus).size).toBe(count);
  });

  it("writes balances per location with the location's path", async () => {
    const { shop, ownerId, defaultLocationId } = await insertShop(test.db);
    const zone = await createLocation(test.db, shop.id, {
      parentId: defaultLocationId,
      name: "โซน A",
    });
    if (!zone.ok) throw new Error("zone");
    const item = await insertItem(test.db, shop.id, ownerId, {
      fields: { name: "สบู่ก้อน", sku: "SOAP", cost: 1_500 },
      opening: { qty: 10_000, locationId: defaultLocationId },
    });
    const moved = await postStockDocument(test.db, {
      shopId: shop.id,
      userId: ownerId,
      kind: "transfer",
      lines: [
        {
          itemId: item.id,
          locationId: defaultLocationId,
          toLocationId: zone.location.id,
          qty: 4_000,
        },
      ],
    });
    expect(moved.ok).toBe(true);
    await insertItem(test.db, shop.id, ownerId, { fields: { name: "ไม่มีของ", sku: "EMPTY" } });
    const result = await run(exportBalancesRoute.loader, "/storehub/export/balances.csv", ownerId);
    const bytes = await bytesOf(result);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(textOf(bytes).slice(1).split("\r\n")).toEqual([
      "ที่เก็บ,รหัสสินค้า (SKU),ชื่อสินค้า,บาร์โค้ด,หน่วยนับ,จำนวน,ต้นทุนเฉลี่ย (บาท),มูลค่าตามต้นทุนเฉลี่ย (บาท)",
      "คลังหลัก,SOAP,สบู่ก้อน,,ขวด,6,15.00,90.00",
      "คลังหลัก › โซน A,SOAP,สบู่ก้อน,,ขวด,4,15.00,60.00",
      "",
    ]);
  });
});

describe("value per location", () => {
  const textOf = async (result: Outcome) =>
    new TextDecoder("utf-8", { ignoreBOM: true })
      .decode(new Uint8Array(await (result.response as Response).arrayBuffer()))
      .slice(1);
  const satang = (baht: string) => Math.round(Number(baht) * 100);

  it("adds up to the item's value to the satang, in both exports and on the storage page", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(test.db);
    const zone = await createLocation(test.db, shop.id, { parentId: home, name: "โซน B" });
    if (!zone.ok) throw new Error("zone");
    const item = await insertItem(test.db, shop.id, ownerId, {
      fields: { name: "น้ำมันพืช", sku: "OIL-1", cost: 1_001 },
      opening: { qty: 3_000, locationId: home },
    });
    const post = (
      kind: "receive" | "issue",
      lines: Parameters<typeof postStockDocument>[1]["lines"],
    ) => postStockDocument(test.db, { shopId: shop.id, userId: ownerId, kind, lines });
    // The average (7,003 / 7 = 1,000.43 satang) is not a whole satang: a per-location value
    // worked out as quantity × average would lose 3 satang.
    expect(
      await post("receive", [
        { itemId: item.id, locationId: zone.location.id, qty: 4_000, unitCostSatang: 1_000 },
      ]),
    ).toMatchObject({ ok: true });
    expect(await post("issue", [{ itemId: item.id, locationId: home, qty: 1_000 }])).toMatchObject({
      ok: true,
    });
    const value = (await itemById(item.id))?.stockValueSatang ?? 0;
    expect(value).toBe(2_002 + 4_000);

    const items = (
      await textOf(await run(exportItemsRoute.loader, "/storehub/export/items.csv", ownerId))
    )
      .split("\r\n")
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(","));
    const itemValue = satang(items.find((cells) => cells[1] === "OIL-1")?.[10] ?? "");
    const balances = (
      await textOf(await run(exportBalancesRoute.loader, "/storehub/export/balances.csv", ownerId))
    )
      .split("\r\n")
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(","));
    expect(balances.map((cells) => [cells[0], cells[5], cells[7]])).toEqual([
      ["คลังหลัก", "2", "20.02"],
      ["คลังหลัก › โซน B", "4", "40.00"],
    ]);
    expect(itemValue).toBe(value);
    expect(balances.reduce((sum, cells) => sum + satang(cells[7] ?? ""), 0)).toBe(itemValue);

    type Data = Awaited<ReturnType<typeof storageRoute.loader>>;
    const page = (await run(storageRoute.loader, `/storehub/storage?item=${item.id}`, ownerId))
      .data as Data;
    const shown = page.tree.filter((node) => node.qty !== 0).map((node) => node.valueSatang);
    expect(shown).toEqual([2_002, 4_000]);
    expect(page.item?.stockValueSatang).toBe(value);
  });
});

describe("archived items in stock documents", () => {
  it("warns when stock of an archived item is posted", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(test.db);
    const item = await insertItem(test.db, shop.id, ownerId, {
      fields: { name: "ขนมเลิกขาย", sku: "OLD-SNACK" },
    });
    await run(deleteRoute.action, "/storehub/delete", ownerId, {
      intent: "archive",
      ids: String(item.id),
      confirmed: "1",
    });
    const line = { item: "OLD-SNACK", location: String(home), qty: "5", cost: "7" };
    const form = {
      kind: "receive",
      "lines[0].item": line.item,
      "lines[0].location": line.location,
      "lines[0].qty": line.qty,
      "lines[0].cost": line.cost,
    };
    // Before posting: the checked line says the item is archived.
    const checked = await run(inoutRoute.action, "/storehub/inout", ownerId, {
      ...form,
      intent: "check",
    });
    expect(
      (checked.data as { previews: Record<number, { archived: boolean }> }).previews[0],
    ).toMatchObject({ archived: true });
    // After posting: the document says so too, in Thai on a Thai page.
    const posted = await run(inoutRoute.action, "/storehub/inout", ownerId, {
      ...form,
      intent: "post",
    });
    expect(posted.status).toBe(302);
    const shown = await run(inoutRoute.loader, posted.location ?? "", ownerId);
    type Data = Awaited<ReturnType<typeof inoutRoute.loader>>;
    expect((shown.data as Data).posted?.lines.map((l) => l.archived)).toEqual([true]);
    expect(th["storehub.inout.postedArchived"]).toContain("เก็บถาวร");
  });
});

describe("CSV import of items the shop has", () => {
  it("updates them by SKU, showing what changes first, and leaves their stock alone", async () => {
    const { shop, ownerId, defaultLocationId: home } = await insertShop(test.db);
    await insertItem(test.db, shop.id, ownerId, {
      fields: { name: "กาแฟดำ", sku: "COFFEE-1", price: 4_500, cost: 2_000 },
      opening: { qty: 6_000, locationId: home },
    });
    const exported = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
      new Uint8Array(
        await (
          (
            await run(exportItemsRoute.loader, "/storehub/export/items.csv", ownerId)
          ).response as Response
        ).arrayBuffer(),
      ),
    );
    // The export imported back as it is: every row found, nothing changes.
    const same = await run(importRoute.action, "/storehub/import", ownerId, {
      intent: "preview",
      file: new File([exported], "items.csv"),
    });
    type Summary = {
      check: {
        problemCount: number;
        updateCount: number;
        sameCount: number;
        preview: { action: string; changes: { field: string; from: string; to: string }[] }[];
      };
      csv: string | null;
    };
    expect((same.data as Summary).check).toMatchObject({
      problemCount: 0,
      updateCount: 0,
      sameCount: 1,
    });
    // A new price and a new item.
    const edited =
      exported.replace(",45.00,", ",49.00,").trimEnd() + "\r\nชาเย็น,TEA-1,,,แก้ว,35,10,0,,,,\r\n";
    const preview = await run(importRoute.action, "/storehub/import", ownerId, {
      intent: "preview",
      file: new File([edited], "items.csv"),
    });
    const summary = preview.data as Summary;
    expect(summary.check.problemCount).toBe(0);
    expect(summary.check.preview.map((row) => [row.action, row.changes])).toEqual([
      ["update", [{ field: "price", from: "45.00", to: "49.00" }]],
      ["new", []],
    ]);
    const done = await run(
      importRoute.action,
      "/storehub/import",
      ownerId,
      { intent: "import", csv: summary.csv ?? "" },
      { multipart: true },
    );
    expect(done).toMatchObject({
      status: 302,
      location: "/storehub/import?created=1&updated=1&stock=0",
    });
    expect(await itemBySku(shop.id, "COFFEE-1")).toMatchObject({
      priceSatang: 4_900,
      costSatang: 2_000,
      onHand: 6_000,
      stockValueSatang: 12_000,
    });
    expect(await itemBySku(shop.id, "TEA-1")).toMatchObject({ name: "ชาเย็น", priceSatang: 3_500 });
  });
});
