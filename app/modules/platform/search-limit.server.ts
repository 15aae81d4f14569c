import { data } from "react-router";
import type { Database } from "~/db/client.server";
import { langFromCookieHeader } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.server";

/**
 * Searches that reach the database, per address: two a second for a minute is far more than
 * a person types or scans, and far less than a script that wants to load the database.
 */
export const SEARCH_LIMIT: RateLimitRule = { name: "search", limit: 120, windowSeconds: 60 };

/**
 * Counts one search of this address; past the limit, throws a 429 whose page says in the
 * visitor's language how long to wait (Retry-After carries the same in seconds).
 */
export async function limitSearches(
  db: Database,
  request: Request,
  clientAddress: string,
): Promise<void> {
  const limit = await hitRateLimit(db, SEARCH_LIMIT, clientAddress);
  if (limit.allowed) return;
  const t = serverTranslate(langFromCookieHeader(request.headers.get("cookie")));
  throw data(t("error.tooManyRequests", { minutes: Math.ceil(limit.retryAfterSeconds / 60) }), {
    status: 429,
    headers: { "Retry-After": String(limit.retryAfterSeconds), "Cache-Control": "no-store" },
  });
}
