import { useCallback, useState } from "react";

/*
 * The cashier who took over this registered till by PIN (issue 37, decision 0088), as the till
 * keeps it in the browser across reloads: the server's switch id, sent with every sale (the
 * server decides who sold it from its own record, never from this), the name the slip prints,
 * and until when it lasts. It belongs to the session that made it: another member signed in
 * here, or another till bound, starts without it.
 */

export interface TillCashier {
  switchId: string;
  userId: string;
  name: string;
  expiresAt: string;
  tillId: string;
  /** The member signed in at the till when the cashier took it over. */
  sessionUserId: string;
}

const storageKey = (shopId: string) => `till-cashier:${shopId}`;

function readCashier(shopId: string, sessionUserId: string): TillCashier | null {
  try {
    const raw = localStorage.getItem(storageKey(shopId));
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<TillCashier>;
    const usable =
      typeof kept.switchId === "string" &&
      typeof kept.userId === "string" &&
      typeof kept.name === "string" &&
      typeof kept.tillId === "string" &&
      typeof kept.expiresAt === "string" &&
      kept.sessionUserId === sessionUserId &&
      Date.parse(kept.expiresAt) > Date.now();
    return usable ? (kept as TillCashier) : null;
  } catch {
    return null;
  }
}

/** The till's cashier after hydration, and the setter that keeps it (null: the session's own). */
export function useTillCashier(
  shopId: string,
  sessionUserId: string,
  browser: boolean,
): [TillCashier | null, (cashier: TillCashier | null) => void] {
  // Read in the render that follows hydration (allowed during render: React renders again at
  // once), so the server's HTML and the first browser render agree.
  const key = browser ? `${shopId}:${sessionUserId}` : null;
  const [kept, setKept] = useState<{ key: string | null; cashier: TillCashier | null }>({
    key: null,
    cashier: null,
  });
  if (key !== null && kept.key !== key) {
    setKept({ key, cashier: readCashier(shopId, sessionUserId) });
  }
  const cashier = kept.key === key ? kept.cashier : null;
  const keep = useCallback(
    (next: TillCashier | null) => {
      setKept({ key: `${shopId}:${sessionUserId}`, cashier: next });
      try {
        if (next) localStorage.setItem(storageKey(shopId), JSON.stringify(next));
        else localStorage.removeItem(storageKey(shopId));
      } catch {
        // Private mode: the switch lasts until the page is reloaded.
      }
    },
    [shopId, sessionUserId],
  );
  return [cashier, keep];
}
