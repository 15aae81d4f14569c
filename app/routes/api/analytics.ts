import { matchRoutes, type RouteObject } from "react-router";
import type { Route } from "./+types/analytics";
import { appContext, routeTreeContext } from "~/context";
import {
  BEACON_MAX_BYTES,
  beaconWithinLimit,
  readBeacon,
  recordBeacon,
  visitorOf,
} from "~/modules/analytics/index.server";
import { analyticsAllowed } from "~/modules/consent";

/*
 * The browser's analytics batches (app/modules/analytics/beacon.client.ts; decision 0076). A
 * batch is stored only with the visitor's opt-in (the `consent` cookie) and without Global
 * Privacy Control or Do Not Track; otherwise it is answered 204 and not even read. A body
 * that is not a batch is refused (400), one over 8 KiB too (413, also by the path's body limit,
 * server/http/body-limit.ts), and a visitor sending too many batches gets 429.
 */

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    },
  });

/** The pattern of the route a path reaches (`/asset/:id`); null for the till, never counted. */
export function routePatternOf(routes: readonly RouteObject[], path: string): string | null {
  const matches = matchRoutes([...routes], path) ?? [];
  const pattern = `/${matches
    .map((match) => match.route.path ?? "")
    .filter(Boolean)
    .join("/")}`.replace(/\/{2,}/g, "/");
  return pattern.startsWith("/shophub/sell") ? null : pattern;
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!analyticsAllowed(request.headers)) return new Response(null, { status: 204 });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > BEACON_MAX_BYTES) return plain(413, "beacon too large");
  const { db, clientAddress } = context.get(appContext);
  // The body limit counts what is read (a chunked body over it stops here with 413).
  const text = await request.text();
  if (new TextEncoder().encode(text).length > BEACON_MAX_BYTES)
    return plain(413, "beacon too large");
  const batch = readBeacon(text);
  if (!batch) return plain(400, "not an analytics batch");
  const visitor = await visitorOf(db, {
    address: clientAddress,
    userAgent: request.headers.get("user-agent") ?? "",
  });
  const limit = await beaconWithinLimit(db, visitor);
  if (!limit.allowed) {
    return plain(429, "too many analytics batches", {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const routes = await context.get(routeTreeContext)();
  await recordBeacon(db, batch, { visitor, routeOf: (path) => routePatternOf(routes, path) });
  return new Response(null, { status: 202, headers: { "Cache-Control": "no-store" } });
}
