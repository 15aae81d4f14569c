// Stock-outs posted through the app over HTTP, and the checks that they all landed. Shared by
// the crash script (bench/crash.ts), the soak script and the outage and backup tests. Plain
// Node loads this file too: no path aliases.
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export interface StockShop {
  shopId: string;
  userId: string;
  locationId: number;
  itemId: number;
  sku: string;
  /** The member's session cookie (`name=value`). */
  cookie: string;
}

/** The superuser connection string of the app's embedded PostgreSQL (from its files). */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const port = (await readFile(path.join(dataDir, "postgres.port"), "utf8")).trim();
  const password = (await readFile(path.join(dataDir, "postgres.password"), "utf8")).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/dptech`;
}

/** Registers a member through the real form and returns the session cookie (every stock benchmark). */
export async function registerMember(appUrl: string, email: string): Promise<string> {
  const response = await fetch(`${appUrl}/register`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: appUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      redirectTo: "/",
      email,
      password: "crash-password-2569",
      confirmPassword: "crash-password-2569",
      name: "ผู้ทดสอบความทนทาน",
      phone: "",
      acceptTerms: "on",
    }).toString(),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.includes("session_token="));
  if (response.status !== 302 || !cookie) {
    throw new Error(`registration answered ${response.status} without a session`);
  }
  return cookie;
}

/**
 * A member (registered over HTTP) who owns a shop with one warehouse and one item holding
 * `stock` units, received through the ledger function.
 */
export async function createStockShop(
  databaseUrl: string,
  appUrl: string,
  stock = 1_000_000,
): Promise<StockShop> {
  const email = `stock-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const cookie = await registerMember(appUrl, email);
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const userId = (
      await client.query<{ id: string }>("SELECT id FROM app_user WHERE email = $1", [email])
    ).rows[0]?.id;
    if (!userId) throw new Error("the registered member is missing");
    const shopId = String(
      (
        await client.query<{ id: string }>(
          `INSERT INTO shop (name, business_type, address, phone)
         VALUES ('ร้านทดสอบความทนทาน', 'grocery', '1 ถนนทดสอบ กรุงเทพฯ', '+66812345678')
         RETURNING id`,
        )
      ).rows[0]?.id,
    );
    await client.query(
      "INSERT INTO shop_member (shop_id, user_id, role) VALUES ($1, $2, 'owner')",
      [shopId, userId],
    );
    const locationId = Number(
      (
        await client.query<{ id: string }>(
          `INSERT INTO stock_location (shop_id, kind, name, is_default)
           VALUES ($1, 'warehouse', 'คลังหลัก', true) RETURNING id`,
          [shopId],
        )
      ).rows[0]?.id,
    );
    const sku = `CRASH-${Date.now()}`;
    const itemId = Number(
      (
        await client.query<{ id: string }>(
          `INSERT INTO stock_item (shop_id, name, sku, category, unit, price_satang, cost_satang)
           VALUES ($1, 'น้ำดื่ม 600 มล.', $2, 'เครื่องดื่ม', 'ขวด', 1000, 600) RETURNING id`,
          [shopId, sku],
        )
      ).rows[0]?.id,
    );
    await client.query(
      `SELECT stock_post_document($1, 'receive', 'OPENING', '', $2,
                jsonb_build_array(jsonb_build_object('line', 1, 'item', $3::bigint,
                  'location', $4::bigint, 'qty', $5::bigint, 'unitCost', 600)))`,
      [shopId, userId, itemId, locationId, stock],
    );
    return { shopId, userId, locationId, itemId, sku, cookie };
  } finally {
    await client.end();
  }
}

export type StockOutOutcome = "acknowledged" | "refused" | "failed";

/**
 * Posts one stock-out of one unit as a browser without JavaScript does, with `reference` to
 * find it later. "acknowledged": the app answered with its redirect after saving;
 * "refused": any other HTTP answer (503 during an outage); "failed": no answer at all.
 */
export async function postStockOut(
  appUrl: string,
  shop: StockShop,
  reference: string,
  signal?: AbortSignal,
): Promise<{ outcome: StockOutOutcome; status?: number }> {
  try {
    const response = await fetch(`${appUrl}/storehub/inout`, {
      method: "POST",
      redirect: "manual",
      signal,
      headers: {
        cookie: shop.cookie,
        origin: appUrl,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        // Every shop form names the shop it was rendered for (a post without it is refused).
        shopId: shop.shopId,
        intent: "post",
        kind: "issue",
        reference,
        reason: "ขายหน้าร้าน",
        note: "",
        scan: "",
        "lines[0].item": shop.sku,
        "lines[0].location": String(shop.locationId),
        "lines[0].qty": "1",
        "lines[0].reason": "",
      }).toString(),
    });
    await response.arrayBuffer();
    const saved = response.status === 302 || response.status === 303;
    return { outcome: saved ? "acknowledged" : "refused", status: response.status };
  } catch {
    return { outcome: "failed" };
  }
}

export interface LedgerCheck {
  /** Acknowledged stock-outs whose document is missing. */
  lost: string[];
  /** Item and location pairs whose balance differs from the sum of their movements. */
  balanceMismatches: number;
  /** Items whose on-hand quantity differs from the sum of their balances. */
  onHandMismatches: number;
  /** Documents with a reference posted more than once. */
  duplicates: number;
  documents: number;
}

/** Whether every acknowledged stock-out is in the ledger and the ledger adds up. */
export async function checkLedger(
  databaseUrl: string,
  shop: Pick<StockShop, "shopId">,
  acknowledged: string[],
): Promise<LedgerCheck> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const found = await client.query<{ reference: string; n: string }>(
      `SELECT reference, count(*) AS n FROM stock_document
        WHERE shop_id = $1 AND kind = 'issue' GROUP BY reference`,
      [shop.shopId],
    );
    const present = new Set(found.rows.map((r) => r.reference));
    const balances = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM (
         SELECT b.item_id, b.location_id, b.qty,
                (SELECT coalesce(sum(m.qty), 0) FROM stock_movement m
                  WHERE m.item_id = b.item_id AND m.location_id = b.location_id) AS moved
           FROM stock_balance b WHERE b.shop_id = $1) AS x
        WHERE x.qty <> x.moved`,
      [shop.shopId],
    );
    const onHand = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM stock_item i
        WHERE i.shop_id = $1
          AND i.on_hand <> (SELECT coalesce(sum(qty), 0) FROM stock_balance b
                             WHERE b.item_id = i.id)`,
      [shop.shopId],
    );
    return {
      lost: acknowledged.filter((reference) => !present.has(reference)),
      balanceMismatches: Number(balances.rows[0]?.n ?? 0),
      onHandMismatches: Number(onHand.rows[0]?.n ?? 0),
      duplicates: found.rows.filter((r) => Number(r.n) > 1).length,
      documents: found.rows.reduce((sum, r) => sum + Number(r.n), 0),
    };
  } finally {
    await client.end();
  }
}

/** Gives the latest registered member a shop of their own with a default stock location. */
export async function ownSpeedTestShop(databaseUrl: string): Promise<void> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    await client.query(`
      WITH member AS (SELECT id FROM app_user ORDER BY created_at DESC LIMIT 1),
        created AS (
          INSERT INTO shop (name, business_type, address, phone)
          VALUES ('ร้านทดสอบความเร็ว', 'cafe', '1 ถนนทดสอบ กรุงเทพฯ', '+66812345678')
          RETURNING id),
        owner AS (
          INSERT INTO shop_member (shop_id, user_id, role)
          SELECT created.id, member.id, 'owner' FROM created, member)
      INSERT INTO stock_location (shop_id, kind, name, is_default)
      SELECT id, 'warehouse', 'หน้าร้าน', true FROM created`);
  } finally {
    await client.end();
  }
}
