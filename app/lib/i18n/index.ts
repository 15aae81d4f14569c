import { FALLBACK_MESSAGES } from "./fallback-messages";
import type { MessageKey } from "./th";

export type Lang = "th" | "en";
export type { MessageKey };
export type Messages = Record<MessageKey, string>;
export const LANGS: readonly Lang[] = ["th", "en"];
export const DEFAULT_LANG: Lang = "th";
export const LANG_COOKIE = "lang";

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * A translator over one language's messages. The browser only ever receives the messages of
 * the page's language (from the root loader); when those are missing (the root loader itself
 * failed) the small bundled Thai fallback covers the site frame and error pages.
 */
/**
 * A translator over one or more dictionaries; the first that has a key wins. Layers are read
 * in place, not merged: a page renders useT in every row of a table, and copying a dictionary
 * of hundreds of texts for each call cost milliseconds per page.
 */
export function createTranslate(
  messages: Partial<Messages> | undefined,
  over?: Partial<Messages>,
): Translate {
  return (key, values) => {
    const text = over?.[key] ?? messages?.[key] ?? FALLBACK_MESSAGES[key] ?? key;
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}

export function isLang(value: unknown): value is Lang {
  return value === "th" || value === "en";
}

/** The language chosen with the language switch (a cookie), Thai otherwise. */
export function langFromCookieHeader(cookieHeader: string | null): Lang {
  const match = cookieHeader?.match(/(?:^|;\s*)lang=(th|en)(?:;|$)/);
  return match?.[1] === "en" ? "en" : DEFAULT_LANG;
}
