import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

export interface RateLimitRule {
  /** What is being limited, e.g. "contact". Part of the stored key. */
  name: string;
  /** How many hits a window allows. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Thrown by a command that refuses work past a rate limit; routes turn it into a 429 page
 * in the visitor's language (app/routes/errors.server.ts).
 */
export class RateLimitedError extends Error {
  constructor(
    readonly rule: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`rate limited: ${rule}`);
    this.name = "RateLimitedError";
  }
}

/**
 * Counts one hit for `subject` (a client address or an account) under `rule` and says
 * whether it is within the limit. One atomic upsert, so concurrent requests and several
 * app instances share the count.
 */
export async function hitRateLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`;
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute<{ hits: number; retry_after: number }>(sql`
    INSERT INTO rate_limit_bucket AS b (key, window_start, hits)
    VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN b.window_start <= now() - ${window}::interval THEN 1 ELSE b.hits + 1 END,
      window_start = CASE WHEN b.window_start <= now() - ${window}::interval THEN now() ELSE b.window_start END
    RETURNING hits,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + ${window}::interval - now()))))::int AS retry_after
  `);
  const row = result.rows[0];
  if (!row) throw new Error("rate limit upsert returned no row");
  return { allowed: row.hits <= rule.limit, retryAfterSeconds: row.retry_after };
}

/** Removes buckets whose window ended long ago, so the table stays small. */
export async function pruneRateLimitBuckets(
  db: Database,
  olderThanSeconds = 86_400,
): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limit_bucket WHERE window_start < now() - ${`${olderThanSeconds} seconds`}::interval`,
  );
}
