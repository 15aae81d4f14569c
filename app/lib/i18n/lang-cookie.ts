import type { Lang } from "./index";

/**
 * The language cookie's name, attributes and value format, in one place for its two readers:
 * React Router's `createCookie` (lang.server.ts: loaders, actions and the /lang switch) and the
 * few pages Express answers before React Router runs (the 413 and 503 pages), which read it
 * with `langFromCookieHeader` below. No browser script reads it, hence HttpOnly.
 */
export const LANG_COOKIE = "lang";

export const LANG_COOKIE_OPTIONS = {
  path: "/",
  maxAge: 31_536_000,
  sameSite: "lax",
  httpOnly: true,
} as const;

/**
 * The value createCookie writes for each language: the JSON text in base64 (the cookie
 * header then URI-encodes the padding). lang.server.test.ts holds this to what createCookie
 * really writes, so a change of its format fails there instead of flipping languages here.
 */
const VALUE_OF: Record<Lang, string> = {
  th: btoa(JSON.stringify("th")),
  en: btoa(JSON.stringify("en")),
};

/**
 * The language a raw cookie value names: createCookie's format, or the bare `th`/`en` the
 * language switch wrote before it (those cookies live up to a year after their last switch;
 * nothing writes them any more).
 */
export function langOfCookieValue(value: string | undefined): Lang | null {
  if (value === undefined) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (decoded === "en" || decoded === VALUE_OF.en) return "en";
  if (decoded === "th" || decoded === VALUE_OF.th) return "th";
  return null;
}

/**
 * The language chosen with the switch, Thai otherwise, from a Cookie header: for code that
 * runs outside React Router (Express's own pages). Loaders and actions use `langOf(context)`
 * (lang.server.ts), which the root middleware resolved once for the request.
 */
export function langFromCookieHeader(cookieHeader: string | null): Lang {
  for (const pair of cookieHeader?.split(";") ?? []) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === LANG_COOKIE) {
      const found = langOfCookieValue(pair.slice(at + 1).trim());
      if (found) return found;
    }
  }
  return "th";
}
