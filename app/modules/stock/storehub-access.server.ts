import { data, redirect, type RouterContextProvider } from "react-router";
import { appContext, type SessionUser } from "~/context";
import { requireUser } from "~/modules/accounts/index.server";
import {
  resolveActiveShop,
  type ActiveShop,
  requireFormForShop,
} from "~/modules/shops/index.server";
import type { ShopRole } from "~/db/schema";

/** Who may look at stock (cashiers see it to sell) and who may change it. */
export const STOCK_READERS: readonly ShopRole[] = ["owner", "manager", "stock", "cashier"];
export const STOCK_WRITERS: readonly ShopRole[] = ["owner", "manager", "stock"];

/** Cashiers sell; what the stock cost the shop is not theirs to see (PRODUCT.md). */
export function maySeeCosts(role: ShopRole): boolean {
  return role !== "cashier";
}

export interface StorehubAccess {
  user: SessionUser;
  active: ActiveShop;
  shopId: string;
}

/**
 * The signed-in member's active shop for a storehub page or action, checked on the server:
 * visitors are sent to sign in, members without a shop to the storehub introduction, and a
 * role that may not do this gets 403. The membership and role are read from the database on
 * every request (resolveActiveShop); the shop cookie is only a preference. A post must name
 * the active shop in its `shopId` field (409 otherwise; shop-form-guard.server.ts), so a form
 * rendered for another shop never writes into this one.
 */
export async function requireStorehubShop(
  request: Request,
  context: Readonly<RouterContextProvider>,
  roles: readonly ShopRole[],
): Promise<StorehubAccess> {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const active = await resolveActiveShop(db, request, user.id);
  if (!active) throw redirect("/storehub");
  if (!roles.includes(active.role)) throw data(null, { status: 403 });
  await requireFormForShop(request, active.shop);
  return { user, active, shopId: active.shop.id };
}
