import type { Database } from "~/db/client.server";

/**
 * Who a request's member is (their session) and which shops they belong to are read on almost
 * every request: two round trips before a page or a till's sale does anything of its own. Each
 * app instance keeps them here, and forgets them when the database says they changed:
 *
 * - triggers on app_user, auth_session, shop_member and shop announce every change at commit
 *   on IDENTITY_CHANGED_CHANNEL (drizzle/0010_identity_changes.sql), whoever makes it:
 *   better-auth's sign-out or ban, our commands, another instance, a script;
 * - the instance's one LISTEN connection (live-stock.server.ts) passes them to `forget`;
 * - nothing is kept while that connection is down (a change could go unheard), and everything
 *   is forgotten when it comes back;
 * - every entry expires after IDENTITY_TTL_MS in any case.
 *
 * So a removed member, a changed role or a banned account take effect on every instance within
 * the time a notification takes to arrive (milliseconds), as with reading the tables each time.
 */
export const IDENTITY_CHANGED_CHANNEL = "identity_changed";
export const IDENTITY_TTL_MS = 60_000;
/** A bound on memory: the oldest entries go first. */
export const IDENTITY_MAX_ENTRIES = 20_000;

interface Entry<T> {
  expires: number;
  value: T;
  userId: string;
  /** Shops in the value: a change of one of them forgets the entry. */
  shopIds: readonly string[];
}

export interface IdentityCache {
  /** The value cached under `key`, or `load()`'s (kept when nothing changed meanwhile). */
  read<T>(key: string, load: () => Promise<T>, describe: Describe<T>): Promise<T>;
  /** A notification's payload: "user:<id>", "shop:<id>" or "*". */
  forget(payload: string): void;
  /** Whether changes are being heard; while not, nothing is kept. */
  setListening(listening: boolean): void;
  readonly size: number;
}

type Describe<T> = (
  value: T,
) => { userId: string; shopIds?: readonly string[]; expiresAt?: Date } | null;

export function createIdentityCache(
  options: { ttlMs?: number; maxEntries?: number } = {},
): IdentityCache {
  const ttlMs = options.ttlMs ?? IDENTITY_TTL_MS;
  const maxEntries = options.maxEntries ?? IDENTITY_MAX_ENTRIES;
  const entries = new Map<string, Entry<unknown>>();
  let listening = false;
  // Bumped by every change heard: a value loaded across a change is used but not kept.
  let generation = 0;

  const forgetWhere = (matches: (entry: Entry<unknown>) => boolean) => {
    for (const [key, entry] of entries) if (matches(entry)) entries.delete(key);
  };

  const cache: IdentityCache = {
    async read<T>(key: string, load: () => Promise<T>, describe: Describe<T>): Promise<T> {
      const now = Date.now();
      const found = entries.get(key);
      if (found && found.expires > now) return found.value as T;
      if (found) entries.delete(key);
      const startedAt = generation;
      const value = await load();
      const described = describe(value);
      if (!listening || startedAt !== generation || !described) return value;
      const expires = Math.min(now + ttlMs, described.expiresAt?.getTime() ?? Infinity);
      if (expires <= Date.now()) return value;
      entries.set(key, {
        expires,
        value,
        userId: described.userId,
        shopIds: described.shopIds ?? [],
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    forget(payload) {
      generation += 1;
      if (payload.startsWith("user:")) {
        const userId = payload.slice("user:".length);
        forgetWhere((entry) => entry.userId === userId);
      } else if (payload.startsWith("shop:")) {
        const shopId = payload.slice("shop:".length);
        forgetWhere((entry) => entry.shopIds.includes(shopId));
      } else {
        entries.clear();
      }
    },
    setListening(next) {
      // Either way the entries may be stale: changes were or will be unheard.
      generation += 1;
      entries.clear();
      listening = next;
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}

// The cache belongs to the database it mirrors: commands and middleware that are handed the
// database find it here. A database without one (tests, tools) always reads the tables.
const cacheByDatabase = new WeakMap<object, IdentityCache>();

export function attachIdentityCache(db: Database, cache: IdentityCache): void {
  cacheByDatabase.set(db.$client, cache);
}

export function identityCacheOf(db: Database): IdentityCache | undefined {
  return cacheByDatabase.get(db.$client);
}

/** Reads through the database's identity cache when it has one. */
export function readIdentity<T>(
  db: Database,
  key: string,
  load: () => Promise<T>,
  describe: Describe<T>,
): Promise<T> {
  const cache = identityCacheOf(db);
  return cache ? cache.read(key, load, describe) : load();
}

/**
 * Forgets, on this instance and at once, what a write of its own just changed. The trigger's
 * notification does the same a moment later (and on every other instance); this closes the
 * gap for the member's very next request, e.g. the page a form post redirects to.
 */
export function forgetIdentity(db: Database, payload: `user:${string}` | `shop:${string}`): void {
  identityCacheOf(db)?.forget(payload);
}
