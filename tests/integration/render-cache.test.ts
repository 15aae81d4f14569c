import { createHash } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { createNotifiedCache } from "~/modules/platform/index.server";
import { createRenderCache, inlineScriptHashes } from "../../server/http/render-cache";
import { contentSecurityPolicy, securityHeaders } from "../../server/http/security-headers";

// The render cache for visitors (server/http/render-cache.ts): a kept page is sent as it was
// rendered, its inline scripts allowed by their hashes, compressed once with zlib.

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a kept page's Content-Security-Policy", () => {
  it("allows exactly the inline scripts that carry the render's nonce", () => {
    const nonce = "bm9uY2Utb2YtdGhlLXJlbmRlcg==";
    const html =
      `<html><head><script nonce="${nonce}">window.a = 1;</script>` +
      `<script type="application/ld+json">{"@type":"Thing"}</script>` +
      `<script nonce="${nonce}" type="module" async="">import "/assets/x.js";</script>` +
      `<script src="/assets/y.js" nonce="${nonce}"></script></head><body>` +
      // Stored content that got through as markup: no nonce, no hash, blocked.
      `<p>ข้อความ</p><script>alert("injected")</script>` +
      `<script nonce="guessed">alert("guessed")</script>` +
      `<script nonce="${nonce}">window.b = "&lt;/p&gt;";\r\n</script></body></html>`;
    expect(inlineScriptHashes(html, nonce).sort()).toEqual(
      [
        sha256("window.a = 1;"),
        sha256('import "/assets/x.js";'),
        // As the browser hashes it: its line breaks normalised.
        sha256('window.b = "&lt;/p&gt;";\n'),
      ].sort(),
    );
  });

  it("is the site's policy with hash sources for scripts and no nonce", () => {
    const policy = contentSecurityPolicy({ dev: false, imageOrigins: ["https://img.example"] }, [
      "'sha256-abc'",
    ]);
    expect(policy).toContain("script-src 'self' 'sha256-abc';");
    expect(policy).toContain("img-src 'self' data: blob: https://img.example;");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/nonce|unsafe-inline'?;?\s*$/);
  });
});

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/** An app with the site's security headers, the render cache and a counted render. */
async function appWith(render: (nonce: string) => Response) {
  const pages = createNotifiedCache();
  pages.setListening(true);
  let renders = 0;
  const cspOptions = { dev: false };
  const cache = createRenderCache({
    pages,
    publicOriginOf: () => "http://x",
    nextChange: () => Promise.resolve(null),
    policyFor: (hashes) => contentSecurityPolicy(cspOptions, hashes),
    render(_req, res) {
      renders += 1;
      return Promise.resolve(render(res.locals.cspNonce as string));
    },
  });
  const app = express();
  app.use(securityHeaders(cspOptions));
  app.get("/{*path}", cache.middleware);
  app.use((_req, res) => res.status(418).end());
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
      (resolve, reject) => {
        request({ port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers as Record<string, string>,
              body: Buffer.concat(chunks),
            }),
          );
        })
          .on("error", reject)
          .end();
      },
    );
  return { get, renders: () => renders, pages };
}

const HTML = { "Content-Type": "text/html; charset=utf-8" };

describe("what the render cache keeps", () => {
  it("sends a kept page unchanged, compressed once, with its hashes, ETag and 304", async () => {
    const pageFor = (nonce: string) =>
      `<!DOCTYPE html><html><body>${"<p>สินค้า ราคา 100 บาท</p>".repeat(200)}` +
      `<script nonce="${nonce}">window.ready = true;</script></body></html>`;
    const app = await appWith((nonce) => new Response(pageFor(nonce), { headers: HTML }));
    const first = await app.get("/", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    const second = await app.get("/", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(first.headers["x-render-cache"]).toBe("miss");
    expect(second.headers["x-render-cache"]).toBe("hit");
    expect(app.renders()).toBe(1);
    // The same bytes for everyone: the render's nonce stays in the page, unused by the policy.
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.body.equals(first.body)).toBe(true);
    const page = zlib.brotliDecompressSync(second.body).toString();
    expect(Number(second.headers["content-length"])).toBe(second.body.length);
    expect(second.body.length).toBeLessThan(Buffer.byteLength(page) / 5);
    const csp = second.headers["content-security-policy"] ?? "";
    expect(csp).toContain(sha256("window.ready = true;"));
    expect(csp).not.toContain("nonce-");
    expect(second.headers["cache-control"]).toMatch(/public, .*s-maxage=60/);
    expect(second.headers.vary).toBe("Accept-Encoding, Cookie");

    const gzip = await app.get("/", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await app.get("/", { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);

    const revalidated = await app.get("/", { "If-None-Match": second.headers.etag ?? "" });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    // The policy of the page the browser keeps: the same hashes.
    expect(revalidated.headers["content-security-policy"]).toBe(csp);
    expect(app.pages.bytes).toBeGreaterThan(Buffer.byteLength(page));
  });

  it("sends, and renders again, answers that are not a plain 200 page for anyone", async () => {
    const answers: { status: number; headers: Record<string, string> }[] = [
      { status: 200, headers: { ...HTML, "Set-Cookie": "lang=en; Path=/" } },
      { status: 404, headers: HTML },
      { status: 500, headers: HTML },
      { status: 302, headers: { Location: "/" } },
      { status: 200, headers: { ...HTML, "Cache-Control": "private, no-store" } },
      { status: 200, headers: { "Content-Type": "application/json" } },
    ];
    for (const init of answers) {
      const app = await appWith(
        (nonce) =>
          new Response(`<html><script nonce="${nonce}">1</script></html>`, {
            ...init,
            headers: init.headers,
          }),
      );
      const first = await app.get("/");
      const second = await app.get("/");
      expect(first.status).toBe(init.status);
      expect(second.headers["set-cookie"]?.[0]).toBe(init.headers["Set-Cookie"]);
      expect(second.headers["x-render-cache"]).toBeUndefined();
      // Its own answer's nonce policy, as every page rendered per request.
      expect(second.headers["content-security-policy"]).toContain("'nonce-");
      expect(app.renders()).toBe(2);
      expect(app.pages.size).toBe(0);
    }
  });

  it("leaves members, other cookies and unknown parameters to React Router", async () => {
    const app = await appWith(() => new Response("<p>page</p>", { headers: HTML }));
    for (const [path, headers] of [
      ["/", { Cookie: "dptech.session_token=abc" }],
      ["/", { Cookie: "shop=1" }],
      ["/asset?utm_source=x", {}],
      ["/contact?sent=1", {}],
      ["/storehub", {}],
    ] as const) {
      expect((await app.get(path, headers)).status, path).toBe(418);
    }
    expect(app.renders()).toBe(0);
    expect((await app.get("/contact", { Cookie: "lang=en" })).status).toBe(200);
  });
});
