import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authRateLimit, emailOutbox, rateLimitBucket, session, user } from "~/db/schema";
import { th } from "~/lib/i18n/th";
import {
  ACCOUNT_RATE_LIMITS,
  registerMember,
  requestPasswordReset,
  requestSignInLink,
  resetPasswordWithToken,
  signInWithPassword,
  createAccountMailer,
  createAuth,
  SESSION_ABSOLUTE_TTL_SECONDS,
} from "~/modules/accounts/index.server";
import { listOutbox } from "~/modules/platform/index.server";
import { purgeOldEmailBodies } from "~/modules/platform/index.server";
import * as registerRoute from "~/routes/accounts/register";
import * as signInRoute from "~/routes/accounts/sign-in";
import * as postRoute from "~/routes/listings/post";
import {
  isPublicAuthRequest,
  mountAuthEndpoints,
  trustedClientAddress,
} from "../../server/http/auth-endpoints";
import { callRoute, outcomeOf, routeContext } from "../setup/route-call";
import { insertOutboxMail } from "../setup/factories";
import { createTestAuth } from "../setup/test-auth";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let auth: ReturnType<typeof createTestAuth>["auth"];
let sent: ReturnType<typeof createTestAuth>["sent"];

beforeAll(async () => {
  test = await createTestDatabase();
  ({ auth, sent } = createTestAuth(test.db));
});
afterAll(() => test.drop());
beforeEach(async () => {
  await test.db.delete(rateLimitBucket);
  await test.db.delete(authRateLimit);
  sent.length = 0;
});

const client = { address: "203.0.113.20", headers: new Headers() };

function register(email: string, password = "secret1", name = "สมชาย ใจดี") {
  return registerMember(auth, test.db, { email, password, name, phone: null }, client);
}

function signIn(email: string, password: string, address = client.address) {
  return signInWithPassword(
    auth,
    test.db,
    { email, password, rememberMe: true },
    { address, headers: new Headers() },
  );
}

async function userByEmail(email: string) {
  const [row] = await test.db.select().from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

const sessionsOf = async (userId: string) => test.db.$count(session, eq(session.userId, userId));

/** Opens a link from an e-mail the way a browser would, straight at better-auth. */
async function open(url: string, cookie?: string): Promise<Response> {
  return auth.handler(new Request(url, { headers: cookie ? { cookie } : {} }));
}

function lastLink(kind: "verify" | "reset" | "sign-in"): string {
  const link = sent.filter((s) => s.kind === kind).at(-1);
  if (!link) throw new Error(`no ${kind} link sent`);
  return link.url;
}

describe("better-auth's HTTP endpoints", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(trustedClientAddress());
    mountAuthEndpoints(app, auth);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("only the links mailed to members pass the filter, out of all of better-auth's endpoints", () => {
    const reachable: string[] = [];
    const endpoints = Object.values(auth.api as Record<string, unknown>) as {
      path?: string;
      options?: { method?: string | string[] };
    }[];
    expect(endpoints.length).toBeGreaterThan(40);
    for (const endpoint of endpoints) {
      if (!endpoint.path) continue;
      const declared = endpoint.options?.method ?? "*";
      const methods = (Array.isArray(declared) ? declared : [declared]).flatMap((m) =>
        m === "*" ? ["GET", "POST", "PUT", "PATCH", "DELETE"] : [m],
      );
      const sample = endpoint.path.replace(/:[A-Za-z]+/g, "AbCdEfGhIjKlMnOpQrStUvWx");
      for (const method of methods) {
        if (isPublicAuthRequest(method, sample)) reachable.push(`${method} ${endpoint.path}`);
      }
    }
    expect(reachable.sort()).toEqual([
      "GET /magic-link/verify",
      "GET /reset-password/:token",
      "GET /verify-email",
    ]);
  });

  it("answers 404 to everything else: no password guessing, sign-up, admin or account changes", async () => {
    await register("http-member@example.com");
    sent.length = 0;
    const post = (path: string, body: unknown) =>
      fetch(`${base}/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const guesses = [];
    for (let i = 0; i < 15; i++) {
      guesses.push(
        (await post("/sign-in/email", { email: "http-member@example.com", password: `x${i}` }))
          .status,
      );
    }
    expect(guesses).toEqual(Array(15).fill(404));
    expect(
      (
        await post("/sign-up/email", {
          email: "direct@example.com",
          password: "secret1",
          name: "x",
        })
      ).status,
    ).toBe(404);
    expect(await test.db.$count(user, eq(user.email, "direct@example.com"))).toBe(0);
    for (const [path, body] of [
      ["/sign-in/magic-link", { email: "someone@example.com" }],
      ["/request-password-reset", { email: "http-member@example.com" }],
      ["/send-verification-email", { email: "http-member@example.com" }],
      ["/change-email", { newEmail: "x@example.com" }],
      ["/delete-user", {}],
      ["/update-user", { name: "<b>" }],
      ["/admin/impersonate-user", { userId: "x" }],
      ["/admin/set-user-password", { userId: "x", newPassword: "secret9" }],
    ] as const) {
      expect((await post(path, body)).status, path).toBe(404);
    }
    for (const path of ["/get-session", "/list-sessions", "/ok", "/%73ign-in/email", ""]) {
      expect((await fetch(`${base}/api/auth${path}`)).status, path).toBe(404);
    }
    expect(sent).toEqual([]);
  });

  it("lets the e-mailed links through", async () => {
    const verify = await fetch(
      `${base}/api/auth/verify-email?token=not-a-token&callbackURL=%2Fuser%2FsignIn`,
      { redirect: "manual" },
    );
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/user/signIn?error=INVALID_TOKEN");

    await register("http-reset@example.com");
    await requestPasswordReset(auth, test.db, "http-reset@example.com", client);
    // The mailed link names the configured site; the same path on this server:
    const path = new URL(lastLink("reset"));
    const answer = await fetch(`${base}${path.pathname}${path.search}`, { redirect: "manual" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/\/user\/resetPw\?token=[A-Za-z0-9]+$/);
  });

  it("keep better-auth's own rate limiter on, counted in PostgreSQL", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await fetch(`${base}/api/auth/verify-email?token=x`, { redirect: "manual" })).status,
      );
    }
    // 30 a minute per address and path (one was used by the test above).
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    expect(await test.db.$count(authRateLimit)).toBeGreaterThan(0);
  });
});

describe("account pre-hijacking", () => {
  it("a member who opens their own registration link keeps their password; every session ends", async () => {
    await register("own@example.com");
    const member = await userByEmail("own@example.com");
    expect(await sessionsOf(member.id)).toBe(1);
    const answer = await open(lastLink("verify"));
    expect(answer.status).toBe(302);
    expect((await userByEmail("own@example.com")).emailVerified).toBe(true);
    expect(await sessionsOf(member.id)).toBe(0);
    expect((await signIn("own@example.com", "secret1")).ok).toBe(true);
  });

  it("when the owner proves the address another way, the squatter's password and sessions end", async () => {
    await register("victim@example.com", "squatter1");
    const squatted = await userByEmail("victim@example.com");
    expect(await sessionsOf(squatted.id)).toBe(1);
    sent.length = 0;
    // The real owner asks for a sign-in link; an unconfirmed account gets a confirmation link.
    await requestSignInLink(auth, test.db, "victim@example.com", "/", client);
    await open(lastLink("verify"));
    expect((await userByEmail("victim@example.com")).emailVerified).toBe(true);
    expect(await sessionsOf(squatted.id)).toBe(0);
    expect(await signIn("victim@example.com", "squatter1")).toMatchObject({
      ok: false,
      error: "wrong-credentials",
    });
    // The owner signs in with a sign-in link from now on (or sets a password by reset).
    sent.length = 0;
    await requestSignInLink(auth, test.db, "victim@example.com", "/", client);
    const signedIn = await open(lastLink("sign-in"));
    expect(signedIn.headers.get("set-cookie")).toMatch(/dptech\.session_token=/);
  });

  it("registering an unverified address again signs nobody in; the new registrant's link gives them the account", async () => {
    await register("contested@example.com", "squatter1", "ผู้แอบอ้าง");
    const account0 = await userByEmail("contested@example.com");
    const squatterLink = lastLink("verify");
    const again = await register("contested@example.com", "owner12", "เจ้าของจริง");
    expect(again).toMatchObject({ ok: true, pendingConfirmation: true });
    if (again.ok) expect(again.headers.get("set-cookie")).toBeNull();
    expect(await test.db.$count(user, eq(user.email, "contested@example.com"))).toBe(1);
    const ownerLink = lastLink("verify");
    expect(ownerLink).not.toBe(squatterLink);

    await open(ownerLink);
    const settled = await userByEmail("contested@example.com");
    expect(settled).toMatchObject({ id: account0.id, emailVerified: true, name: "เจ้าของจริง" });
    expect(await sessionsOf(account0.id)).toBe(0);
    expect((await signIn("contested@example.com", "squatter1")).ok).toBe(false);
    expect((await signIn("contested@example.com", "owner12")).ok).toBe(true);
    // The squatter's own link does nothing any more.
    await open(squatterLink);
    expect((await signIn("contested@example.com", "owner12")).ok).toBe(true);
  });

  it("the register page tells a second registrant to open the link, without signing them in", async () => {
    await register("page@example.com", "squatter1");
    const answer = await outcomeOf<{ pendingEmail?: string }>(
      callRoute(registerRoute.action, "/register", {
        form: {
          email: "page@example.com",
          // Strong enough for the register page's password rule (decision 0062).
          password: "owner-harbour-72",
          confirmPassword: "owner-harbour-72",
          name: "เจ้าของจริง",
          phone: "",
          acceptTerms: "on",
          redirectTo: "/",
        },
        context: routeContext(test.db, null, { auth }),
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data?.pendingEmail).toBe("page@example.com");
    expect(answer.setCookie ?? null).toBeNull();
    expect(th["account.register.confirmToFinish"]).toContain("{email}");
  });

  it("after a re-registration, the first registrant's link no longer keeps their password", async () => {
    await register("second@example.com", "squatter1");
    const squatterLink = lastLink("verify");
    await register("second@example.com", "owner12");
    await open(squatterLink);
    expect((await signIn("second@example.com", "squatter1")).ok).toBe(false);
  });

  it("a verified address cannot be registered again", async () => {
    await register("settled@example.com");
    await open(lastLink("verify"));
    expect(await register("settled@example.com", "other12")).toMatchObject({
      ok: false,
      error: "email-already-in-use",
    });
  });

  it("a password reset proves the address: the account is verified and the reset password kept", async () => {
    await register("resetter@example.com", "squatter1");
    const squatterLink = lastLink("verify");
    await requestPasswordReset(auth, test.db, "resetter@example.com", client);
    const token = new URL(lastLink("reset")).pathname.split("/").pop()!;
    expect((await resetPasswordWithToken(auth, test.db, { token, password: "owner12" })).ok).toBe(
      true,
    );
    expect((await userByEmail("resetter@example.com")).emailVerified).toBe(true);
    await open(squatterLink);
    expect((await signIn("resetter@example.com", "owner12")).ok).toBe(true);
    expect((await signIn("resetter@example.com", "squatter1")).ok).toBe(false);
  });

  it("an unverified member cannot post a listing", async () => {
    await register("poster@example.com");
    const member = await userByEmail("poster@example.com");
    const unverified = {
      id: member.id,
      name: member.name,
      email: member.email,
      emailVerified: false,
      image: null,
      phone: null,
      role: "member" as const,
    };
    const result = await outcomeOf<{ formError?: string }>(
      callRoute(postRoute.action, "/user/bhPost", {
        form: { title: "ขายรถมือสอง", description: "สภาพดีมาก ใช้งานน้อย", price: "1000" },
        context: routeContext(test.db, unverified, { auth }),
      }),
    );
    expect(result.status).toBe(403);
    expect(result.data?.formError).toBe("listings.error.verifyEmailFirst");
    const page = await outcomeOf<{ mustVerifyEmail: boolean }>(
      callRoute(postRoute.loader, "/user/bhPost", {
        context: routeContext(test.db, { ...unverified }, { auth }),
      }),
    );
    expect(page.data?.mustVerifyEmail).toBe(true);
  });
});

describe("one-time tokens and the outbox", () => {
  it("the verification table holds no usable token; the tokens still work", async () => {
    await register("tokens@example.com");
    await open(lastLink("verify"));
    await requestPasswordReset(auth, test.db, "tokens@example.com", client);
    const resetToken = new URL(lastLink("reset")).pathname.split("/").pop()!;
    await requestSignInLink(auth, test.db, "tokens@example.com", "/", client);
    const signInToken = new URL(lastLink("sign-in")).searchParams.get("token")!;
    await register("claims@example.com");
    const claim = new URL(
      new URL(lastLink("verify")).searchParams.get("callbackURL")!,
      "http://x",
    ).searchParams.get("claim")!;

    const rows = await test.db.execute<{ identifier: string; value: string }>(
      sql`SELECT identifier, value FROM auth_verification`,
    );
    expect(rows.rows.length).toBeGreaterThanOrEqual(3);
    const stored = rows.rows.map((r) => `${r.identifier} ${r.value}`).join("\n");
    for (const token of [resetToken, signInToken, claim]) {
      expect(token.length).toBeGreaterThan(10);
      expect(stored).not.toContain(token);
    }
    expect(
      (await resetPasswordWithToken(auth, test.db, { token: resetToken, password: "newpass1" })).ok,
    ).toBe(true);
    expect((await open(lastLink("sign-in"))).headers.get("set-cookie")).toMatch(/session_token=/);
  });

  it("admins reading the outbox see where links go but not their tokens", async () => {
    const mailed = createAuth({
      db: test.db,
      secret: "test-secret-test-secret-test-secret-0123",
      baseURL: "http://localhost:3000",
      secureCookies: false,
      mailer: createAccountMailer(test.db),
      accountMustStay: async () => false,
    });
    await test.db.delete(emailOutbox);
    await registerMember(
      mailed,
      test.db,
      { email: "outbox@example.com", password: "secret1", name: "x", phone: null },
      client,
    );
    await requestPasswordReset(mailed, test.db, "outbox@example.com", client);
    const raw = await test.db.select().from(emailOutbox);
    expect(raw).toHaveLength(2);
    const tokens = raw.flatMap((row) =>
      [...row.textBody.matchAll(/(?:token=|reset-password\/)([A-Za-z0-9._-]{10,})/g)].map(
        (m) => m[1]!,
      ),
    );
    expect(tokens.length).toBeGreaterThanOrEqual(2);

    const page = await listOutbox(test.db, { page: 1 });
    const shown = JSON.stringify(page.rows);
    for (const token of tokens) expect(shown).not.toContain(token);
    expect(shown).toContain("http://localhost:3000/api/auth/verify-email?…");
    expect(shown).toContain("http://localhost:3000/api/auth/reset-password/…?…");
  });

  it("bodies of e-mails sent more than 30 days ago are purged", async () => {
    await test.db.delete(emailOutbox);
    const day = 24 * 60 * 60 * 1000;
    const base = { toAddress: "a@example.com", subject: "s", textBody: "body", htmlBody: "<p>" };
    await insertOutboxMail(test.db, [
      { ...base, subject: "old", status: "sent", sentAt: new Date(Date.now() - 31 * day) },
      { ...base, subject: "recent", status: "sent", sentAt: new Date(Date.now() - 29 * day) },
      { ...base, subject: "pending", status: "pending" },
      {
        ...base,
        subject: "old-failed",
        status: "failed",
        createdAt: new Date(Date.now() - 31 * day),
      },
    ]);
    expect(await purgeOldEmailBodies(test.db)).toBe(2);
    const rows = await test.db.select().from(emailOutbox);
    const body = (subject: string) => rows.find((r) => r.subject === subject)?.textBody;
    expect(body("old")).toBe("");
    expect(body("old-failed")).toBe("");
    expect(body("recent")).toBe("body");
    expect(body("pending")).toBe("body");
    expect(rows.find((r) => r.subject === "old")?.htmlBody).toBe("");
  });
});

describe("absolute session lifetime", () => {
  async function signedInCookie(email: string): Promise<string> {
    await register(email);
    const result = await signIn(email, "secret1");
    if (!result.ok) throw new Error("sign-in failed");
    return result.headers.get("set-cookie")!.split(";")[0]!;
  }

  it("a session ends 90 days after sign-in even while in use", async () => {
    expect(SESSION_ABSOLUTE_TTL_SECONDS).toBe(90 * 24 * 60 * 60);
    const cookie = await signedInCookie("old-session@example.com");
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    // Used every day, the sliding expiry would still be 30 days away.
    await test.db.execute(
      sql`UPDATE auth_session SET created_at = now() - interval '91 days', expires_at = now() + interval '29 days' WHERE token = ${token}`,
    );
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("the daily slide never moves the end past 90 days after sign-in", async () => {
    const cookie = await signedInCookie("sliding@example.com");
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    await test.db.execute(
      sql`UPDATE auth_session SET created_at = now() - interval '89 days', expires_at = now() + interval '1 hour' WHERE token = ${token}`,
    );
    const found = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(found).not.toBeNull();
    const [row] = await test.db
      .execute<{ capped: boolean }>(
        sql`SELECT expires_at = created_at + interval '90 days' AS capped FROM auth_session WHERE token = ${token}`,
      )
      .then((r) => r.rows);
    expect(row?.capped).toBe(true);
  });
});

describe("sign-in limits per account and address", () => {
  it("a stranger guessing from one address is stopped with 429 and a Thai message; the owner still signs in elsewhere", async () => {
    await register("locked@example.com");
    const limit = ACCOUNT_RATE_LIMITS.signInByAccountAndAddress.limit;
    const attempt = (password: string, clientAddress: string) =>
      outcomeOf<{ formError?: string; retryMinutes?: number }>(
        callRoute(signInRoute.action, "/user/signIn", {
          form: { email: "locked@example.com", password, redirectTo: "/" },
          context: routeContext(test.db, null, { auth, clientAddress }),
        }),
      );
    for (let i = 0; i < limit; i++) {
      expect((await attempt(`wrong${i}`, "198.51.100.7")).status).toBe(400);
    }
    const blocked = await attempt("wrong-again", "198.51.100.7");
    expect(blocked.status).toBe(429);
    expect(blocked.data?.formError).toBe("auth.error.too-many-requests");
    expect(th["auth.error.too-many-requests"]).toMatch(/[\u0E00-\u0E7F]/);
    // Even the right password from the stranger's address waits...
    expect((await attempt("secret1", "198.51.100.7")).status).toBe(429);
    // ...but the owner, elsewhere, is not locked out.
    const owner = await attempt("secret1", "203.0.113.99");
    expect(owner.status).toBe(302);
    expect(owner.setCookie).toMatch(/dptech\.session_token=/);
  });
});
