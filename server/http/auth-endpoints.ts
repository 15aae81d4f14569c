import { toNodeHandler } from "better-auth/node";
import type { Express, RequestHandler } from "express";
import { CLIENT_ADDRESS_HEADER, type Auth } from "~/modules/accounts/index.server";

export const AUTH_BASE_PATH = "/api/auth";

/**
 * The only better-auth endpoints reachable over HTTP: the GET links we put in e-mails
 * (app/modules/accounts/account-emails.server.ts). Everything else - sign-up, sign-in,
 * password and e-mail changes, account deletion, the admin plugin - is reached only through
 * our own forms (app/routes/accounts/*), which check the terms, our rate limits, the current
 * password and our validation before calling auth.api on the server.
 */
export const PUBLIC_AUTH_ENDPOINTS: readonly { method: "GET"; path: string; pattern: RegExp }[] = [
  // E-mail verification after sign-up, and both steps of a change of address.
  { method: "GET", path: "/verify-email", pattern: /^\/verify-email$/ },
  // The reset link: checks the token and redirects to /user/resetPw with it.
  {
    method: "GET",
    path: "/reset-password/:token",
    pattern: /^\/reset-password\/[A-Za-z0-9_-]+$/,
  },
  // The sign-in link.
  { method: "GET", path: "/magic-link/verify", pattern: /^\/magic-link\/verify$/ },
];

/** Whether a request for `path` (below AUTH_BASE_PATH, as sent: not decoded) may reach better-auth. */
export function isPublicAuthRequest(method: string, path: string): boolean {
  return PUBLIC_AUTH_ENDPOINTS.some(
    (endpoint) => endpoint.method === method && endpoint.pattern.test(path),
  );
}

/**
 * Mounted on AUTH_BASE_PATH in front of better-auth's handler: anything not on the list
 * answers 404, as if better-auth were not there.
 */
export function authEndpointFilter(): RequestHandler {
  return (req, res, next) => {
    // req.path is relative to the mount point and still percent-encoded, so an encoded
    // name cannot slip past the list.
    if (isPublicAuthRequest(req.method, req.path)) return next();
    res.status(404).type("text/plain; charset=utf-8").send("ไม่พบหน้านี้ / Not found");
  };
}

/**
 * Puts the client address as Express resolved it (req.ip honours TRUST_PROXY) on the request
 * for better-auth (sessions' ip_address, its rate limiter), replacing any copy the client sent.
 */
export function trustedClientAddress(): RequestHandler {
  return (req, _res, next) => {
    // Without an address the header is emptied: better-auth then finds no address at all.
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
    next();
  };
}

/** Mounts better-auth's handler behind the filter. */
export function mountAuthEndpoints(app: Express, auth: Auth): void {
  const handler = toNodeHandler(auth);
  // better-call's Node adapter puts Express's req.baseUrl back in front of req.url.
  app.use(AUTH_BASE_PATH, authEndpointFilter(), (req, res) => void handler(req, res));
}
