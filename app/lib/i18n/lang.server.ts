import {
  createContext,
  createCookie,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { isLang, type Lang } from "./index";
import { LANG_COOKIE, LANG_COOKIE_OPTIONS, langFromCookieHeader } from "./lang-cookie";

/** The visitor's language choice (the switch in the header writes it through /lang). */
export const langCookie = createCookie(LANG_COOKIE, LANG_COOKIE_OPTIONS);

/**
 * The language of a request: the cookie as createCookie wrote it, else the bare value the
 * switch wrote before (so nobody's language flips with this change), else Thai.
 */
export async function langOfRequest(request: Request): Promise<Lang> {
  const header = request.headers.get("cookie");
  const value: unknown = await langCookie.parse(header);
  return isLang(value) ? value : langFromCookieHeader(header);
}

/** Set-Cookie value choosing `lang` for a year (Secure when the site is served over HTTPS). */
export function chooseLang(lang: Lang, publicOrigin: string): Promise<string> {
  return langCookie.serialize(lang, { secure: publicOrigin.startsWith("https:") });
}

const langContext = createContext<Lang>();

/** Root middleware: the request's language, read once for every loader and action. */
export const langMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(langContext, await langOfRequest(request));
  return next();
};

/** The language of this request (set by the root middleware, app/root.tsx). */
export function langOf(context: Readonly<RouterContextProvider>): Lang {
  return context.get(langContext);
}
