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
  // As better-auth's verification: on to the callback it was given (the claim inside it).
  app.get("/api/auth/verify-email", (req, res) => {
    res.status(302).set("Location", String(req.query.callbackURL)).end();
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

  it("carry no registration claim, also inside the encoded callback URLs that carry it", async () => {
    const send = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { redirect: "manual", headers });
    const callback = (url: string) => encodeURIComponent(url);
    // The verification link as mailed: the claim is encoded inside callbackURL …
    await send(
      `/api/auth/verify-email?token=VERIFY-TOKEN-SECRET&callbackURL=${callback("/user/signIn?verified=1&claim=CLAIM-IN-CALLBACK")}`,
    );
    // … one level deeper (a return address inside the callback) and as an absolute address …
    await send(
      `/api/auth/verify-email?callbackURL=${callback(`/user/signIn?verified=1&redirectTo=${callback("/shophub?claim=CLAIM-TWO-DEEP")}`)}`,
    );
    await send(
      `/api/auth/verify-email?callbackURL=${callback("https://dptech.example/user/signIn?claim=CLAIM-ABSOLUTE")}`,
    );
    // … and the sign-in page it lands on, with the page it came from as Referer.
    await send("/user/signIn?verified=1&claim=CLAIM-ON-LANDING", {
      referer: "http://127.0.0.1/user/signIn?verified=1&claim=CLAIM-IN-REFERER",
    });

    expect(lines).toContain("/api/auth/verify-email?token=[redacted]&callbackURL=");
    expect(lines).toContain("/user/signIn?verified=1&claim=[redacted]");
    for (const secret of [
      "VERIFY-TOKEN-SECRET",
      "CLAIM-IN-CALLBACK",
      "CLAIM-TWO-DEEP",
      "CLAIM-ABSOLUTE",
      "CLAIM-ON-LANDING",
      "CLAIM-IN-REFERER",
    ]) {
      expect(lines).not.toContain(secret);
    }
  });

  it("redactUrl keeps harmless parameters and hides secret ones", () => {
    expect(redactUrl("/asset?category=car&page=2")).toBe("/asset?category=car&page=2");
    expect(redactUrl("/x?Token=abc&next=%2F")).toBe("/x?Token=[redacted]&next=%2F");
    expect(redactUrl("/api/auth/reset-password/abc")).toBe("/api/auth/reset-password/[redacted]");
    // A value that is itself an address is read once more (decoded once per level).
    expect(redactUrl("/v?callbackURL=%2Fx%3Fa%3D1%26claim%3Dc&next=%2F")).toBe(
      `/v?callbackURL=${encodeURIComponent("/x?a=1&claim=[redacted]")}&next=%2F`,
    );
    expect(redactUrl("/v?callbackURL=%2Fx%3Fa%3D1")).toBe("/v?callbackURL=%2Fx%3Fa%3D1");
  });
});
