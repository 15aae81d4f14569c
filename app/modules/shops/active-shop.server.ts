import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { readThroughCache } from "~/modules/platform/index.server";
import type { ShopRole } from "./schema";
import { requireFormForShop } from "./shop-form-guard.server";
import { listShopsOfMember, requireShopMember, type Shop } from "./shops.server";

/** The cookie that remembers which of a member's shops they are working in. */
export const ACTIVE_SHOP_COOKIE = "shop";

export interface ActiveShop {
  shop: Shop;
  role: ShopRole;
  /** Every shop of the member, for the header's switcher. */
  shops: { id: string; name: string; role: ShopRole }[];
}

function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

// One page view asks several times (root, area layout, page): read the membership once per
// GET request. Actions always read afresh (from the notified cache, which forgets a
// membership the moment it changes), since they may have just changed it.
const resolvedForRequest = new WeakMap<Request, Map<string, Promise<ActiveShop | null>>>();

/**
 * The shop the member is working in: the one chosen in the header (a cookie) when they still
 * belong to it, otherwise the one they chose last (shop_member.last_used_at), else their
 * first shop; null when they have none. The cookie is only a
 * preference: membership comes from the database (through the notified cache, which hears of
 * every change; notified-cache.server.ts) on every request.
 */
export function resolveActiveShop(
  db: Database,
  request: Request,
  userId: string,
): Promise<ActiveShop | null> {
  if (request.method !== "GET") return readActiveShop(db, request, userId);
  let byUser = resolvedForRequest.get(request);
  if (!byUser) {
    byUser = new Map();
    resolvedForRequest.set(request, byUser);
  }
  let found = byUser.get(userId);
  if (!found) {
    found = readActiveShop(db, request, userId);
    byUser.set(userId, found);
  }
  return found;
}

async function readActiveShop(
  db: Database,
  request: Request,
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
  const wanted = cookieValue(request, ACTIVE_SHOP_COOKIE);
  const active = rows.find((row) => row.shop.id === wanted) ?? lastUsed(rows);
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

/** Set-Cookie value choosing the active shop (a year; HttpOnly, Lax, Secure over HTTPS). */
export function activeShopCookie(shopId: string, secure: boolean): string {
  return [
    `${ACTIVE_SHOP_COOKIE}=${encodeURIComponent(shopId)}`,
    "Path=/",
    "Max-Age=31536000",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The shop a management page works on: `?shop=<id>` when given (a link from the member's
 * list of shops), otherwise the active one; membership and role are checked on the server
 * (404 outside the shop, 403 for a role that is not allowed). A member without any shop is
 * sent to create one. A post must name that same shop in its `shopId` field (409 otherwise;
 * shop-form-guard.server.ts): a form rendered for the active shop is refused once another
 * shop became the active one, instead of changing that one.
 */
export async function requireChosenShop(
  db: Database,
  request: Request,
  userId: string,
  shopParam: string | null,
  allowedRoles: readonly ShopRole[],
): Promise<{ shop: Shop; role: ShopRole }> {
  let chosen: { shop: Shop; role: ShopRole };
  if (shopParam) {
    chosen = await requireShopMember(db, userId, shopParam, allowedRoles);
  } else {
    const active = await resolveActiveShop(db, request, userId);
    if (!active) throw redirect("/shophub/new");
    if (!allowedRoles.includes(active.role)) throw data(null, { status: 403 });
    chosen = { shop: active.shop, role: active.role };
  }
  await requireFormForShop(request, chosen.shop);
  return chosen;
}

/** Whether cookies must be Secure: the site is served over HTTPS. */
export function isHttpsOrigin(origin: string): boolean {
  return origin.startsWith("https:");
}
