import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANG, isLang, translator, type Lang, type Translate } from "./index";

/** The page's language from the root loader (Thai when it is unavailable, e.g. on hard errors). */
export function useLang(): Lang {
  const data = useRouteLoaderData("root") as { lang?: unknown } | undefined;
  if (isLang(data?.lang)) return data.lang;
  if (typeof document !== "undefined" && isLang(document.documentElement.lang)) {
    return document.documentElement.lang;
  }
  return DEFAULT_LANG;
}

export function useT(): Translate {
  const lang = useLang();
  return useMemo(() => translator(lang), [lang]);
}
