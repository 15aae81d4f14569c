import type { MessagesRef } from "./message-registry";

/**
 * Interface text is split by area: the root loader refers to the site frame's text on every
 * page, and each area's layout loader to its own keys (see `areaMessagesFor`). A visitor
 * reading an article never downloads the stock tool's or the admin's text. `shophubPage` is the
 * public /shophub page's own copy: long marketing text that only that page needs; `account`
 * the sign-in, registration, password and profile pages' text (a tenth of every page's data
 * before; the member menu's two keys stay in the frame); `home` the home page's own;
 * `consent` the cookie settings page's and the consent banner's (the banner is drawn by the
 * server alone, so its text never travels).
 */
export const AREAS = [
  "admin",
  "shops",
  "storehub",
  "listings",
  "shophubPage",
  "account",
  "home",
  "consent",
] as const;
export type Area = (typeof AREAS)[number];

/** Keys whose area's pages are not the only ones showing them: the header's member menu. */
const FRAME_KEYS: ReadonlySet<string> = new Set(["account.signedInAs", "account.signOut"]);

/** The area a key belongs to (its first dot-separated word), or null for site frame text. */
export function areaOfKey(key: string): Area | null {
  if (FRAME_KEYS.has(key)) return null;
  const first = key.slice(0, key.indexOf("."));
  return (AREAS as readonly string[]).includes(first) ? (first as Area) : null;
}

/** Loader data that refers to one area's text; `useT` reads it over the root's. */
export interface AreaMessagesData {
  areaMessages: MessagesRef;
}
