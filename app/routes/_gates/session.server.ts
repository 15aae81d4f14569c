import {
  createContext,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { appContext, sessionUserContext, type SessionUser } from "~/context";
import {
  takeDisabledSessionNote,
  lookUpSession,
  sessionCookieKey,
} from "~/modules/accounts/index.server";
import { readThroughCache } from "~/modules/platform/index.server";
import { resolveActiveShop, type ActiveShop } from "~/modules/shops/index.server";
import { preferredShopId } from "./active-shop-cookie.server";

/**
 * Resolves the session cookie once per request. better-auth slides the session forward
 * (and re-issues the cookie) when it is older than a day; those cookies are passed on.
 * A disabled account has no sessions left, so its next request is simply signed out.
 * A signed-in member's session is kept in the notified cache (notified-cache.server.ts) until
 * it, or the account, changes; a session about to be slid forward is not kept.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const { auth, db } = context.get(appContext);
  const key = sessionCookieKey(request.headers.get("cookie"));
  const lookup = key
    ? await readThroughCache(
        db,
        key,
        () => lookUpSession(auth, request.headers),
        (found) =>
          found.user && found.expiresAt && found.setCookies.length === 0
            ? { tags: [`user:${found.user.id}`], expiresAt: found.expiresAt }
            : null,
      )
    : null;
  context.set(sessionUserContext, lookup?.user ?? null);
  // A session ended by disabling the account: say so on the sign-in page, once. Only a page
  // read (GET) is sent there; anything else is simply signed out.
  if (
    key &&
    !lookup?.user &&
    request.method === "GET" &&
    (await takeDisabledSessionNote(db, request.headers.get("cookie")))
  ) {
    throw redirect("/user/signIn?disabled=1");
  }
  const result = await next();
  for (const cookie of lookup?.setCookies ?? []) result.headers.append("Set-Cookie", cookie);
  return result;
};

/** The signed-in member of this request, or null (visitors). */
export function sessionUserOf(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(sessionUserContext);
}

type ActiveShopReader = () => Promise<ActiveShop | null>;

const activeShopContext = createContext<ActiveShopReader>();

/**
 * Hands the request its member's active shop (the header's switcher, the storehub and shophub
 * gates) without reading it before anyone asks: a page read resolves it once however many
 * loaders ask. A POST reads it afresh each time, since its action may have just changed the
 * member's shops before the page's loaders run.
 */
export const activeShopMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const { db } = context.get(appContext);
  const user = context.get(sessionUserContext);
  const read: ActiveShopReader = async () =>
    user ? resolveActiveShop(db, await preferredShopId(request), user.id) : null;
  let once: Promise<ActiveShop | null> | undefined;
  context.set(
    activeShopContext,
    request.method === "GET" || request.method === "HEAD" ? () => (once ??= read()) : read,
  );
  return next();
};

/** The signed-in member's active shop, or null (a visitor, or a member without a shop). */
export function activeShopOf(context: Readonly<RouterContextProvider>): Promise<ActiveShop | null> {
  return context.get(activeShopContext)();
}
