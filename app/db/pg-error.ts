/** The fields of a PostgreSQL error that code reacts to. */
export interface PgErrorFields {
  code?: string;
  detail?: string;
  constraint?: string;
}

/**
 * The PostgreSQL error behind a failed query, whether it comes straight from node-postgres or
 * wrapped by Drizzle (which puts the driver's error in `cause`); null for anything else.
 */
export function pgErrorOf(error: unknown): PgErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const candidate = current as PgErrorFields & { cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate;
    }
    current = candidate.cause;
  }
  return null;
}
