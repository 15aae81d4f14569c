import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, stopChildProcess } from "~/lib/child-process.server";
import { baseURL, e2eServer, resetRateLimits, setupE2E } from "./fixtures";
import { startOwnServer, waitUntilHealthy, type OwnServer } from "./fixtures/own-server";

const PASSWORD = "secret-harbour-72";
const FORGED = "evil.example";
let counter = 0;

/** A request with a Host header of our choosing (fetch does not let a test forge it). */
function requestWithHost(
  base: string,
  path: string,
  options: { host: string; method?: string; body?: string; cookie?: string },
): Promise<{ status: number; body: string; setCookies: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), {
      method: options.method ?? "GET",
      headers: {
        Host: options.host,
        ...(options.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(options.cookie ? { Cookie: options.cookie } : {}),
      },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          setCookies: res.headers["set-cookie"] ?? [],
        }),
      );
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

async function register(base: string, db: pg.Client) {
  const email = `host-e2e-${Date.now()}-${++counter}@example.com`;
  const response = await fetch(`${base}/register`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      name: `ผู้ทดสอบโฮสต์ ${counter}`,
      phone: "",
      acceptTerms: "on",
      redirectTo: "/",
    }),
  });
  expect(response.status).toBe(302);
  const setCookies = response.headers.getSetCookie();
  const session = setCookies.find((value) => /session_token=/.test(value));
  if (!session) throw new Error("no session cookie");
  const { rows } = await db.query<{ id: string }>("SELECT id FROM app_user WHERE email = $1", [
    email,
  ]);
  const { rows: shops } = await db.query<{ id: string }>(
    `INSERT INTO shop (name, business_type, address, phone)
     VALUES ('ร้านทดสอบโฮสต์', 'grocery', '12 ถนนสุขุมวิท กรุงเทพฯ', '+66812345678') RETURNING id`,
  );
  await db.query("INSERT INTO shop_member (shop_id, user_id, role) VALUES ($1, $2, 'owner')", [
    shops[0]?.id,
    rows[0]?.id,
  ]);
  return { email, cookie: session.split(";")[0] ?? "", shopId: shops[0]?.id ?? "", setCookies };
}

describe("a forged Host header (no PUBLIC_URL)", () => {
  const shared = setupE2E({ browser: false, resetRateLimits: false });
  beforeAll(() => resetRateLimits(shared));

  it("does not reach the canonical link of a page", async () => {
    const page = await requestWithHost(baseURL(), "/", { host: FORGED });
    expect(page.status).toBe(200);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.body)?.[1] ?? "";
    expect(canonical).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(page.body).not.toContain(FORGED);
  });

  it("does not reach the link in an invitation e-mail", async () => {
    const owner = await register(baseURL(), shared.sql);
    const invited = `invited-${Date.now()}@example.com`;
    const answer = await requestWithHost(baseURL(), "/shophub/members", {
      host: FORGED,
      method: "POST",
      cookie: owner.cookie,
      body: new URLSearchParams({
        intent: "invite",
        shop: owner.shopId,
        shopId: owner.shopId,
        email: invited,
        role: "cashier",
      }).toString(),
    });
    expect(answer.status).toBeLessThan(400);
    const { rows } = await shared.sql.query<{ text_body: string; html_body: string }>(
      "SELECT text_body, html_body FROM email_outbox WHERE to_address = $1",
      [invited],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text_body).toMatch(/http:\/\/localhost:\d+\//);
    expect(`${rows[0]?.text_body}${rows[0]?.html_body}`).not.toContain(FORGED);
  });

  it("does not reach the link in a password reset e-mail", async () => {
    const member = await register(baseURL(), shared.sql);
    const answer = await requestWithHost(baseURL(), "/user/resetPw", {
      host: FORGED,
      method: "POST",
      body: new URLSearchParams({ email: member.email }).toString(),
    });
    expect(answer.status).toBeLessThan(400);
    const { rows } = await shared.sql.query<{ text_body: string }>(
      "SELECT text_body FROM email_outbox WHERE to_address = $1 AND text_body LIKE '%reset-password%'",
      [member.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text_body).not.toContain(FORGED);
  });
});

describe("with an https PUBLIC_URL", () => {
  let server: OwnServer | undefined;
  let base = "";
  let db: pg.Client;

  beforeAll(async () => {
    // A second production server on its own database of the same PostgreSQL.
    const url = new URL(e2eServer().databaseUrl);
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS e2e_https");
    await admin.query("CREATE DATABASE e2e_https");
    await admin.end();
    url.pathname = "/e2e_https";
    server = startOwnServer({
      port: await freePort(),
      env: { DATABASE_URL: url.href, PUBLIC_URL: "https://shop.example.test" },
      logLevel: "error",
    });
    base = server.url;
    await waitUntilHealthy(server);
    db = new pg.Client({ connectionString: url.href });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    if (server) await stopChildProcess(server.child);
  });

  it("marks every cookie Secure: session, language, active shop", async () => {
    const member = await register(base, db);
    const cookies = [...member.setCookies];
    const send = async (path: string, body: Record<string, string>, cookie?: string) => {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: cookie ? { cookie } : {},
        body: new URLSearchParams(body),
      });
      cookies.push(...response.headers.getSetCookie());
    };
    await send("/lang", { lang: "en", redirectTo: "/" });
    await send("/shophub/switch", { shop: member.shopId, redirectTo: "/shophub" }, member.cookie);
    await send("/user/signIn", {
      intent: "password",
      email: member.email,
      password: PASSWORD,
      redirectTo: "/",
    });
    await send("/user/signOut", {}, member.cookie);

    const names = cookies.map((cookie) => cookie.split("=")[0]);
    expect(names).toContain("lang");
    expect(names).toContain("__Host-dptech.session_token");
    expect(names.some((name) => /shop/i.test(name ?? ""))).toBe(true);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });
});
