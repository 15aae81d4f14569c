import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { Writable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, redactUrl, requestLogger } from "../../server/http/request-logging";

// The server's logger and request logging exactly as server/app.ts builds them, writing into a
// string, in front of handlers that behave like the sign-in and reset endpoints.
let lines = "";
let server: Server;
let base = "";

beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines += chunk.toString();
      callback();
    },
  });
  const logger = createLogger("info", destination);
  const app = express();
  app.use(requestLogger(logger));
  app.post("/user/signIn", (req, res) => {
    req.log.info({ user: "someone" }, "signed in");
    res
      .status(302)
      .set("Set-Cookie", [
        "dptech.session_token=SETCOOKIE-SESSION-SECRET; Path=/; HttpOnly",
        "dptech.session_data=SETCOOKIE-DATA-SECRET; Path=/; HttpOnly",
      ])
      .set("Location", "/")
      .end();
  });
  app.get("/{*path}", (req, res) => {
    req.log.warn("link opened");
    res.status(302).set("Location", "/user/resetPw").end();
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const SECRETS = [
  "COOKIE-SESSION-SECRET",
  "SETCOOKIE-SESSION-SECRET",
  "SETCOOKIE-DATA-SECRET",
  "RESET-PATH-SECRET",
  "RESET-QUERY-SECRET",
  "MAGIC-LINK-SECRET",
  "VERIFY-EMAIL-SECRET",
];

describe("request logs", () => {
  it("carry no cookie value and no token of a sign-in, a reset, a magic link or a verification", async () => {
    const cookie = "dptech.session_token=COOKIE-SESSION-SECRET; lang=en";
    const send = (path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, { redirect: "manual", ...init, headers: { cookie } });
    await send("/user/signIn", { method: "POST", body: "email=a%40b.co&password=x" });
    await send("/api/auth/reset-password/RESET-PATH-SECRET?callbackURL=%2Fuser%2FresetPw");
    await send("/user/resetPw?token=RESET-QUERY-SECRET");
    await send("/api/auth/magic-link/verify?token=MAGIC-LINK-SECRET&callbackURL=%2F");
    await send("/api/auth/verify-email?callbackURL=%2F&token=VERIFY-EMAIL-SECRET");

    // The requests were logged (with their paths, which help) …
    expect(lines).toContain("/user/signIn");
    expect(lines).toContain("/api/auth/reset-password/[redacted]");
    expect(lines).toContain("/user/resetPw?token=[redacted]");
    expect(lines).toContain("callbackURL=%2F");
    // … but no secret made it into them.
    for (const secret of SECRETS) expect(lines).not.toContain(secret);
  });

  it("redactUrl keeps harmless parameters and hides secret ones", () => {
    expect(redactUrl("/asset?category=car&page=2")).toBe("/asset?category=car&page=2");
    expect(redactUrl("/x?Token=abc&next=%2F")).toBe("/x?Token=[redacted]&next=%2F");
    expect(redactUrl("/api/auth/reset-password/abc")).toBe("/api/auth/reset-password/[redacted]");
  });
});
