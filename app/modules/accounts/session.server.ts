import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { appContext, sessionUserContext, type SessionUser } from "~/context";
import { pagePath } from "~/lib/page-path";

/**
 * Resolves the session cookie once per request. better-auth slides the session forward
 * (and re-issues the cookie) when it is older than a day; those cookies are passed on.
 * A disabled account has no sessions left, so its next request is simply signed out.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const { auth } = context.get(appContext);
  const { headers, response } = await auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  const found = response?.user;
  context.set(
    sessionUserContext,
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
  );
  const result = await next();
  for (const cookie of headers.getSetCookie()) result.headers.append("Set-Cookie", cookie);
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
