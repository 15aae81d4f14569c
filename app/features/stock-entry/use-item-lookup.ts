import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  debounce,
  fetchItemByCode,
  fetchSuggestions,
  ITEM_LOOKUP_URL,
  lookupKey,
  suggestionQuery,
  textsToLookUp,
  type ItemSuggestion,
  type Lookup,
  type LookupItem,
} from "./item-lookup";

/**
 * Looks up each of `texts` (the item fields of a form, the till's entry line) shortly after
 * typing stops, and keeps the answers per text for this `version` of the page's data.
 * `shopId` is the shop the page was rendered for (useFormShopId).
 */
export function useItemLookup({
  shopId,
  version,
  texts,
  endpoint = ITEM_LOOKUP_URL,
  delayMs = 300,
}: {
  shopId: string;
  version: number;
  texts: readonly string[];
  endpoint?: string;
  delayMs?: number;
}): {
  /** What is known of a typed text: the item, "notFound", or undefined (blank or not yet). */
  lookupOf: (text: string) => Lookup | undefined;
  /** Looks a code up now (a scanner's Enter); a found item is remembered under its SKU. */
  find: (code: string) => Promise<Lookup | null>;
} {
  const [lookups, setLookups] = useState<Record<string, Lookup>>({});
  const inFlight = useRef(new Set<string>());
  // What is not known yet (what is being asked already is left out in the effect).
  const wanted = textsToLookUp(texts, version, (key) => key in lookups);
  // The effect restarts (and so waits again) only when what is wanted changes.
  const wantedKey = wanted.join("\n");

  useEffect(() => {
    const asked = textsToLookUp(wantedKey === "" ? [] : wantedKey.split("\n"), version, (key) =>
      inFlight.current.has(key),
    );
    if (asked.length === 0) return;
    const timer = setTimeout(() => {
      for (const text of asked) {
        const key = lookupKey(version, text);
        inFlight.current.add(key);
        void fetchItemByCode(text, shopId, endpoint).then((found) => {
          inFlight.current.delete(key);
          if (found) setLookups((previous) => ({ ...previous, [key]: found }));
        });
      }
    }, delayMs);
    return () => clearTimeout(timer);
  }, [wantedKey, version, shopId, endpoint, delayMs]);

  const lookupOf = useCallback(
    (text: string) => (text.trim() ? lookups[lookupKey(version, text)] : undefined),
    [lookups, version],
  );
  const find = useCallback(
    async (code: string) => {
      const found = await fetchItemByCode(code, shopId, endpoint);
      if (found && found !== "notFound") {
        const item: LookupItem = found;
        setLookups((previous) => ({ ...previous, [lookupKey(version, item.sku)]: item }));
      }
      return found;
    },
    [shopId, endpoint, version],
  );
  return { lookupOf, find };
}

/** Suggestions (name or SKU contains the text) for a datalist, asked once typing pauses. */
export function useItemSuggestions({
  shopId,
  endpoint = ITEM_LOOKUP_URL,
  delayMs = 250,
}: {
  shopId: string;
  endpoint?: string;
  delayMs?: number;
}): { suggestions: ItemSuggestion[]; suggest: (text: string) => void } {
  const [suggestions, setSuggestions] = useState<ItemSuggestion[]>([]);
  const debounced = useMemo(
    () =>
      debounce((q: string) => {
        void fetchSuggestions(q, shopId, endpoint).then((items) => {
          if (items) setSuggestions(items);
        });
      }, delayMs),
    [shopId, endpoint, delayMs],
  );
  useEffect(() => debounced.cancel, [debounced]);
  const suggest = useCallback(
    (text: string) => {
      const q = suggestionQuery(text);
      // A text too short keeps the earlier suggestions and forgets a pending ask.
      if (q === null) debounced.cancel();
      else debounced.call(q);
    },
    [debounced],
  );
  return { suggestions, suggest };
}
