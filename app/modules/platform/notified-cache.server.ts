import type { Database } from "~/db/client.server";

/**
 * Data read on almost every request and changed rarely, kept in memory per app instance and
 * forgotten when the database says it changed:
 *
 * - who a request's member is (their session) and which shops they belong to: triggers on
 *   app_user, auth_session, shop_member and shop announce 'user:<id>' and 'shop:<id>' on
 *   IDENTITY_CHANGED_CHANNEL (drizzle/0010_identity_changes.sql);
 * - the company's content (profile, banners, categories, articles): triggers announce
 *   'content' on CONTENT_CHANGED_CHANNEL (drizzle/0012_content_changes.sql);
 * - the site's notices ('notices', announced by their commands) and the per-shop data members'
 *   pages read on every request (SHOP_DATA_TAG: triggers in
 *   drizzle/0028_member_page_data_changes.sql), on CONTENT_CHANGED_CHANNEL as well.
 *
 * Every entry carries tags; a notification's payload forgets the entries tagged with it ("*"
 * forgets everything). The instance's one LISTEN connection (live-stock.server.ts) delivers
 * them, whoever made the change: better-auth's sign-out or ban, our commands, another
 * instance, a script. Nothing is kept while that connection is down (a change could go
 * unheard), everything is forgotten when it comes back, and every entry expires after
 * CACHE_TTL_MS in any case. So a removed member, a changed role or a banned account take effect
 * on every instance within the time a notification takes to arrive (milliseconds).
 */
export const IDENTITY_CHANGED_CHANNEL = "identity_changed";
export const CONTENT_CHANGED_CHANNEL = "content_changed";
export const CACHE_TTL_MS = 60_000;
/** Bounds on memory: the entries used least recently go first. */
export const CACHE_MAX_ENTRIES = 20_000;
export const CACHE_MAX_BYTES = Number.POSITIVE_INFINITY;

interface Entry {
  expires: number;
  value: unknown;
  tags: readonly string[];
  bytes: number;
}

/**
 * What a loaded value depends on (and, for a cache bounded in bytes, about how many bytes it
 * holds); null: do not keep it.
 */
export type Describe<T> = (
  value: T,
) => { tags: readonly string[]; expiresAt?: Date; bytes?: number } | null;

export interface NotifiedCache {
  /** The value cached under `key`, or `load()`'s (kept when nothing changed meanwhile). */
  read<T>(key: string, load: () => Promise<T>, describe: Describe<T>): Promise<T>;
  /** A notification's payload: a tag, or "*" for everything. */
  forget(payload: string): void;
  /** Whether changes are being heard; while not, nothing is kept. */
  setListening(listening: boolean): void;
  readonly size: number;
  /** The bytes its entries declared (see Describe). */
  readonly bytes: number;
}

export function createNotifiedCache(
  options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {},
): NotifiedCache {
  const ttlMs = options.ttlMs ?? CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? CACHE_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? CACHE_MAX_BYTES;
  // In order of use, least recent first (a Map keeps insertion order; a hit moves to the end).
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  let listening = false;
  // Bumped by every change heard: a value loaded across a change is used but not kept.
  let generation = 0;

  return {
    async read<T>(key: string, load: () => Promise<T>, describe: Describe<T>): Promise<T> {
      const now = Date.now();
      const found = entries.get(key);
      if (found && found.expires > now) {
        entries.delete(key);
        entries.set(key, found);
        return found.value as T;
      }
      if (found) drop(key);
      const startedAt = generation;
      const value = await load();
      const described = describe(value);
      if (!listening || startedAt !== generation || !described) return value;
      const expires = Math.min(now + ttlMs, described.expiresAt?.getTime() ?? Infinity);
      if (expires <= Date.now()) return value;
      drop(key);
      const size = described.bytes ?? 0;
      entries.set(key, { expires, value, tags: described.tags, bytes: size });
      bytes += size;
      while (entries.size > maxEntries || bytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      return value;
    },
    forget(payload) {
      generation += 1;
      if (payload === "*") {
        entries.clear();
        bytes = 0;
        return;
      }
      for (const [key, entry] of entries) if (entry.tags.includes(payload)) drop(key);
    },
    setListening(next) {
      // Either way the entries may be stale: changes were or will be unheard.
      generation += 1;
      entries.clear();
      bytes = 0;
      listening = next;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

// The cache belongs to the database it mirrors: commands and middleware that are handed the
// database find it here. A database without one (tests, tools) always reads the tables.
const cacheByDatabase = new WeakMap<object, NotifiedCache>();

export function attachNotifiedCache(db: Database, cache: NotifiedCache): void {
  cacheByDatabase.set(db.$client, cache);
}

export function notifiedCacheOf(db: Database): NotifiedCache | undefined {
  return cacheByDatabase.get(db.$client);
}

/** Reads through the database's cache when it has one. */
export function readThroughCache<T>(
  db: Database,
  key: string,
  load: () => Promise<T>,
  describe: Describe<T>,
): Promise<T> {
  const cache = notifiedCacheOf(db);
  return cache ? cache.read(key, load, describe) : load();
}

/**
 * Tags of the per-shop data that members' pages read on every request (the till, storehub,
 * shophub's pages). Triggers announce them at commit (drizzle/0028_member_page_data_changes.sql);
 * the commands also forget them at once on their own instance (forgetCached).
 */
export const SHOP_DATA_TAG = {
  /** A shop's selling settings (shop_sales_setting). */
  selling: (shopId: string) => `selling:${shopId}` as const,
  /** A shop's shifts (shift). */
  shifts: (shopId: string) => `shifts:${shopId}` as const,
  /** A member's walkthrough of a shop (shop_guide). */
  guide: (shopId: string, userId: string) => `guide:${shopId}:${userId}` as const,
};
export type ShopDataTag = ReturnType<(typeof SHOP_DATA_TAG)[keyof typeof SHOP_DATA_TAG]>;

/**
 * Forgets, on this instance and at once, what a write of its own just changed. The trigger's
 * notification does the same a moment later (and on every other instance); this closes the
 * gap for the member's very next request, e.g. the page a form post redirects to.
 */
export function forgetCached(
  db: Database,
  tag: `user:${string}` | `shop:${string}` | ShopDataTag,
): void {
  notifiedCacheOf(db)?.forget(tag);
}

/**
 * Tags of the rendered visitor pages (server/http/render-cache.ts) that a write changes. The
 * company's content announces itself ('content', by trigger); these are announced by the
 * commands that change them (announcePageChange), on CONTENT_CHANGED_CHANNEL as well.
 */
export const PAGE_TAG = {
  content: "content",
  notices: "notices",
  /** Every page that lists listings (home, browse, search). */
  listings: "listings",
  /** One listing's own page. */
  listing: (id: string) => `listing:${id.toLowerCase()}`,
} as const;

// The instance's cache of rendered pages: forgotten at once by this instance's own writes.
const pageCacheByDatabase = new WeakMap<object, NotifiedCache>();

export function attachPageCache(db: Database, cache: NotifiedCache): void {
  pageCacheByDatabase.set(db.$client, cache);
}

/**
 * Tells every app instance (NOTIFY, heard by their LISTEN connection within milliseconds) and
 * this one at once that the pages tagged with `tags` are stale. Called after the write has
 * committed. A failed NOTIFY does not undo the saved change: the other instances then keep
 * their page until it expires (PAGE_CACHE_TTL_MS in server/http/render-cache.ts).
 */
export async function announcePageChange(db: Database, tags: readonly string[]): Promise<void> {
  for (const tag of tags) {
    pageCacheByDatabase.get(db.$client)?.forget(tag);
    // The data behind the pages too (the notices members' pages read through the cache).
    notifiedCacheOf(db)?.forget(tag);
  }
  await db.$client
    .query("SELECT pg_notify($1, tag) FROM unnest($2::text[]) AS tag", [
      CONTENT_CHANGED_CHANNEL,
      tags,
    ])
    .catch(() => {});
}
