import { useMemo } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import type { AreaMessagesData } from "./areas";
import {
  createTranslate,
  DEFAULT_LANG,
  isLang,
  type Lang,
  type Messages,
  type Translate,
} from "./index";

interface RootI18n {
  lang?: unknown;
  messages?: Partial<Messages>;
}

/** The page's language from the root loader (Thai when it is unavailable, e.g. on hard errors). */
export function useLang(): Lang {
  const data = useRouteLoaderData("root") as RootI18n | undefined;
  if (isLang(data?.lang)) return data.lang;
  if (typeof document !== "undefined" && isLang(document.documentElement.lang)) {
    return document.documentElement.lang;
  }
  return DEFAULT_LANG;
}

function areaMessagesOf(data: unknown): AreaMessagesData["areaMessages"] | undefined {
  if (data && typeof data === "object" && "areaMessages" in data) {
    return (data as AreaMessagesData).areaMessages;
  }
  return undefined;
}

/**
 * A translator over the root's frame text plus the text of the matched area layout (a page
 * belongs to at most one area; the innermost one wins).
 */
export function useT(): Translate {
  const matches = useMatches();
  const lang = useLang();
  const root = useRouteLoaderData("root") as RootI18n | undefined;
  const rootMessages = root?.messages;
  const area = matches
    .map((match) => areaMessagesOf(match.loaderData))
    .findLast((messages) => messages !== undefined);
  // Both objects only change on a language switch or when entering another area.
  return useMemo(() => createTranslate(rootMessages, area, lang), [rootMessages, area, lang]);
}
