import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext, sessionUserContext, type SessionUser } from "~/context";
import { listing, listingPhoto } from "~/db/schema";
import {
  getListingForViewer,
  setListingHidden,
  type ListingFormData,
  DEMO_LISTINGS_OWNER,
  seedDemoListings,
  searchListings,
} from "~/modules/listings/index.server";
import { createLocalStorage, type FileStorage } from "~/modules/media/index.server";
import * as detailRoute from "~/routes/listings/detail";
import * as mineRoute from "~/routes/listings/mine";
import * as postRoute from "~/routes/listings/post";
import * as searchRoute from "~/routes/listings/search";
import { createUser, insertListing } from "../setup/factories";
import { runRoute } from "../setup/route-call";
import { createTestAuth } from "../setup/test-auth";
import { IDLE_STOCK_EVENTS } from "../setup/idle-stock-events";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let auth: ReturnType<typeof createTestAuth>["auth"];
let uploads: string;
let storage: FileStorage;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ auth } = createTestAuth(test.db));
  uploads = await mkdtemp(path.join(tmpdir(), "dptech-listing-uploads-"));
  storage = createLocalStorage(uploads);
});
afterAll(async () => {
  await test.drop();
  await rm(uploads, { recursive: true, force: true });
});

// ---- helpers -----------------------------------------------------------------------------

const addMember = (role: "member" | "admin" = "member"): Promise<SessionUser> =>
  createUser(test.db, { role, phone: "+66812345678" });

function contextFor(sessionUser: SessionUser | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db: test.db,
    logger: pino({ level: "silent" }),
    nonce: "test",
    clientAddress: "127.0.0.1",
    publicOrigin: "http://localhost",
    version: "test",
    auth,
    storage,
    stockEvents: IDLE_STOCK_EVENTS,
  });
  context.set(sessionUserContext, sessionUser);
  return context;
}

type DataFunction = (args: never) => unknown;

/** Calls a route's loader or action (tests/setup/route-call.ts); returns status and data. */
async function call(
  fn: DataFunction,
  pathWithQuery: string,
  sessionUser: SessionUser | null,
  options: { body?: FormData | URLSearchParams } = {},
): Promise<{ status: number; location?: string | null; data?: unknown }> {
  const url = new URL(pathWithQuery, "http://localhost");
  const request = options.body
    ? new Request(url, { method: "POST", body: options.body })
    : new Request(url);
  let value: unknown;
  try {
    // Through the route tree, behind the gates of its parents, as the app runs it.
    value = await runRoute(fn, request, contextFor(sessionUser));
  } catch (error) {
    value = error;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location") };
  }
  if (
    value &&
    typeof value === "object" &&
    "type" in value &&
    value.type === "DataWithResponseInit"
  ) {
    const wrapped = value as unknown as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value };
}

/** A published listing without photos, saved through the module like the form does. */
const publish = (ownerId: string, fields: Partial<ListingFormData>) =>
  insertListing(test.db, storage, ownerId, fields);

function formFields(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("photos", file);
  return form;
}

const validFields = {
  title: "ขายคอนโดติดรถไฟฟ้าสายสีเขียว",
  description: "คอนโดหนึ่งห้องนอนชั้นสิบสอง วิวสวน เฟอร์นิเจอร์ครบพร้อมอยู่",
  category: "condo",
  price: "3,250,000",
  province: "10",
  contactPhone: "081-234-5678",
  status: "published",
};

async function png(width: number, height: number, colour = "#0d47a1"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A PNG whose header claims width x height pixels, with almost no data behind it. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

async function photosOf(listingId: string) {
  return test.db
    .select()
    .from(listingPhoto)
    .where(eq(listingPhoto.listingId, listingId))
    .orderBy(asc(listingPhoto.position));
}

// ---- search ------------------------------------------------------------------------------

describe("Thai search", () => {
  it("finds a word inside Thai text written without spaces, and ranks whole-word matches first", async () => {
    const owner = await addMember();
    const detached = await publish(owner.id, {
      title: "ขายบ้านเดี่ยวพร้อมที่ดินย่านบางนา",
      description: "บ้านเดี่ยวสองชั้นสภาพดีมากใกล้ทางด่วนเดินทางสะดวก",
    });
    // Newer, and "บ้าน" appears only inside the longer word "หมู่บ้าน".
    const townhouse = await publish(owner.id, {
      title: "ทาวน์โฮมสามชั้นในหมู่บ้านจัดสรร",
      description: "ทาวน์โฮมในหมู่บ้านเงียบสงบ ใกล้ BTS อ่อนนุช พื้นที่ 35 ตารางวา",
    });
    await publish(owner.id, {
      title: "รถกระบะมือสองสภาพดี",
      description: "รถกระบะตอนเดียวเครื่องยนต์ดีเซล เข้าศูนย์ตลอด",
      category: "car",
    });

    const word = await searchListings(test.db, storage, "th", "เดี่ยว", 1);
    expect(word.rows.map((r) => r.id)).toEqual([detached]);
    expect(word.rows[0]?.titleParts).toContainEqual({ text: "เดี่ยว", mark: true });

    const house = await searchListings(test.db, storage, "th", "บ้าน", 1);
    expect(house.rows.map((r) => r.id)).toEqual([detached, townhouse]);
    expect(house.rows.map((r) => r.exact)).toEqual([true, false]);

    // Two words typed together, Latin letters in any case, and numbers.
    const phrase = await searchListings(test.db, storage, "th", "บ้านเดี่ยวบางนา", 1);
    expect(phrase.rows.map((r) => r.id)).toEqual([detached]);
    expect((await searchListings(test.db, storage, "th", "bts", 1)).rows.map((r) => r.id)).toEqual([
      townhouse,
    ]);
    expect((await searchListings(test.db, storage, "th", "35", 1)).rows.map((r) => r.id)).toEqual([
      townhouse,
    ]);
    // Part of a word.
    expect(
      (await searchListings(test.db, storage, "th", "ดีเซ", 1)).rows.map((r) => r.title),
    ).toEqual(["รถกระบะมือสองสภาพดี"]);
    expect((await searchListings(test.db, storage, "th", "คอนโดหรู", 1)).total).toBe(0);
    // The search form's ?q= becomes the search's own address; no keyword shows the newest.
    const typed = await call(searchRoute.loader, `/search?q=${encodeURIComponent(" เดี่ยว ")}`, null);
    expect(typed).toMatchObject({ status: 302, location: `/search/${encodeURIComponent("เดี่ยว")}` });
    const empty = await call(searchRoute.loader, "/search", null);
    expect(empty.data).toMatchObject({ keyword: "", results: null });
    expect((empty.data as { newest: { title: string }[] }).newest[0]?.title).toBe(
      "รถกระบะมือสองสภาพดี",
    );
    const page = await call(searchRoute.loader, "/search/เดี่ยว", null);
    expect((page.data as { results: { rows: { id: string }[] } }).results.rows[0]?.id).toBe(
      detached,
    );

    // Part of a word the segmenter cuts in two ("คอนโด" is stored as "คอน" + "โด").
    const condo = await publish(owner.id, {
      title: "ขายคอนโดติดรถไฟฟ้าอ่อนนุช",
      description: "ห้องสตูดิโอชั้นแปด เฟอร์นิเจอร์ครบ",
      category: "condo",
    });
    expect((await searchListings(test.db, storage, "th", "คอนโ", 1)).rows.map((r) => r.id)).toEqual(
      [condo],
    );
    expect((await searchListings(test.db, storage, "th", "คอนโด", 1)).rows[0]).toMatchObject({
      id: condo,
      exact: true,
    });
  });

  it("never shows drafts or listings an admin took down", async () => {
    const owner = await addMember();
    const admin = await addMember("admin");
    await publish(owner.id, {
      title: "ขายเครื่องกลึงซีเอ็นซีฉบับร่าง",
      description: "ยังไม่พร้อมขาย รอถ่ายรูปเพิ่มเติม",
      status: "draft",
    });
    const taken = await publish(owner.id, {
      title: "ขายเครื่องกลึงซีเอ็นซีที่ถูกระงับ",
      description: "ประกาศนี้ถูกผู้ดูแลระงับ",
    });
    await setListingHidden(test.db, admin.id, taken, true);
    expect((await searchListings(test.db, storage, "th", "เครื่องกลึง", 1)).total).toBe(0);
    expect(await getListingForViewer(test.db, storage, taken, null)).toBeNull();
    expect(await getListingForViewer(test.db, storage, taken, owner)).not.toBeNull();
    expect(await getListingForViewer(test.db, storage, taken, admin)).not.toBeNull();
  });
});

// ---- ownership ---------------------------------------------------------------------------

describe("ownership", () => {
  it("lets only the owner edit, change the status of, or delete a listing", async () => {
    const owner = await addMember();
    const stranger = await addMember();
    const admin = await addMember("admin");
    const id = await publish(owner.id, {
      title: "ขายที่ดินเปล่าติดถนนลาดยาง",
      description: "ที่ดินสองไร่ ติดถนนลาดยาง น้ำไฟเข้าถึง เหมาะทำบ้านสวน",
      category: "land",
    });

    // Someone else: 403 on the edit page, on saving, on status changes and on delete.
    expect((await call(postRoute.loader, `/user/bhPost?id=${id}`, stranger)).status).toBe(403);
    const edit = formFields({ ...validFields, title: "ถูกแก้โดยคนอื่น" });
    expect(
      (await call(postRoute.action, `/user/bhPost?id=${id}`, stranger, { body: edit })).status,
    ).toBe(403);
    for (const intent of ["sold", "draft"]) {
      const body = new URLSearchParams({ intent, id });
      expect((await call(mineRoute.action, "/user/listings", stranger, { body })).status).toBe(403);
    }
    const remove = new URLSearchParams({ intent: "delete", id, confirmed: "1" });
    expect(
      (await call(mineRoute.action, "/user/listings", stranger, { body: remove })).status,
    ).toBe(403);
    // Admins may take it down, not edit or delete it.
    expect(
      (await call(postRoute.action, `/user/bhPost?id=${id}`, admin, { body: edit })).status,
    ).toBe(403);
    expect((await call(mineRoute.action, "/user/listings", admin, { body: remove })).status).toBe(
      403,
    );
    // Members who are not admins cannot take it down.
    const hide = new URLSearchParams({ intent: "hide" });
    expect((await call(detailRoute.action, `/asset/${id}`, stranger, { body: hide })).status).toBe(
      403,
    );
    // An admin can take it down (and put it back); it then disappears from the public lists.
    const taken = await call(detailRoute.action, `/asset/${id}`, admin, {
      body: hide,
    });
    expect(taken).toMatchObject({ status: 302, location: `/asset/${id}?admin=hidden` });
    expect((await call(detailRoute.loader, `/asset/${id}`, null)).status).toBe(404);
    const restore = new URLSearchParams({ intent: "restore" });
    expect((await call(detailRoute.action, `/asset/${id}`, admin, { body: restore })).status).toBe(
      302,
    );
    // Visitors are sent to sign in.
    const visitor = await call(postRoute.action, `/user/bhPost?id=${id}`, null, { body: edit });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/user\/signIn\?redirectTo=/);
    // An unknown listing is a 404.
    expect((await call(postRoute.loader, `/user/bhPost?id=${randomUUID()}`, owner)).status).toBe(
      404,
    );

    const [unchanged] = await test.db.select().from(listing).where(eq(listing.id, id));
    expect(unchanged?.title).toBe("ขายที่ดินเปล่าติดถนนลาดยาง");
    expect(unchanged?.status).toBe("published");

    // The owner can.
    const saved = await call(postRoute.action, `/user/bhPost?id=${id}`, owner, { body: edit });
    expect(saved).toMatchObject({ status: 302, location: `/asset/${id}?saved=1` });
    const sold = new URLSearchParams({ intent: "sold", id });
    expect((await call(mineRoute.action, "/user/listings", owner, { body: sold })).status).toBe(
      302,
    );
    const [after] = await test.db.select().from(listing).where(eq(listing.id, id));
    expect(after).toMatchObject({ title: "ถูกแก้โดยคนอื่น", status: "sold", priceSatang: 325_000_000 });
    // Delete asks first, then deletes.
    const ask = new URLSearchParams({ intent: "delete", id });
    expect(await call(mineRoute.action, "/user/listings", owner, { body: ask })).toMatchObject({
      status: 200,
      data: { confirmDelete: { id } },
    });
    expect((await call(mineRoute.action, "/user/listings", owner, { body: remove })).status).toBe(
      302,
    );
    expect(await test.db.select().from(listing).where(eq(listing.id, id))).toEqual([]);
  });

  it("shows a draft only to its owner (404 for everyone else) and the phone only to members", async () => {
    const owner = await addMember();
    const other = await addMember();
    const admin = await addMember("admin");
    const draft = await publish(owner.id, {
      title: "คอนโดฉบับร่างยังไม่เผยแพร่",
      description: "รายละเอียดยังไม่ครบ รอแก้ไขก่อนเผยแพร่",
      status: "draft",
    });
    for (const viewer of [null, other, admin]) {
      expect((await call(detailRoute.loader, `/asset/${draft}`, viewer)).status).toBe(404);
    }
    expect((await call(detailRoute.loader, `/asset/${draft}`, owner)).status).toBe(200);
    expect((await call(detailRoute.loader, "/asset/nope", null)).status).toBe(404);

    const open = await publish(owner.id, {
      title: "ขายมอเตอร์ไซค์ฮอนด้าเวฟ",
      description: "รถมอเตอร์ไซค์ใช้งานน้อย เล่มทะเบียนครบ ภาษีไม่ขาด",
      category: "motorcycle",
    });
    const asVisitor = await call(detailRoute.loader, `/asset/${open}`, null);
    expect(asVisitor.data).toMatchObject({ phone: null });
    expect(JSON.stringify(asVisitor.data)).not.toContain("812345678");
    const asMember = await call(detailRoute.loader, `/asset/${open}`, other);
    expect(asMember.data).toMatchObject({ phone: { e164: "+66812345678" } });
  });
});

// ---- photos ------------------------------------------------------------------------------

describe("listing photos", () => {
  it("refuses a text file renamed .jpg and a huge-dimension image, with Thai reasons, and saves nothing", async () => {
    const owner = await addMember();
    const body = formFields(validFields, [
      file(new TextEncoder().encode("นี่คือไฟล์ข้อความ ไม่ใช่รูปภาพ"), "photo.jpg", "image/jpeg"),
      file(pngHeaderOnly(100_000, 100_000), "huge.png", "image/png"),
      file(await png(400, 300), "fine.png", "image/png"),
    ]);
    const result = await call(postRoute.action, "/user/bhPost", owner, { body });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      photoErrors: [
        { name: "photo.jpg", error: "media.error.notImage" },
        { name: "huge.png", error: "media.error.tooManyPixels" },
      ],
      values: { title: validFields.title },
    });
    expect(await test.db.select().from(listing).where(eq(listing.ownerId, owner.id))).toEqual([]);
  });

  it("stores a PNG and a WebP as WebP variants, with the chosen cover and order", async () => {
    const owner = await addMember();
    const webp = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: "#ff7a00" },
    })
      .webp()
      .toBuffer();
    const body = formFields(
      { ...validFields, cover: "n-1", "photoPos.n-0": "1", "photoPos.n-1": "0" },
      [
        file(await png(800, 1200), "upright.png", "image/png"),
        file(webp, "wide.webp", "image/webp"),
      ],
    );
    const result = await call(postRoute.action, "/user/bhPost", owner, { body });
    expect(result.status).toBe(302);
    const id = result.location?.match(/\/asset\/([0-9a-f-]+)/)?.[1] ?? "";
    const photos = await photosOf(id);
    expect(photos.map((p) => [p.width, p.height, p.isCover])).toEqual([
      [3000, 2000, true],
      [800, 1200, false],
    ]);
    const expected = { thumb: 320, card: 640, full: 1600 };
    for (const photo of photos) {
      for (const [variant, longest] of Object.entries(expected)) {
        const stored = await storage.get(`${photo.storageKey}-${variant}.webp`);
        expect(stored, `${variant} of ${photo.storageKey}`).not.toBeNull();
        const meta = await sharp(stored ?? Buffer.alloc(0)).metadata();
        expect(meta.format).toBe("webp");
        expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(
          Math.min(longest, Math.max(photo.width, photo.height)),
        );
      }
    }
    // Only the variants are kept: no original anywhere in the uploads folder.
    const files = await readdir(path.join(uploads, "listings", id));
    expect(files.every((name) => /-(thumb|card|full)\.webp$/.test(name))).toBe(true);
    expect(files).toHaveLength(6);
  });

  it("strips EXIF (GPS included) from every stored variant and turns the photo upright", async () => {
    const owner = await addMember();
    // 600 x 400 as stored, orientation 6 (rotate 90°): 400 x 600 when upright.
    const jpeg = await sharp({
      create: { width: 600, height: 400, channels: 3, background: "#2e7d32" },
    })
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "GpsTestCam", Model: "Field 1" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "13/1 45/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "100/1 30/1 0/1",
        },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, in either byte order) is in the upload's EXIF.
    const exif = before.exif ?? Buffer.alloc(0);
    expect(
      exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);
    expect(jpeg.includes(Buffer.from("GpsTestCam"))).toBe(true);

    const result = await call(postRoute.action, "/user/bhPost", owner, {
      body: formFields(validFields, [file(jpeg, "gps.jpg", "image/jpeg")]),
    });
    expect(result.status).toBe(302);
    const id = result.location?.match(/\/asset\/([0-9a-f-]+)/)?.[1] ?? "";
    const [photo] = await photosOf(id);
    expect(photo).toMatchObject({ width: 400, height: 600, isCover: true });
    for (const variant of ["thumb", "card", "full"]) {
      const stored = await readFile(path.join(uploads, `${photo?.storageKey}-${variant}.webp`));
      const meta = await sharp(stored).metadata();
      expect(meta.exif, variant).toBeUndefined();
      expect(meta.xmp, variant).toBeUndefined();
      expect(meta.orientation, variant).toBeUndefined();
      expect(stored.includes(Buffer.from("GpsTestCam"))).toBe(false);
      expect((meta.height ?? 0) > (meta.width ?? 0)).toBe(true);
    }
  });

  it("keeps, reorders and removes stored photos when the owner edits", async () => {
    const owner = await addMember();
    const first = await call(postRoute.action, "/user/bhPost", owner, {
      body: formFields(validFields, [
        file(await png(400, 300, "#ff0000"), "a.png", "image/png"),
        file(await png(400, 300, "#00ff00"), "b.png", "image/png"),
        file(await png(400, 300, "#0000ff"), "c.png", "image/png"),
      ]),
    });
    const id = first.location?.match(/\/asset\/([0-9a-f-]+)/)?.[1] ?? "";
    const [a, b, c] = await photosOf(id);
    expect(a?.isCover).toBe(true);
    const edit = formFields({
      ...validFields,
      [`photoPos.e-${c?.id}`]: "0",
      [`photoPos.e-${a?.id}`]: "1",
      photoRemove: `e-${b?.id}`,
      cover: `e-${c?.id}`,
    });
    const second = await call(postRoute.action, `/user/bhPost?id=${id}`, owner, { body: edit });
    expect(second.status).toBe(302);
    const after = await photosOf(id);
    expect(after.map((p) => [p.id, p.isCover])).toEqual([
      [c?.id, true],
      [a?.id, false],
    ]);
    expect(await storage.get(`${b?.storageKey}-full.webp`)).toBeNull();
  });

  it("refuses more than twelve photos, and photos over 10 MB", async () => {
    const owner = await addMember();
    const small = await png(64, 48);
    const files = Array.from({ length: 13 }, (_, i) => file(small, `p${i}.png`, "image/png"));
    const result = await call(postRoute.action, "/user/bhPost", owner, {
      body: formFields(validFields, files),
    });
    expect(result.status).toBe(413);
    expect(result.data).toMatchObject({ errors: { photos: "listings.error.tooManyPhotos" } });
    // Each photo is at most 10 MB; the upload is refused while it arrives.
    const big = file(new Uint8Array(10 * 1024 * 1024 + 1), "big.jpg", "image/jpeg");
    const tooBig = await call(postRoute.action, "/user/bhPost", owner, {
      body: formFields(validFields, [big]),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.data).toMatchObject({ errors: { photos: "listings.error.photoTooLarge" } });
    expect(await test.db.select().from(listing).where(eq(listing.ownerId, owner.id))).toEqual([]);
  });
});

// ---- demo content ------------------------------------------------------------------------

describe("demo listings", () => {
  it("are added once, with stored photos, and can be found", async () => {
    await seedDemoListings(test.db, storage);
    await seedDemoListings(test.db, storage);
    const demo = await test.db
      .select()
      .from(listing)
      .where(eq(listing.ownerId, DEMO_LISTINGS_OWNER.id));
    expect(demo).toHaveLength(6);
    expect(new Set(demo.map((row) => row.category)).size).toBe(6);
    for (const row of demo) {
      const photos = await photosOf(row.id);
      expect(photos.length).toBeGreaterThan(0);
      expect(await storage.get(`${photos[0]?.storageKey}-card.webp`)).not.toBeNull();
    }
    const found = await searchListings(test.db, storage, "th", "ไฮลักซ์", 1);
    expect(found.rows.map((row) => row.title)).toContain(
      "ขายรถกระบะโตโยต้า ไฮลักซ์ รีโว่ ปี 2020 รถบ้านมือเดียว",
    );
  });
});
