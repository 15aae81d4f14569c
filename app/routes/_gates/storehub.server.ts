import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import type { SessionUser } from "~/context";
import type { ActiveShop } from "~/modules/shops/index.server";
import type { ShopRole } from "~/db/schema";
import { STOCK_READERS, STOCK_WRITERS } from "~/modules/stock/index.server";
import { signInRedirect } from "./member.server";
import { reachedRouteHandle } from "./reached-route.server";
import { activeShopOf, sessionUserOf } from "./session.server";
import { checkFormShop, type FormShopCheck } from "./shop-form.server";
import { storehubDeclarationOf } from "./storehub-handle";

export interface StorehubAccess {
  user: SessionUser;
  active: ActiveShop;
  shopId: string;
}

/** What a storehub page may show: the area's introduction, or the member's active shop. */
export type StorehubVisit =
  { kind: "intro"; signedIn: boolean } | { kind: "shop"; access: StorehubAccess };

interface Admitted {
  visit: StorehubVisit;
  /**
   * A post's check of its `shopId`, run when the action first asks for its shop; a post made
   * for another shop gets the 409 then, once.
   */
  formCheck: FormShopCheck | null;
}

const storehubContext = createContext<Admitted | null>(null);

/** Where a member without a shop is sent: the area's first page, which introduces it. */
const INTRODUCTION = "/storehub";

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The gate of /storehub/*: the signed-in member's active shop, checked on the server once per
 * request. Visitors are sent to sign in, members without a shop to the introduction, a role
 * that may not read stock (or, for a post, change it) gets 403. The membership and role come
 * from the database (resolveActiveShop); the shop cookie is only a preference. A post must
 * name the active shop in its `shopId` field: otherwise the action gets the 409 the moment it
 * asks for its shop (`storehubOf`), so a form rendered for another shop never writes into this
 * one. Pages that need more than reading declare it with `storehubRoles`. A route that shows
 * itself to visitors (the introduction) or wants bare refusals (the live stream) says so in
 * its `handle` (storehub-handle.ts); the gate reads that only for a request it would refuse.
 */
export const storehubGate: MiddlewareFunction<Response> = async (
  { request, context, url },
  next,
) => {
  const declared = () => reachedRouteHandle(context, url).then(storehubDeclarationOf);
  const user = sessionUserOf(context);
  if (!user) {
    const route = await declared();
    if (route === "introduction") return admit(context, { kind: "intro", signedIn: false }, next);
    if (route === "stream") return new Response(null, { status: 401 });
    throw signInRedirect(request);
  }
  const active = await activeShopOf(context);
  if (!active) {
    const route = await declared();
    if (route === "introduction") return admit(context, { kind: "intro", signedIn: true }, next);
    if (route === "stream") return new Response(null, { status: 204 });
    throw redirect(INTRODUCTION);
  }
  if (!(isRead(request) ? STOCK_READERS : STOCK_WRITERS).includes(active.role)) {
    if ((await declared()) === "stream") return new Response(null, { status: 204 });
    throw data(null, { status: 403 });
  }
  const access = { user, active, shopId: active.shop.id };
  return admit(context, { kind: "shop", access }, next, checkFormShop(request, active.shop));
};

function admit(
  context: Readonly<RouterContextProvider>,
  visit: StorehubVisit,
  next: () => Promise<Response>,
  formCheck: FormShopCheck | null = null,
): Promise<Response> {
  context.set(storehubContext, { visit, formCheck });
  return next();
}

/**
 * A storehub page's stricter rule, one line in the route module:
 * `export const middleware = [storehubRoles(STOCK_WRITERS)];` (403 for the other roles).
 */
export function storehubRoles(roles: readonly ShopRole[]): MiddlewareFunction<Response> {
  return ({ context }, next) => {
    const visit = context.get(storehubContext)?.visit;
    if (visit?.kind === "shop" && !roles.includes(visit.access.active.role)) {
      throw data(null, { status: 403 });
    }
    return next();
  };
}

function admitted(context: Readonly<RouterContextProvider>): Admitted {
  const found = context.get(storehubContext);
  if (!found)
    throw new Error("storehub: this route is not under the storehub gate (app/routes.ts)");
  return found;
}

/**
 * The member's shop for a storehub loader or action, given its own request. An action's post
 * made for another shop throws the 409 here (see `keepFormOnShopChange`).
 */
export async function storehubOf(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<StorehubAccess> {
  const { visit } = admitted(context);
  await settleFormCheck(context, request);
  if (visit.kind !== "shop") throw new Error("storehub: only the introduction admits no shop");
  return visit.access;
}

/** The introduction page's view: no shop (visitors, members without one), or the shop. */
export async function storehubVisitOf(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<StorehubVisit> {
  const { visit } = admitted(context);
  await settleFormCheck(context, request);
  return visit;
}

/**
 * Runs the post's shop check for the action (whose request is the post). The loaders that run
 * after an action in the same request get a GET of their own: they never wait for a body the
 * action may have refused unread (an upload over its limit).
 */
async function settleFormCheck(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<void> {
  const found = admitted(context);
  const check = found.formCheck;
  if (!check || request.method === "GET" || request.method === "HEAD") return;
  found.formCheck = null;
  const refusal = await check();
  if (refusal) throw refusal;
}
