import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { appContext } from "~/context";
import type { ShopRole } from "~/db/schema";
import { findShopMembership, type Shop } from "~/modules/shops/index.server";
import { memberGate, memberOf } from "./member.server";
import { activeShopOf } from "./session.server";
import { checkFormShop, type FormShopCheck } from "./shop-form.server";

/**
 * The gate of the shop management pages (/shophub/new, members, settings, switch,
 * invitation): visitors are sent to sign in. The pages that work on one shop declare it with
 * `chosenShop(roles)`.
 */
export const shophubGate = memberGate;

export interface ChosenShop {
  shop: Shop;
  role: ShopRole;
}

const chosenShopContext = createContext<{
  chosen: ChosenShop;
  /** Run when the action first asks for its shop (see storehub.server.ts). */
  formCheck: FormShopCheck | null;
} | null>(null);

/**
 * A management page's shop, one line in the route module:
 * `export const middleware = [chosenShop(["owner"])];`. It is `?shop=<id>` when given (a link
 * from the member's list of shops), otherwise the active one; membership and role are checked
 * on the server (404 outside the shop, 403 for a role that is not allowed). A member without
 * any shop is sent to create one. A post must name that same shop in its `shopId` field (409
 * when the action asks for its shop): a form rendered for the active shop is refused once
 * another shop became the active one, instead of changing that one.
 */
export function chosenShop(roles: readonly ShopRole[]): MiddlewareFunction<Response> {
  return async ({ request, context, url }, next) => {
    const member = memberOf(context);
    const shopParam = url.searchParams.get("shop");
    let chosen: ChosenShop;
    if (shopParam) {
      const found = await findShopMembership(context.get(appContext).db, member.id, shopParam);
      if (!found) throw data(null, { status: 404 });
      chosen = found;
    } else {
      const active = await activeShopOf(context);
      if (!active) throw redirect("/shophub/new");
      chosen = { shop: active.shop, role: active.role };
    }
    if (!roles.includes(chosen.role)) throw data(null, { status: 403 });
    context.set(chosenShopContext, { chosen, formCheck: checkFormShop(request, chosen.shop) });
    return next();
  };
}

/**
 * The shop `chosenShop` admitted, given the loader's or action's own request; an action's post
 * made for another shop throws the 409 here.
 */
export async function chosenShopOf(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<ChosenShop> {
  const found = context.get(chosenShopContext);
  if (!found) throw new Error("chosenShopOf: the route declares no chosenShop(roles) middleware");
  // Run for the action only (its request is the post): the loaders after it get a GET.
  if (request.method === "GET" || request.method === "HEAD") return found.chosen;
  const check = found.formCheck;
  found.formCheck = null;
  const refusal = check ? await check() : null;
  if (refusal) throw refusal;
  return found.chosen;
}
