import type { Database } from "~/db/client.server";
import { readThroughCache } from "~/modules/platform/index.server";
import type { ShopRole } from "./schema";
import { listShopsOfMember, type Shop } from "./shops.server";

export interface ActiveShop {
  shop: Shop;
  role: ShopRole;
  /** Every shop of the member, for the header's switcher. */
  shops: { id: string; name: string; role: ShopRole }[];
}

/**
 * The shop the member is working in: `preferredShopId` (the one chosen in the header) when
 * they still belong to it, otherwise the one they chose last (shop_member.last_used_at), else
 * their first shop; null when they have none. The preference is only a wish: membership comes
 * from the database (through the notified cache, which hears of every change;
 * notified-cache.server.ts) on every call.
 */
export async function resolveActiveShop(
  db: Database,
  preferredShopId: string | null,
  userId: string,
): Promise<ActiveShop | null> {
  const rows = await readThroughCache(
    db,
    `shops:${userId}`,
    () => listShopsOfMember(db, userId),
    (found) => ({
      tags: [`user:${userId}`, ...found.map((row) => `shop:${row.shop.id}`)],
    }),
  );
  const active = rows.find((row) => row.shop.id === preferredShopId) ?? lastUsed(rows);
  if (!active) return null;
  return {
    shop: active.shop,
    role: active.role,
    shops: rows.map((row) => ({ id: row.shop.id, name: row.shop.name, role: row.role })),
  };
}

/** The shop the member switched to most recently, else the first by name. */
function lastUsed<T extends { lastUsedAt: Date | null }>(rows: T[]): T | undefined {
  let best = rows[0];
  for (const row of rows) {
    if (row.lastUsedAt && (!best?.lastUsedAt || row.lastUsedAt > best.lastUsedAt)) best = row;
  }
  return best;
}
