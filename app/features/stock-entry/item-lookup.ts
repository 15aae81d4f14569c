/*
 * Finding an item as a person types or a scanner sends a code, through the look-up route
 * (`/storehub/lookup`, this shop only). Storehub's stock documents use it today and the till
 * will: nothing here knows about either form. The rules are plain functions so they can be
 * tested without a browser; use-item-lookup.ts wires them into React.
 */

/** Where the look-ups are answered (cashiers may call it too: it is a stock reader's route). */
export const ITEM_LOOKUP_URL = "/storehub/lookup";

/** An item as the look-up route answers `?code=` (lookup.ts builds exactly this). */
export interface LookupItem {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  unit: string;
  /** The item's cost: only for a member who sees costs (not there for a cashier). */
  costSatang?: number;
  onHand: number;
  status: "active" | "archived";
  /** Units per location id. */
  balances: Record<string, number>;
}

/** What a code or text resolved to: the item, or nothing of this shop has it. */
export type Lookup = LookupItem | "notFound";

/** A suggestion while typing (`?q=`): items whose name or SKU contains the text. */
export interface ItemSuggestion {
  sku: string;
  name: string;
  unit: string;
}

/** Suggestions start at this many characters (one letter matches half the shop). */
export const SUGGEST_MIN_LENGTH = 2;

/**
 * The cache key of a typed text: the same text in another case or with spaces around is the
 * same look-up; `version` changes whenever the page's data reloads (a live stock event), so
 * quantities looked up before are not shown as current.
 */
export function lookupKey(version: number, text: string): string {
  return `${version}|${text.trim().toLowerCase()}`;
}

/** The texts still to look up: not blank, not known yet, not asked already, each once. */
export function textsToLookUp(
  texts: readonly string[],
  version: number,
  isKnownOrAsked: (key: string) => boolean,
): string[] {
  const wanted = new Map<string, string>();
  for (const raw of texts) {
    const text = raw.trim();
    if (text === "") continue;
    const key = lookupKey(version, text);
    if (wanted.has(key) || isKnownOrAsked(key)) continue;
    wanted.set(key, text);
  }
  return [...wanted.values()];
}

/** The text to ask suggestions for, or null when it is too short to be worth asking. */
export function suggestionQuery(text: string, minLength = SUGGEST_MIN_LENGTH): string | null {
  const q = text.trim();
  return q.length < minLength ? null : q;
}

/**
 * Looks up what a person or scanner typed (barcode, SKU or exact name). Null when the answer
 * did not come (offline, or 409 after the shop was switched in another tab: the look-ups name
 * the shop the page shows, so they never fill a form with another shop's items).
 */
export async function fetchItemByCode(
  code: string,
  shopId: string,
  endpoint = ITEM_LOOKUP_URL,
): Promise<Lookup | null> {
  try {
    const query = new URLSearchParams({ code, shopId });
    const response = await fetch(`${endpoint}?${query}`, {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { item: LookupItem | null };
    return body.item ?? "notFound";
  } catch {
    return null;
  }
}

/** Suggestions for a text; null when the answer did not come (the old ones then stay). */
export async function fetchSuggestions(
  q: string,
  shopId: string,
  endpoint = ITEM_LOOKUP_URL,
): Promise<ItemSuggestion[] | null> {
  try {
    const response = await fetch(`${endpoint}?${new URLSearchParams({ q, shopId })}`, {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return [];
    const body = (await response.json()) as { items: ItemSuggestion[] };
    return body.items;
  } catch {
    return null;
  }
}

/**
 * A call that waits until the calls stop for `delayMs`, then runs once with the last
 * arguments (typing: ask once the person pauses, not per key).
 */
export function debounce<Args extends unknown[]>(
  run: (...args: Args) => void,
  delayMs: number,
): { call: (...args: Args) => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    call: (...args) => {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        run(...args);
      }, delayMs);
    },
    cancel,
  };
}
