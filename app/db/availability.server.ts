import type { Logger } from "pino";

/**
 * Whether the database can be reached right now, as far as this process knows. Requests are
 * answered "briefly unavailable" (503) while it is down instead of failing one by one.
 *
 * It goes down when the embedded server's supervisor sees PostgreSQL exit, or when a query
 * fails with a connection error (an external server restarting or failing over). From then
 * on it probes the database until a query succeeds again.
 */
export interface DatabaseAvailability {
  readonly available: boolean;
  /** Marks the database down (and starts probing) when `error` is a connection error. */
  reportError(error: unknown): boolean;
  markDown(reason: string): void;
  close(): void;
}

// SQLSTATEs that mean "the server is not there for you right now", not "your query is wrong":
// class 08 (connection exception), admin/crash shutdown, still starting, failing over.
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|57P05)$/;
const UNAVAILABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// node-postgres words a lost or impossible connection without a code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether `error` (or what it wraps: Drizzle puts the driver's error in `cause`) says the
 * database could not be reached, as opposed to a query that failed on its own.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof candidate.code === "string") {
      if (UNAVAILABLE_ERRNOS.has(candidate.code) || UNAVAILABLE_SQLSTATES.test(candidate.code))
        return true;
    }
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGES.test(candidate.message))
      return true;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (Array.isArray(candidate.errors) && candidate.errors.some(isDatabaseUnavailableError))
      return true;
    current = candidate.cause;
  }
  return false;
}

export function createDatabaseAvailability(options: {
  /** A cheap query; resolves once the database answers again. */
  probe: () => Promise<unknown>;
  logger?: Logger;
  probeIntervalMs?: number;
}): DatabaseAvailability {
  const interval = options.probeIntervalMs ?? 500;
  let available = true;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      void options.probe().then(
        () => {
          timer = null;
          if (closed) return;
          available = true;
          options.logger?.info({}, "the database answers again");
        },
        () => {
          timer = null;
          schedule();
        },
      );
    }, interval);
    timer.unref();
  };

  const markDown = (reason: string) => {
    if (closed) return;
    if (available) options.logger?.warn({ reason }, "the database is unavailable");
    available = false;
    schedule();
  };

  return {
    get available() {
      return available;
    },
    reportError(error) {
      if (!isDatabaseUnavailableError(error)) return false;
      markDown(error instanceof Error ? error.message : String(error));
      return true;
    },
    markDown,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
