import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { stockItem } from "~/db/schema";
import * as tillRoute from "~/routes/shophub/sell/route";
import { unpackItems } from "~/routes/shophub/sell/till-data";
import { callRoute, outcomeOf, routeContext, runRoute } from "../setup/route-call";
import {
  addShopMember,
  createUser,
  insertItem,
  insertShop,
  type TestShop,
} from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let home: TestShop;
let other: TestShop;
let owner: SessionUser;

beforeAll(async () => {
  test = await createTestDatabase();
  owner = await createUser(test.db, { name: "เจ้าของร้านขายของ" });
  home = await insertShop(test.db, { ownerId: owner.id, name: "ร้านขายดี" });
  other = await insertShop(test.db, { name: "ร้านข้างบ้าน" });
});
afterAll(() => test.drop());

function open(member: SessionUser | null, shopId: string) {
  return outcomeOf<tillRoute.TillLoaderData>(
    callRoute(tillRoute.loader, `/shophub/sell?shop=${shopId}`, {
      context: routeContext(test.db, member),
    }),
  );
}

describe("the till's loader", () => {
  it("sends a visitor to sign in", async () => {
    const outcome = await open(null, home.shop.id);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/user\/signIn/);
  });

  it("refuses a stock member, who keeps the stock but does not sell", async () => {
    const stock = await addShopMember(test.db, home.shop.id, "stock");
    expect((await open(stock, home.shop.id)).status).toBe(403);
  });

  it("does not open another shop's till for a member of this one", async () => {
    const cashier = await addShopMember(test.db, other.shop.id, "cashier");
    expect((await open(cashier, home.shop.id)).status).toBe(404);
  });

  it("lists the active items of this shop only, with price, stock and photo", async () => {
    const cashier = await addShopMember(test.db, home.shop.id, "cashier");
    const location = home.defaultLocationId;
    const water = await insertItem(test.db, home.shop.id, owner.id, {
      fields: { name: "น้ำดื่มตราช้าง", sku: "TILL-WATER", barcode: "8850999320014", price: 1_000 },
      opening: { qty: 12_000, locationId: location },
    });
    await test.db
      .update(stockItem)
      .set({ imageKey: "items/x/water.webp" })
      .where(eq(stockItem.id, water.id));
    const archived = await insertItem(test.db, home.shop.id, owner.id, {
      fields: { name: "ขนมเลิกขาย", sku: "TILL-OLD" },
    });
    await test.db
      .update(stockItem)
      .set({ status: "archived" })
      .where(eq(stockItem.id, archived.id));
    await insertItem(test.db, other.shop.id, other.ownerId, {
      fields: { name: "ของร้านอื่น", sku: "TILL-OTHER" },
    });

    const outcome = await open(cashier, home.shop.id);
    expect(outcome.status).toBe(200);
    const data = outcome.data!;
    const items = unpackItems(data.items);
    expect(items.map((item) => item.sku)).toEqual(["TILL-WATER"]);
    expect(items[0]).toMatchObject({
      name: "น้ำดื่มตราช้าง",
      barcode: "8850999320014",
      category: "เครื่องดื่ม",
      priceSatang: 1_000,
      onHandMilli: 12_000,
      imageUrl: "/media/items/x/water.webp",
      measured: false,
    });
    // A shop that never saved selling settings sells without VAT (at rate 0, as completeSale
    // prices it) and has no PromptPay QR.
    expect(data.vat).toEqual({ mode: "none", rateBasisPoints: 0 });
    expect(data.promptPay).toBeNull();
    expect(data.isOwner).toBe(false);
    expect(data.allowNegativeStock).toBe(false);
    // Cashiers see no costs: nothing of the sort is sent.
    expect(JSON.stringify(data.items)).not.toContain("700");
  });
});

describe("the till's action", () => {
  function post(member: SessionUser, body: unknown) {
    const request = new Request(`http://localhost/shophub/sell?shop=${home.shop.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return outcomeOf<tillRoute.TillActionData>(
      runRoute(tillRoute.action, request, routeContext(test.db, member)),
    );
  }

  it("answers a body that is not a sale with a Thai-mappable refusal, before selling anything", async () => {
    const cashier = await addShopMember(test.db, home.shop.id, "cashier");
    const outcome = await post(cashier, {
      shopId: home.shop.id,
      clientSaleId: "not-a-uuid",
      lines: [],
    });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toEqual({
      ok: false,
      error: { code: "invalidRequest", key: "shops.sell.error.invalidRequest" },
    });
  });

  it("sells a bill split into as many payments as completeSale takes (one contract)", async () => {
    const cashier = await addShopMember(test.db, home.shop.id, "cashier");
    const item = await insertItem(test.db, home.shop.id, owner.id, {
      fields: { name: "ขนมแบ่งจ่าย", sku: "TILL-SPLIT", price: 1_200 },
      opening: { qty: 5_000, locationId: home.defaultLocationId },
    });
    const outcome = await post(cashier, {
      shopId: home.shop.id,
      clientSaleId: crypto.randomUUID(),
      till: "เครื่อง 1",
      lines: [{ itemId: item.id, qtyMilli: 1_000 }],
      // Twelve friends pay their share by transfer: more than the route's old limit of 10.
      payments: Array.from({ length: 12 }, () => ({ method: "transfer", amountSatang: 100 })),
      expectedTotalSatang: 1_200,
    });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({ ok: true, sale: { totalSatang: 1_200 } });
  });
});
