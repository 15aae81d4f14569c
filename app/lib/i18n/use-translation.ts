import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
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
  messages?: Messages;
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

export function useT(): Translate {
  const data = useRouteLoaderData("root") as RootI18n | undefined;
  const messages = data?.messages;
  return useMemo(() => createTranslate(messages), [messages]);
}
