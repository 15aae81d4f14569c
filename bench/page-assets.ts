// The JavaScript and CSS a page ships, as the server sends them: shared by the load benchmark
// (bench/site.ts, the home page's budget) and the till's (bench/till.ts).
import { get, type IncomingHttpHeaders } from "node:http";
import { gzipSync } from "node:zlib";

export interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that returns the bytes as sent (no decompression). */
export function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    }).once("error", reject);
  });
}

export interface Asset {
  url: string;
  kind: "js" | "css";
  raw: number;
  gzip9: number;
  /** Bytes on the wire for `Accept-Encoding: gzip`, and the encoding the server chose. */
  served: number;
  encoding: string;
}

/** Script, module preload and stylesheet URLs of a page, plus modules its inline scripts name. */
/** The page's HTML without React Router's inline route manifest (one JSON object literal). */
export function withoutRouteManifest(html: string): string {
  const marker = html.indexOf("__reactRouterManifest");
  const start = marker < 0 ? -1 : html.indexOf("{", marker);
  if (start < 0) return html;
  let depth = 0;
  let inString = false;
  for (let i = start; i < html.length; i++) {
    const char = html[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return html.slice(0, start) + html.slice(i + 1);
  }
  return html;
}

export function assetUrls(html: string, pageUrl: string): { url: string; kind: "js" | "css" }[] {
  const found = new Map<string, "js" | "css">();
  const add = (href: string | undefined, kind: "js" | "css") => {
    if (href) found.set(new URL(href, pageUrl).href, kind);
  };
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\s${name}=["']([^"']*)["']`, "i").exec(tag)?.[1];
    const rel = attr("rel")?.toLowerCase();
    if (/^<script/i.test(tag)) add(attr("src"), "js");
    else if (rel === "modulepreload") add(attr("href"), "js");
    else if (rel === "stylesheet") add(attr("href"), "css");
  }
  for (const [, src] of html.matchAll(/\bimport\b[^"';]*["']([^"']+\.m?js)["']/g)) add(src, "js");
  // Any other module address the page's scripts name (quotes possibly escaped). Not the route
  // manifest's: it names the modules of routes the page may go to next (with lazy route
  // discovery, the index route and the routes along the path), which load only on that
  // navigation; the page's own routes are imported above. The manifest's own "url" is not
  // loaded either: the browser asks /__manifest for routes it lacks.
  for (const [, src] of withoutRouteManifest(html).matchAll(
    /(?<!["']url\\?["']:\s*\\?)\\?["'](\/[^"'\\\s<>]+\.m?js)\\?["']/g,
  ))
    add(src, "js");
  return [...found].map(([url, kind]) => ({ url, kind }));
}

/**
 * Every script and stylesheet a page's HTML loads, each fetched plain and with gzip as the
 * server sends it. `headers` go with the page's request (a session cookie for member pages).
 */
export async function pageAssets(pageUrl: string, headers: Record<string, string> = {}) {
  const page = await fetchRaw(pageUrl, { accept: "text/html", ...headers });
  if (page.status !== 200) throw new Error(`${pageUrl} answered ${page.status}`);
  const origin = new URL(pageUrl).origin;
  const assets: Asset[] = [];
  for (const { url, kind } of assetUrls(page.body.toString("utf8"), pageUrl)) {
    // Loopback only: anything from another origin would be a finding of its own.
    if (new URL(url).origin !== origin) throw new Error(`${pageUrl} loads ${url} from elsewhere`);
    const [plain, gzipped] = await Promise.all([
      fetchRaw(url),
      fetchRaw(url, { "accept-encoding": "gzip" }),
    ]);
    if (plain.status !== 200) {
      throw new Error(`${url} answered ${plain.status} (was the build replaced meanwhile?)`);
    }
    assets.push({
      url: new URL(url).pathname,
      kind,
      raw: plain.body.length,
      gzip9: gzipSync(plain.body, { level: 9 }).length,
      served: gzipped.body.length,
      encoding: String(gzipped.headers["content-encoding"] ?? "identity"),
    });
  }
  const sum = (kind: "js" | "css", key: "raw" | "gzip9" | "served") =>
    assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[key], 0);
  const totals = {
    js: { files: assets.filter((a) => a.kind === "js").length, raw: sum("js", "raw") },
    css: { files: assets.filter((a) => a.kind === "css").length, raw: sum("css", "raw") },
  };
  return {
    html: { raw: page.body.length, gzip9: gzipSync(page.body, { level: 9 }).length },
    js: { ...totals.js, gzip9: sum("js", "gzip9"), served: sum("js", "served") },
    css: { ...totals.css, gzip9: sum("css", "gzip9"), served: sum("css", "served") },
    assets,
  };
}
