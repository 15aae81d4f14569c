/*
 * The cashier who took over this registered till by PIN (issue 37, decision 0088), as the till
 * keeps it in the browser across reloads: the server's switch id, sent with every sale (the
 * server decides who sold it from its own record, never from this), the name the slip prints,
 * and until when it lasts. It belongs to the session that made it: another member signed in
 * here, or another till bound, starts without it. Loaded on demand (the till's script budget):
 * only an owner's or a manager's till reads it, and the staff dialog writes it.
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

/** The cashier this browser keeps for the session, when it still lasts. */
export function readCashier(shopId: string, sessionUserId: string): TillCashier | null {
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

/** Keeps the till's cashier in this browser (null: the session's own member sells again). */
export function keepCashier(shopId: string, cashier: TillCashier | null): void {
  try {
    if (cashier) localStorage.setItem(storageKey(shopId), JSON.stringify(cashier));
    else localStorage.removeItem(storageKey(shopId));
  } catch {
    // Private mode: the switch lasts until the page is reloaded.
  }
}
