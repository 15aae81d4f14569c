import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import { consentFromCookieHeader } from "~/modules/consent";
import { type NotifiedCache, PAGE_TAG } from "~/modules/platform/index.server";

/**
 * The render cache for visitors (issue 15; docs/decisions/0040-render-cache-for-visitors.md,
 * 0064-request-path-on-standard-means.md).
 *
 * The public pages that do not depend on who asks are rendered once per address, language
 * cookie, origin and whether the visitor has made their consent choice, and then answered from
 * memory until a change they show is announced (the NotifiedCache's tags, heard on every
 * instance through LISTEN), until a scheduled notice starts or ends, or PAGE_CACHE_TTL_MS at
 * most. Only a request with no cookie but the language and the consent one, and no query
 * parameter the page does not know, is a visitor's; everything else goes to React Router's
 * request handler as usual. Only a complete 200 HTML answer without Set-Cookie or
 * a private Cache-Control is kept.
 *
 * A kept page is answered as it was rendered, byte for byte: its Content-Security-Policy
 * allows its own inline scripts by their SHA-256 hashes (worked out once, from the scripts
 * that carry the nonce of the render that made it), not by a nonce that would have to change
 * in every answer. It is compressed once, in brotli and gzip, with Node's zlib.
 */
export const PAGE_CACHE_TTL_MS = 5 * 60_000;
export const PAGE_CACHE_MAX_ENTRIES = 500;
/**
 * At most this much memory for kept pages (about 90 KiB plain, 20 KiB in gzip and 16 KiB in
 * brotli each): the pages used least recently go first.
 */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** A CDN keeps a page for a minute (and a minute more while it fetches the next one). */
export const VISITOR_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";

interface PageRule {
  path: RegExp;
  /** The query parameters the page reads; any other one makes the request bypass the cache. */
  query: readonly string[];
  tags(match: RegExpMatchArray): string[];
}

/** The cookies a visitor's page may be kept with: the language and the consent choice. */
const VISITOR_COOKIES: ReadonlySet<string> = new Set(["lang", "consent"]);

const none = () => [];
const listingsTag = () => [PAGE_TAG.listings];
const PAGES: readonly PageRule[] = [
  // Home: banners, categories and articles (content), the newest listings.
  { path: /^\/$/, query: [], tags: listingsTag },
  { path: /^\/article(\/[^/]+)?$/, query: [], tags: none },
  // `sent` is the form's thank-you line: a flash, never kept.
  { path: /^\/contact$/, query: ["topic"], tags: none },
  { path: /^\/shophub$/, query: [], tags: none },
  { path: /^\/(terms|privacy)$/, query: [], tags: none },
  { path: /^\/asset$/, query: ["category", "province", "min", "max", "page"], tags: listingsTag },
  // `saved` and `admin` are flashes after a form: never kept.
  {
    path: /^\/asset\/([^/]+)$/,
    query: ["photo"],
    tags: (match) => [PAGE_TAG.listing(safeDecode(match[1] ?? ""))],
  },
  { path: /^\/search(\/[^/]+)?$/, query: ["page"], tags: listingsTag },
];
// What every page shows: the company's profile (content) in its frame and the notice bar.
const EVERY_PAGE_TAGS = [PAGE_TAG.content, PAGE_TAG.notices];

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export interface RenderPlan {
  key: string;
  tags: string[];
}

/** A page as kept: everything an answer needs, made once. */
export interface KeptPage {
  /** The render's own headers (no Set-Cookie by construction; no length or caching ones). */
  headers: [string, string][];
  /** The page's Content-Security-Policy, its inline scripts allowed by their hashes. */
  csp: string;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

type Rendered =
  { kind: "page"; page: KeptPage; expiresAt: number } | { kind: "other"; response: Response };

export interface RenderCache {
  /** How the request is kept, or null when it is not a visitor's request for a kept page. */
  planFor(req: ExpressRequest): RenderPlan | null;
  /**
   * Answers a visitor's request for a kept page from memory, rendering it first when needed;
   * passes any other request on to the next handler (React Router's).
   */
  middleware: RequestHandler;
}

export function createRenderCache(options: {
  pages: NotifiedCache;
  publicOriginOf(req: ExpressRequest): string;
  /** When the pages next change by the clock alone (a scheduled notice), if ever. */
  nextChange(): Promise<Date | null>;
  /** Renders the request's page with React Router, as a complete document. */
  render(req: ExpressRequest, res: ExpressResponse): Promise<Response>;
  /** The Content-Security-Policy that allows inline scripts by these hash sources. */
  policyFor(scriptHashes: string[]): string;
}): RenderCache {
  const planFor = (req: ExpressRequest): RenderPlan | null => {
    if (req.method !== "GET") return null;
    const cookies = cookieNames(req.headers.cookie);
    // Any cookie but the language and the consent one may make the page someone's own (a
    // session, the active shop, whatever comes next): not a visitor's request.
    if (cookies.some((name) => !VISITOR_COOKIES.has(name))) return null;
    const url = req.originalUrl;
    const at = url.indexOf("?");
    const path = at < 0 ? url : url.slice(0, at);
    for (const rule of PAGES) {
      const match = rule.path.exec(path);
      if (!match) continue;
      if (at >= 0) {
        for (const name of new URLSearchParams(url.slice(at + 1)).keys()) {
          if (!rule.query.includes(name)) return null;
        }
      }
      const lang = langCookieValue(req.headers.cookie);
      // The consent banner shows until the visitor has chosen, whatever they chose (decision
      // 0076): each page is kept with it and without it.
      const chosen = consentFromCookieHeader(req.headers.cookie) ? "chosen" : "asking";
      return {
        // The origin: canonical links and share addresses follow the Host when PUBLIC_URL
        // is not set. The raw address: a page echoes its own query in links.
        key: `page ${options.publicOriginOf(req)} ${lang} ${chosen} ${url}`,
        tags: [...EVERY_PAGE_TAGS, ...rule.tags(match)],
      };
    }
    return null;
  };

  const answer = async (req: ExpressRequest, res: ExpressResponse, plan: RenderPlan) => {
    let fresh = false;
    const rendered = await options.pages.read<Rendered>(
      plan.key,
      async () => {
        fresh = true;
        const [response, nextChange] = await Promise.all([
          options.render(req, res),
          options.nextChange().catch(() => new Date(0)),
        ]);
        const nonce = res.locals.cspNonce as string;
        return keepable(response, nextChange, (body, headers) =>
          pageOf(body, nonce, headers, options.policyFor),
        );
      },
      (value) =>
        value.kind === "page"
          ? {
              tags: plan.tags,
              bytes: pageBytes(value.page),
              expiresAt: new Date(Math.min(value.expiresAt, Date.now() + PAGE_CACHE_TTL_MS)),
            }
          : null,
    );
    if (rendered.kind === "other") return sendResponse(res, rendered.response);
    // For operators and tests: whether this answer was rendered for it.
    res.setHeader("X-Render-Cache", fresh ? "miss" : "hit");
    sendPage(req, res, rendered.page);
  };

  return {
    planFor,
    middleware: (req, res, next) => {
      const plan = planFor(req);
      if (!plan) return next();
      answer(req, res, plan).catch(next);
    },
  };
}

/** What a kept page holds in memory. */
export function pageBytes(page: KeptPage): number {
  return page.identity.length + page.gzip.length + page.br.length;
}

/** A rendered response made into a kept page, or handed back as it was. */
async function keepable(
  response: Response,
  nextChange: Date | null,
  keep: (body: Buffer, headers: Headers) => Promise<KeptPage>,
): Promise<Rendered> {
  const type = response.headers.get("Content-Type") ?? "";
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const expiresAt = nextChange?.getTime() ?? Infinity;
  if (
    response.status !== 200 ||
    !/^text\/html/i.test(type) ||
    response.headers.has("Set-Cookie") ||
    /\b(private|no-store|no-cache)\b/i.test(cacheControl) ||
    !response.body ||
    expiresAt <= Date.now()
  ) {
    return { kind: "other", response };
  }
  const page = await keep(Buffer.from(await response.arrayBuffer()), response.headers);
  return { kind: "page", page, expiresAt };
}

const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "etag",
  "cache-control",
  "date",
]);

const gzip = promisify(zlib.gzip);
const brotliCompress = promisify(zlib.brotliCompress);

/**
 * A rendered page as kept: its CSP, its ETag and its compressed forms, made once (on libuv's
 * thread pool: brotli at its best quality takes a good part of a second on a 90 KB page).
 */
export async function pageOf(
  body: Buffer,
  nonce: string,
  headers: Headers,
  policyFor: (scriptHashes: string[]) => string,
): Promise<KeptPage> {
  const html = body.toString("utf8");
  const [gzipped, br] = await Promise.all([
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    brotliCompress(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  // The nonce is left out of the ETag: the same page rendered again (after a change elsewhere
  // or the time limit) revalidates as the same, and its scripts, so their hashes, are the same.
  const etag = createHash("sha256").update(html.split(nonce).join("")).digest("base64url");
  return {
    headers: [...headers.entries()].filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase())),
    csp: policyFor(inlineScriptHashes(html, nonce)),
    etag: `W/"${etag.slice(0, 27)}"`,
    identity: body,
    gzip: gzipped,
    br,
  };
}

const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";

/**
 * The CSP sources (`'sha256-…'`) of the page's own inline scripts: those that carry the nonce
 * of the render (React Router's, React's and ours). A `<script>` that found its way into the
 * page some other way carries no nonce (it is secret until the page is sent), gets no hash, and
 * stays blocked. The page is read as React writes it: attribute values and text have `<`, `>`
 * and quotes escaped, and a script's text never holds `</script>`.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const sources = new Set<string>();
  const marker = ` nonce="${nonce}"`;
  let at = html.indexOf(SCRIPT_START);
  while (at >= 0) {
    const tagEnd = html.indexOf(">", at);
    const end = tagEnd < 0 ? -1 : html.indexOf(SCRIPT_END, tagEnd);
    if (end < 0) break;
    const tag = html.slice(at, tagEnd);
    const text = html.slice(tagEnd + 1, end);
    if (tag.includes(marker) && !/\ssrc=/.test(tag) && text.length > 0) {
      // The browser hashes the element's text as it parsed it: line breaks normalised to \n.
      const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64");
      sources.add(`'sha256-${digest}'`);
    }
    at = html.indexOf(SCRIPT_START, end + SCRIPT_END.length);
  }
  return [...sources];
}

function sendPage(req: ExpressRequest, res: ExpressResponse, page: KeptPage): void {
  res.status(200);
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("Cache-Control", VISITOR_CACHE_CONTROL);
  // Cookie: a member's request (a session cookie) must never get a copy kept for visitors,
  // neither from a CDN nor from the browser's own cache.
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("ETag", page.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  // Brotli where the browser takes it (every current one), else gzip, else the page as it is.
  const coding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
  const body = coding ? page[coding] : page.identity;
  if (coding) res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** A rendered answer that is not kept (a 404, a redirect, a flash), sent as it is. */
async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  await writeReadableStreamToWritable(response.body, res);
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter(Boolean);
}

function langCookieValue(header: string | undefined): string {
  for (const pair of header?.split(";") ?? []) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === "lang") return pair.slice(at + 1).trim();
  }
  return "";
}
