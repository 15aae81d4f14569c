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

/** Query parameters that carry one-time secrets (reset, verify-email and sign-in links). */
const SECRET_PARAMS = /^(token|code|otp|secret|password)$/i;

/**
 * A URL as it may be logged: the values of secret query parameters and the token inside
 * better-auth's `/reset-password/<token>` path are replaced.
 */
export function redactUrl(url: string): string {
  const [path = "", ...rest] = url.split("?");
  const safePath = path.replace(/(\/reset-password\/)[^/?#]+/i, `$1${REDACTED}`);
  if (rest.length === 0) return safePath;
  const query = rest
    .join("?")
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0] ?? "";
      return pair.includes("=") && SECRET_PARAMS.test(decodeSafely(name))
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join("&");
  return `${safePath}?${query}`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== "object") return query;
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [
      name,
      SECRET_PARAMS.test(name) ? REDACTED : value,
    ]),
  );
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
      // The serialized request is a copy, but its `query` is Express's own object: replaced,
      // never changed in place.
      req(req: { url?: string; query?: unknown }) {
        if (typeof req.url === "string") req.url = redactUrl(req.url);
        if (req.query) req.query = redactQuery(req.query);
        return req;
      },
    },
  });
}
