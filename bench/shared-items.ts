// The shop both write benchmarks sell from (bench/sales.ts, bench/ledger-api.ts): one shop with
// a default place and a few "hot" items with a huge opening stock, so that 32 writers contend on
// the same rows without ever running out, and a deterministic choice of items per sale.
import type pg from "pg";

export interface SharedItems {
  shopId: string;
  locationId: number;
  itemIds: number[];
}

interface ItemPrices {
  price: number;
  cost: number;
}

async function insertedId(client: pg.Pool, text: string, values: unknown[] = []) {
  const id = (await client.query<{ id: string }>(text, values)).rows[0]?.id;
  if (id === undefined) throw new Error(`no row returned by: ${text.slice(0, 60)}`);
  return id;
}

/**
 * A shop (owned by `ownerId` when given) with `itemCount` items, each received with an opening
 * stock of a million units at `cost` through the ledger's own `stock_post_document`.
 */
export async function seedSharedItems(
  client: pg.Pool,
  userId: string,
  itemCount: number,
  { price, cost }: ItemPrices,
  { owner }: { owner: boolean },
): Promise<SharedItems> {
  const shopId = await insertedId(
    client,
    `INSERT INTO shop (name, business_type, address, phone)
     VALUES ('ร้านทดสอบการขาย', 'grocery', '1 ถนนทดสอบ กรุงเทพฯ', '+66812345678')
     RETURNING id`,
  );
  if (owner) {
    await client.query(
      "INSERT INTO shop_member (shop_id, user_id, role) VALUES ($1, $2, 'owner')",
      [shopId, userId],
    );
  }
  const locationId = Number(
    await insertedId(
      client,
      `INSERT INTO stock_location (shop_id, kind, name, is_default)
       VALUES ($1, 'warehouse', 'หน้าร้าน', true) RETURNING id`,
      [shopId],
    ),
  );
  const itemIds: number[] = [];
  for (let index = 0; index < itemCount; index++) {
    const id = Number(
      await insertedId(
        client,
        `INSERT INTO stock_item (shop_id, name, sku, category, unit, price_satang, cost_satang)
         VALUES ($1, $2, $3, 'เครื่องดื่ม', 'ขวด', $4, $5) RETURNING id`,
        [shopId, `สินค้าขายดี ${index + 1}`, `HOT-${index + 1}`, price, cost],
      ),
    );
    itemIds.push(id);
    await client.query(
      `SELECT stock_post_document($1, 'receive', 'OPENING', '', $2,
         jsonb_build_array(jsonb_build_object('line', 1, 'item', $3::bigint,
           'location', $4::bigint, 'qty', 1000000000, 'unitCost', $5::bigint)))`,
      [shopId, userId, id, locationId, cost],
    );
  }
  return { shopId, locationId, itemIds };
}

/**
 * `lines` distinct items for a sale, from a small deterministic generator per writer, sorted so
 * that the bare SQL yardstick locks rows in the same order the ledger does (no deadlocks).
 */
export function sharedItemPicker(itemIds: number[], writers: number, lines: number) {
  const states = Array.from({ length: writers }, (_, writer) => writer * 7919 + 1);
  return (writer: number): number[] => {
    const chosen = new Set<number>();
    while (chosen.size < lines) {
      states[writer] = ((states[writer] ?? 1) * 48271) % 2147483647;
      chosen.add(itemIds[(states[writer] ?? 0) % itemIds.length] ?? 0);
    }
    return [...chosen].sort((a, b) => a - b);
  };
}
