import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createNotifiedCache } from "~/modules/platform/index.server";
import { brotliWithNonce, chosenEncoding } from "../../server/http/brotli-with-nonce";
import {
  createRenderCache,
  gzipWithNonce,
  identityWithNonce,
  pageOf,
} from "../../server/http/render-cache";

const nonceOf = () => randomBytes(16).toString("base64");
const HTML = new Headers({ "Content-Type": "text/html; charset=utf-8" });

/** A page as React renders it: text with the render's nonce at some places. */
function render(parts: string[], nonce: string): Buffer {
  return Buffer.from(parts.join(nonce));
}

async function viaDecompressionStream(bytes: Buffer): Promise<string> {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

describe("a kept page's bytes with each answer's own nonce", () => {
  it("decode to the page with the new nonce, in gzip and plain, wherever the nonces are", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "binary", maxLength: 3000 }), { minLength: 1, maxLength: 8 }),
        (parts) => {
          const first = nonceOf();
          const page = pageOf(render(parts, first), first, HTML);
          const next = nonceOf();
          const expected = render(parts, next);
          expect(identityWithNonce(page, Buffer.from(next)).equals(expected)).toBe(true);
          const gzip = gzipWithNonce(page, Buffer.from(next));
          expect(gzip.length).toBe(page.gzipLength);
          // Strict: no trailing garbage, CRC and length checked.
          expect(
            zlib.gunzipSync(gzip, { finishFlush: zlib.constants.Z_FINISH }).equals(expected),
          ).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("stays right when the page repeats the bytes of the nonce it was rendered with", () => {
    // A nonce the page's text can match: a back-reference into it must never be kept.
    const first = "AAAAAAAAAAAAAAAAAAAAAA==";
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom("A", "=", "B", "<p>"), maxLength: 400 }), {
          minLength: 2,
          maxLength: 6,
        }),
        (parts) => {
          const page = pageOf(render(parts, first), first, HTML);
          const next = nonceOf();
          expect(
            zlib.gunzipSync(gzipWithNonce(page, Buffer.from(next))).equals(render(parts, next)),
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is a stream that the web platform's gzip decoder reads, and is really compressed", async () => {
    const first = nonceOf();
    // Shaped like the home page: module preloads in the head, a long body, scripts at the end.
    const preloads = Array.from(
      { length: 20 },
      (_, i) =>
        `<link rel="modulepreload" href="/assets/chunk-${i}-${randomBytes(4).toString("hex")}.js" nonce="${first}"/>`,
    ).join("");
    const body = Array.from(
      { length: 600 },
      (_, i) =>
        `<p class="card-text">สินค้าหมายเลข ${i} ราคา ${(i * 37) % 1000} บาท item ${randomBytes(3).toString("hex")}</p>`,
    ).join("");
    const scripts = Array.from(
      { length: 4 },
      (_, i) =>
        `<script nonce="${first}">window.__x${i}=${JSON.stringify({ i, text: "ข้อความ" })}</script>`,
    ).join("");
    const html = `<!DOCTYPE html><html><head>${preloads}</head><body>${body}${scripts}</body></html>`;
    const page = pageOf(Buffer.from(html), first, HTML);
    const next = nonceOf();
    const gzip = gzipWithNonce(page, Buffer.from(next));
    expect(await viaDecompressionStream(gzip)).toBe(html.replaceAll(first, next));
    // About as small as the page gzipped in one piece, though it is cut at 24 nonces.
    expect(gzip.length).toBeLessThan(zlib.gzipSync(html, { level: 9 }).length * 1.2);
    // Another answer: another nonce, other bytes, the same page.
    const other = nonceOf();
    expect(zlib.gunzipSync(gzipWithNonce(page, Buffer.from(other))).toString()).toBe(
      html.replaceAll(first, other),
    );
  });

  it("gives the same weak ETag to the same page rendered with another nonce", () => {
    const a = nonceOf();
    const b = nonceOf();
    const parts = ['<p>one</p><script nonce="', '">1</script>'];
    expect(pageOf(render(parts, a), a, HTML).etag).toBe(pageOf(render(parts, b), b, HTML).etag);
    expect(pageOf(render(parts, a), a, HTML).etag).not.toBe(
      pageOf(render(["<p>two</p>", ""], a), a, HTML).etag,
    );
  });
});

describe("a kept page in brotli", () => {
  it("decodes to the page with each answer's nonce, wherever the nonces are", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 3000 }),
        // Text after each nonce: a closing quote and more, as in `nonce="…">`.
        fc.array(fc.string({ minLength: 2, maxLength: 3000 }), { minLength: 0, maxLength: 40 }),
        async (head, rest) => {
          const parts = [head, ...rest];
          const first = nonceOf();
          const page = pageOf(render(parts, first), first, HTML);
          await page.brotliReady;
          expect(page.brotli).not.toBeNull();
          for (let i = 0; i < 3; i += 1) {
            const next = nonceOf();
            const bytes = brotliWithNonce(page.brotli!, Buffer.from(next));
            expect(bytes.length).toBe(page.brotli!.length);
            expect(zlib.brotliDecompressSync(bytes).equals(render(parts, next))).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("is smaller than the gzip of a real page and holds every nonce of it", async () => {
    const first = nonceOf();
    const script = (n: number) => `<script nonce="${first}">window.x${n}=${n}</script>\n`;
    const html = `<!DOCTYPE html><html lang="th"><body>${"<p>ร้านกาแฟบ้านสวน ขายดีทุกวัน</p>".repeat(200)}${Array.from({ length: 30 }, (_, n) => script(n)).join("")}</body></html>`;
    const page = pageOf(Buffer.from(html), first, HTML);
    await page.brotliReady;
    expect(page.brotli!.length).toBeLessThan(page.gzipLength);
    const next = nonceOf();
    expect(
      zlib.brotliDecompressSync(brotliWithNonce(page.brotli!, Buffer.from(next))).toString(),
    ).toBe(html.replaceAll(first, next));
  });

  it("is not made for a page it cannot prove (a nonce at the very end): gzip then", async () => {
    const first = nonceOf();
    const page = pageOf(render(['<p>a</p><script nonce="', ""], first), first, HTML);
    await page.brotliReady;
    expect(page.brotli).toBeNull();
    // Every byte value in the page: no byte left for the stand-ins.
    const all = Buffer.from(Array.from({ length: 256 }, (_, n) => n));
    const full = pageOf(Buffer.concat([all, Buffer.from(first), Buffer.from('">')]), first, HTML);
    await full.brotliReady;
    expect(full.brotli).toBeNull();
  });

  it("is chosen by Accept-Encoding: brotli on a tie, the higher weight otherwise", () => {
    expect(chosenEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chosenEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chosenEncoding("br;q=0, gzip;q=0.1")).toBe("gzip");
    expect(chosenEncoding("gzip")).toBe("gzip");
    expect(chosenEncoding("*")).toBe("br");
    expect(chosenEncoding("*;q=0, identity")).toBe("identity");
    expect(chosenEncoding("identity")).toBe("identity");
    expect(chosenEncoding(undefined)).toBe("identity");
    expect(chosenEncoding("BR")).toBe("br");
  });
});

describe("what the render cache keeps", () => {
  const plan = { key: "page http://x th /", tags: ["content", "notices"] };
  const visitorRequest = (acceptEncoding: string) => ({
    method: "GET",
    originalUrl: "/",
    headers: { "accept-encoding": acceptEncoding } as Record<string, string>,
    acceptsEncodings: (...offered: string[]) => offered[0],
  });
  /** Enough of Express's response for the cache to answer on it. */
  function response(nonce: string) {
    const sent: { status: number; headers: Map<string, string>; body: Buffer } = {
      status: 0,
      headers: new Map<string, string>(),
      body: Buffer.alloc(0),
    };
    const res = {
      locals: { cspNonce: nonce },
      append: (name: string, value: string) => sent.headers.set(name.toLowerCase(), value),
      setHeader: (name: string, value: string | number) =>
        sent.headers.set(name.toLowerCase(), String(value)),
      removeHeader: (name: string) => sent.headers.delete(name.toLowerCase()),
      status(code: number) {
        sent.status = code;
        return res;
      },
      end(body?: Buffer) {
        if (body) sent.body = body;
      },
    };
    return { res, sent };
  }
  /** A cache whose pages are made by `render`, given the nonce of the answer that renders. */
  function cacheWith(render: (nonce: string) => Response) {
    const pages = createNotifiedCache();
    pages.setListening(true);
    let renders = 0;
    const cache = createRenderCache({
      pages,
      publicOriginOf: () => "http://x",
      nextChange: () => Promise.resolve(null),
    });
    const ask = async (acceptEncoding = "gzip") => {
      const nonce = nonceOf();
      const { res, sent } = response(nonce);
      const passed = await cache.answer(
        visitorRequest(acceptEncoding) as unknown as ExpressRequest,
        res as unknown as ExpressResponse,
        plan,
        () => {
          renders += 1;
          return Promise.resolve(render(nonce));
        },
      );
      return { passed, sent, nonce };
    };
    return { ask, renders: () => renders, pages };
  }
  const page = (init: ResponseInit) => () =>
    new Response(`<html><script nonce="N">1</script></html>`, init);

  it("hands back, and renders again, answers that are not a plain 200 page for anyone", async () => {
    const html = { "Content-Type": "text/html; charset=utf-8" };
    const answers: { status: number; headers: Record<string, string> }[] = [
      { status: 200, headers: { ...html, "Set-Cookie": "lang=en; Path=/" } },
      { status: 404, headers: html },
      { status: 500, headers: html },
      { status: 302, headers: { Location: "/" } },
      { status: 200, headers: { ...html, "Cache-Control": "private, no-store" } },
      { status: 200, headers: { "Content-Type": "application/json" } },
    ];
    for (const init of answers) {
      const cache = cacheWith(page(init));
      const first = await cache.ask();
      const second = await cache.ask();
      expect(first.passed?.status).toBe(init.status);
      expect(second.passed?.headers.get("Set-Cookie")).toBe(init.headers["Set-Cookie"] ?? null);
      expect(cache.renders()).toBe(2);
      expect(cache.pages.size).toBe(0);
    }
  });

  it("keeps a plain 200 page and answers it with each request's own nonce", async () => {
    const cache = cacheWith(
      (nonce) =>
        new Response(`<html><script nonce="${nonce}">1</script></html>`, {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        }),
    );
    const a = await cache.ask();
    expect(a.passed).toBeNull();
    expect(a.sent.headers.get("x-render-cache")).toBe("miss");
    const b = await cache.ask();
    expect(b.passed).toBeNull();
    expect(cache.renders()).toBe(1);
    expect(b.sent.headers.get("x-render-cache")).toBe("hit");
    // The page counts against the cache's byte bound (server/app.ts sets it).
    expect(cache.pages.bytes).toBeGreaterThan(2 * b.sent.body.length);
    expect(b.sent.headers.get("content-encoding")).toBe("gzip");
    expect(b.sent.headers.get("cache-control")).toMatch(/s-maxage/);
    expect(zlib.gunzipSync(b.sent.body).toString()).toBe(
      `<html><script nonce="${b.nonce}">1</script></html>`,
    );
    // A browser that takes brotli: the same page, its own nonce, once the brotli is made.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const c = await cache.ask("gzip, deflate, br, zstd");
    expect(c.sent.headers.get("content-encoding")).toBe("br");
    expect(c.sent.headers.get("content-length")).toBe(String(c.sent.body.length));
    expect(zlib.brotliDecompressSync(c.sent.body).toString()).toBe(
      `<html><script nonce="${c.nonce}">1</script></html>`,
    );
    expect(cache.renders()).toBe(1);
  });
});
