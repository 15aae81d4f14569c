import type { Request } from "express";
import { SESSION_COOKIE_NAMES } from "~/modules/accounts/index.server";

/** The areas only members reach: their pages are never kept by a browser or a proxy. */
const PRIVATE_PATH =
  /^\/(user\/|admin(\/|\.data|$)|storehub(\/|\.data|$)|shophub\/(new|members|settings|switch))/;

function carriesSession(req: Request): boolean {
  const header = req.headers.cookie ?? "";
  return header
    .split(";")
    .some((pair) => SESSION_COOKIE_NAMES.includes(pair.trim().split("=")[0] ?? ""));
}

/**
 * `Cache-Control: no-store` on what a signed-in member receives (pages and React Router's data
 * requests) and on everything under the private areas, so that a shared computer's back button
 * or a proxy never shows one member's page to the next person. Public pages for visitors, and
 * files such as photos, keep the caching their routes chose.
 */
export function applyPrivateCaching(req: Request, headers: Headers): void {
  if (/\bno-store\b/.test(headers.get("Cache-Control") ?? "")) return;
  const type = headers.get("Content-Type") ?? "";
  const page = /^text\/html/i.test(type) || req.path.endsWith(".data") || !type;
  if (PRIVATE_PATH.test(req.path) || (page && carriesSession(req))) {
    headers.set("Cache-Control", "private, no-store");
  }
}
