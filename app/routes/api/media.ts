import type { Route } from "./+types/media";
import { appContext } from "~/context";

const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
};

/** Serves stored uploads. Their keys carry a content hash, so they can be cached for good. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const type = TYPES[key.split(".").pop() ?? ""];
  if (!type || !/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes("..")) {
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
