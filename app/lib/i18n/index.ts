import { en } from "./en";
import { th, type MessageKey } from "./th";

export type Lang = "th" | "en";
export type { MessageKey };
export const LANGS: readonly Lang[] = ["th", "en"];
export const DEFAULT_LANG: Lang = "th";
export const LANG_COOKIE = "lang";

const dictionaries: Record<Lang, Record<MessageKey, string>> = { th, en };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Returns the translator for `lang`; `{name}` placeholders are filled from `values`. */
export function translator(lang: Lang): Translate {
  const dictionary = dictionaries[lang];
  return (key, values) => {
    const text = dictionary[key];
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
