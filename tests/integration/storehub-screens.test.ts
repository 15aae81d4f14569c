import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import type { Database } from "~/db/client.server";
import { stockBalance, stockDocument, stockLocation, type ShopRole } from "~/db/schema";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { say as sayOnPage } from "~/routes/storehub/stock-text";
import {
  type FormMessage,
  type InoutErrors,
  type InoutValues,
  findItem,
  postStockDocument,
  createLocation,
  explainShortage,
} from "~/modules/stock/index.server";
import * as inoutRoute from "~/routes/storehub/inout/route";
import * as lookupRoute from "~/routes/storehub/lookup";
import * as storageRoute from "~/routes/storehub/storage/route";
import {
  callRoute,
  formShopIdOf,
  outcomeOf,
  routeContext,
  sessionUserOf,
  type Outcome,
} from "../setup/route-call";
import { addShopMember, insertItem, insertShop, insertUser } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let db: Database;
const th = serverTranslate("th");

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

interface ShopFixture {
  shopId: string;
  owner: SessionUser;
  home: number;
}

async function newShop(): Promise<ShopFixture> {
  const { shop, ownerId, defaultLocationId } = await insertShop(db);
  return { shopId: shop.id, owner: sessionUserOf(ownerId), home: defaultLocationId };
}

const memberOf = (shopId: string, role: ShopRole): Promise<SessionUser> =>
  addShopMember(db, shopId, role, { name: `พนักงาน ${role}` });

// Posts like the page's forms do: with `shopId`, the member's active shop, unless given.
const run = async (
  fn: (args: never) => unknown,
  path: string,
  user: SessionUser | null,
  form?: Record<string, string>,
) => {
  const shopId = form && user && !("shopId" in form) ? await formShopIdOf(db, user.id) : undefined;
  const sent = form && shopId ? { shopId, ...form } : form;
  return outcomeOf(callRoute(fn, path, { context: routeContext(db, user), form: sent }));
};

interface InoutActionData {
  values: InoutValues;
  errors: InoutErrors;
  intent: string;
}

// As the page says it (stock-text.ts): quantities in thousandths shown as "3" or "0.755".
const say = (message: FormMessage | undefined) => sayOnPage(th, "th", message);

async function findLocationName(id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: stockLocation.name })
    .from(stockLocation)
    .where(eq(stockLocation.id, id));
  return row?.name;
}

async function documentsOf(shopId: string): Promise<number> {
  return db.$count(stockDocument, eq(stockDocument.shopId, shopId));
}

async function balance(itemId: number, locationId: number): Promise<number> {
  const [row] = await db
    .select({ qty: stockBalance.qty })
    .from(stockBalance)
    .where(and(eq(stockBalance.itemId, itemId), eq(stockBalance.locationId, locationId)));
  return row?.qty ?? 0;
}

function documentIdOf(outcome: Outcome): number {
  expect(outcome.status).toBe(302);
  const match = /[?&]doc=(\d+)/.exec(outcome.location ?? "");
  expect(match, `redirect to ${outcome.location}`).not.toBeNull();
  return Number(match?.[1]);
}

describe("stock in/out (/storehub/inout)", () => {
  it("posts a receipt of several lines as one document (SKU, barcode, unit cost or the usual cost)", async () => {
    const { shopId, owner, home } = await newShop();
    const water = await insertItem(db, shopId, owner.id);
    const rice = await insertItem(db, shopId, owner.id, {
      fields: { name: "ข้าวหอมมะลิ 5 กก.", barcode: "8850000000010", unit: "ถุง", cost: 15_000 },
    });
    const outcome = await run(inoutRoute.action, "/storehub/inout?kind=receive", owner, {
      kind: "receive",
      intent: "post",
      reference: "INV-2569-001",
      "lines[0].item": water.sku.toLowerCase(),
      "lines[0].location": String(home),
      "lines[0].qty": "1,200",
      "lines[0].cost": "6.50",
      "lines[1].item": "8850000000010",
      "lines[1].location": String(home),
      "lines[1].qty": "4",
      "lines[1].cost": "",
      // Untouched lines of the form are ignored.
      "lines[2].item": "",
      "lines[2].location": String(home),
      "lines[2].qty": "",
    });
    const documentId = documentIdOf(outcome);
    expect(await documentsOf(shopId)).toBe(1);
    expect(await balance(water.id, home)).toBe(1_200_000);
    expect(await balance(rice.id, home)).toBe(4_000);
    expect(await findItem(db, shopId, rice.id)).toMatchObject({
      onHand: 4_000,
      avgCostSatang: 15_000,
    });

    // The confirmation: the document's number and lines.
    const page = await run(
      inoutRoute.loader,
      `/storehub/inout?kind=receive&doc=${documentId}`,
      owner,
    );
    const posted = (page.data as Awaited<ReturnType<typeof inoutRoute.loader>>).posted;
    expect(posted?.number).toBe(`GR-${String(documentId).padStart(6, "0")}`);
    expect(posted?.reference).toBe("INV-2569-001");
    expect(posted?.lines.map((line) => [line.itemId, line.qty, line.unitCostSatang])).toEqual([
      [water.id, 1_200_000, 650],
      [rice.id, 4_000, 15_000],
    ]);
  });

  it("refuses the whole document when one line takes more than there is: Thai message on that line, input kept, nothing posted", async () => {
    const { shopId, owner, home } = await newShop();
    const water = await insertItem(db, shopId, owner.id, {
      opening: { qty: 10_000, locationId: home },
    });
    const soap = await insertItem(db, shopId, owner.id, {
      fields: { name: "สบู่เหลว 400 มล.", unit: "ขวด" },
      opening: { qty: 3_000, locationId: home },
    });
    const before = await documentsOf(shopId);
    const outcome = await run(inoutRoute.action, "/storehub/inout?kind=issue", owner, {
      kind: "issue",
      intent: "post",
      reason: "ชำรุด",
      "lines[0].item": water.sku,
      "lines[0].location": String(home),
      "lines[0].qty": "2",
      "lines[1].item": soap.sku,
      "lines[1].location": String(home),
      "lines[1].qty": "5",
      "lines[1].reason": "หมดอายุ",
    });
    expect(outcome.status).toBe(400);
    const result = outcome.data as InoutActionData;
    expect(say(result.errors.lines[1]?.qty)).toBe(
      "สินค้าไม่พอ: สบู่เหลว 400 มล. ที่ คลังหลัก เหลือ 3 ขวด จึงตัดออกไม่ได้",
    );
    expect(result.errors.lines[0]).toBeUndefined();
    expect(result.values.lines[1]).toMatchObject({ item: soap.sku, qty: "5", reason: "หมดอายุ" });
    expect(result.values.reason).toBe("ชำรุด");
    expect(await documentsOf(shopId)).toBe(before);
    expect(await balance(water.id, home)).toBe(10_000);
    expect(await balance(soap.id, home)).toBe(3_000);
  });

  it("checks lines before posting: reason, quantities, unknown items, transfers to the same place", async () => {
    const { shopId, owner, home } = await newShop();
    const water = await insertItem(db, shopId, owner.id, {
      opening: { qty: 5_000, locationId: home },
    });
    const issue = await run(inoutRoute.action, "/storehub/inout?kind=issue", owner, {
      kind: "issue",
      intent: "post",
      "lines[0].item": water.sku,
      "lines[0].location": String(home),
      "lines[0].qty": "1.5",
      "lines[1].item": "NO-SUCH-SKU",
      "lines[1].location": String(home),
      "lines[1].qty": "1",
    });
    expect(issue.status).toBe(400);
    const issued = issue.data as InoutActionData;
    expect(say(issued.errors.fields.reason)).toBe(th("storehub.inout.error.reasonRequired"));
    // A fraction of an item counted in whole units (not sold by weight or length).
    expect(issued.errors.lines[0]?.qty?.key).toBe("storehub.error.qtyWhole");
    expect(issued.errors.lines[1]?.item?.key).toBe("storehub.error.itemNotFound");

    const transfer = await run(inoutRoute.action, "/storehub/inout?kind=transfer", owner, {
      kind: "transfer",
      intent: "post",
      "lines[0].item": water.sku,
      "lines[0].location": String(home),
      "lines[0].to": String(home),
      "lines[0].qty": "1",
    });
    expect((transfer.data as InoutActionData).errors.lines[0]?.to?.key).toBe(
      "storehub.inout.error.sameLocation",
    );

    const empty = await run(inoutRoute.action, "/storehub/inout?kind=receive", owner, {
      kind: "receive",
      intent: "post",
      "lines[0].item": "",
      "lines[0].location": String(home),
    });
    expect((empty.data as InoutActionData).errors.form?.key).toBe("storehub.inout.error.noLines");
    expect(await balance(water.id, home)).toBe(5_000);
  });

  it("transfers to a new zone and posts the counted difference", async () => {
    const { shopId, owner, home } = await newShop();
    const zone = await createLocation(db, shopId, { parentId: home, name: "โซนหน้าร้าน" });
    if (!zone.ok) throw new Error(zone.error);
    const water = await insertItem(db, shopId, owner.id, {
      opening: { qty: 20_000, locationId: home },
    });
    documentIdOf(
      await run(inoutRoute.action, "/storehub/inout?kind=transfer", owner, {
        kind: "transfer",
        intent: "post",
        "lines[0].item": water.name,
        "lines[0].location": String(home),
        "lines[0].to": String(zone.location.id),
        "lines[0].qty": "8",
      }),
    );
    expect(await balance(water.id, home)).toBe(12_000);
    expect(await balance(water.id, zone.location.id)).toBe(8_000);

    const count = documentIdOf(
      await run(inoutRoute.action, "/storehub/inout?kind=count", owner, {
        kind: "count",
        intent: "post",
        reason: "ตรวจนับประจำเดือน",
        "lines[0].item": water.sku,
        "lines[0].location": String(zone.location.id),
        "lines[0].counted": "6",
      }),
    );
    expect(await balance(water.id, zone.location.id)).toBe(6_000);
    const page = await run(inoutRoute.loader, `/storehub/inout?kind=count&doc=${count}`, owner);
    const posted = (page.data as Awaited<ReturnType<typeof inoutRoute.loader>>).posted;
    expect(posted?.lines).toMatchObject([
      { kind: "adjust", qty: -2_000, reason: "ตรวจนับประจำเดือน" },
    ]);
  });

  it("without JavaScript: adds 5 empty lines keeping what was typed, and a scanned code becomes a line", async () => {
    const { shopId, owner, home } = await newShop();
    const water = await insertItem(db, shopId, owner.id, {
      fields: { barcode: "8850000000027" },
      opening: { qty: 9_000, locationId: home },
    });
    const more = await run(inoutRoute.action, "/storehub/inout?kind=issue", owner, {
      kind: "issue",
      intent: "addLines",
      reason: "ใช้ภายในร้าน",
      "lines[0].item": water.sku,
      "lines[0].location": String(home),
      "lines[0].qty": "2",
    });
    const added = more.data as InoutActionData & { previews: Record<number, { current: number }> };
    expect(added.values.lines).toHaveLength(6);
    expect(added.values.lines[0]).toMatchObject({ item: water.sku, qty: "2" });
    expect(added.values.reason).toBe("ใช้ภายในร้าน");
    expect(added.previews[0]?.current).toBe(9_000);

    const scanned = await run(inoutRoute.action, "/storehub/inout?kind=issue", owner, {
      kind: "issue",
      intent: "check",
      scan: "8850000000027",
      "lines[0].item": water.sku,
      "lines[0].location": String(home),
      "lines[0].qty": "2",
      "lines[1].item": "",
      "lines[1].location": String(home),
    });
    expect((scanned.data as InoutActionData).values.lines[0]?.qty).toBe("3");
    expect(await documentsOf(shopId)).toBe(1); // the opening stock only
  });
});

describe("locations (/storehub/storage)", () => {
  it("adds a warehouse, a zone and a bin; renames; deletes only an unused place, with Thai reasons", async () => {
    const { shopId, owner, home } = await newShop();
    const post = (form: Record<string, string>) =>
      run(storageRoute.action, "/storehub/storage", owner, form);
    const idOf = async (name: string) => {
      const [row] = await db
        .select()
        .from(stockLocation)
        .where(and(eq(stockLocation.shopId, shopId), eq(stockLocation.name, name)));
      return row;
    };

    expect((await post({ intent: "addLocation", parentId: "", name: "  คลังสาขา 2 " })).status).toBe(
      302,
    );
    const branch = await idOf("คลังสาขา 2");
    expect(branch?.kind).toBe("warehouse");
    await post({ intent: "addLocation", parentId: String(branch?.id), name: "โซน A" });
    const zone = await idOf("โซน A");
    expect(zone?.kind).toBe("zone");
    await post({ intent: "addLocation", parentId: String(zone?.id), name: "ชั้น 1" });
    const bin = await idOf("ชั้น 1");
    expect(bin?.kind).toBe("bin");

    const underBin = await post({ intent: "addLocation", parentId: String(bin?.id), name: "x" });
    expect(underBin.status).toBe(400);
    expect(say((underBin.data as { error: FormMessage }).error)).toBe(
      th("storehub.storage.error.binHasNoChildren"),
    );
    const twice = await post({
      intent: "addLocation",
      parentId: String(branch?.id),
      name: "โซน a",
    });
    expect((twice.data as { error: FormMessage }).error.key).toBe(
      "storehub.storage.error.nameTaken",
    );
    const blank = await post({ intent: "addLocation", parentId: "", name: "   " });
    expect((blank.data as { error: FormMessage }).error.key).toBe(
      "storehub.storage.error.nameRequired",
    );

    expect(
      (await post({ intent: "renameLocation", locationId: String(bin?.id), name: "ชั้นบน" })).status,
    ).toBe(302);
    expect((await idOf("ชั้นบน"))?.id).toBe(bin?.id);

    // Deleting asks first, then deletes an unused bin.
    const ask = await post({ intent: "deleteLocation", locationId: String(bin?.id) });
    expect(ask.data).toMatchObject({
      confirmDelete: { id: bin?.id, path: "คลังสาขา 2 › โซน A › ชั้นบน" },
    });
    expect(await idOf("ชั้นบน")).toBeDefined();
    expect(
      (await post({ intent: "deleteLocation", locationId: String(bin?.id), confirmed: "1" }))
        .status,
    ).toBe(302);
    expect(await idOf("ชั้นบน")).toBeUndefined();

    // A place with history, the default place: refused with the reason.
    const item = await insertItem(db, shopId, owner.id, {
      opening: { qty: 1_000, locationId: zone?.id ?? 0 },
    });
    expect(item.onHand).toBe(1_000);
    for (const locationId of [zone?.id, home]) {
      const refused = await post({
        intent: "deleteLocation",
        locationId: String(locationId),
        confirmed: "1",
      });
      expect(refused.status).toBe(409);
      expect(say((refused.data as { error: FormMessage }).error)).toBe(
        th("storehub.storage.error.inUse"),
      );
    }
    expect(await idOf("โซน A")).toBeDefined();
  });
});

describe("the ledger (/storehub/storage?item=)", () => {
  it("shows an item's movements newest first with running quantities, balances per place, and a location filter", async () => {
    const { shopId, owner, home } = await newShop();
    const zone = await createLocation(db, shopId, { parentId: home, name: "โซน B" });
    if (!zone.ok) throw new Error(zone.error);
    const water = await insertItem(db, shopId, owner.id, {
      opening: { qty: 10_000, locationId: home },
    });
    await postStockDocument(db, {
      shopId,
      userId: owner.id,
      kind: "transfer",
      lines: [{ itemId: water.id, locationId: home, toLocationId: zone.location.id, qty: 4_000 }],
    });
    await postStockDocument(db, {
      shopId,
      userId: owner.id,
      kind: "issue",
      reference: "REQ-9",
      lines: [{ itemId: water.id, locationId: zone.location.id, qty: 1_000, reason: "ชำรุด" }],
    });
    type LoaderData = Awaited<ReturnType<typeof storageRoute.loader>>;
    const page = (await run(storageRoute.loader, `/storehub/storage?item=${water.id}`, owner))
      .data as LoaderData;
    expect(page.ledger.running).toBe("item");
    expect(page.ledger.rows.map((row) => [row.kind, row.qty, row.running])).toEqual([
      ["issue", -1_000, 9_000],
      ["transfer_in", 4_000, 10_000],
      // Between the two halves of a transfer the units are on their way.
      ["transfer_out", -4_000, 6_000],
      ["receive", 10_000, 10_000],
    ]);
    expect(page.ledger.rows[0]).toMatchObject({ reason: "ชำรุด", reference: "REQ-9" });
    expect(page.ledger.rows[0]?.userName).toMatch(/^สมาชิก/);
    expect(page.tree.filter((node) => node.qty !== 0).map((node) => [node.id, node.qty])).toEqual([
      [home, 6_000],
      [zone.location.id, 3_000],
    ]);

    const atZone = (
      await run(
        storageRoute.loader,
        `/storehub/storage?item=${water.id}&location=${zone.location.id}`,
        owner,
      )
    ).data as LoaderData;
    expect(atZone.ledger.running).toBe("location");
    const wholeShop = (await run(storageRoute.loader, "/storehub/storage", owner))
      .data as LoaderData;
    expect(wholeShop.ledger.running).toBe("item");
    expect(wholeShop.ledger.rows.map((row) => row.running)).toEqual([9_000, 10_000, 6_000, 10_000]);
    expect(atZone.ledger.rows.map((row) => [row.kind, row.running])).toEqual([
      ["issue", 3_000],
      ["transfer_in", 4_000],
    ]);
  });

  it("reverses a document once, with a reason and a Thai message when it cannot", async () => {
    const { shopId, owner, home } = await newShop();
    const water = await insertItem(db, shopId, owner.id);
    const received = await postStockDocument(db, {
      shopId,
      userId: owner.id,
      kind: "receive",
      lines: [{ itemId: water.id, locationId: home, qty: 5_000, unitCostSatang: 700 }],
    });
    if (!received.ok) throw new Error("receive failed");
    const post = (form: Record<string, string>) =>
      run(storageRoute.action, `/storehub/storage?item=${water.id}`, owner, {
        intent: "reverse",
        documentId: String(received.documentId),
        ...form,
      });

    expect((await post({})).data).toMatchObject({
      confirmReverse: { documentId: received.documentId, lines: [{ qty: 5_000 }] },
    });
    const noReason = await post({ confirmed: "1", reason: " " });
    expect(noReason.status).toBe(400);
    expect(await balance(water.id, home)).toBe(5_000);

    // Stock that already left cannot be taken back out.
    await postStockDocument(db, {
      shopId,
      userId: owner.id,
      kind: "issue",
      lines: [{ itemId: water.id, locationId: home, qty: 4_000, reason: "ชำรุด" }],
    });
    const short = await post({ confirmed: "1", reason: "รับผิดรายการ" });
    expect(short.status).toBe(409);
    expect(say((short.data as { error: FormMessage }).error)).toContain("เหลือ 1 ขวด");

    await postStockDocument(db, {
      shopId,
      userId: owner.id,
      kind: "receive",
      lines: [{ itemId: water.id, locationId: home, qty: 10_000, unitCostSatang: 700 }],
    });
    const done = await post({ confirmed: "1", reason: "รับผิดรายการ" });
    expect(done.status).toBe(302);
    expect(done.location).toMatch(/done=reversed&number=RV-\d{6}/);
    expect(await balance(water.id, home)).toBe(6_000);
    const again = await post({ confirmed: "1", reason: "ซ้ำ" });
    expect(again.status).toBe(409);
    expect(say((again.data as { error: FormMessage }).error)).toBe(
      th("storehub.error.alreadyReversed"),
    );
    expect(await balance(water.id, home)).toBe(6_000);
  });
});

describe("the not-enough-stock explanation (modules/stock)", () => {
  it("names this shop's item and the place's full path when only ids are known", async () => {
    const { shopId, owner, home } = await newShop();
    const water = await insertItem(db, shopId, owner.id);
    const zone = await createLocation(db, shopId, { parentId: home, name: "โซน ก" });
    if (!zone.ok) throw new Error("zone not created");
    const homeName = (await findLocationName(home)) ?? "";
    expect(
      await explainShortage(db, shopId, {
        itemId: water.id,
        locationId: zone.location.id,
        available: 2_000,
      }),
    ).toEqual({
      itemId: water.id,
      item: water.name,
      unit: water.unit,
      locationId: zone.location.id,
      location: `${homeName} › โซน ก`,
      available: 2_000,
    });
    // Another shop's item and place are not named.
    const other = await newShop();
    const theirs = await explainShortage(db, other.shopId, {
      itemId: water.id,
      locationId: zone.location.id,
      available: 2_000,
    });
    expect(theirs).toMatchObject({ item: "", unit: "", location: "" });
  });
});

describe("the first warehouse's name in the reader's language", () => {
  it("is คลังหลัก in Thai and Main warehouse in English until someone renames it", async () => {
    const { shopId, owner, home } = await newShop();
    const water = await insertItem(db, shopId, owner.id);
    await postStockDocument(db, {
      shopId,
      userId: owner.id,
      kind: "opening",
      lines: [{ itemId: water.id, locationId: home, qty: 3_000 }],
    });
    const inout = async (cookie?: string) => {
      const outcome = await outcomeOf(
        callRoute(inoutRoute.loader, "/storehub/inout", {
          context: routeContext(db, owner),
          cookie,
        }),
      );
      const data = outcome.data as { locations: { id: number; path: string }[] };
      return data.locations.find((location) => location.id === home)?.path;
    };
    const ledger = async (cookie?: string) => {
      const outcome = await outcomeOf(
        callRoute(storageRoute.loader, `/storehub/storage?item=${water.id}`, {
          context: routeContext(db, owner),
          cookie,
        }),
      );
      return JSON.stringify(outcome.data);
    };
    expect(await inout()).toBe("คลังหลัก");
    expect(await inout("lang=en")).toBe("Main warehouse");
    expect(await ledger("lang=en")).toContain("Main warehouse");
    expect(await ledger("lang=en")).not.toContain("คลังหลัก");
    expect(
      await explainShortage(
        db,
        shopId,
        { itemId: water.id, locationId: home, available: 3_000 },
        "en",
      ),
    ).toMatchObject({ location: "Main warehouse" });
    // The shop's own name for it is shown as typed, in both languages.
    await db.update(stockLocation).set({ name: "โกดังหน้าร้าน" }).where(eq(stockLocation.id, home));
    expect(await inout("lang=en")).toBe("โกดังหน้าร้าน");
  });
});

describe("tenant isolation: a member of shop A using ids of shop B", () => {
  it("never sees or changes shop B's items, places or documents", async () => {
    const a = await newShop();
    const b = await newShop();
    const bItem = await insertItem(db, b.shopId, b.owner.id, {
      fields: { barcode: "8850000000034" },
      opening: { qty: 7_000, locationId: b.home },
    });
    const bZone = await createLocation(db, b.shopId, { parentId: b.home, name: "โซนร้าน B" });
    if (!bZone.ok) throw new Error(bZone.error);
    const [bDocument] = await db
      .select({ id: stockDocument.id })
      .from(stockDocument)
      .where(eq(stockDocument.shopId, b.shopId));
    const bDocuments = await documentsOf(b.shopId);

    // Pages: 404.
    for (const path of [
      `/storehub/storage?item=${bItem.id}`,
      `/storehub/storage?location=${b.home}`,
      `/storehub/storage?item=abc`,
      `/storehub/inout?doc=${bDocument?.id}`,
    ]) {
      const loader = path.startsWith("/storehub/inout") ? inoutRoute.loader : storageRoute.loader;
      expect((await run(loader, path, a.owner)).status, path).toBe(404);
    }
    // Look-ups: not found.
    for (const code of [bItem.sku, "8850000000034", bItem.name]) {
      const found = await run(
        lookupRoute.loader,
        `/storehub/lookup?code=${encodeURIComponent(code)}&shopId=${a.shopId}`,
        a.owner,
      );
      expect(await found.response?.json()).toMatchObject({ item: null });
    }

    // Stock in/out: B's item codes and B's places are errors on the line.
    const aItem = await insertItem(db, a.shopId, a.owner.id, {
      opening: { qty: 5_000, locationId: a.home },
    });
    const inout = await run(inoutRoute.action, "/storehub/inout?kind=issue", a.owner, {
      kind: "issue",
      intent: "post",
      reason: "ชำรุด",
      "lines[0].item": bItem.sku,
      "lines[0].location": String(a.home),
      "lines[0].qty": "1",
      "lines[1].item": aItem.sku,
      "lines[1].location": String(b.home),
      "lines[1].qty": "1",
      "lines[2].item": aItem.sku,
      "lines[2].location": String(a.home),
      "lines[2].to": String(bZone.location.id),
      "lines[2].qty": "1",
    });
    const errors = (inout.data as InoutActionData).errors;
    expect(errors.lines[0]?.item?.key).toBe("storehub.error.itemNotFound");
    expect(errors.lines[1]?.location?.key).toBe("storehub.error.locationNotFound");
    const transfer = await run(inoutRoute.action, "/storehub/inout?kind=transfer", a.owner, {
      kind: "transfer",
      intent: "post",
      "lines[0].item": aItem.sku,
      "lines[0].location": String(a.home),
      "lines[0].to": String(bZone.location.id),
      "lines[0].qty": "1",
    });
    expect((transfer.data as InoutActionData).errors.lines[0]?.to?.key).toBe(
      "storehub.error.locationNotFound",
    );

    // Locations and reversal: 404.
    const forms: Record<string, string>[] = [
      { intent: "renameLocation", locationId: String(bZone.location.id), name: "ของฉัน" },
      { intent: "deleteLocation", locationId: String(bZone.location.id), confirmed: "1" },
      { intent: "addLocation", parentId: String(b.home), name: "แอบเพิ่ม" },
      { intent: "reverse", documentId: String(bDocument?.id), confirmed: "1", reason: "x" },
    ];
    for (const form of forms) {
      const refused = await run(storageRoute.action, "/storehub/storage", a.owner, form);
      expect(refused.status, form.intent).toBe(404);
    }

    // Nothing of B changed.
    expect(await documentsOf(b.shopId)).toBe(bDocuments);
    expect(await balance(bItem.id, b.home)).toBe(7_000);
    const [zone] = await db
      .select()
      .from(stockLocation)
      .where(eq(stockLocation.id, bZone.location.id));
    expect(zone?.name).toBe("โซนร้าน B");
    expect(await db.$count(stockLocation, eq(stockLocation.shopId, b.shopId))).toBe(2);
    expect(await balance(aItem.id, a.home)).toBe(5_000);
  });
});

describe("roles", () => {
  it("lets a cashier read storage but not post stock, reverse or manage places; sends visitors to sign in", async () => {
    const { shopId, owner, home } = await newShop();
    const cashier = await memberOf(shopId, "cashier");
    const stockKeeper = await memberOf(shopId, "stock");
    const water = await insertItem(db, shopId, owner.id, {
      opening: { qty: 4_000, locationId: home },
    });
    const [document] = await db
      .select({ id: stockDocument.id })
      .from(stockDocument)
      .where(eq(stockDocument.shopId, shopId));

    const storage = await run(storageRoute.loader, `/storehub/storage?item=${water.id}`, cashier);
    expect(storage.status).toBe(200);
    expect((storage.data as { canWrite: boolean }).canWrite).toBe(false);
    expect(
      (
        await run(
          lookupRoute.loader,
          `/storehub/lookup?code=${water.sku}&shopId=${shopId}`,
          cashier,
        )
      ).status,
    ).toBe(200);

    expect((await run(inoutRoute.loader, "/storehub/inout", cashier)).status).toBe(403);
    const forms: [
      typeof inoutRoute.action | typeof storageRoute.action,
      string,
      Record<string, string>,
    ][] = [
      [
        inoutRoute.action,
        "/storehub/inout?kind=issue",
        {
          kind: "issue",
          intent: "post",
          reason: "ชำรุด",
          "lines[0].item": water.sku,
          "lines[0].location": String(home),
          "lines[0].qty": "1",
        },
      ],
      [
        storageRoute.action,
        "/storehub/storage",
        { intent: "addLocation", parentId: "", name: "x" },
      ],
      [
        storageRoute.action,
        "/storehub/storage",
        { intent: "reverse", documentId: String(document?.id), confirmed: "1", reason: "x" },
      ],
    ];
    for (const [fn, path, form] of forms) {
      expect((await run(fn, path, cashier, form)).status, `${path} ${form.intent}`).toBe(403);
    }
    expect(await balance(water.id, home)).toBe(4_000);
    expect(await db.$count(stockLocation, eq(stockLocation.shopId, shopId))).toBe(1);

    // The stock role may post.
    expect((await run(inoutRoute.loader, "/storehub/inout", stockKeeper)).status).toBe(200);
    const [, path, form] = forms[0]!;
    expect((await run(inoutRoute.action, path, stockKeeper, form)).status).toBe(302);
    expect(await balance(water.id, home)).toBe(3_000);

    const visitor = await run(storageRoute.loader, "/storehub/storage", null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/user\/signIn\?redirectTo=/);
    // Not a member of any shop: sent to the storehub introduction.
    const outsider = sessionUserOf(await insertUser(db));
    const noShop = await run(inoutRoute.loader, "/storehub/inout", outsider);
    expect(noShop).toMatchObject({ status: 302, location: "/storehub" });
    expect(
      (
        await db.execute(
          sql`SELECT count(*)::int AS n FROM stock_movement WHERE shop_id = ${shopId}`,
        )
      ).rows[0],
    ).toEqual({ n: 2 });
  });
});
