import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_MEMBER } from "~/modules/stock/live-stock.server";
import { baseURL, setupE2E } from "./fixtures";
import { verifiedAdminWhoOwnsAShop } from "./http-member";

// A browser that leaves stops the work done for it: React Router's Express handler
// (@react-router/express) aborts the request and cancels the answer's stream when the
// connection closes, so a live storehub stream's subscription and its place in the member's
// limit go with it.

const e2e = setupE2E({ browser: false });
let cookie = "";
let shopId = "";

beforeAll(async () => {
  cookie = await verifiedAdminWhoOwnsAShop(e2e.sql, "abort-e2e");
  const { rows } = await e2e.sql.query<{ shop_id: string }>(
    `SELECT m.shop_id FROM shop_member m JOIN app_user u ON u.id = m.user_id
     WHERE u.email LIKE 'abort-e2e-%' ORDER BY u.created_at DESC LIMIT 1`,
  );
  shopId = rows[0]?.shop_id ?? "";
  if (!shopId) throw new Error("the member's shop is missing");
});

/** Opens the live stock stream; resolves with its status and a way to leave. */
function openStream(): Promise<{ status: number; leave: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(`/storehub/live?shopId=${shopId}`, baseURL()), {
      headers: { Cookie: cookie, Accept: "text/event-stream" },
    });
    req.on("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, leave: () => req.destroy() });
    });
    req.on("error", (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

describe("a browser that leaves", () => {
  it("frees what its live stream held: the member may open as many again", async () => {
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) open.push(await openStream());
    expect(open.map((stream) => stream.status)).toEqual(open.map(() => 200));
    const over = await openStream();
    expect(over.status).toBe(429);
    over.leave();

    for (const stream of open) stream.leave();
    // Each stream's end is heard on the server a moment after the connection closes.
    await expect
      .poll(async () => {
        const again = await openStream();
        again.leave();
        return again.status;
      })
      .toBe(200);
    const reopened = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER - 1; i++) reopened.push(await openStream());
    for (const stream of reopened) stream.leave();
    expect(reopened.map((stream) => stream.status)).toEqual(reopened.map(() => 200));
  });
});
