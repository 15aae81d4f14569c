import type { Route } from "./+types/robots";
import { appContext } from "~/context";

export function loader({ context }: Route.LoaderArgs) {
  const { publicOrigin } = context.get(appContext);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /user/",
    "Disallow: /storehub/",
    // The shop management pages (the public /shophub page itself stays indexed).
    "Disallow: /shophub/",
    "Disallow: /lang",
    "",
    `Sitemap: ${publicOrigin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
