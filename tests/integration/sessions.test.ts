import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "~/db/schema";
import {
  registerMember,
  signInWithPassword,
  createAuth,
  SESSION_TTL_SECONDS,
} from "~/modules/accounts/index.server";
import { createTestAuth } from "../setup/test-auth";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

describe("sessions", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());
  const client = { address: "192.0.2.77", headers: new Headers() };

  it("over HTTPS use a Secure, __Host- prefixed, HttpOnly, SameSite=Lax cookie", async () => {
    const { auth: plain } = createTestAuth(test.db);
    const secure = createAuth({
      db: test.db,
      secret: "test-secret-test-secret-test-secret-0123",
      baseURL: "https://www.dptech.co.th",
      secureCookies: true,
      mailer: {
        verifyEmail: async () => {},
        resetPassword: async () => {},
        signInLink: async () => {},
        passwordChanged: async () => {},
      },
      accountMustStay: async () => false,
    });
    await registerMember(
      plain,
      test.db,
      { email: "https@example.com", password: "secret1", name: "x", phone: null },
      client,
    );
    const result = await signInWithPassword(
      secure,
      test.db,
      { email: "https@example.com", password: "secret1", rememberMe: true },
      client,
    );
    expect(result.ok).toBe(true);
    const cookie = result.ok ? (result.headers.get("set-cookie") ?? "") : "";
    expect(cookie).toMatch(/^__Host-dptech\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    const found = await secure.api.getSession({
      headers: new Headers({ cookie: cookie.split(";")[0]! }),
    });
    expect(found?.user.email).toBe("https@example.com");
  });

  it("slide forward: a session used after a day is extended and its cookie re-issued", async () => {
    const { auth } = createTestAuth(test.db);
    await registerMember(
      auth,
      test.db,
      { email: "slide@example.com", password: "secret1", name: "x", phone: null },
      client,
    );
    const signIn = await signInWithPassword(
      auth,
      test.db,
      { email: "slide@example.com", password: "secret1", rememberMe: true },
      client,
    );
    const cookie = signIn.ok ? signIn.headers.get("set-cookie")!.split(";")[0]! : "";
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    // Pretend the session was last refreshed two days ago and ends in a week.
    await test.db.execute(
      sql`UPDATE auth_session SET updated_at = now() - interval '2 days', expires_at = now() + interval '7 days' WHERE token = ${token}`,
    );
    const { headers, response } = await auth.api.getSession({
      headers: new Headers({ cookie }),
      returnHeaders: true,
    });
    expect(response?.user.email).toBe("slide@example.com");
    const [row] = await test.db.select().from(session).where(eq(session.token, token));
    const daysLeft = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(SESSION_TTL_SECONDS / 86_400 - 1);
    expect(headers.get("set-cookie")).toMatch(/dptech\.session_token=/);
  });
});
