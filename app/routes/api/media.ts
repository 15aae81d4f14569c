import type { Route } from "./+types/media";
import { appContext } from "~/context";
import { isSafeKey, mediaTypeOf } from "~/modules/media/index.server";

/**
 * The folders of stored files anyone may load: listing photos, profile photos and item photos.
 * A shop's private files (expense receipts, its receipt logo) are served by shop-file.ts to its
 * members only; their keys before decision 0061 (receipts/…, logos/…) are not served here.
 */
const PUBLIC_FOLDERS = new Set(["listings", "avatars", "items"]);

/** Serves public uploads. Their keys carry a content hash, so they can be cached for good. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const type = mediaTypeOf(key);
  if (!type || !isSafeKey(key) || !PUBLIC_FOLDERS.has(key.split("/")[0] ?? "")) {
    return new Response("Not found", { status: 404 });
  }
  const file = await context.get(appContext).storage.get(key);
  if (!file) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
