import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { seedDemoContent } from "~/modules/content/index.server";
import { createLocalStorage } from "~/modules/media/index.server";
import { completeSale, returnSaleLines, voidSale } from "~/modules/sales/index.server";
import { openShift } from "~/modules/shifts/index.server";
import { postStockDocument } from "~/modules/stock/index.server";
import { saleLine } from "~/db/schema";
import { eq } from "drizzle-orm";
import { createAttackFixture, type AttackFixture, type ShopIds } from "../setup/attack-fixture";
import { costFieldsIn, costValuesIn, satangPatterns } from "../setup/cost-fields";
import { insertItem } from "../setup/factories";
import { attack, shopCookie, type AttackOutcome, type DataFunction } from "../setup/route-call";
import { routeHandlers } from "../setup/route-handlers";
import { createTestAuth } from "../setup/test-auth";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { MATRIX, type CallSpec, type ShopRow } from "./isolation-matrix.table";

/*
 * Issue 31.4: a cashier sees no costs (PRODUCT.md, README). Every loader and action of
 * app/routes.ts (walked as isolation-matrix.test.ts walks it, with its table's requests) is
 * called as a cashier of a shop with sales, a return, a void and stock received at costs of
 * its own; no answer may hold a field about costs (cost, unit or average cost, value at cost,
 * margin, profit), a cost column of a CSV, or any amount the owner is shown under such a field.
 */

let test: TestDatabase;
let auth: ReturnType<typeof createTestAuth>["auth"];
let fx: AttackFixture;
let storageFolder: string;
let storage: ReturnType<typeof createLocalStorage>;
/** The home shop's ids, pointing at the cashier's own sale, shift and the costly item. */
let ids: ShopIds;
let creditNoteId: number;
const handlers = new Map<string, DataFunction>();

/** Prices and costs no other figure of the fixture has, so a match is a leak. */
const PRICE = 987_650;
const OPENING_COST = 432_187;
const RECEIVED_COST = 512_349;

/** The cashier's shop: a costly item, received twice, sold, partly returned, one sale voided. */
async function costlyShop(): Promise<ShopIds> {
  const { db } = test;
  const shopId = fx.home.shopId;
  const owner = fx.homeRoles.owner;
  const cashier = fx.homeRoles.cashier;
  const item = await insertItem(db, shopId, owner.id, {
    fields: { price: PRICE, cost: OPENING_COST, reorderLevel: 100_000 },
    opening: { qty: 40_000, locationId: fx.home.defaultLocationId },
  });
  // Last by name, first by margin and last by value: an order by cost would move it.
  await insertItem(db, shopId, owner.id, {
    fields: { name: "ฮวยจี๊ ลูกอมรสบ๊วย", price: 1_000, cost: 990 },
    opening: { qty: 10_000, locationId: fx.home.defaultLocationId },
  });
  const received = await postStockDocument(db, {
    shopId,
    userId: owner.id,
    kind: "receive",
    reference: "PO-COST",
    lines: [
      {
        itemId: item.id,
        locationId: fx.home.defaultLocationId,
        qty: 10_000,
        unitCostSatang: RECEIVED_COST,
      },
    ],
  });
  if (!received.ok) throw new Error(JSON.stringify(received.error));
  const till = "เครื่องคิดต้นทุน";
  const actor = { shopId, userId: cashier.id, userName: cashier.name, role: "cashier" as const };
  const opened = await openShift(db, actor, { till, openingCashSatang: 100_000 });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const sell = async (qty: number) => {
    const result = await completeSale(
      db,
      { shopId, userId: cashier.id, cashierName: cashier.name, role: "cashier" },
      {
        clientSaleId: randomUUID(),
        till,
        lines: [{ itemId: item.id, qtyMilli: qty * 1000 }],
        payments: [{ method: "cash", amountSatang: PRICE * qty }],
        expectedTotalSatang: PRICE * qty,
      },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return result.sale.id;
  };
  const saleId = await sell(3);
  const [line] = await db.select().from(saleLine).where(eq(saleLine.saleId, saleId));
  const ownerActor = { shopId, userId: owner.id, role: "owner" as const };
  const returned = await returnSaleLines(db, ownerActor, {
    saleId,
    lines: [{ saleLineId: line!.id, qtyMilli: 1000 }],
    reason: "ลูกค้าคืน",
    refundMethod: "cash",
  });
  if (!returned.ok) throw new Error(JSON.stringify(returned.error));
  creditNoteId = returned.creditNote.id;
  const voided = await voidSale(db, ownerActor, { saleId: await sell(2), reason: "ผิดรายการ" });
  if (!voided.ok) throw new Error(JSON.stringify(voided.error));
  return {
    ...fx.home,
    itemId: item.id,
    itemName: item.name,
    sku: item.sku,
    barcode: item.barcode ?? fx.home.barcode,
    saleId,
    shiftId: opened.value.id,
  };
}

beforeAll(async () => {
  test = await createTestDatabase();
  ({ auth } = createTestAuth(test.db));
  await seedDemoContent(test.db);
  storageFolder = await mkdtemp(path.join(tmpdir(), "cashier-costs-"));
  storage = createLocalStorage(storageFolder);
  fx = await createAttackFixture(test.db);
  ids = await costlyShop();
  const root = (await import(path.resolve("app/root.tsx"))) as Record<string, unknown>;
  handlers.set("root loader", root.loader as DataFunction);
  for (const [key, fn] of await routeHandlers()) handlers.set(key, fn);
});
afterAll(async () => {
  await test.drop();
  await rm(storageFolder, { recursive: true, force: true });
});

/** The row's request for the cashier's shop, carrying `shopId` as the pages do. */
function withShopId(spec: CallSpec): CallSpec {
  if (spec.form) return { ...spec, form: { shopId: ids.shopId, ...spec.form } };
  if (/[?&]shopId=/.test(spec.path)) return spec;
  return {
    ...spec,
    path: `${spec.path}${spec.path.includes("?") ? "&" : "?"}shopId=${ids.shopId}`,
  };
}

/**
 * Besides each row's request, the views of a page where its costs would be: an item's whole
 * ledger, a credit note's print, and the orders by value and margin (an order by cost tells
 * the costs' ranking even without a figure).
 */
function moreRequests(key: string): CallSpec[] {
  const shop = `shop=${ids.shopId}`;
  const more: Record<string, CallSpec[]> = {
    "routes/storehub/storage loader": [{ path: `/storehub/storage?item=${ids.itemId}` }],
    "routes/storehub/overview loader": [{ path: "/storehub?sort=value" }],
    "routes/shophub/stock loader": ["value", "margin"].map((sort) => ({
      path: `/shophub/stock?${shop}&sort=${sort}`,
    })),
    "routes/shophub/stock/export loader": [
      { path: `/shophub/stock/export.csv?${shop}&sort=margin` },
    ],
    "routes/shophub/invoices/print loader": [
      { path: `/shophub/invoices/${ids.saleId}/print?${shop}&doc=credit-${creditNoteId}` },
    ],
  };
  return more[key] ?? [];
}

function requestsOf(key: string): CallSpec[] {
  const row = MATRIX[key];
  if (!row) throw new Error(`${key}: no row in isolation-matrix.table.ts`);
  const spec =
    row.access === "shop" ? (row as ShopRow).request(ids) : (row.request ?? { path: "/" });
  return [spec, ...moreRequests(key)].map(withShopId);
}

async function call(key: string, spec: CallSpec, user: SessionUser): Promise<AttackOutcome> {
  return attack(
    handlers.get(key)!,
    { path: spec.path, form: spec.form, cookie: await shopCookie(ids.shopId) },
    { db: test.db, user, overrides: { auth, storage } },
  );
}

/** Loaders first (actions may change what the loaders show), in the order of app/routes.ts. */
function keys(): string[] {
  const all = [...handlers.keys()];
  return [
    ...all.filter((key) => key.endsWith(" loader")),
    ...all.filter((k) => k.endsWith(" action")),
  ];
}

it("answers a cashier on every route without a cost, a margin or a profit", async () => {
  // What the owner is shown under cost fields, from the same pages: the amounts to look for.
  const secrets = new Set<number>([OPENING_COST, RECEIVED_COST]);
  for (const key of keys().filter((k) => k.endsWith(" loader"))) {
    for (const spec of requestsOf(key)) {
      for (const value of costValuesIn(await call(key, spec, fx.homeRoles.owner))) {
        // Small numbers (a margin in basis points, 0) are in too many other figures to tell.
        if (Number.isSafeInteger(value) && Math.abs(value) >= 10_000) secrets.add(Math.abs(value));
      }
    }
  }
  const patterns = [...secrets].flatMap((value) =>
    satangPatterns(value).map((p) => ({ value, p })),
  );

  const leaks = new Set<string>();
  const opened: string[] = [];
  for (const key of keys()) {
    for (const spec of requestsOf(key)) {
      const outcome = await call(key, spec, fx.homeRoles.cashier);
      if (outcome.status === 200) opened.push(key);
      // A PDF's text is compressed: it is the print page's document, searched there.
      if (outcome.response?.headers.get("content-type")?.startsWith("application/pdf")) continue;
      const at = `${key} ${spec.path.replace(/[?&]shopId=[^&]*/, "")}`;
      // One line per field, whichever row of a list it is in.
      for (const field of costFieldsIn(outcome))
        leaks.add(`${at}: ${field.replace(/\[\d+\]/g, "[]")}`);
      for (const { value, p } of patterns) {
        if (p.test(outcome.text)) leaks.add(`${at}: the cost ${value} (${p.source})`);
      }
    }
  }
  expect([...leaks]).toEqual([]);
  // The walk reached the pages a cashier works with (a refusal would hide nothing).
  expect(opened).toEqual(
    expect.arrayContaining([
      "routes/shophub/invoices/list loader",
      "routes/shophub/invoices/detail loader",
      "routes/shophub/invoices/print loader",
      "routes/shophub/invoices/pdf loader",
      "routes/shophub/sell/route loader",
      "routes/shophub/dashboard loader",
      "routes/shophub/stock loader",
      "routes/shophub/stock/export loader",
      "routes/shophub/shifts/list loader",
      "routes/shophub/shifts/report loader",
      "routes/site/shophub loader",
      "routes/storehub/overview loader",
      "routes/storehub/storage loader",
      "routes/storehub/lookup loader",
      "routes/storehub/export-items loader",
      "routes/storehub/export-balances loader",
    ]),
  );
  // The owner's pages did show costs: the search had something to find.
  expect(secrets.size).toBeGreaterThan(4);
});

it("lists the stock for a cashier in no order that follows the costs", async () => {
  const orderOf = async (key: string, path: string) => {
    const outcome = await call(key, withShopId({ path }), fx.homeRoles.cashier);
    expect(outcome.status, path).toBe(200);
    const data = outcome.data as { page?: { rows: { itemId: number }[] } } | undefined;
    // The CSV's rows, or the page's items.
    return data?.page ? data.page.rows.map((row) => row.itemId) : outcome.text;
  };
  const shop = `shop=${ids.shopId}`;
  const page = "routes/shophub/stock loader";
  const csv = "routes/shophub/stock/export loader";
  const byName = await orderOf(page, `/shophub/stock?${shop}`);
  const byNameCsv = await orderOf(csv, `/shophub/stock/export.csv?${shop}`);
  for (const sort of ["value", "margin"]) {
    expect(await orderOf(page, `/shophub/stock?${shop}&sort=${sort}`), sort).toEqual(byName);
    expect(await orderOf(csv, `/shophub/stock/export.csv?${shop}&sort=${sort}`), sort).toEqual(
      byNameCsv,
    );
  }
  // The owner's orders do differ: the check above could fail.
  const owner = async (sort: string) =>
    (
      (
        await call(
          page,
          withShopId({ path: `/shophub/stock?${shop}&sort=${sort}` }),
          fx.homeRoles.owner,
        )
      ).data as { page: { rows: { itemId: number }[] } }
    ).page.rows.map((row) => row.itemId);
  expect(await owner("margin")).not.toEqual(await owner("name"));
  expect(await owner("value")).not.toEqual(await owner("name"));
});
