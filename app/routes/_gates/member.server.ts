import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import type { SessionUser } from "~/context";
import { pagePath } from "~/lib/page-path";
import { sessionUserOf } from "./session.server";

/** Where a visitor is sent: the sign-in page, which comes back to this page afterwards. */
export function signInRedirect(request: Request): Response {
  return redirect(`/user/signIn?redirectTo=${encodeURIComponent(pagePath(request))}`);
}

/** The signed-in member, or the redirect to sign in (thrown). */
export function signedInMember(
  request: Request,
  context: Readonly<RouterContextProvider>,
): SessionUser {
  const found = sessionUserOf(context);
  if (!found) throw signInRedirect(request);
  return found;
}

const memberContext = createContext<SessionUser | null>(null);

/**
 * The gate of a member's own pages (profile, posting and managing listings): visitors are sent
 * to sign in. Every loader and action under it reads the member with `memberOf`.
 */
export const memberGate: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(memberContext, signedInMember(request, context));
  return next();
};

/** The member a gate let in; calling it on a route no gate covers is a programming error. */
export function memberOf(context: Readonly<RouterContextProvider>): SessionUser {
  const found = context.get(memberContext);
  if (!found) throw new Error("memberOf: this route is not under a member gate (app/routes.ts)");
  return found;
}

/**
 * The gate of /admin: visitors are sent to sign in, members get 403 (the error page says "you
 * do not have permission" in the visitor's language).
 */
export const adminGate: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const found = signedInMember(request, context);
  if (found.role !== "admin") throw data(null, { status: 403 });
  context.set(memberContext, found);
  return next();
};

/**
 * The gate of a public page whose form only administrators use (taking a listing down):
 * page reads pass, anything else needs an administrator.
 */
export const adminPostsGate: MiddlewareFunction<Response> = (args, next) =>
  args.request.method === "GET" || args.request.method === "HEAD" ? next() : adminGate(args, next);
