import { beforeAll, describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { SEARCH_LIMIT } from "~/modules/platform/index.server";
import { baseURL, resetRateLimits, setupE2E } from "./fixtures";
import { verifiedAdminWhoOwnsAShop } from "./http-member";

const e2e = setupE2E({ browser: false, resetRateLimits: false });
let member = "";

beforeAll(async () => {
  await resetRateLimits(e2e);
  member = await verifiedAdminWhoOwnsAShop(e2e.sql, "hardening-e2e");
});

const get = (path: string, cookie?: string) =>
  fetch(`${baseURL()}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

describe("caching of private pages", () => {
  it("keeps a visitor's public page cacheable", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control") ?? "").not.toContain("no-store");
  });

  it("forbids storing any page or data a signed-in member receives", async () => {
    for (const path of [
      "/",
      "/asset",
      "/asset.data",
      "/user/profile",
      "/user/profile.data",
      "/storehub",
    ]) {
      const response = await get(path, member);
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("cache-control"), path).toContain("no-store");
    }
  });

  it("forbids storing the private areas' answers, also the redirects to sign in", async () => {
    for (const path of ["/user/profile", "/user/listings", "/storehub", "/admin", "/shophub/new"]) {
      const response = await get(path);
      expect(response.headers.get("cache-control"), path).toContain("no-store");
    }
  });
});

describe("paging and other numbers in the address", () => {
  it("never answer 500, however they are written", async () => {
    const paths = [
      "/asset?page=99999999999",
      "/asset?page=abc&min=-5&max=1e999",
      "/asset?page=-1",
      "/search/%E0%B8%9A%E0%B9%89%E0%B8%B2%E0%B8%99?page=999999",
      "/user/listings?page=999999",
      "/admin/users?page=abc",
      "/admin/outbox?page=99999999999",
      "/admin/messages?page=-1",
      "/storehub?page=999999&sort=zzz&dir=sideways",
      "/storehub/storage?page=abc",
      "/storehub/storage?item=abc&location=-1",
      "/shophub/members?page=999999",
      "/storehub/add?created=abc",
      "/storehub/add?created=1e99",
      "/storehub/inout?doc=999999999999999",
      "/storehub/delete?done=deleted&count=abc",
      "/asset/00000000-0000-4000-8000-000000000000?photo=abc",
    ];
    for (const path of paths) {
      const response = await get(path, member);
      expect(response.status, path).toBeLessThan(500);
    }
  });
});

describe("search rate limit", () => {
  it("lets a person search, and answers 429 in Thai with Retry-After past the limit", async () => {
    await e2e.sql.query("DELETE FROM rate_limit_bucket");
    const first = await get("/search/house");
    expect(first.status).toBe(200);
    // As if this address had already searched as often as the limit allows this minute.
    await e2e.sql.query("UPDATE rate_limit_bucket SET hits = $1 WHERE key LIKE 'search:%'", [
      SEARCH_LIMIT.limit,
    ]);
    // A search that runs is refused. (The page already made for "house" is a visitor page the
    // render cache keeps, docs/decisions/0040: served again, it costs no search and is not
    // counted.)
    const refused = await get("/search/condo");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const text = await refused.text();
    expect(text).toContain(th["error.tooManyRequests"].split("{minutes}")[0]);
    // Browsing without a search is not counted.
    expect((await get("/search")).status).toBe(200);
  });

  it("limits the storehub item search the same way", async () => {
    await e2e.sql.query("DELETE FROM rate_limit_bucket");
    expect((await get("/storehub?q=abc", member)).status).toBe(200);
    await e2e.sql.query("UPDATE rate_limit_bucket SET hits = $1 WHERE key LIKE 'search:%'", [
      SEARCH_LIMIT.limit,
    ]);
    const refused = await get("/storehub?q=abc", member);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    await e2e.sql.query("DELETE FROM rate_limit_bucket");
  });
});
