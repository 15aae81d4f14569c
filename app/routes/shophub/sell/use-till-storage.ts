import { type Dispatch, useEffect, useRef } from "react";
import { emptyCart } from "./cart";
import { cartStorageKey, parkedStorageKey, readCart, readParked, TILL_NAME_KEY } from "./parked";
import type { StoredTill, TillAction, TillState } from "./till-state";

/*
 * What this till keeps in the browser's localStorage: its name, its open bill and its parked
 * bills, per shop and till name. The name is written the first time the till opens (in the
 * interface's language of that moment) and never derived from the language again: switching
 * to English mid-shift must not rename the till and lose its shift and bills (issue 32.2).
 */

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full storage: the till still sells, it only forgets on reload.
  }
}

/** The till as the browser kept it; a till opened for the first time takes `defaultName`. */
export function readStoredTill(shopId: string, defaultName: string): StoredTill {
  const kept = readStorage(TILL_NAME_KEY)?.trim();
  const tillName = kept || defaultName;
  if (!kept) writeStorage(TILL_NAME_KEY, tillName);
  return {
    tillName,
    cart: readCart(readStorage(cartStorageKey(shopId, tillName))) ?? emptyCart(crypto.randomUUID()),
    parked: readParked(readStorage(parkedStorageKey(shopId, tillName))),
  };
}

/**
 * Takes up the stored till in the render that follows hydration (so the first browser render
 * matches the server's HTML), then writes the open bill, the parked bills and a new name back
 * whenever they change.
 */
export function useTillStorage(
  shopId: string,
  browser: boolean,
  defaultName: string,
  state: TillState,
  dispatch: Dispatch<TillAction>,
): void {
  if (browser && !state.ready) {
    // Allowed during render: React renders again at once with the stored till, before anything
    // is painted or written back.
    dispatch({ type: "restored", stored: readStoredTill(shopId, defaultName) });
  }
  const { ready, cart, parked, tillName } = state;
  useEffect(() => {
    if (!ready) return;
    writeStorage(
      cartStorageKey(shopId, tillName),
      cart.lines.length > 0 ? JSON.stringify(cart) : null,
    );
  }, [ready, cart, shopId, tillName]);
  useEffect(() => {
    if (!ready) return;
    writeStorage(
      parkedStorageKey(shopId, tillName),
      parked.length > 0 ? JSON.stringify(parked) : null,
    );
  }, [ready, parked, shopId, tillName]);
  // A renamed till: the new name is kept, and the bills move with it (the effects above write
  // them under the new name; the old name's are removed).
  const named = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const before = named.current;
    named.current = tillName;
    if (before === null || before === tillName) return;
    writeStorage(TILL_NAME_KEY, tillName);
    writeStorage(cartStorageKey(shopId, before), null);
    writeStorage(parkedStorageKey(shopId, before), null);
  }, [ready, shopId, tillName]);
}
