import { formatMessage } from "./format-message";
import type { MessageKey } from "./th";

export type Lang = "th" | "en";
export type { MessageKey };
export type Messages = Record<MessageKey, string>;
export const LANGS: readonly Lang[] = ["th", "en"];
export const DEFAULT_LANG: Lang = "th";
export { LANG_COOKIE, langFromCookieHeader } from "./lang-cookie";

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

let fallbackMessages: Partial<Messages> = {};

/**
 * The text read when the frame's is missing because the root loader failed: the Thai frame and
 * error texts of fallback-messages.ts, which the server sets at start (messages.server.ts) and
 * the browser loads only for a page that needs them (entry.client.tsx); in the browser, the
 * frame text it last loaded after that (message-registry.ts).
 */
export function setFallbackMessages(messages: Partial<Messages>): void {
  fallbackMessages = messages;
}

/**
 * A translator over one or more dictionaries of one language; the first that has a key wins.
 * The browser only ever receives the messages of the page's language (the root loader refers to
 * them); when those are missing (the root loader itself failed) the fallback covers the site
 * frame and error pages. Layers are read in place, not merged: a page renders useT in
 * every row of a table, and copying a dictionary of hundreds of texts for each call cost
 * milliseconds per page. `lang` picks the plural forms (see format-message.ts).
 */
export function createTranslate(
  messages: Partial<Messages> | undefined,
  over: Partial<Messages> | undefined,
  lang: Lang,
): Translate {
  return (key, values) => {
    const text = over?.[key] ?? messages?.[key] ?? fallbackMessages[key] ?? key;
    return values ? formatMessage(text, values, lang) : text;
  };
}

export function isLang(value: unknown): value is Lang {
  return value === "th" || value === "en";
}
