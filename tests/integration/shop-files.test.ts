import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import type { Database } from "~/db/client.server";
import { expense, sale, shopSalesSetting, storedFileMove } from "~/db/schema";
import { bangkokIsoDate } from "~/lib/dates";
import { bookExpense, storeReceiptPhoto } from "~/modules/finance/index.server";
import { createLocalStorage, drainFileMoves, type FileStorage } from "~/modules/media/index.server";
import { createS3Storage } from "~/modules/media/s3-storage.server";
import { storeReceiptLogo } from "~/modules/sales/index.server";
import { changeMembership } from "~/modules/shops/index.server";
import * as mediaRoute from "~/routes/api/media";
import * as shopFileRoute from "~/routes/api/shop-file";
import * as financeList from "~/routes/shophub/finance/list";
import * as printRoute from "~/routes/shophub/invoices/print";
import { databaseBefore } from "../setup/database-before";
import { addShopMember, insertItem, insertShop } from "../setup/factories";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { startS3Server } from "../setup/s3-server";
import { createSaleForTest, setSalesSettings } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Issue 31.5, decision 0061: a shop's private files (expense receipt photos, its receipt logo)
 * are served by /media/private/… to the shop's members whose role may see them, `private,
 * no-store`, and the same 404 to everybody else; their old public addresses serve nothing,
 * with files on disk or in an S3 bucket with a public URL; files stored before move.
 */

interface Answer {
  status: number;
  cacheControl: string | null;
  contentType: string | null;
  body: Buffer;
}

async function fetchFile(
  db: Database,
  storage: FileStorage,
  user: SessionUser | null,
  url: string,
): Promise<Answer> {
  const route = url.startsWith("/media/private/") ? shopFileRoute : mediaRoute;
  const outcome = await outcomeOf(
    callRoute(route.loader, url, { context: routeContext(db, user, { storage }) }),
  );
  const response = outcome.response!;
  return {
    status: outcome.status,
    cacheControl: response.headers.get("cache-control"),
    contentType: response.headers.get("content-type"),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

async function imageFile(name: string): Promise<File> {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], name, { type: "image/png" });
}

/** A shop with a member of each role, a member who was removed and another shop's owner. */
async function shopWithPeople(db: Database) {
  const t = await insertShop(db);
  const person = async (role: "manager" | "cashier" | "stock") => {
    const member = await addShopMember(db, t.shop.id, role);
    return sessionUserOf(member.id);
  };
  const removed = await person("manager");
  const removal = await changeMembership(db, t.shop.id, removed.id, { remove: true });
  expect(removal.ok).toBe(true);
  const other = await insertShop(db);
  return {
    shopId: t.shop.id,
    t,
    owner: sessionUserOf(t.ownerId),
    manager: await person("manager"),
    cashier: await person("cashier"),
    stock: await person("stock"),
    removed,
    outsider: sessionUserOf(other.ownerId),
  };
}

/** A receipt photo booked on an expense, as the expense form stores it; its address on the page. */
async function bookedReceipt(db: Database, storage: FileStorage, shopId: string, owner: string) {
  const stored = await storeReceiptPhoto(storage, shopId, await imageFile("receipt.png"));
  if (!stored.ok) throw new Error(stored.error);
  const booked = await bookExpense(db, {
    shopId,
    actor: { id: owner, name: "เจ้าของ" },
    category: { key: "rent", id: null },
    amountSatang: 120_000,
    inputVatSatang: 0,
    // Today: the expenses page lists this month's by default.
    day: bangkokIsoDate(new Date()),
    method: "transfer",
    supplier: "ผู้ให้เช่า",
    note: "",
    receiptImageKey: stored.key,
  });
  if (!booked.ok) throw new Error(booked.error);
  return stored.key;
}

describe("a shop's private files on the local disk", () => {
  let test: TestDatabase;
  let folder: string;
  let storage: FileStorage;
  beforeAll(async () => {
    test = await createTestDatabase();
    folder = await mkdtemp(path.join(tmpdir(), "shop-files-"));
    storage = createLocalStorage(folder);
  });
  afterAll(async () => {
    await test.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it("opens a receipt photo to the shop's owners and managers only, never kept by a cache", async () => {
    const s = await shopWithPeople(test.db);
    const key = await bookedReceipt(test.db, storage, s.shopId, s.owner.id);
    // The expenses page links the photo at its private address.
    const page = await outcomeOf<{ page: { rows: { photoUrl: string | null }[] } }>(
      callRoute(financeList.loader, `/shophub/expenses?shop=${s.shopId}`, {
        context: routeContext(test.db, s.owner, { storage }),
      }),
    );
    const url = page.data!.page.rows[0]!.photoUrl!;
    expect(url).toBe(`/media/${key}`);
    expect(url).toMatch(new RegExp(`^/media/private/receipts/${s.shopId}/`));

    const owner = await fetchFile(test.db, storage, s.owner, url);
    expect(owner).toMatchObject({
      status: 200,
      cacheControl: "private, no-store",
      contentType: "image/webp",
    });
    expect(owner.body.equals((await storage.get(key))!)).toBe(true);
    expect((await fetchFile(test.db, storage, s.manager, url)).status).toBe(200);

    // Everybody else gets what a file that does not exist gets: nothing tells them it is there.
    const missing = await fetchFile(
      test.db,
      storage,
      s.owner,
      url.replace(/\w{8}\.webp$/, "0badf00d.webp"),
    );
    expect(missing.status).toBe(404);
    for (const [who, user] of [
      ["a visitor", null],
      ["a member of another shop", s.outsider],
      ["a removed member", s.removed],
      ["a cashier", s.cashier],
      ["stock staff", s.stock],
    ] as const) {
      const answer = await fetchFile(test.db, storage, user, url);
      expect(answer, who).toEqual({ ...missing, body: answer.body });
      expect(answer.body.equals(missing.body), who).toBe(true);
      expect(answer.cacheControl, who).toBe("private, no-store");
    }
  });

  it("serves nothing at the address a receipt photo had before, to anybody", async () => {
    const s = await shopWithPeople(test.db);
    const key = await bookedReceipt(test.db, storage, s.shopId, s.owner.id);
    // Also when a file is still at its old key (moving it failed): /media is for public files.
    const oldKey = key.replace(/^private\//, "");
    await storage.put(oldKey, (await storage.get(key))!, "image/webp");
    for (const user of [null, s.outsider, s.owner]) {
      const answer = await fetchFile(test.db, storage, user, `/media/${oldKey}`);
      expect(answer.status).toBe(404);
      expect(answer.cacheControl).toBeNull();
    }
    // Listing photos, profile photos and item photos stay public.
    await storage.put("items/x/public-photo.webp", new Uint8Array([1, 2, 3]), "image/webp");
    const item = await fetchFile(test.db, storage, null, "/media/items/x/public-photo.webp");
    expect(item).toMatchObject({
      status: 200,
      cacheControl: "public, max-age=31536000, immutable",
    });
  });

  it("opens the receipt logo to every member of the shop, on the printed receipt too", async () => {
    const s = await shopWithPeople(test.db);
    const logo = await storeReceiptLogo(storage, s.shopId, await imageFile("logo.png"));
    if (!logo.ok) throw new Error(logo.error);
    await setSalesSettings(test.db, s.shopId, { logoKey: logo.key });
    const item = await insertItem(test.db, s.shopId, s.owner.id, {
      opening: { qty: 5_000, locationId: s.t.defaultLocationId },
    });
    const sold = await createSaleForTest(test.db, {
      shopId: s.shopId,
      userId: s.cashier.id,
      lines: [{ itemId: item.id, qty: 1 }],
    });
    const print = await outcomeOf<{ document: { seller: { logoUrl: string | null } } }>(
      callRoute(printRoute.loader, `/shophub/invoices/${sold.id}/print?shop=${s.shopId}`, {
        context: routeContext(test.db, s.cashier, { storage }),
      }),
    );
    const url = print.data!.document.seller.logoUrl!;
    expect(url).toBe(`/media/private/logos/${s.shopId}/${logo.key.split("/").pop()}`);
    for (const user of [s.owner, s.manager, s.cashier, s.stock]) {
      const answer = await fetchFile(test.db, storage, user, url);
      expect(answer).toMatchObject({ status: 200, contentType: "image/png" });
      expect(answer.cacheControl).toBe("private, no-store");
    }
    for (const user of [null, s.outsider, s.removed]) {
      expect((await fetchFile(test.db, storage, user, url)).status).toBe(404);
    }
  });
});

describe("a shop's private files in an S3 bucket with a public URL", () => {
  let test: TestDatabase;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let endpoint: string;
  let storage: FileStorage;
  beforeAll(async () => {
    test = await createTestDatabase();
    s3 = await startS3Server("shop-files");
    endpoint = s3.endpoint;
    storage = createS3Storage({
      bucket: "shop-files",
      endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      // The bucket answers the public directly for the files that are public.
      publicUrl: `${endpoint}/shop-files`,
    });
  });
  afterAll(async () => {
    await test.drop();
    await s3?.close();
  });

  it("links a receipt photo through the site, not the bucket, and serves it to members only", async () => {
    const s = await shopWithPeople(test.db);
    const key = await bookedReceipt(test.db, storage, s.shopId, s.owner.id);
    expect(storage.urlOf(key)).toBe(`/media/${key}`);
    expect(storage.urlOf("listings/a/b-card.webp")).toBe(
      `${endpoint}/shop-files/listings/a/b-card.webp`,
    );
    // Kept by no shared cache, should the bucket itself be asked for it.
    const object = await fetch(`${endpoint}/shop-files/${key}`);
    expect(object.headers.get("cache-control")).toBe("private, no-store");
    await object.body?.cancel();

    const owner = await fetchFile(test.db, storage, s.owner, `/media/${key}`);
    expect(owner).toMatchObject({ status: 200, cacheControl: "private, no-store" });
    for (const user of [null, s.outsider, s.removed, s.cashier]) {
      expect((await fetchFile(test.db, storage, user, `/media/${key}`)).status).toBe(404);
    }
  });

  it("moves a file stored under its old public key, so the bucket's old address serves nothing", async () => {
    const s = await shopWithPeople(test.db);
    const oldKey = `receipts/${s.shopId}/0123456789abcdef-89abcdef.webp`;
    const newKey = `private/${oldKey}`;
    const bytes = new Uint8Array([82, 73, 70, 70, 9, 8, 7]);
    await storage.put(oldKey, bytes, "image/webp");
    // What migration 0031 leaves: the row names the new key, the file waits to move.
    await test.db.insert(storedFileMove).values({ fromKey: oldKey, toKey: newKey });
    expect((await fetchFile(test.db, storage, s.owner, `/media/${newKey}`)).status).toBe(200);

    expect((await drainFileMoves(test.db, storage)).moved).toBe(1);
    const before = await fetch(`${endpoint}/shop-files/${oldKey}`);
    expect(before.status).toBe(404);
    await before.body?.cancel();
    expect(new Uint8Array((await storage.get(newKey))!)).toEqual(bytes);
    expect(await test.db.select().from(storedFileMove)).toEqual([]);
    const owner = await fetchFile(test.db, storage, s.owner, `/media/${newKey}`);
    expect(owner).toMatchObject({ status: 200, cacheControl: "private, no-store" });
  });
});

// Migration 0031 on a database whose receipt photos and logo were stored at public keys.
const MIGRATION = "0031_private_shop_files";

describe("migration 0031 on files stored before", () => {
  let old: Awaited<ReturnType<typeof databaseBefore>>;
  let db: Database;
  let folder: string;
  let storage: FileStorage;
  beforeAll(async () => {
    old = await databaseBefore(MIGRATION);
    db = old.db;
    folder = await mkdtemp(path.join(tmpdir(), "shop-files-migration-"));
    storage = createLocalStorage(folder);
  });
  afterAll(async () => {
    await old.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it("renames the keys, still opens the files for members while they move, then moves them", async () => {
    const s = await shopWithPeople(db);
    const receiptKey = `receipts/${s.shopId}/0123456789abcdef-01234567.webp`;
    const logoKey = `logos/${s.shopId}/fedcba9876543210-76543210.png`;
    await storage.put(receiptKey, new Uint8Array([1, 2, 3]), "image/webp");
    await storage.put(logoKey, new Uint8Array([4, 5, 6]), "image/png");
    // Written with the columns the table had then (today's bookExpense writes later ones too).
    const inserted = await db.execute<{ id: string }>(sql`
      INSERT INTO expense (shop_id, category_key, amount_satang, method, note, created_by,
                           spent_on, input_vat_satang, supplier, receipt_image_key)
      VALUES (${s.shopId}, 'rent', 50000, 'cash', '', ${s.owner.id}, '2026-02-01', 0, '',
              ${receiptKey})
      RETURNING id`);
    const booked = { id: Number(inserted.rows[0]!.id) };
    await setSalesSettings(db, s.shopId, { logoKey });
    const item = await insertItem(db, s.shopId, s.owner.id, {
      opening: { qty: 5_000, locationId: s.t.defaultLocationId },
    });
    const sold = await createSaleForTest(db, {
      shopId: s.shopId,
      userId: s.owner.id,
      lines: [{ itemId: item.id, qty: 1 }],
    });

    await old.migrateRest();

    const [row] = await db.select().from(expense).where(eq(expense.id, booked.id));
    expect(row!.receiptImageKey).toBe(`private/${receiptKey}`);
    const [settings] = await db
      .select()
      .from(shopSalesSetting)
      .where(eq(shopSalesSetting.shopId, s.shopId));
    expect(settings!.logoKey).toBe(`private/${logoKey}`);
    const [soldRow] = await db.select().from(sale).where(eq(sale.id, sold.id));
    expect(soldRow!.seller.logoKey).toBe(`private/${logoKey}`);
    expect(soldRow!.seller.name).toBe(s.t.shop.name);

    // Not moved yet: read where it still is, by members only; its old address serves nothing.
    expect((await fetchFile(db, storage, s.owner, `/media/private/${receiptKey}`)).body).toEqual(
      Buffer.from([1, 2, 3]),
    );
    expect((await fetchFile(db, storage, s.cashier, `/media/private/${receiptKey}`)).status).toBe(
      404,
    );
    expect((await fetchFile(db, storage, null, `/media/${receiptKey}`)).status).toBe(404);

    expect(await drainFileMoves(db, storage)).toEqual({ moved: 2, failed: [] });
    expect(await storage.get(receiptKey)).toBeNull();
    expect(await storage.get(logoKey)).toBeNull();
    expect(await db.select().from(storedFileMove)).toEqual([]);
    const cashierLogo = await fetchFile(db, storage, s.cashier, `/media/private/${logoKey}`);
    expect(cashierLogo).toMatchObject({ status: 200, cacheControl: "private, no-store" });
    expect(cashierLogo.body).toEqual(Buffer.from([4, 5, 6]));
    // A second run (another instance, the next start) finds nothing left to do.
    expect(await drainFileMoves(db, storage)).toEqual({ moved: 0, failed: [] });
  });
});
