import { describe, expect, it } from "vitest";
import { baseURL, setupE2E } from "./fixtures";

// The storehub gate asks the route a request reached what it declares (its handle): through
// the built server, that route comes from the server build's own route tree.

setupE2E({ browser: false, resetRateLimits: false });

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseURL()}${path}`, { redirect: "manual", headers });

describe("the storehub gate in the running server", () => {
  it("shows visitors the introduction, which declares itself open, page and data alike", async () => {
    const page = await get("/storehub");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="storehub-intro"');
    const data = await get("/storehub.data");
    expect(data.status).toBe(200);
  });

  it("sends visitors to sign in from a page that declares nothing", async () => {
    const page = await get("/storehub/storage");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/user/signIn?redirectTo=%2Fstorehub%2Fstorage");
  });

  it("answers the live stream's visitor with a bare 401, which stops EventSource", async () => {
    const stream = await get("/storehub/live", { accept: "text/event-stream" });
    expect(stream.status).toBe(401);
  });
});
