import { request } from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, stopChildProcess } from "~/lib/child-process.server";
import { baseURL, e2eServer, hydrated, resetRateLimits, setupE2E, withPage } from "./fixtures";
import { startOwnServer, waitUntilHealthy, type OwnServer } from "./fixtures/own-server";

const SESSION_COOKIE = "dptech.session_token";
const PASSWORD = "secret-harbour-72";
const GZIP = { "Accept-Encoding": "gzip, deflate, br" };

interface Answer {
  status: number;
  headers: Headers;
  /** The page as the browser reads it (gzip undone here: fetch would hide the encoding). */
  text: string;
  /** The CSP header's nonce. */
  nonce: string | undefined;
  /** The CSP header's script hashes. */
  hashes: string[];
}

/** A GET as a browser sends it; the body is decoded by hand so the test sees the encoding. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...GZIP, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body =
          encoding === "gzip"
            ? zlib.gunzipSync(raw)
            : encoding === "br"
              ? zlib.brotliDecompressSync(raw)
              : raw;
        const fetchHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of [value ?? []].flat()) fetchHeaders.append(name, one);
        }
        const csp = fetchHeaders.get("content-security-policy") ?? "";
        resolve({
          status: res.statusCode ?? 0,
          headers: fetchHeaders,
          text: body.toString("utf8"),
          nonce: /'nonce-([^']+)'/.exec(csp)?.[1],
          hashes: csp.match(/'sha256-[^']+'/g) ?? [],
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

let counter = 0;

/** A member signed up over HTTP (verified, made an admin); their session cookie and name. */
async function signedUpAdmin(sql: { query: (q: string, v: unknown[]) => Promise<unknown> }) {
  counter += 1;
  const email = `render-cache-${Date.now()}-${counter}@example.com`;
  const name = `สมาชิกแคช${Date.now()}${counter}`;
  const response = await fetch(`${baseURL()}/register`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL() },
    body: new URLSearchParams({
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      name,
      phone: "",
      acceptTerms: "on",
      redirectTo: "/",
    }),
  });
  expect(response.status).toBe(302);
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error("no session cookie");
  await sql.query("UPDATE app_user SET role = 'admin', email_verified = true WHERE email = $1", [
    email,
  ]);
  return { cookie: cookie.split(";")[0] ?? "", name };
}

const e2e = setupE2E();

describe("the render cache for visitors", () => {
  it("answers a visitor's page from memory as it was rendered, its scripts allowed by their hashes, compressed, and 304 on its ETag", async () => {
    const first = await get(`${baseURL()}/article`);
    const second = await get(`${baseURL()}/article`);
    expect(second.status).toBe(200);
    expect(second.headers.get("x-render-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("br");
    // The same page for every visitor, with a policy that names no nonce: each inline script
    // of the page (React Router's) by its hash.
    expect(second.text).toBe(first.text);
    expect(second.nonce).toBeUndefined();
    expect(second.hashes.length).toBeGreaterThanOrEqual(3);
    expect(second.headers.get("content-security-policy")).toBe(
      first.headers.get("content-security-policy"),
    );
    expect(second.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    expect(second.headers.get("cache-control")).toMatch(/stale-while-revalidate=\d+/);
    expect(second.headers.get("vary")).toMatch(/Cookie/);
    const etag = second.headers.get("etag");
    expect(etag).toBeTruthy();

    const revalidated = await get(`${baseURL()}/article`, { "If-None-Match": String(etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe("");

    const gzip = await get(`${baseURL()}/article`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.text).toBe(first.text);
    expect(Number(second.headers.get("content-length"))).toBeLessThan(
      Number(gzip.headers.get("content-length")),
    );
    const plain = await get(`${baseURL()}/article`, { "Accept-Encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.text).toBe(first.text);
  });

  it("runs the kept page's own scripts in the browser and blocks a script injected into it", async () => {
    // Kept for a visitor who has made their cookie choice, as the test's browser has.
    await get(`${baseURL()}/contact`, { Cookie: "consent=1.0.0" });
    await withPage(e2e.browser, async (page) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      // The kept page as served, with a script put into it on the way (as stored markup that
      // got through would be): the page's own headers, its policy included, are kept.
      await page.route("**/contact", async (route) => {
        const response = await route.fetch();
        expect(response.headers()["x-render-cache"]).toBe("hit");
        const html = (await response.text()).replace(
          "</main>",
          "<script>window.injected = true;</script></main>",
        );
        await route.fulfill({ response, body: html });
      });
      await page.goto("/contact");
      // React Router's scripts ran (hydration), the injected one did not.
      await hydrated(page, "form");
      expect(await page.evaluate(() => "injected" in window)).toBe(false);
      expect(violations.length).toBe(1);
      expect(violations[0]).toMatch(/script-src/);
    });
  });

  it("keeps each language apart", async () => {
    const thai = await get(`${baseURL()}/contact`);
    const english = await get(`${baseURL()}/contact`, { Cookie: "lang=en" });
    expect(thai.text).toContain('<html lang="th"');
    expect(english.text).toContain('<html lang="en"');
  });

  it("never gives a signed-in member the visitors' page, nor a visitor the member's", async () => {
    await resetRateLimits(e2e);
    const member = await signedUpAdmin(e2e.sql);
    for (const path of ["/", "/article", "/asset", "/contact", "/terms"]) {
      await get(`${baseURL()}${path}`);
      const visitor = await get(`${baseURL()}${path}`);
      expect(visitor.headers.get("x-render-cache"), path).toBe("hit");

      const theirs = await get(`${baseURL()}${path}`, { Cookie: member.cookie });
      expect(theirs.status, path).toBe(200);
      expect(theirs.headers.get("x-render-cache"), path).toBeNull();
      expect(theirs.headers.get("etag"), path).toBeNull();
      expect(theirs.headers.get("cache-control"), path).toBe("private, no-store");
      expect(theirs.text, path).toContain(member.name);
      // Their page with the language cookie too: still theirs.
      const withLang = await get(`${baseURL()}${path}`, { Cookie: `lang=en; ${member.cookie}` });
      expect(withLang.text, path).toContain(member.name);

      const afterThem = await get(`${baseURL()}${path}`);
      expect(afterThem.text, path).not.toContain(member.name);
      expect(afterThem.headers.getSetCookie(), path).toEqual([]);
    }
  });

  it("keeps no flash, no error page and no page with a cookie or an unknown parameter", async () => {
    for (const path of [
      "/contact?sent=1",
      "/asset/00000000-0000-4000-8000-000000000000",
      "/article/no-such-article",
      "/asset?utm_source=x",
      "/search?q=abc",
    ]) {
      await get(`${baseURL()}${path}`);
      const again = await get(`${baseURL()}${path}`);
      expect(again.headers.get("x-render-cache"), path).toBeNull();
      expect(again.headers.get("etag"), path).toBeNull();
      expect(again.headers.get("cache-control") ?? "", path).not.toMatch(/public|s-maxage/);
    }
    // A cookie the visitor pages do not know (the active shop, a session of another name).
    await get(`${baseURL()}/`);
    const withShop = await get(`${baseURL()}/`, { Cookie: "shop=abc" });
    expect(withShop.headers.get("x-render-cache")).toBeNull();
  });
});

describe("on two instances", () => {
  let other: OwnServer | undefined;

  beforeAll(async () => {
    // A second production server on the same database: another app instance.
    other = startOwnServer({
      port: await freePort(),
      env: { DATABASE_URL: e2eServer().databaseUrl, DATA_DIR: e2eServer().dataDir },
      logLevel: "error",
    });
    await waitUntilHealthy(other);
  });
  afterAll(async () => {
    if (other) await stopChildProcess(other.child);
  });

  it("forgets exactly the pages a notice, a listing or the content changes, on every instance", async () => {
    const b = other?.url ?? "";
    await resetRateLimits(e2e);
    const admin = await signedUpAdmin(e2e.sql);
    const { rows } = (await e2e.sql.query(
      "SELECT id, title FROM listing WHERE status = 'published' AND hidden_at IS NULL ORDER BY published_at DESC LIMIT 1",
    )) as { rows: { id: string; title: string }[] };
    const listing = rows[0];
    if (!listing) throw new Error("no demo listing");
    const pages = ["/", "/article", "/asset", `/asset/${listing.id}`, "/terms"];
    // Every page kept on the second instance. Polled, because an announcement that is still
    // on its way when a page is rendered (the test's own, sent a moment before) forgets that
    // page again once it arrives; kept pages must come back as hits all the same.
    const warm = async () => {
      await expect
        .poll(async () => {
          for (const path of pages) await get(`${b}${path}`);
          const states: (string | null)[] = [];
          for (const path of pages)
            states.push((await get(`${b}${path}`)).headers.get("x-render-cache"));
          return states;
        })
        .toEqual(pages.map(() => "hit"));
    };
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${baseURL()}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: baseURL(), cookie: admin.cookie },
        body: new URLSearchParams(fields),
      });

    // An admin takes the listing down on the first instance: the second one's listing pages
    // show it gone, its other pages are still the kept ones.
    await warm();
    expect((await post(`/asset/${listing.id}`, { intent: "hide" })).status).toBe(302);
    await expect.poll(async () => (await get(`${b}/asset/${listing.id}`)).status).toBe(404);
    await expect
      .poll(async () => (await get(`${b}/asset`)).text.includes(listing.title))
      .toBe(false);
    expect((await get(`${b}/article`)).headers.get("x-render-cache")).toBe("hit");
    expect((await get(`${b}/terms`)).headers.get("x-render-cache")).toBe("hit");
    expect((await post(`/asset/${listing.id}`, { intent: "restore" })).status).toBe(302);
    await expect.poll(async () => (await get(`${b}/asset/${listing.id}`)).status).toBe(200);

    // A notice: on every page.
    await warm();
    const title = `ประกาศทดสอบแคช ${Date.now()}`;
    const saved = await post("/admin/notice", {
      intent: "save",
      title,
      body: "ระบบจะปิดปรับปรุงคืนนี้",
      titleEn: "",
      bodyEn: "",
      level: "info",
      startsAt: "",
      endsAt: "",
    });
    expect(saved.status).toBeLessThan(400);
    for (const path of pages) {
      await expect
        .poll(async () => (await get(`${b}${path}`)).text.includes(title), { message: path })
        .toBe(true);
    }
    // Removed behind the app's back: its own announcement as the admin page would send it.
    await e2e.sql.query("DELETE FROM site_notice WHERE title = $1", [title]);
    await e2e.sql.query("SELECT pg_notify('content_changed', 'notices')", []);
    for (const path of pages) {
      await expect
        .poll(async () => (await get(`${b}${path}`)).text.includes(title), { message: path })
        .toBe(false);
    }

    // The company's content (a change from anywhere: its trigger announces it).
    await warm();
    await e2e.sql.query("UPDATE company_profile SET phone = phone", []);
    for (const path of pages) {
      await expect
        .poll(async () => (await get(`${b}${path}`)).headers.get("x-render-cache"), {
          message: path,
        })
        .toBe("miss");
    }
  });
});
