import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { pushEvent, pushMessage, pushSubscription, stockItem } from "~/db/schema";
import {
  configureVapid,
  deliverDuePushes,
  expandPushEvents,
  queueDailySummaries,
  noticePushedAt,
  queueNoticePush,
  runPushRound,
  saveShopPushSettings,
  savePushChoices,
  saveSubscription,
  vapidDetails,
} from "~/modules/push/index.server";
import { completeSale, dayFigures, voidSale } from "~/modules/sales/index.server";
import { DEFAULT_SETTINGS } from "~/modules/settings";
import { saveSettings } from "~/modules/settings/index.server";
import { closeShift, openShift } from "~/modules/shifts/index.server";
import { addShopMember, createAdmin, insertItem, insertShop, insertUser } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Web Push (issue 36, decision 0078), without the internet: a push service of our own on
 * loopback receives what the worker sends; the test plays the browser (its P-256 key pair and
 * auth secret), decrypts the aes128gcm body (RFC 8188, RFC 8291) and checks the VAPID JWT
 * (RFC 8292) with the site's public key.
 */

let test: TestDatabase;
let db: Database;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service: records each request and answers with the next status queued (201 else). */
let service: {
  server: Server;
  origin: string;
  received: Received[];
  answers: { status: number; retryAfter?: number }[];
};

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  configureVapid(db, { subject: "mailto:push-test@example.com" });
  const received: Received[] = [];
  const answers: { status: number; retryAfter?: number }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      const answer = answers.shift() ?? { status: 201 };
      if (answer.retryAfter) res.setHeader("Retry-After", String(answer.retryAfter));
      res.statusCode = answer.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  service = { server, origin: `http://127.0.0.1:${port}`, received, answers };
});
afterAll(async () => {
  await new Promise((resolve) => service.server.close(resolve));
  await test.drop();
});
beforeEach(async () => {
  service.received.length = 0;
  service.answers.length = 0;
  // Each test starts with an empty queue and no devices.
  await db.execute(sql`TRUNCATE push_message, push_event, push_subscription`);
});

/** A browser: its key pair and auth secret, subscribed at the local push service. */
function browser() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const id = randomUUID();
  return {
    ecdh,
    auth,
    endpoint: `${service.origin}/push/${id}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: auth.toString("base64url"),
    },
  };
}
type Browser = ReturnType<typeof browser>;

async function subscribe(userId: string, device: Browser, lang: "th" | "en" = "th") {
  return saveSubscription(
    db,
    userId,
    { endpoint: device.endpoint, ...device.keys, notices: true },
    lang,
  );
}

/** RFC 8291 §3.4 and RFC 8188 §2: the user agent's side of aes128gcm. */
function decrypt(device: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(ciphertext.length);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    device.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const nonce = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and its padding of zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: "vapid t=<JWT>, k=<public key>", the JWT signed ES256 by that key. */
function checkVapid(authorization: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? "");
  expect(match, authorization).not.toBeNull();
  const [, jwt, key] = match!;
  expect(key).toBe(publicKey);
  const [header, claims, signature] = jwt!.split(".");
  expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toMatchObject({ alg: "ES256" });
  const payload = JSON.parse(Buffer.from(claims!, "base64url").toString()) as Record<
    string,
    unknown
  >;
  expect(payload.aud).toBe(service.origin);
  expect(payload.sub).toBe("mailto:push-test@example.com");
  expect(Number(payload.exp)).toBeGreaterThan(Date.now() / 1000);
  expect(Number(payload.exp)).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
  const raw = Buffer.from(key!, "base64url");
  const publicJwk = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicJwk, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  expect(signed).toBe(true);
}

async function messagesOf(subscriptionId: number) {
  return db.select().from(pushMessage).where(eq(pushMessage.subscriptionId, subscriptionId));
}

describe("the push queue", () => {
  it("sends an admin's notice encrypted (aes128gcm) and signed (VAPID) to each device that takes notices", async () => {
    const member = await insertUser(db);
    const device = browser();
    const english = browser();
    const quiet = browser();
    await subscribe(member, device);
    await subscribe(member, english, "en");
    await saveSubscription(
      db,
      member,
      { endpoint: quiet.endpoint, ...quiet.keys, notices: false },
      "th",
    );
    await queueNoticePush(db, {
      id: 7,
      title: "ปิดปรับปรุงระบบคืนนี้",
      body: "ระบบจะปิดปรับปรุงเวลา 23:00–24:00 น.",
      titleEn: "Maintenance tonight",
      bodyEn: "The site is down 23:00–24:00.",
    });
    await runPushRound(db);
    expect(service.received).toHaveLength(2);
    const vapid = await vapidDetails(db);
    for (const request of service.received) {
      expect(request.headers["content-encoding"]).toBe("aes128gcm");
      expect(request.headers["content-type"]).toBe("application/octet-stream");
      expect(Number(request.headers.ttl)).toBe(86_400);
      checkVapid(request.headers.authorization, vapid.publicKey);
    }
    const toThai = service.received.find((r) => device.endpoint.endsWith(r.path))!;
    const toEnglish = service.received.find((r) => english.endpoint.endsWith(r.path))!;
    expect(JSON.parse(decrypt(device, toThai.body))).toEqual({
      title: "ปิดปรับปรุงระบบคืนนี้",
      body: "ระบบจะปิดปรับปรุงเวลา 23:00–24:00 น.",
      url: "/",
      tag: "notice-7",
    });
    expect(JSON.parse(decrypt(english, toEnglish.body))).toMatchObject({
      title: "Maintenance tonight",
    });
    // Another browser's keys cannot read it.
    expect(() => decrypt(english, toThai.body)).toThrow();
    // The admin's form says when the notice was pushed; another notice was not.
    expect(await noticePushedAt(db, 7)).toBeInstanceOf(Date);
    expect(await noticePushedAt(db, 8)).toBeNull();
  });

  it("retries a 5xx or 429 later with backoff (Retry-After honoured), then sends it", async () => {
    const member = await insertUser(db);
    const device = browser();
    const id = await subscribe(member, device);
    await queueNoticePush(db, {
      id: 1,
      title: "ทดสอบ",
      body: "ข้อความ",
      titleEn: null,
      bodyEn: null,
    });
    await expandPushEvents(db);

    service.answers.push({ status: 503 });
    const before = Date.now();
    expect(await deliverDuePushes(db)).toMatchObject({ sent: 0, retried: 1 });
    let [message] = await messagesOf(id);
    expect(message).toMatchObject({ status: "pending", attempts: 1, lastError: "HTTP 503" });
    // The outbox's schedule: the first retry between 0.5 and 1 s later.
    expect(message!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 500 - 50);
    // Not due yet: nothing is sent.
    expect(await deliverDuePushes(db)).toMatchObject({ sent: 0, retried: 0 });

    await db.update(pushMessage).set({ nextAttemptAt: new Date(Date.now() - 1) });
    service.answers.push({ status: 429, retryAfter: 120 });
    expect(await deliverDuePushes(db)).toMatchObject({ retried: 1 });
    [message] = await messagesOf(id);
    expect(message!.attempts).toBe(2);
    expect(message!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 110_000);

    // A restart loses nothing: the row waits in PostgreSQL; once due it goes.
    await db.update(pushMessage).set({ nextAttemptAt: new Date(Date.now() - 1) });
    expect(await deliverDuePushes(db)).toMatchObject({ sent: 1 });
    [message] = await messagesOf(id);
    expect(message).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(service.received).toHaveLength(3);
  });

  it("gives up after its attempts, and fails at once on an answer that will never change (400)", async () => {
    const member = await insertUser(db);
    const id = await subscribe(member, browser());
    await queueNoticePush(db, { id: 2, title: "ก", body: "ข", titleEn: null, bodyEn: null });
    await expandPushEvents(db);
    await db.update(pushMessage).set({ attempts: 7 });
    service.answers.push({ status: 500 });
    expect(await deliverDuePushes(db)).toMatchObject({ failed: 1 });
    expect((await messagesOf(id))[0]).toMatchObject({ status: "failed", attempts: 8 });

    await queueNoticePush(db, { id: 3, title: "ก", body: "ข", titleEn: null, bodyEn: null });
    await expandPushEvents(db);
    service.answers.push({ status: 400 });
    expect(await deliverDuePushes(db)).toMatchObject({ failed: 1 });
    // The subscription stays: a bad message is not a gone device.
    expect(
      await db.select().from(pushSubscription).where(eq(pushSubscription.id, id)),
    ).toHaveLength(1);
  });

  it.each([404, 410])("drops a subscription the push service says is gone (%i)", async (status) => {
    const member = await insertUser(db);
    const gone = await subscribe(member, browser());
    const kept = await subscribe(member, browser());
    await queueNoticePush(db, { id: 4, title: "ก", body: "ข", titleEn: null, bodyEn: null });
    await expandPushEvents(db);
    service.answers.push({ status });
    expect(await deliverDuePushes(db)).toMatchObject({ gone: 1, sent: 1 });
    const left = await db.select({ id: pushSubscription.id }).from(pushSubscription);
    expect(left.map((row) => row.id)).toEqual([kept]);
    expect(await messagesOf(gone)).toEqual([]);
  });

  it("puts nothing in the queue while push is switched off in the site settings", async () => {
    const admin = await createAdmin(db);
    const member = await insertUser(db);
    await subscribe(member, browser());
    await saveSettings(
      db,
      { id: admin.id, name: "ผู้ดูแล" },
      { ...DEFAULT_SETTINGS, pushEnabled: false },
    );
    try {
      await queueNoticePush(db, { id: 5, title: "ก", body: "ข", titleEn: null, bodyEn: null });
      await runPushRound(db);
      expect(service.received).toHaveLength(0);
      const [event] = await db.select().from(pushEvent);
      expect(event!.expandedAt).not.toBeNull();
    } finally {
      await saveSettings(db, { id: admin.id, name: "ผู้ดูแล" }, DEFAULT_SETTINGS);
    }
  });
});

describe("a shop's alerts", () => {
  const PRICE = 15_000;

  async function shopWithDevices() {
    const made = await insertShop(db);
    const manager = await addShopMember(db, made.shop.id, "manager");
    const cashier = await addShopMember(db, made.shop.id, "cashier");
    const ownerDevice = browser();
    const managerDevice = browser();
    const ownerSub = await subscribe(made.ownerId, ownerDevice);
    const managerSub = await subscribe(manager.id, managerDevice, "en");
    const cashierSub = await subscribe(cashier.id, browser());
    return { ...made, manager, cashier, ownerDevice, ownerSub, managerSub, cashierSub };
  }

  async function sell(shopId: string, userId: string, itemId: number, pieces: number) {
    const result = await completeSale(
      db,
      { shopId, userId, cashierName: "เจ้าของ", role: "owner" },
      {
        clientSaleId: randomUUID(),
        till: "เครื่อง 1",
        lines: [{ itemId, qtyMilli: pieces * 1_000 }],
        payments: [{ method: "cash", amountSatang: PRICE * pieces }],
        expectedTotalSatang: PRICE * pieces,
      },
    );
    if (!result.ok) throw new Error(`sale refused: ${JSON.stringify(result.error)}`);
    return result.sale.id;
  }

  const eventsOf = (shopId: string, kind: string) =>
    db
      .select()
      .from(pushEvent)
      .where(and(eq(pushEvent.shopId, shopId), sql`${pushEvent.kind} = ${kind}`));

  it("tells low stock once per crossing of the reorder level, not per sale, to owners and managers only", async () => {
    const f = await shopWithDevices();
    const item = await insertItem(db, f.shop.id, f.ownerId, {
      fields: { price: PRICE, reorderLevel: 5_000, name: "น้ำดื่ม 600 มล." },
      opening: { qty: 10_000, locationId: f.defaultLocationId },
    });
    await sell(f.shop.id, f.ownerId, item.id, 4); // 6 left: above
    expect(await eventsOf(f.shop.id, "low_stock")).toHaveLength(0);
    await sell(f.shop.id, f.ownerId, item.id, 2); // 4 left: crossed
    await sell(f.shop.id, f.ownerId, item.id, 1); // 3 left: still low, no second alert
    expect(await eventsOf(f.shop.id, "low_stock")).toHaveLength(1);
    // Back above, then below again: a new crossing.
    await db.update(stockItem).set({ reorderLevel: 2_000 }).where(eq(stockItem.id, item.id));
    await sell(f.shop.id, f.ownerId, item.id, 1); // 2 left with level 2: crossed again
    expect(await eventsOf(f.shop.id, "low_stock")).toHaveLength(2);

    await expandPushEvents(db);
    expect(await messagesOf(f.cashierSub)).toEqual([]);
    const [toOwner] = await messagesOf(f.ownerSub);
    expect(toOwner!.payload).toMatchObject({
      title: `สินค้าใกล้หมด · ${f.shop.name}`,
      body: "น้ำดื่ม 600 มล. เหลือ 4 ขวด (จุดสั่งซื้อ 5 ขวด)",
      url: `/shophub/stock?shop=${f.shop.id}&low=1`,
    });
    expect((await messagesOf(f.managerSub))[0]!.payload).toMatchObject({
      title: `Low stock · ${f.shop.name}`,
    });
    // Delivered and readable by the owner's browser.
    await deliverDuePushes(db);
    const request = service.received.find((r) => f.ownerDevice.endpoint.endsWith(r.path))!;
    expect(JSON.parse(decrypt(f.ownerDevice, request.body))).toMatchObject({
      tag: `low-${item.id}`,
    });
  });

  it("keeps no event for a shop whose owners and managers have no device", async () => {
    const made = await insertShop(db);
    const item = await insertItem(db, made.shop.id, made.ownerId, {
      fields: { price: PRICE, reorderLevel: 5_000 },
      opening: { qty: 6_000, locationId: made.defaultLocationId },
    });
    await sell(made.shop.id, made.ownerId, item.id, 2);
    expect(await eventsOf(made.shop.id, "low_stock")).toHaveLength(0);
  });

  it("tells a void above the owner's amount only, and follows each member's choice per shop", async () => {
    const f = await shopWithDevices();
    const item = await insertItem(db, f.shop.id, f.ownerId, {
      fields: { price: PRICE },
      opening: { qty: 50_000, locationId: f.defaultLocationId },
    });
    await saveShopPushSettings(db, f.shop.id, {
      refundAlertSatang: 20_000,
      closingMinute: 21 * 60,
    });
    // The manager wants no void alerts from this shop.
    await savePushChoices(db, f.manager.id, f.shop.id, {
      lowStock: true,
      dailySummary: true,
      largeRefund: false,
      shiftDifference: true,
    });
    const actor = {
      shopId: f.shop.id,
      userId: f.ownerId,
      userName: "เจ้าของ",
      role: "owner" as const,
    };
    const small = await sell(f.shop.id, f.ownerId, item.id, 1); // ฿150: not above ฿200
    const large = await sell(f.shop.id, f.ownerId, item.id, 2); // ฿300
    expect((await voidSale(db, actor, { saleId: small, reason: "ลูกค้าเปลี่ยนใจ" })).ok).toBe(true);
    expect((await voidSale(db, actor, { saleId: large, reason: "ลูกค้าเปลี่ยนใจ" })).ok).toBe(true);
    expect(await eventsOf(f.shop.id, "void")).toHaveLength(2);
    await expandPushEvents(db);
    const toOwner = await messagesOf(f.ownerSub);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.payload).toMatchObject({
      title: `ยกเลิกบิล ฿300.00 · ${f.shop.name}`,
      url: `/shophub/invoices/${large}?shop=${f.shop.id}`,
    });
    expect(await messagesOf(f.managerSub)).toEqual([]);
  });

  it("tells a shift closed with a cash difference, not one that balanced", async () => {
    const f = await shopWithDevices();
    const actor = {
      shopId: f.shop.id,
      userId: f.ownerId,
      userName: "เจ้าของ",
      role: "owner" as const,
    };
    const balanced = await openShift(db, actor, { till: "เครื่อง 1", openingCashSatang: 100_000 });
    if (!balanced.ok) throw new Error("shift not opened");
    await closeShift(db, actor, {
      shiftId: balanced.value.id,
      countedCashSatang: 100_000,
      note: "",
    });
    const short = await openShift(db, actor, { till: "เครื่อง 1", openingCashSatang: 100_000 });
    if (!short.ok) throw new Error("shift not opened");
    await closeShift(db, actor, { shiftId: short.value.id, countedCashSatang: 95_000, note: "" });
    const events = await eventsOf(f.shop.id, "shift_difference");
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ shiftId: short.value.id, differenceSatang: -5_000 });
    await expandPushEvents(db);
    expect((await messagesOf(f.ownerSub))[0]!.payload).toMatchObject({
      body: "เจ้าของ ปิดกะ เงินสดขาด ฿50.00",
    });
  });

  it("queues the daily summary once at closing time, with the dashboard's figures", async () => {
    const f = await shopWithDevices();
    const item = await insertItem(db, f.shop.id, f.ownerId, {
      fields: { price: PRICE },
      opening: { qty: 50_000, locationId: f.defaultLocationId },
    });
    await sell(f.shop.id, f.ownerId, item.id, 3);
    await saveShopPushSettings(db, f.shop.id, {
      refundAlertSatang: 100_000,
      closingMinute: 20 * 60,
    });
    const now = new Date();
    const bangkokNow = new Date(now.getTime() + 7 * 3600_000);
    const minute = bangkokNow.getUTCHours() * 60 + bangkokNow.getUTCMinutes();
    // Closing time set one minute ahead: not yet; then at the minute itself.
    await saveShopPushSettings(db, f.shop.id, {
      refundAlertSatang: 100_000,
      closingMinute: Math.min(1439, minute + 1),
    });
    if (minute + 1 <= 1439) {
      await queueDailySummaries(db, now);
      expect(await eventsOf(f.shop.id, "daily_summary")).toHaveLength(0);
    }
    await saveShopPushSettings(db, f.shop.id, {
      refundAlertSatang: 100_000,
      closingMinute: minute,
    });
    await queueDailySummaries(db, now);
    await queueDailySummaries(db, now);
    const events = await eventsOf(f.shop.id, "daily_summary");
    expect(events).toHaveLength(1);
    const figures = await dayFigures(
      db,
      f.shop.id,
      (events[0]!.payload as { day: string }).day,
      false,
    );
    expect(events[0]!.payload).toMatchObject({
      salesSatang: figures.salesSatang,
      bills: figures.bills,
      averageSatang: figures.averageSatang,
      cashSatang: figures.cashSatang,
    });
    expect(figures.salesSatang).toBe(3 * PRICE);
  });
});
