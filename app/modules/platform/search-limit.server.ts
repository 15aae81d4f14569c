import type { Database } from "~/db/client.server";
import { hitRateLimit, RateLimitedError, type RateLimitRule } from "./rate-limit.server";

/**
 * Searches that reach the database, per address: two a second for a minute is far more than
 * a person types or scans, and far less than a script that wants to load the database.
 */
export const SEARCH_LIMIT: RateLimitRule = { name: "search", limit: 120, windowSeconds: 60 };

/**
 * Counts one search of this address; past the limit, throws RateLimitedError with the seconds
 * until the next window (the route says how long to wait and sends Retry-After).
 */
export async function limitSearches(db: Database, clientAddress: string): Promise<void> {
  const limit = await hitRateLimit(db, SEARCH_LIMIT, clientAddress);
  if (!limit.allowed) throw new RateLimitedError(SEARCH_LIMIT.name, limit.retryAfterSeconds);
}
