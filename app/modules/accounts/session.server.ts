import type { SessionUser } from "./session-user";
import { SESSION_COOKIE_NAMES, type Auth } from "./auth.server";

/** The session cookie's value(s) in a Cookie header: the key of the cached session. */
export function sessionCookieKey(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const found: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const trimmed = part.trim();
    const equals = trimmed.indexOf("=");
    if (equals > 0 && SESSION_COOKIE_NAMES.includes(trimmed.slice(0, equals))) found.push(trimmed);
  }
  return found.length > 0 ? `session:${found.join(";")}` : null;
}

export type SessionLookup = {
  user: SessionUser | null;
  expiresAt: Date | null;
  setCookies: string[];
};

/**
 * The member a request's session cookie belongs to (null for none, an ended session or a
 * disabled account), and the cookies better-auth re-issues when it slides the session forward.
 */
export async function lookUpSession(auth: Auth, headers: Headers): Promise<SessionLookup> {
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
