import { createHash } from "node:crypto";
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { appContext, sessionUserContext } from "~/context";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { langOf } from "~/lib/i18n/lang.server";
import { sessionCookieKey } from "~/modules/accounts/index.server";
import { type HeldSession, heldSessionOf } from "~/modules/staff/index.server";

/*
 * A session a cashier holds (issue 37, decision 0088, "The whole session is held"): an owner or
 * manager signed in at a registered till lets a cashier take it over with a PIN. Until the
 * owner takes it back with their own PIN, that browser's session is the cashier's: it reaches
 * the till and the bills it opens (as the cashier), and nothing else of the member areas — not
 * the owner's settings, reports, stock, profile, PINs or the admin pages, whatever address is
 * typed. The session is known by a hash of its cookie, recorded with the switch.
 */

/** The hash a switch keeps of the session it was made under (never the cookie itself). */
export function heldSessionKey(request: Request): string | null {
  const key = sessionCookieKey(request.headers.get("cookie"));
  return key ? createHash("sha256").update(key).digest("hex") : null;
}

type HeldReader = () => Promise<HeldSession | null>;
const heldSessionContext = createContext<HeldReader>(async () => null);

// What a held session still reaches in the member areas: the till and its requests, the bills
// the till opens (a return from the till, as the cashier), and the stock events the till
// listens to. Everything else under these prefixes is the owner's.
const MEMBER_AREAS = /^\/(shophub\/|storehub(\/|$)|admin(\/|$)|user\/(profile|bhPost|listings))/;
const TILL_PATHS =
  /^\/(shophub\/sell(\/|$)|shophub\/invoices\/\d+(\/print|\/invoice\.pdf)?$|storehub\/live$)/;

/** Whether a held session may open this path (React Router's URL, without `.data`). */
export function reachableWhileHeld(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return !MEMBER_AREAS.test(path) || TILL_PATHS.test(path);
}

/**
 * Reads the hold once per request, and only when asked (a visitor, or a member outside the
 * member areas, costs nothing); refuses a held session anything the till does not need.
 */
export const tillHoldMiddleware: MiddlewareFunction<Response> = async (
  { request, context, url },
  next,
) => {
  const user = context.get(sessionUserContext);
  const key = user ? heldSessionKey(request) : null;
  if (!key) return next();
  const { db } = context.get(appContext);
  let once: Promise<HeldSession | null> | undefined;
  context.set(heldSessionContext, () => (once ??= heldSessionOf(db, key)));
  if (!reachableWhileHeld(url.pathname)) {
    const held = await context.get(heldSessionContext)();
    if (held) {
      const t = serverTranslate(langOf(context));
      throw data(t("shops.staff.held.refused", { name: held.cashierName }), { status: 403 });
    }
  }
  return next();
};

/** The cashier who holds this request's session, or null. */
export function heldSessionOfRequest(
  context: Readonly<RouterContextProvider>,
): Promise<HeldSession | null> {
  return context.get(heldSessionContext)();
}

/** The holding switch of this request's session in this shop, as a sale's actor carries it. */
export async function heldSwitchOf(
  context: Readonly<RouterContextProvider>,
  shopId: string,
): Promise<{ id: string; since: Date } | null> {
  const held = await heldSessionOfRequest(context);
  return held && held.shopId === shopId ? { id: held.switchId, since: held.createdAt } : null;
}
