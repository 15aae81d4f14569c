import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { get } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { baseURL, setupE2E } from "./fixtures";
import { SEED_ARTICLE_SLUGS as ARTICLES } from "~/modules/content/article-slugs";

const e2e = setupE2E({ browser: false, resetRateLimits: false });

describe("every URL of the company site answers with the right status", () => {
  it.each([
    ["/", 200, "text/html"],
    ["/article", 200, "text/html"],
    ...ARTICLES.map((slug) => [`/article/${slug}`, 200, "text/html"] as const),
    ["/contact", 200, "text/html"],
    ["/shophub", 200, "text/html"],
    ["/test", 200, "text/html"],
    ["/terms", 200, "text/html"],
    ["/privacy", 200, "text/html"],
    ["/register", 200, "text/html"],
    ["/user/signIn", 200, "text/html"],
    ["/user/resetPw", 200, "text/html"],
    ["/robots.txt", 200, "text/plain"],
    ["/sitemap.xml", 200, "application/xml"],
    ["/favicon.ico", 200, "image/"],
    ["/healthz", 200, "application/json"],
    ["/article/no-such-article", 404, "text/html"],
    ["/no/such/page", 404, "text/html"],
  ] as const)("%s -> %i", async (path, status, type) => {
    const response = await fetch(`${baseURL()}${path}`);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain(type);
  });

  it("sends the security headers, with a CSP that allows only the page's own inline scripts", async () => {
    // The home page is a kept visitor page: the same bytes to everyone, its inline scripts
    // allowed by their SHA-256 hashes (decision 0064); no 'unsafe-inline'.
    const response = await fetch(`${baseURL()}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // Plain HTTP here: HSTS only over HTTPS.
    expect(response.headers.get("strict-transport-security")).toBeNull();
    const html = await response.text();
    // The scripts the render made (they carry its nonce attribute); JSON-LD data runs no code.
    const inline = [...html.matchAll(/<script\b[^>]*\bnonce="[^"]*"[^>]*>([^<]+)<\/script>/g)].map(
      (m) => m[1]!,
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) {
      const hash = createHash("sha256").update(body).digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    // A page rendered for one request carries a nonce of its own instead.
    const other = await fetch(`${baseURL()}/sign-in`);
    const otherCsp = other.headers.get("content-security-policy") ?? "";
    const nonce = otherCsp.match(/'nonce-([^']+)'/)?.[1];
    if (nonce) expect(await other.text()).toContain(`nonce="${nonce}"`);
    else expect(otherCsp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  });

  it("caches hashed assets for a year and compresses pages", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${baseURL()}${asset}`);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    const page = await fetch(`${baseURL()}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends the stylesheet and scripts as compressed at build time: brotli, else gzip, else as they are", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const stylesheet = html.match(/\/assets\/app-[\w-]+\.css/)?.[0];
    const script = html.match(/\/assets\/framework-[\w-]+\.js/)?.[0];
    expect(stylesheet).toBeDefined();
    expect(script).toBeDefined();
    for (const asset of [stylesheet!, script!]) {
      const built = (suffix = "") =>
        readFileSync(new URL(`../../build/client${asset}${suffix}`, import.meta.url));
      const original = built();

      // A browser's Accept-Encoding: the build's brotli file (quality 11), byte for byte.
      const browser = await rawGet(asset, "gzip, deflate, br, zstd");
      expect(browser.headers["content-encoding"], asset).toBe("br");
      expect(browser.headers.vary).toMatch(/accept-encoding/i);
      expect(browser.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(browser.headers["content-type"]).toMatch(
        asset.endsWith(".css") ? /^text\/css/ : /javascript/,
      );
      expect(browser.body.equals(built(".br"))).toBe(true);
      expect(brotliDecompressSync(browser.body).equals(original)).toBe(true);
      // Smaller than what compressing as it streams makes (the compression middleware's brotli
      // quality 4: the stylesheet was 25.4 KB, against 19.8 KB now).
      const streamed = brotliCompressSync(original, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
      });
      expect(browser.body.length).toBeLessThan(streamed.length);

      const gzipOnly = await rawGet(asset, "gzip");
      expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzipOnly.body).equals(original)).toBe(true);

      const plain = await rawGet(asset, "");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    }
  });

  it("serves the page's interface text as JSON kept for a year under a versioned address", async () => {
    const html = await (
      await fetch(`${baseURL()}/contact`, { headers: { cookie: "lang=en" } })
    ).text();
    // A visitor's page names it in the script that preloads it after the paint.
    const href = /"(\/i18n\/en\/frame\.[0-9a-f]{12}\.json)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const text = await fetch(`${baseURL()}${href}`);
    expect(text.headers.get("content-type")).toMatch(/^application\/json/);
    expect(text.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(((await text.json()) as Record<string, string>)["nav.contact"]).toBe("Contact");
    // A page from before a deployment asks for an older address: today's text, not kept.
    const older = await fetch(`${baseURL()}${href!.replace(/\.[0-9a-f]{12}\./, ".000000000000.")}`);
    expect(older.status).toBe(200);
    expect(older.headers.get("cache-control")).toBe("no-cache");
    for (const unknown of [
      "/i18n/en/secrets.000000000000.json",
      "/i18n/fr/frame.000000000000.json",
    ]) {
      expect((await fetch(`${baseURL()}${unknown}`)).status, unknown).toBe(404);
    }
  });

  it("refuses a cross-site form post (CSRF)", async () => {
    const response = await fetch(`${baseURL()}/contact`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "name=x",
    });
    expect(response.status).toBe(403);
  });

  it("lists the public pages and every article in the sitemap", async () => {
    const xml = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    for (const slug of ARTICLES) expect(xml).toContain(`/article/${slug}</loc>`);
    expect(xml).toContain("/contact</loc>");
    expect(xml).toContain("/shophub</loc>");
    expect(xml).toContain("/privacy</loc>");
    const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: ");
  });
});

describe("the legal pages", () => {
  it("show the terms and the PDPA privacy notice in Thai, and in English after switching", async () => {
    const terms = await (await fetch(`${baseURL()}/terms`)).text();
    expect(terms).toMatch(/<h1[^>]*>[^<]*ข้อกำหนด/);
    const privacy = await (await fetch(`${baseURL()}/privacy`)).text();
    expect(privacy).toMatch(/<h1[^>]*>[^<]*ความเป็นส่วนตัว/);
    expect(privacy).toContain("sales@dptech.co.th");
    const english = await (
      await fetch(`${baseURL()}/privacy`, { headers: { cookie: "lang=en" } })
    ).text();
    expect(english).toMatch(/<h1[^>]*>[^<]*Privacy/i);
  });
});

describe("a server error", () => {
  it("answers 500 with the error page saying 'Error', and never a stack trace", async () => {
    // A query that fails inside the server (not an outage): the listings table is renamed for
    // the length of one request, as a broken migration or a bug in a query would leave it.
    let response: Response;
    try {
      await e2e.sql.query("ALTER TABLE listing RENAME TO listing_hidden_by_test");
      response = await fetch(`${baseURL()}/asset`);
    } finally {
      await e2e.sql.query("ALTER TABLE IF EXISTS listing_hidden_by_test RENAME TO listing");
    }
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain(`>${th["error.title"]}</h1>`);
    expect(html).toContain(th["error.status"].replace("{status}", "500"));
    expect(html).toContain(th["error.backHome"]);
    expect(html).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|undici|TypeError/);
  });
});

/** A GET whose body is read as sent: fetch() would decode it. */
function rawGet(
  path: string,
  acceptEncoding: string,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${baseURL()}${path}`,
      { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}
