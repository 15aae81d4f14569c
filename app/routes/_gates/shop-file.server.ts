import type { MiddlewareFunction } from "react-router";
import { appContext } from "~/context";
import type { ShopRole } from "~/db/schema";
import {
  PRIVATE_FILE_CACHE,
  PRIVATE_FOLDER,
  readPrivateFileKey,
} from "~/modules/media/index.server";
import { findMembershipRole } from "~/modules/shops/index.server";
import { sessionUserOf } from "./session.server";

/**
 * The one answer for a private file the caller may not open and for one that does not exist,
 * so an address tells nobody whether it names a file. Never kept by any cache, so a shared
 * cache cannot hand a visitor's 404 to a member, nor a member's file to anybody.
 */
export function shopFileNotFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_FILE_CACHE },
  });
}

/**
 * The gate of a shop's private files (/media/private/<folder>/<shopId>/<name>, decision 0061):
 * the signed-in member of that shop whose role `readers` lists for the folder. Visitors,
 * members of other shops, removed members and other roles get shopFileNotFound. Membership is
 * read from the database on every request, so a member removed from the shop loses the files
 * at once.
 */
export function shopFileGate(
  readers: ReadonlyMap<string, readonly ShopRole[]>,
): MiddlewareFunction<Response> {
  return async ({ params, context }, next) => {
    const file = readPrivateFileKey(`${PRIVATE_FOLDER}${params["*"] ?? ""}`);
    const user = sessionUserOf(context);
    const allowed = file ? readers.get(file.folder) : undefined;
    if (!file || !user || !allowed) return shopFileNotFound();
    const role = await findMembershipRole(context.get(appContext).db, user.id, file.shopId);
    if (!role || !allowed.includes(role)) return shopFileNotFound();
    return next();
  };
}
