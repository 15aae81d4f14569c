import type { Cart } from "./cart";

/*
 * Parked bills: a cashier sets a bill aside (the customer went to fetch something) and
 * recalls it later. They live in the browser's localStorage, per shop and per till: a
 * parked bill belongs to the counter it was parked at, needs no server, and survives a
 * reload or a dropped connection. The functions here are pure; the page reads and writes.
 */

export interface ParkedBill {
  /** The cart's sale id (recalled, the bill completes under the same id). */
  id: string;
  label: string;
  /** ISO time it was parked. */
  parkedAt: string;
  cart: Cart;
}

/** At most this many parked bills per till: the oldest go first beyond it. */
export const MAX_PARKED = 20;

export function parkedStorageKey(shopId: string, till: string): string {
  return `shophub.till.parked:${shopId}:${till}`;
}

export function cartStorageKey(shopId: string, till: string): string {
  return `shophub.till.cart:${shopId}:${till}`;
}

/** The device's till name (one per browser). */
export const TILL_NAME_KEY = "shophub.till.name";

/** Parks a cart (replacing an earlier parking of the same bill), newest last. */
export function parkBill(
  parked: readonly ParkedBill[],
  cart: Cart,
  label: string,
  now: Date,
): ParkedBill[] {
  const rest = parked.filter((bill) => bill.id !== cart.id);
  return [...rest, { id: cart.id, label: label.trim(), parkedAt: now.toISOString(), cart }].slice(
    -MAX_PARKED,
  );
}

/** Takes a parked bill back: its cart, and the parked bills without it. */
export function recallBill(
  parked: readonly ParkedBill[],
  id: string,
): { cart: Cart; parked: ParkedBill[] } | null {
  const bill = parked.find((candidate) => candidate.id === id);
  if (!bill) return null;
  return { cart: bill.cart, parked: parked.filter((candidate) => candidate.id !== id) };
}

function isCart(value: unknown): value is Cart {
  if (typeof value !== "object" || value === null) return false;
  const cart = value as Partial<Cart>;
  return (
    typeof cart.id === "string" &&
    Array.isArray(cart.lines) &&
    cart.lines.every(
      (line) =>
        typeof line === "object" &&
        line !== null &&
        typeof line.key === "string" &&
        Number.isSafeInteger(line.itemId) &&
        Number.isSafeInteger(line.qtyMilli) &&
        line.qtyMilli > 0,
    ) &&
    typeof cart.note === "string" &&
    Number.isSafeInteger(cart.nextLine)
  );
}

/** A stored cart, or null when there is none or it is not one (another version wrote it). */
export function readCart(text: string | null): Cart | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isCart(value) ? value : null;
  } catch {
    return null;
  }
}

/** The stored parked bills; anything unreadable is dropped rather than breaking the till. */
export function readParked(text: string | null): ParkedBill[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (bill): bill is ParkedBill =>
        typeof bill === "object" &&
        bill !== null &&
        typeof (bill as ParkedBill).id === "string" &&
        typeof (bill as ParkedBill).label === "string" &&
        typeof (bill as ParkedBill).parkedAt === "string" &&
        isCart((bill as ParkedBill).cart),
    );
  } catch {
    return [];
  }
}
