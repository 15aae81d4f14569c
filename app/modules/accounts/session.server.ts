import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { appContext, sessionUserContext, type SessionUser } from "~/context";
import { pagePath } from "~/lib/page-path";
import { readThroughCache } from "~/modules/platform/index.server";
import { SESSION_COOKIE_NAMES, type Auth } from "./auth.server";
import { takeDisabledSessionNote } from "./disabled-sessions.server";

/** The session cookie's value(s) in a Cookie header: the key of the cached session. */
function sessionCookieKey(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const found: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const trimmed = part.trim();
    const equals = trimmed.indexOf("=");
    if (equals > 0 && SESSION_COOKIE_NAMES.includes(trimmed.slice(0, equals))) found.push(trimmed);
  }
  return found.length > 0 ? `session:${found.join(";")}` : null;
}

type SessionLookup = { user: SessionUser | null; expiresAt: Date | null; setCookies: string[] };

async function lookUpSession(auth: Auth, headers: Headers): Promise<SessionLookup> {
  const { headers: answer, response } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  const found = response?.user;
  return {
    user:
      found && !found.banned
        ? {
            id: found.id,
            name: found.name,
            email: found.email,
            emailVerified: found.emailVerified,
            image: found.image ?? null,
            phone: (found as { phone?: string | null }).phone ?? null,
            role: found.role === "admin" ? "admin" : "member",
          }
        : null,
    expiresAt: response?.session.expiresAt ? new Date(response.session.expiresAt) : null,
    setCookies: answer.getSetCookie(),
  };
}

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

export function getSessionUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(sessionUserContext);
}

/** The signed-in member, or a redirect to sign in that comes back to this page. */
export function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): SessionUser {
  const found = getSessionUser(context);
  if (found) return found;
  throw redirect(`/user/signIn?redirectTo=${encodeURIComponent(pagePath(request))}`);
}

/** An admin; visitors are sent to sign in, members get 403. Checked on every admin loader and action. */
export function requireAdmin(
  request: Request,
  context: Readonly<RouterContextProvider>,
): SessionUser {
  const found = requireUser(request, context);
  // The error page says "you do not have permission" in the visitor's language.
  if (found.role !== "admin") throw data(null, { status: 403 });
  return found;
}
