import { use, useMemo } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import { createTranslate, DEFAULT_LANG, isLang, type Lang, type Translate } from "./index";
import {
  isMessagesRef,
  knownMessages,
  loadMessages,
  type MessagesRef,
  type PartialMessages,
} from "./message-registry";

interface RootI18n {
  lang?: unknown;
  messages?: unknown;
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

/** The reference to a route's area text in its loader data, if it has one. */
export function areaMessagesRefOf(data: unknown): MessagesRef | undefined {
  if (data && typeof data === "object" && "areaMessages" in data) {
    const ref = (data as { areaMessages: unknown }).areaMessages;
    if (isMessagesRef(ref)) return ref;
  }
  return undefined;
}

/**
 * The text references of the matched routes: the root's frame text and the innermost matched
 * area's (a page belongs to at most one area).
 */
export function messageRefsOf(matches: readonly { id?: string; loaderData?: unknown }[]): {
  frame: MessagesRef | undefined;
  area: MessagesRef | undefined;
} {
  const root = matches.find((match) => match.id === "root")?.loaderData as RootI18n | undefined;
  return {
    frame: isMessagesRef(root?.messages) ? root.messages : undefined,
    area: matches.map((match) => areaMessagesRefOf(match.loaderData)).findLast(Boolean),
  };
}

/** The text behind a reference, waiting for it (React's `use`) when the browser lacks it yet. */
function useMessages(ref: MessagesRef | undefined): PartialMessages | undefined {
  if (!ref) return undefined;
  return knownMessages(ref) ?? use(loadMessages(ref));
}

/** A translator over the root's frame text and the matched area's text (the area's wins). */
export function useT(): Translate {
  const lang = useLang();
  const { frame, area } = messageRefsOf(useMatches());
  const frameMessages = useMessages(frame);
  const areaMessages = useMessages(area);
  // Both objects only change on a language switch or when entering another area.
  return useMemo(
    () => createTranslate(frameMessages, areaMessages, lang),
    [frameMessages, areaMessages, lang],
  );
}
