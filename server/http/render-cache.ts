import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { type NotifiedCache, PAGE_TAG } from "~/modules/platform/index.server";
import {
  type BrotliPage,
  brotliPieces,
  brotliWithNonce,
  chosenEncoding,
} from "./brotli-with-nonce";
import { scriptsAfterLargestPaint } from "./scripts-after-largest-paint";

/**
 * The render cache for visitors (issue 15; docs/decisions/0040-render-cache-for-visitors.md).
 *
 * The public pages that do not depend on who asks are rendered once per address, language
 * cookie and origin, and then answered from memory until a change they show is announced
 * (the NotifiedCache's tags, heard on every instance through LISTEN), until a scheduled notice
 * starts or ends, or PAGE_CACHE_TTL_MS at most. Only a request with no cookie but the language
 * one, and no query parameter the page does not know, is a visitor's; everything else is
 * rendered as before. Only a complete 200 HTML answer without Set-Cookie or a private
 * Cache-Control is kept.
 *
 * The CSP nonce stays per response: a kept page is its HTML cut at the nonce of the render
 * that made it, and each answer is joined with its own nonce. Its gzip form is made once: each
 * piece is deflated on its own ending in a full flush (byte-aligned, no reference to earlier
 * bytes), the nonce goes between them in a stored block, and only the 8-byte trailer (the CRC of
 * the whole page) is computed per answer. Its brotli form is made once too, with the nonce in
 * an uncompressed meta-block (server/http/brotli-with-nonce.ts).
 *
 * A kept page loads its scripts after its largest paint (server/http/scripts-after-largest-paint.ts).
 */
export const PAGE_CACHE_TTL_MS = 5 * 60_000;
export const PAGE_CACHE_MAX_ENTRIES = 500;
/**
 * At most this much memory for kept pages (about 25 KiB each over the wire, 90 KiB plain):
 * the pages used least recently go first.
 */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Asks entry.server for the complete document (errors known before the status is sent). */
export const RENDER_FOR_CACHE_HEADER = "x-render-for-cache";
/** A CDN keeps a page for a minute (and a minute more while it fetches the next one). */
export const VISITOR_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";

interface PageRule {
  path: RegExp;
  /** The query parameters the page reads; any other one makes the request bypass the cache. */
  query: readonly string[];
  tags(match: RegExpMatchArray): string[];
}

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

interface CachedPage {
  /** The render's own headers (no Set-Cookie by construction; no length or caching ones). */
  headers: [string, string][];
  /** The page cut at its nonces: pieces.length - 1 nonces go between them. */
  pieces: Buffer[];
  nonceLength: number;
  /** Each piece deflated on its own, ending byte-aligned (full flush; the last one final). */
  deflated: Buffer[];
  identityLength: number;
  gzipLength: number;
  etag: string;
  /** The nonce the page was rendered with, and the CRC-32 of the page with it. */
  renderNonce: Buffer;
  renderCrc: number;
  /** Per nonce: the operator that moves a CRC past the bytes after that nonce (crc32Shift). */
  shifts: Uint32Array[];
  /**
   * The page in brotli (brotli-with-nonce.ts), made off the main thread once the page is kept;
   * null until then, and for a page that cannot be (those answer in gzip).
   */
  brotli: BrotliPage | null;
  brotliReady: Promise<void>;
}

type Rendered =
  { kind: "page"; page: CachedPage; expiresAt: number } | { kind: "other"; response: Response };

export interface RenderCache {
  /** How the request is kept, or null when it is not a visitor's request for a kept page. */
  planFor(req: ExpressRequest): RenderPlan | null;
  /**
   * Answers from memory (rendering first when needed). Returns the render's response when it
   * is not one to keep; the caller sends that as usual.
   */
  answer(
    req: ExpressRequest,
    res: ExpressResponse,
    plan: RenderPlan,
    render: () => Promise<Response>,
  ): Promise<Response | null>;
}

export function createRenderCache(options: {
  pages: NotifiedCache;
  publicOriginOf(req: ExpressRequest): string;
  /** When the pages next change by the clock alone (a scheduled notice), if ever. */
  nextChange(): Promise<Date | null>;
}): RenderCache {
  return {
    planFor(req) {
      if (req.method !== "GET") return null;
      const cookies = cookieNames(req.headers.cookie);
      // Any cookie but the language one may make the page someone's own (a session, the
      // active shop, whatever comes next): not a visitor's request.
      if (cookies.some((name) => name !== "lang")) return null;
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
        return {
          // The origin: canonical links and share addresses follow the Host when PUBLIC_URL
          // is not set. The raw address: a page echoes its own query in links.
          key: `page ${options.publicOriginOf(req)} ${lang} ${url}`,
          tags: [...EVERY_PAGE_TAGS, ...rule.tags(match)],
        };
      }
      return null;
    },

    async answer(req, res, plan, render) {
      const nonce = res.locals.cspNonce as string;
      let fresh = false;
      const rendered = await options.pages.read<Rendered>(
        plan.key,
        async () => {
          fresh = true;
          const [response, nextChange] = await Promise.all([
            render(),
            options.nextChange().catch(() => new Date(0)),
          ]);
          return keepable(response, nonce, nextChange);
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
      if (rendered.kind === "other") return rendered.response;
      // Every nonce is as long (security-headers.ts); a page cut at another length is not used.
      if (Buffer.byteLength(nonce) !== rendered.page.nonceLength) return render();
      // For operators and tests: whether this answer was rendered for it.
      res.setHeader("X-Render-Cache", fresh ? "miss" : "hit");
      sendPage(req, res, rendered.page, nonce);
      return null;
    },
  };
}

/**
 * What a kept page holds: the plain pieces, the deflated ones and the brotli, made later and
 * about as large as the gzip (counted now so that the bound holds once it is there).
 */
export function pageBytes(page: CachedPage): number {
  return page.identityLength + 2 * page.gzipLength;
}

/** A rendered response made into a kept page, or handed back as it was. */
async function keepable(
  response: Response,
  nonce: string,
  nextChange: Date | null,
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
  const body = scriptsAfterLargestPaint(Buffer.from(await response.arrayBuffer()));
  const page = pageOf(body, nonce, response.headers);
  return { kind: "page", page, expiresAt };
}

const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "etag",
  "cache-control",
  "date",
]);

export function pageOf(body: Buffer, nonce: string, headers: Headers): CachedPage {
  const marker = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(marker, from); at >= 0; at = body.indexOf(marker, from)) {
    pieces.push(body.subarray(from, at));
    from = at + marker.length;
  }
  pieces.push(body.subarray(from));
  const deflated = deflatePieces(body, pieces, marker);
  const nonces = pieces.length - 1;
  const hash = createHash("sha256");
  for (const piece of pieces) hash.update(piece).update("\0");
  const shifts: Uint32Array[] = [];
  let after = body.length;
  for (let index = pieces.length - 1; index > 0; index -= 1) {
    after -= (pieces[index] as Buffer).length;
    shifts.unshift(zeroBytesOperator(body.length - after));
    after -= marker.length;
  }
  const page: CachedPage = {
    renderNonce: Buffer.from(marker),
    renderCrc: zlib.crc32(body),
    shifts,
    headers: [...headers.entries()].filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase())),
    pieces,
    nonceLength: marker.length,
    deflated,
    identityLength: body.length,
    gzipLength:
      GZIP_HEADER.length +
      deflated.reduce((sum, part) => sum + part.length, 0) +
      nonces * (STORED_BLOCK_HEADER_LENGTH + marker.length) +
      8,
    etag: `W/"${hash.digest("base64url").slice(0, 27)}"`,
    brotli: null,
    brotliReady: Promise.resolve(),
  };
  page.brotliReady = brotliPieces(pieces, marker.length, (other) =>
    identityWithNonce(page, other),
  ).then(
    (brotli) => {
      page.brotli = brotli;
    },
    () => {},
  );
  return page;
}

const WINDOW = 32_768;

/**
 * Each piece deflated ending byte-aligned (a full flush; the last one final), so that a stored
 * block holding a nonce can go between any two. A piece may refer back to the page before it
 * (a preset dictionary of the preceding 32 KiB, which is what the browser's inflater holds at
 * that point) but never to a nonce's bytes, which differ per answer: that is proven by
 * inflating the piece once more with every nonce byte of the dictionary changed, which must
 * give the same piece; when it does not, the piece is deflated without the dictionary.
 */
function deflatePieces(body: Buffer, pieces: Buffer[], nonce: Buffer): Buffer[] {
  const other = Buffer.from(nonce.map((byte) => (byte === 0x41 ? 0x42 : 0x41)));
  const nonceStarts: number[] = [];
  let start = 0;
  return pieces.map((piece, index) => {
    const finishFlush =
      index === pieces.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH;
    const from = Math.max(0, start - WINDOW);
    const dictionary = body.subarray(from, start);
    const plain = () => zlib.deflateRawSync(piece, { level: 9, finishFlush });
    const pieceStart = start;
    start += piece.length + nonce.length;
    nonceStarts.push(pieceStart + piece.length);
    if (dictionary.length === 0 || piece.length === 0) return plain();
    const deflated = zlib.deflateRawSync(piece, { level: 9, finishFlush, dictionary });
    // The dictionary with each nonce (or the part of one inside the window) changed.
    const changed = Buffer.from(dictionary);
    for (const at of nonceStarts.slice(0, -1)) {
      for (let i = 0; i < nonce.length; i += 1) {
        const position = at + i - from;
        if (position >= 0 && position < changed.length) changed[position] = other[i] as number;
      }
    }
    try {
      const check = zlib.inflateRawSync(deflated, {
        dictionary: changed,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
      if (check.equals(piece)) return deflated;
    } catch {
      // A reference into a nonce can make the check fail outright: no dictionary then.
    }
    return plain();
  });
}

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const STORED_BLOCK_HEADER_LENGTH = 5;

/** RFC 1951 stored block (not final) holding `bytes`; starts on a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(STORED_BLOCK_HEADER_LENGTH + bytes.length);
  // BFINAL 0, BTYPE 00, the rest of the byte is padding.
  block[0] = 0;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, STORED_BLOCK_HEADER_LENGTH);
  return block;
}

/** The page's gzip bytes with `nonce` in place (its CRC computed for this answer). */
export function gzipWithNonce(page: CachedPage, nonce: Buffer): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  const nonceBlock = storedBlock(nonce);
  page.pieces.forEach((_piece, index) => {
    if (index > 0) parts.push(nonceBlock);
    parts.push(page.deflated[index] as Buffer);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crcWithNonce(page, nonce), 0);
  trailer.writeUInt32LE(page.identityLength % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts, page.gzipLength);
}

/**
 * The page's CRC-32 with another nonce, without reading the page again. CRC-32 is affine over
 * GF(2): the CRCs of two messages of one length differ by the pure (linear) CRC of their XOR,
 * which here is the nonces' XOR at each nonce's place and zeros elsewhere; each place adds the
 * linear CRC of that XOR moved past the bytes after it (zlib's crc32_combine, with the
 * operator per place computed once per page).
 */
function crcWithNonce(page: CachedPage, nonce: Buffer): number {
  if (page.shifts.length === 0) return page.renderCrc;
  const difference = Buffer.alloc(nonce.length);
  for (let i = 0; i < nonce.length; i += 1) {
    difference[i] = (nonce[i] as number) ^ (page.renderNonce[i] as number);
  }
  // The linear part: the CRC of the difference less the CRC of as many zero bytes.
  const linear = (zlib.crc32(difference) ^ zeroCrc(nonce.length)) >>> 0;
  let crc = page.renderCrc;
  for (const shift of page.shifts) crc ^= gf2Times(shift, linear);
  return crc >>> 0;
}

const zeroCrcs = new Map<number, number>();
function zeroCrc(length: number): number {
  let crc = zeroCrcs.get(length);
  if (crc === undefined) zeroCrcs.set(length, (crc = zlib.crc32(Buffer.alloc(length))));
  return crc;
}

function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0, v = vector >>> 0; v !== 0; i += 1, v >>>= 1) {
    if (v & 1) sum ^= matrix[i] as number;
  }
  return sum >>> 0;
}

function gf2Product(a: Uint32Array, b: Uint32Array): Uint32Array {
  const product = new Uint32Array(32);
  for (let n = 0; n < 32; n += 1) product[n] = gf2Times(a, b[n] as number);
  return product;
}

/** The operator that appends `bytes` zero bytes to a linear CRC-32 register (zlib's method). */
function zeroBytesOperator(bytes: number): Uint32Array {
  // One zero bit: the reflected polynomial, then the register shifted by one.
  let power: Uint32Array = new Uint32Array(32);
  power[0] = 0xedb88320;
  for (let n = 1; n < 32; n += 1) power[n] = (1 << (n - 1)) >>> 0;
  for (let bits = 0; bits < 3; bits += 1) power = gf2Product(power, power);
  // power: one zero byte; the result multiplies the powers of two that make up `bytes`.
  let result: Uint32Array | null = null;
  for (let left = bytes; left > 0; left = Math.floor(left / 2)) {
    if (left % 2 === 1) result = result ? gf2Product(power, result) : power;
    if (left > 1) power = gf2Product(power, power);
  }
  return result ?? Uint32Array.from({ length: 32 }, (_, n) => (1 << n) >>> 0);
}

export function identityWithNonce(page: CachedPage, nonce: Buffer): Buffer {
  const parts: Buffer[] = [];
  page.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(nonce);
    parts.push(piece);
  });
  return Buffer.concat(parts, page.identityLength);
}

function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, nonce: string) {
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader("Cache-Control", VISITOR_CACHE_CONTROL);
  // Cookie: a member's request (a session cookie) must never get a copy kept for visitors,
  // neither from a CDN nor from the browser's own cache.
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("ETag", page.etag);
  if (matchesEtag(req.headers["if-none-match"], page.etag)) {
    // The browser keeps the page it has, with the nonce in it; its stored CSP header holds
    // that same nonce. A 304's headers replace the stored ones (RFC 9111 4.3.4), so this one
    // carries no CSP: a new nonce would block the kept page's scripts.
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  const bytes = Buffer.from(nonce);
  res.status(200);
  const coding = chosenEncoding(req.headers["accept-encoding"]);
  if (coding === "br" && page.brotli) {
    res.setHeader("Content-Encoding", "br");
    res.setHeader("Content-Length", page.brotli.length);
    res.end(brotliWithNonce(page.brotli, bytes));
  } else if (req.acceptsEncodings("gzip", "identity") === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", page.gzipLength);
    res.end(gzipWithNonce(page, bytes));
  } else {
    // A client without gzip: the plain page (compression in server/app.ts may still brotli it).
    res.setHeader("Content-Length", page.identityLength);
    res.end(identityWithNonce(page, bytes));
  }
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.slice(2);
  return header
    .split(",")
    .some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === opaque);
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
