import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { sale, saleLine, shopGuide, stockDocument, stockItem, stockMovement } from "~/db/schema";
import { checkBarcode, postStockDocument } from "~/modules/stock/index.server";
import * as guideRoute from "~/routes/shophub/guide";
import * as shopsLayout from "~/routes/shophub/layout";
import * as storehubLayout from "~/routes/storehub/layout";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import { callRoute, outcomeOf, routeContext, sessionUserOf, shopCookie } from "../setup/route-call";
import { createSaleForTest } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

type LayoutData = Awaited<ReturnType<typeof shopsLayout.loader>>;
type StorehubData = Awaited<ReturnType<typeof storehubLayout.loader>>;

/** Posts one of the guide's forms, as the page does (its shop in the address and the form). */
function post(shopId: string, member: SessionUser, fields: Record<string, string>) {
  return outcomeOf(
    callRoute(guideRoute.action, `/shophub/guide?shop=${shopId}`, {
      context: routeContext(test.db, member),
      form: { shopId, ...fields },
    }),
  );
}

function layout(path: string, member: SessionUser, cookie?: string) {
  return outcomeOf<LayoutData>(
    callRoute(shopsLayout.loader, path, {
      context: routeContext(test.db, member),
      ...(cookie ? { cookie } : {}),
    }),
  );
}

async function samplesOf(shopId: string) {
  return test.db
    .select()
    .from(stockItem)
    .where(and(eq(stockItem.shopId, shopId), eq(stockItem.sample, true)))
    .orderBy(stockItem.sku);
}

async function newShop() {
  const t: TestShop = await insertShop(test.db);
  const manager = await addShopMember(test.db, t.shop.id, "manager");
  const cashier = await addShopMember(test.db, t.shop.id, "cashier");
  const stockKeeper = await addShopMember(test.db, t.shop.id, "stock");
  return {
    t,
    owner: sessionUserOf(t.ownerId),
    manager: sessionUserOf(manager.id),
    cashier: sessionUserOf(cashier.id),
    stockKeeper: sessionUserOf(stockKeeper.id),
    dashboard: `/shophub/dashboard?shop=${t.shop.id}`,
  };
}

describe("sample items of the guided first sale", () => {
  it("a new shop is offered them; the owner adds six with real opening stock through the ledger", async () => {
    const s = await newShop();
    const offered = await layout(s.dashboard, s.owner);
    expect(offered.data?.guideOffer).toMatchObject({
      newShop: true,
      canSample: true,
      samples: 0,
      running: false,
    });

    const added = await post(s.t.shop.id, s.owner, { intent: "add-samples" });
    expect(added.status).toBe(302);
    expect(added.location).toBe(`${s.dashboard}&samples=added#first-sale`);

    const items = await samplesOf(s.t.shop.id);
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(item.sku).toMatch(/^SAMPLE-0\d$/);
      expect(checkBarcode(item.barcode ?? "").ok).toBe(true);
      expect(item.barcode).toMatch(/^20/);
      expect(item.category).not.toBe("");
      expect(item.priceSatang).toBeGreaterThan(item.costSatang);
      expect(item.costSatang).toBeGreaterThan(0);
      expect(item.onHand).toBeGreaterThan(0);
      // Stock at cost: the ledger valued the opening at the item's cost.
      expect(item.stockValueSatang).toBe((item.onHand / 1000) * item.costSatang);
    }
    const documents = await test.db
      .select()
      .from(stockDocument)
      .where(eq(stockDocument.shopId, s.t.shop.id));
    expect(documents).toMatchObject([{ kind: "opening", reference: "SAMPLE", number: 1 }]);

    // The dashboard now says how many samples there are and offers to take them back.
    const after = await layout(`${s.dashboard}&samples=added`, s.owner);
    expect(after.data?.guideOffer).toMatchObject({
      newShop: false,
      samples: 6,
      activeSamples: 6,
      outcome: "added",
    });

    // A second press adds nothing: the shop is no longer new.
    const again = await post(s.t.shop.id, s.manager, { intent: "add-samples" });
    expect(again.location).toContain("samples=notNew");
    expect(await samplesOf(s.t.shop.id)).toHaveLength(6);
  });

  it("removes them all in one click with their opening stock, and the numbers are given back", async () => {
    const s = await newShop();
    await post(s.t.shop.id, s.manager, { intent: "add-samples" });
    const removed = await post(s.t.shop.id, s.manager, { intent: "remove-samples" });
    expect(removed.location).toBe(`${s.dashboard}&samples=removed#first-sale`);
    expect(await samplesOf(s.t.shop.id)).toHaveLength(0);
    const [left] = await test.db
      .select({ documents: sql<number>`count(*)::int` })
      .from(stockDocument)
      .where(eq(stockDocument.shopId, s.t.shop.id));
    expect(left?.documents).toBe(0);
    const [moves] = await test.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovement)
      .where(eq(stockMovement.shopId, s.t.shop.id));
    expect(moves?.n).toBe(0);
    // The shop's first real opening stock is number 1, as if the samples had never been.
    await insertItem(test.db, s.t.shop.id, s.t.ownerId, {
      opening: { locationId: s.t.defaultLocationId, qty: 5_000 },
    });
    const [real] = await test.db
      .select({ number: stockDocument.number })
      .from(stockDocument)
      .where(eq(stockDocument.shopId, s.t.shop.id));
    expect(real?.number).toBe(1);
  });

  it("refuses to remove sold samples, says so, and hides them instead without touching the sale", async () => {
    const s = await newShop();
    await post(s.t.shop.id, s.owner, { intent: "add-samples" });
    const [water] = await samplesOf(s.t.shop.id);
    const sold = await createSaleForTest(test.db, {
      shopId: s.t.shop.id,
      userId: s.cashier.id,
      lines: [{ itemId: water!.id, qty: 2 }],
    });

    const refused = await post(s.t.shop.id, s.owner, { intent: "remove-samples" });
    expect(refused.location).toContain("samples=sold");
    expect(await samplesOf(s.t.shop.id)).toHaveLength(6);
    const offer = await layout(`${s.dashboard}&samples=sold`, s.owner);
    expect(offer.data?.guideOffer).toMatchObject({ outcome: "sold", activeSamples: 6 });

    const archived = await post(s.t.shop.id, s.owner, { intent: "archive-samples" });
    expect(archived.location).toContain("samples=archived");
    const items = await samplesOf(s.t.shop.id);
    expect(items.map((item) => item.status)).toEqual(Array(6).fill("archived"));
    const [kept] = await test.db.select().from(sale).where(eq(sale.id, sold.id));
    expect(kept?.status).toBe("completed");
    const lines = await test.db.select().from(saleLine).where(eq(saleLine.saleId, sold.id));
    expect(lines).toHaveLength(1);
    expect(items.find((item) => item.id === water!.id)?.onHand).toBe(water!.onHand - 2_000);
    // Hidden samples are no longer offered for removal; the card goes away.
    const gone = await layout(s.dashboard, s.owner);
    expect(gone.data?.guideOffer).toBeNull();
  });

  it("refuses to remove samples that another document moved (the shop's real history)", async () => {
    const s = await newShop();
    await post(s.t.shop.id, s.owner, { intent: "add-samples" });
    const [first] = await samplesOf(s.t.shop.id);
    const real = await insertItem(test.db, s.t.shop.id, s.t.ownerId);
    const received = await postStockDocument(test.db, {
      shopId: s.t.shop.id,
      userId: s.t.ownerId,
      kind: "receive",
      lines: [
        { itemId: first!.id, locationId: s.t.defaultLocationId, qty: 1_000 },
        { itemId: real.id, locationId: s.t.defaultLocationId, qty: 3_000 },
      ],
    });
    expect(received.ok).toBe(true);
    const refused = await post(s.t.shop.id, s.owner, { intent: "remove-samples" });
    expect(refused.location).toContain("samples=moved");
    expect(await samplesOf(s.t.shop.id)).toHaveLength(6);
  });

  it("leaves the ledger append-only outside the removal", async () => {
    const s = await newShop();
    await post(s.t.shop.id, s.owner, { intent: "add-samples" });
    const attempt = test.db.transaction(async (tx) => {
      // Even naming another shop in the setting does not open this shop's movements.
      await tx.execute(
        sql`SELECT set_config('stock.removing_samples_of', gen_random_uuid()::text, true)`,
      );
      await tx.delete(stockMovement).where(eq(stockMovement.shopId, s.t.shop.id));
    });
    await expect(attempt).rejects.toMatchObject({ cause: { code: "SK001" } });
  });
});

describe("roles and shops", () => {
  it("a cashier and a stock clerk cannot add or remove samples; a manager can", async () => {
    const s = await newShop();
    for (const intent of ["add-samples", "remove-samples", "archive-samples"]) {
      expect((await post(s.t.shop.id, s.cashier, { intent })).status).toBe(403);
      expect((await post(s.t.shop.id, s.stockKeeper, { intent })).status).toBe(403);
    }
    expect(await samplesOf(s.t.shop.id)).toHaveLength(0);
    const cashierOffer = await layout(s.dashboard, s.cashier);
    expect(cashierOffer.data?.guideOffer).toMatchObject({ canSample: false, newShop: true });
    // A cashier cannot even show a sample outcome.
    const spoofed = await layout(`${s.dashboard}&samples=removed`, s.cashier);
    expect(spoofed.data?.guideOffer?.outcome).toBeNull();
    const stockOffer = await layout(s.dashboard, s.stockKeeper);
    expect(stockOffer.data?.guideOffer ?? null).toBeNull();
    const byManager = await post(s.t.shop.id, s.manager, { intent: "add-samples" });
    expect(byManager.location).toContain("samples=added");
  });

  it("a member of another shop reaches nothing of this one", async () => {
    const s = await newShop();
    await post(s.t.shop.id, s.owner, { intent: "add-samples" });
    const other = await newShop();
    // The other shop's owner names this shop: not found, nothing changes.
    for (const intent of ["remove-samples", "archive-samples", "start", "add-samples"]) {
      const refused = await post(s.t.shop.id, other.owner, { intent });
      expect(refused.status).toBe(404);
    }
    expect((await samplesOf(s.t.shop.id)).map((item) => item.status)).toEqual(
      Array(6).fill("active"),
    );
    // Their own shop's removal leaves this shop's samples alone.
    await post(other.t.shop.id, other.owner, { intent: "add-samples" });
    await post(other.t.shop.id, other.owner, { intent: "remove-samples" });
    expect(await samplesOf(other.t.shop.id)).toHaveLength(0);
    expect(await samplesOf(s.t.shop.id)).toHaveLength(6);
    // A form made for one shop posted to another (the address names the other) is refused.
    const crossed = await outcomeOf(
      callRoute(guideRoute.action, `/shophub/guide?shop=${other.t.shop.id}`, {
        context: routeContext(test.db, other.owner),
        form: { shopId: s.t.shop.id, intent: "add-samples" },
      }),
    );
    expect(crossed.status).toBe(409);
  });
});

describe("the walkthrough's progress", () => {
  it("is kept per member and shop on the server: start, move, close, restart", async () => {
    const s = await newShop();
    const started = await post(s.t.shop.id, s.owner, { intent: "start" });
    expect(started.location).toBe("/storehub/add");
    // storehub works on the active shop: the walkthrough's shop becomes the active one.
    const cookie = started.setCookie?.split(";")[0] ?? "";
    expect(cookie).toBe((await shopCookie(s.t.shop.id)).split(";")[0]);
    const onStorehub = await outcomeOf<StorehubData>(
      callRoute(storehubLayout.loader, "/storehub/add", {
        context: routeContext(test.db, s.owner),
        cookie,
      }),
    );
    expect(onStorehub.data?.walkthrough).toMatchObject({
      shopId: s.t.shop.id,
      step: "add-item",
      steps: ["add-item", "open-shift", "sell", "cash", "print", "dashboard"],
    });
    expect(onStorehub.data?.walkthrough?.texts["add-item.title"]).toBe("เพิ่มสินค้า");
    expect(onStorehub.data?.walkthrough?.texts.progress).toBe("ขั้นที่ 1 จาก 6");

    const moved = await post(s.t.shop.id, s.owner, { intent: "step", step: "cash" });
    expect(moved.location).toBe(`/shophub/sell?shop=${s.t.shop.id}`);
    const onTill = await layout(`/shophub/sell?shop=${s.t.shop.id}`, s.owner);
    expect(onTill.data?.walkthrough).toMatchObject({ step: "cash" });
    expect(onTill.data?.walkthrough?.texts.progress).toBe("ขั้นที่ 4 จาก 6");
    // Another member of the same shop has no walkthrough running.
    const manager = await layout(`/shophub/sell?shop=${s.t.shop.id}`, s.manager);
    expect(manager.data?.walkthrough).toBeNull();

    const closed = await post(s.t.shop.id, s.owner, {
      intent: "close",
      back: `/shophub/sell?shop=${s.t.shop.id}`,
    });
    expect(closed.location).toBe(`/shophub/sell?shop=${s.t.shop.id}`);
    expect(
      (await layout(`/shophub/sell?shop=${s.t.shop.id}`, s.owner)).data?.walkthrough,
    ).toBeNull();
    const [row] = await test.db
      .select()
      .from(shopGuide)
      .where(and(eq(shopGuide.shopId, s.t.shop.id), eq(shopGuide.userId, s.owner.id)));
    expect(row?.status).toBe("closed");

    // Restart from the help entry: back at the first step.
    await post(s.t.shop.id, s.owner, { intent: "start" });
    const restarted = await layout(`/shophub/sell?shop=${s.t.shop.id}`, s.owner);
    expect(restarted.data?.walkthrough).toMatchObject({ step: "add-item" });
    // A close may only go back to a page of this site.
    const outside = await post(s.t.shop.id, s.owner, { intent: "close", back: "//evil.example/" });
    expect(outside.location).toBe(s.dashboard);
  });

  it("walks a cashier through the selling steps only", async () => {
    const s = await newShop();
    const started = await post(s.t.shop.id, s.cashier, { intent: "start" });
    expect(started.location).toBe(`/shophub/sell?shop=${s.t.shop.id}`);
    const data = await layout(`/shophub/sell?shop=${s.t.shop.id}`, s.cashier);
    expect(data.data?.walkthrough).toMatchObject({
      step: "open-shift",
      steps: ["open-shift", "sell", "cash", "print"],
    });
    expect((await post(s.t.shop.id, s.cashier, { intent: "step", step: "add-item" })).status).toBe(
      403,
    );
    expect((await post(s.t.shop.id, s.cashier, { intent: "step", step: "dashboard" })).status).toBe(
      403,
    );
    // A stock clerk has no till: no walkthrough at all.
    expect((await post(s.t.shop.id, s.stockKeeper, { intent: "start" })).status).toBe(403);
  });
});
