import type { Route } from "./+types/sitemap";
import { appContext } from "~/context";
import { listArticles } from "~/modules/content/index.server";
import { listSitemapListings } from "~/modules/listings/index.server";
import { bangkokIsoDate } from "~/lib/dates";

const PUBLIC_PAGES = [
  "/",
  "/article",
  "/contact",
  "/shophub",
  "/test",
  "/register",
  "/terms",
  "/privacy",
  "/asset",
  "/search",
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, publicOrigin } = context.get(appContext);
  const [articles, listings] = await Promise.all([listArticles(db), listSitemapListings(db)]);
  const urls = [
    ...PUBLIC_PAGES.map((path) => ({ loc: `${publicOrigin}${path}`, lastmod: undefined })),
    ...articles.map((a) => ({
      loc: `${publicOrigin}/article/${encodeURIComponent(a.slug)}`,
      lastmod: bangkokIsoDate(a.updatedAt),
    })),
    ...listings.map((l) => ({
      loc: `${publicOrigin}/asset/${l.id}`,
      lastmod: bangkokIsoDate(l.updatedAt),
    })),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
