import type { Database } from "~/db/client.server";
import type { ShopRole } from "./schema";
import { listShopsOfMember, type Shop } from "./shops.server";

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

/**
 * The shop the member is working in: the one chosen in the header (a cookie) when they still
 * belong to it, otherwise their first shop; null when they have none. The cookie is only a
 * preference: membership is read from the database on every request.
 */
export async function resolveActiveShop(
  db: Database,
  request: Request,
  userId: string,
): Promise<ActiveShop | null> {
  const rows = await listShopsOfMember(db, userId);
  const wanted = cookieValue(request, ACTIVE_SHOP_COOKIE);
  const active = rows.find((row) => row.shop.id === wanted) ?? rows[0];
  if (!active) return null;
  return {
    shop: active.shop,
    role: active.role,
    shops: rows.map((row) => ({ id: row.shop.id, name: row.shop.name, role: row.role })),
  };
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
