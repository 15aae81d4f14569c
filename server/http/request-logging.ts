import type { DestinationStream, LevelWithSilent } from "pino";
import { pino } from "pino";
import { pinoHttp } from "pino-http";

const REDACTED = "[redacted]";

/**
 * Headers that carry credentials never reach the logs: the session cookie (and the language
 * and active-shop ones with it), and the cookies better-auth sets on sign-in.
 */
const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

/** Query parameters that carry secrets: one-time tokens of reset, verify-email and sign-in links, the registration claim. */
const SECRET_PARAMS = /^(token|code|otp|secret|password|claim)$/i;

// A value read again as an address: a path of this site or an absolute http(s) address, as
// better-auth's callbackURL and our redirectTo are. Anything else is left as it was sent.
const ADDRESS = /^(\/|https?:\/\/)/i;

/**
 * A URL as it may be logged: the token inside better-auth's `/reset-password/<token>` path and
 * the values of secret query parameters are replaced, also inside parameters whose value is
 * itself an address (the claim travels URL-encoded inside the verification link's
 * callbackURL). Each level is parsed as a query (URLSearchParams: decoded once) and only the
 * parameters that changed are written again, so the rest of the line reads as it was sent.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf("#");
  const hash = hashAt < 0 ? "" : url.slice(hashAt);
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const safePath = redactPath(path);
  if (queryAt < 0) return `${safePath}${hash}`;
  const query = beforeHash
    .slice(queryAt + 1)
    .split("&")
    .map(redactPair)
    .join("&");
  return `${safePath}?${query}${hash}`;
}

/** One `name=value` of a query as sent: kept as it is unless something in it is secret. */
function redactPair(pair: string): string {
  const [entry] = new URLSearchParams(pair);
  if (!entry || !pair.includes("=")) return pair;
  const [name, value] = entry;
  const rawName = pair.slice(0, pair.indexOf("="));
  if (SECRET_PARAMS.test(name)) return `${rawName}=${REDACTED}`;
  if (!ADDRESS.test(value)) return pair;
  const safe = redactUrl(value);
  return safe === value ? pair : `${rawName}=${encodeURIComponent(safe)}`;
}

/** better-auth's reset link carries its token as the path segment after `reset-password`. */
function redactPath(path: string): string {
  const segments = path.split("/");
  const at = segments.findIndex((segment) => segment.toLowerCase() === "reset-password");
  if (at < 0 || at + 1 >= segments.length || segments[at + 1] === "") return path;
  segments[at + 1] = REDACTED;
  return segments.join("/");
}

function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== "object") return query;
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, redactQueryValue(name, value)]),
  );
}

function redactQueryValue(name: string, value: unknown): unknown {
  if (SECRET_PARAMS.test(name)) return REDACTED;
  if (Array.isArray(value)) return value.map((each: unknown) => redactQueryValue(name, each));
  return typeof value === "string" && ADDRESS.test(value) ? redactUrl(value) : value;
}

/** A copy of `headers` with the address in `name` redacted (the original object is the request's own). */
function withRedactedAddress<T extends Record<string, unknown>>(headers: T, name: string): T {
  const value = headers[name];
  return typeof value === "string" ? { ...headers, [name]: redactUrl(value) } : headers;
}

/** The application's logger: JSON lines, credentials removed wherever they are logged. */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream) {
  const options = { level, redact: { paths: REDACT_PATHS, censor: REDACTED } };
  return destination ? pino(options, destination) : pino(options);
}

/** One log line per request (pino-http), with the URL and query cleaned of secrets. */
export function requestLogger(logger: pino.Logger) {
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") === true },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    serializers: {
      // The serialized request is a copy, but its `query` and `headers` are Express's own
      // objects: replaced, never changed in place.
      req(req: { url?: string; query?: unknown; headers?: Record<string, unknown> }) {
        if (typeof req.url === "string") req.url = redactUrl(req.url);
        if (req.query) req.query = redactQuery(req.query);
        // The page a link was opened from can be the verification page with its claim.
        if (req.headers) req.headers = withRedactedAddress(req.headers, "referer");
        return req;
      },
      // better-auth's verification answers with a redirect to its callback, claim included.
      res(res: { headers?: Record<string, unknown> }) {
        if (res.headers) res.headers = withRedactedAddress(res.headers, "location");
        return res;
      },
    },
  });
}
