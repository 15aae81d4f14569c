// Sales completed through the app over HTTP, as the till sends them, and the checks that they
// all landed once. Shared by the crash script (bench/crash.ts) and the sales benchmark
// (bench/sales.ts). Plain Node loads this file too: no path aliases.
import pg from "pg";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

export const SALE_PRICE = 1_000;
export const SALE_COST = 600;
export const SALE_LINES = 3;

export interface SalesShop {
  shopId: string;
  userId: string;
  locationId: number;
  itemIds: number[];
  /** The member's session cookie (`name=value`). */
  cookie: string;
}

/**
 * Adds `count` items priced SALE_PRICE to a shop, each with `stock` units received at
 * SALE_COST through the ledger function (so balances, values and totals start consistent).
 */
export async function addSaleItems(
  databaseUrl: string,
  shop: { shopId: string; userId: string; locationId: number },
  count: number,
  stock = 1_000_000,
): Promise<number[]> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const itemIds: number[] = [];
    for (let index = 0; index < count; index++) {
      const id = Number(
        (
          await client.query<{ id: string }>(
            `INSERT INTO stock_item (shop_id, name, sku, category, unit, price_satang, cost_satang)
             VALUES ($1, $2, $3, 'เครื่องดื่ม', 'ขวด', $4, $5) RETURNING id`,
            [shop.shopId, `สินค้าขายดี ${index + 1}`, `HOT-${index + 1}`, SALE_PRICE, SALE_COST],
          )
        ).rows[0]?.id,
      );
      await client.query(
        `SELECT stock_post_document($1, 'receive', 'OPENING', '', $2,
           jsonb_build_array(jsonb_build_object('line', 1, 'item', $3::bigint,
             'location', $4::bigint, 'qty', $5::bigint, 'unitCost', $6::bigint)))`,
        [shop.shopId, shop.userId, id, shop.locationId, stock, SALE_COST],
      );
      itemIds.push(id);
    }
    return itemIds;
  } finally {
    await client.end();
  }
}

/** Three distinct items of the shop for one sale, from a small deterministic generator. */
export function salePicker(itemIds: number[], seed: number): () => number[] {
  let state = (seed * 7919 + 1) % 2147483647 || 1;
  return () => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(SALE_LINES, itemIds.length)) {
      state = (state * 48271) % 2147483647;
      chosen.add(itemIds[state % itemIds.length] ?? 0);
    }
    return [...chosen].sort((a, b) => a - b);
  };
}

/** The JSON the till posts for a cash sale of one unit of each item, paid exactly. */
export function tillSale(shopId: string, clientSaleId: string, itemIds: number[], till: string) {
  const total = SALE_PRICE * itemIds.length;
  return {
    clientSaleId,
    till,
    lines: itemIds.map((itemId) => ({ itemId, qtyMilli: 1_000, scaleLabel: null, discount: null })),
    billDiscount: null,
    note: "",
    payments: [{ method: "cash", amountSatang: total }],
    expectedTotalSatang: total,
    // The shop the till's page was opened for: the gate refuses a post without it (409).
    shopId,
  };
}

export type SaleOutcome = "acknowledged" | "refused" | "failed";

export interface PostedSale {
  outcome: SaleOutcome;
  status?: number;
  /** The answer was the earlier sale of the same clientSaleId (a retry after a lost answer). */
  replayed?: boolean;
  documentNumber?: string;
}

/**
 * Posts one sale as the till's fetcher does (`POST /shophub/sell.data`, JSON, React Router's
 * single-fetch answer). "acknowledged": the till was told the sale completed ({ ok: true });
 * "refused": any other answer (503 during an outage, a typed refusal); "failed": no answer.
 */
export async function postSale(
  appUrl: string,
  cookie: string,
  body: ReturnType<typeof tillSale>,
): Promise<PostedSale> {
  let response: Response;
  try {
    response = await fetch(`${appUrl}/shophub/sell.data`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: appUrl, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { outcome: "failed" };
  }
  try {
    if (response.status !== 200) {
      await response.arrayBuffer();
      return { outcome: "refused", status: response.status };
    }
    // The whole answer first: a connection cut mid-stream then fails here, not inside the
    // decoder's own stream reading (where it would escape as an unhandled rejection).
    const bytes = new Uint8Array(await response.arrayBuffer());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const decoded = await decodeViaTurboStream(stream, globalThis as unknown as Window);
    await decoded.done;
    const answer = (decoded.value as { data?: unknown }).data as
      { ok: true; sale: { replayed: boolean; documentNumber: string } } | { ok: false } | undefined;
    if (answer?.ok === true) {
      return {
        outcome: "acknowledged",
        status: 200,
        replayed: answer.sale.replayed,
        documentNumber: answer.sale.documentNumber,
      };
    }
    return { outcome: "refused", status: response.status };
  } catch {
    // The connection broke while the answer was being read: the till was told nothing.
    return { outcome: "failed" };
  }
}

export interface SalesCheck {
  /** Acknowledged clientSaleIds with no sale. */
  lost: string[];
  /** clientSaleIds with more than one sale (the unique index should make this impossible). */
  duplicates: number;
  sales: number;
  /** Sequences (shop, kind, year) of sales, and of stock documents, that are not 1..n. */
  numberGaps: string[];
  /** Sales whose lines are not each tied to one `sale` movement of their stock document. */
  unlinkedLines: number;
}

/** Whether every acknowledged sale is there once and every number sequence is 1..n. */
export async function checkSales(
  databaseUrl: string,
  shopId: string,
  acknowledged: string[],
): Promise<SalesCheck> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const found = await client.query<{ id: string; n: string }>(
      `SELECT client_sale_id AS id, count(*) AS n FROM sale WHERE shop_id = $1
        GROUP BY client_sale_id`,
      [shopId],
    );
    const present = new Set(found.rows.map((r) => r.id));
    const gaps = await client.query<{ sequence: string }>(
      `SELECT 'sale ' || document_kind || ' ' || document_year || ': ' || count(*) || ' numbers, '
              || min(document_seq) || '..' || max(document_seq) AS sequence
         FROM sale WHERE shop_id = $1 GROUP BY document_kind, document_year
       HAVING min(document_seq) <> 1 OR max(document_seq) <> count(*)
           OR count(DISTINCT document_seq) <> count(*)
       UNION ALL
       SELECT 'stock ' || kind || ': ' || count(*) || ' numbers, ' || min(number) || '..'
              || max(number)
         FROM stock_document WHERE shop_id = $1 GROUP BY kind
       HAVING min(number) <> 1 OR max(number) <> count(*) OR count(DISTINCT number) <> count(*)`,
      [shopId],
    );
    const unlinked = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM sale_line l
         JOIN sale s ON s.id = l.sale_id
         LEFT JOIN stock_movement m ON m.id = l.movement_id
        WHERE l.shop_id = $1
          AND (m.id IS NULL OR m.kind <> 'sale' OR m.document_id <> s.stock_document_id)`,
      [shopId],
    );
    return {
      lost: acknowledged.filter((id) => !present.has(id)),
      duplicates: found.rows.filter((r) => Number(r.n) > 1).length,
      sales: found.rows.reduce((sum, r) => sum + Number(r.n), 0),
      numberGaps: gaps.rows.map((r) => r.sequence),
      unlinkedLines: Number(unlinked.rows[0]?.n ?? 0),
    };
  } finally {
    await client.end();
  }
}
