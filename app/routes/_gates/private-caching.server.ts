import type { MiddlewareFunction } from "react-router";
import { SESSION_COOKIE_NAMES } from "~/modules/accounts/index.server";

/**
 * The areas only members reach, and the e-receipts (`/r/`, decision 0094): their pages are never
 * kept by a browser or a proxy.
 */
const PRIVATE_PATH =
  /^\/(user\/|admin(\/|\.data|$)|storehub(\/|\.data|$)|shophub\/(new|members|settings|switch)|r\/)/;

function carriesSession(request: Request): boolean {
  const header = request.headers.get("cookie") ?? "";
  return header
    .split(";")
    .some((pair) => SESSION_COOKIE_NAMES.includes(pair.trim().split("=")[0] ?? ""));
}

/** Whether an answer is a page: HTML, React Router's data for a page, or no body type. */
function isPage(headers: Headers): boolean {
  const type = headers.get("Content-Type") ?? "";
  return !type || /^text\/(html|x-script)/i.test(type);
}

/**
 * `Cache-Control: private, no-store` on what a signed-in member receives (pages and React
 * Router's data requests) and on everything under the private areas, so that a shared
 * computer's back button or a proxy never shows one member's page to the next person. Public
 * pages for visitors, and files such as photos, keep the caching their routes chose. The
 * root's first middleware, so it sees every answer, redirects and resource routes included.
 */
export const privateCachingMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (/\bno-store\b/.test(response.headers.get("Cache-Control") ?? "")) return response;
  const { pathname } = new URL(request.url);
  if (!PRIVATE_PATH.test(pathname) && !(isPage(response.headers) && carriesSession(request))) {
    return response;
  }
  try {
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  } catch {
    // A Response made by Response.redirect() or fetch() has headers that cannot change.
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", "private, no-store");
    return new Response(response.body, { status: response.status, headers });
  }
};
