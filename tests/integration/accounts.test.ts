import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { account, rateLimitBucket, session, user } from "~/db/schema";
import {
  ACCOUNT_RATE_LIMITS,
  registerMember,
  requestPasswordReset,
  requestSignInLink,
  resetPasswordWithToken,
  signInWithPassword,
  registerFormSchema,
} from "~/modules/accounts/index.server";
import { readForm } from "~/lib/forms/read-form";
import { hashPassword, needsRehash, verifyPassword } from "~/modules/accounts/password-hash.server";
import { createTestAuth } from "../setup/test-auth";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { ACCOUNT_REFUSALS } from "~/routes/accounts/errors";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const client = { address: "203.0.113.20", headers: new Headers() };

/** How auth_verification stores a one-time token's identifier (storeIdentifier "hashed"). */
function storedIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier).digest("base64url");
}

describe("passwords", () => {
  it("are hashed with argon2id at OWASP's parameters and verified", async () => {
    const hash = await hashPassword("รหัสลับ123");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "รหัสลับ123")).toBe(true);
    expect(await verifyPassword(hash, "รหัสลับ124")).toBe(false);
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash("$argon2id$v=19$m=4096,t=1,p=1$c2FsdA$aGFzaA")).toBe(true);
    expect(await verifyPassword("not a hash", "x")).toBe(false);
  });
});

describe("registration form rules", () => {
  const valid = {
    email: " Somchai@Example.com ",
    password: "secret1",
    confirmPassword: "secret1",
    name: "สมชาย",
    phone: "081-234-5678",
    acceptTerms: "on",
  };

  it("accepts a complete form, normalising the e-mail and the phone to E.164", () => {
    const result = readForm(form(valid), registerFormSchema);
    expect(result.ok && result.data).toMatchObject({
      email: "somchai@example.com",
      phone: "+66812345678",
    });
  });

  it.each([
    ["password", "auth.error.weak-password", { password: "12345", confirmPassword: "12345" }],
    ["confirmPassword", "auth.error.password-mismatch", { confirmPassword: "secret2" }],
    ["email", "auth.error.invalid-email", { email: "somchai@" }],
    ["phone", "auth.error.phone-invalid", { phone: "12345" }],
    ["name", "auth.error.name-required", { name: " " }],
    ["acceptTerms", "auth.error.terms-required", { acceptTerms: "" }],
  ])("reports %s as %s and never sends passwords back", (field, key, change) => {
    const result = readForm(form({ ...valid, ...change }), registerFormSchema);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[field]).toBe(key);
      expect(result.values).not.toHaveProperty("password");
      expect(result.values).not.toHaveProperty("confirmPassword");
      expect(result.values.name).toBe(field === "name" ? " " : "สมชาย");
    }
  });
});

describe("accounts on PostgreSQL", () => {
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
    sent.length = 0;
  });

  async function register(email: string, password = "secret1") {
    return registerMember(
      auth,
      test.db,
      { email, password, name: "สมชาย ใจดี", phone: "+66812345678" },
      client,
    );
  }

  it("registers a member, signs them in, stores the phone and sends a verification link", async () => {
    const result = await register("new@example.com");
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.headers.get("set-cookie")).toMatch(
        /dptech\.session_token=.+HttpOnly.+SameSite=Lax/i,
      );
    const [stored] = await test.db.select().from(user).where(eq(user.email, "new@example.com"));
    expect(stored).toMatchObject({
      name: "สมชาย ใจดี",
      phone: "+66812345678",
      role: "member",
      emailVerified: false,
    });
    const [credential] = await test.db.select().from(account).where(eq(account.userId, stored!.id));
    expect(credential?.password).toMatch(/^\$argon2id\$/);
    expect(sent).toEqual([expect.objectContaining({ kind: "verify", email: "new@example.com" })]);
    expect(sent[0]!.url).toContain("callbackURL=%2Fuser%2FsignIn%3Fverified%3D1");
  });

  it("refuses an e-mail that is already registered and a password shorter than 6", async () => {
    await register("taken@example.com");
    await test.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, "taken@example.com"));
    expect(await register("taken@example.com")).toMatchObject({
      ok: false,
      error: "email-already-in-use",
    });
    expect(await register("short@example.com", "12345")).toMatchObject({
      ok: false,
      error: "weak-password",
    });
  });

  it("signs in with the right password only, with one message for a wrong password and an unknown e-mail", async () => {
    await register("member@example.com");
    const ok = await signInWithPassword(
      auth,
      test.db,
      { email: "member@example.com", password: "secret1", rememberMe: true },
      client,
    );
    expect(ok.ok).toBe(true);
    const wrong = await signInWithPassword(
      auth,
      test.db,
      { email: "member@example.com", password: "nope!!", rememberMe: true },
      client,
    );
    const unknown = await signInWithPassword(
      auth,
      test.db,
      { email: "nobody@example.com", password: "secret1", rememberMe: true },
      client,
    );
    expect(wrong).toMatchObject({ ok: false, error: "wrong-credentials" });
    expect(unknown).toMatchObject({ ok: false, error: "wrong-credentials" });
  });

  it("issues a new session id at every sign-in", async () => {
    await register("fresh@example.com");
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const result = await signInWithPassword(
        auth,
        test.db,
        { email: "fresh@example.com", password: "secret1", rememberMe: false },
        client,
      );
      if (result.ok)
        tokens.add(result.headers.get("set-cookie")!.match(/session_token=([^;.]+)/)![1]!);
    }
    expect(tokens.size).toBe(3);
  });

  it("answers 429 after too many wrong passwords for one account, even from many addresses", async () => {
    await register("target@example.com");
    const limit = ACCOUNT_RATE_LIMITS.signInByAccount.limit;
    const results = [];
    for (let i = 0; i <= limit; i++) {
      results.push(
        await signInWithPassword(
          auth,
          test.db,
          { email: "target@example.com", password: `wrong${i}`, rememberMe: false },
          { ...client, address: `198.51.100.${i}` },
        ),
      );
    }
    expect(results.slice(0, limit).every((r) => !r.ok && r.error === "wrong-credentials")).toBe(
      true,
    );
    expect(results[limit]).toMatchObject({
      ok: false,
      error: "too-many-requests",
    });
    expect(ACCOUNT_REFUSALS["too-many-requests"].status).toBe(429);
    // Even the right password is refused while the limit holds.
    const right = await signInWithPassword(
      auth,
      test.db,
      { email: "target@example.com", password: "secret1", rememberMe: false },
      client,
    );
    expect(right).toMatchObject({ error: "too-many-requests" });
  });

  it("limits registration attempts for one e-mail address, from any address", async () => {
    const limit = ACCOUNT_RATE_LIMITS.registerByAccount.limit;
    for (let i = 0; i < limit; i++) {
      await registerMember(
        auth,
        test.db,
        { email: "again@example.com", password: "secret1", name: "x", phone: null },
        { ...client, address: `192.0.2.${100 + i}` },
      );
    }
    const blocked = await registerMember(
      auth,
      test.db,
      { email: "again@example.com", password: "secret1", name: "x", phone: null },
      { ...client, address: "192.0.2.250" },
    );
    expect(blocked).toMatchObject({ ok: false, error: "too-many-requests" });
  });

  it("limits registrations per client address, grouping IPv6 by /64", async () => {
    const limit = ACCOUNT_RATE_LIMITS.registerByAddress.limit;
    for (let i = 0; i < limit; i++) {
      await registerMember(
        auth,
        test.db,
        { email: `v6-${i}@example.com`, password: "secret1", name: "x", phone: null },
        { ...client, address: `2001:db8:1:2::${i + 1}` },
      );
    }
    const blocked = await registerMember(
      auth,
      test.db,
      { email: "v6-last@example.com", password: "secret1", name: "x", phone: null },
      { ...client, address: "2001:db8:1:2:ffff::9" },
    );
    expect(blocked).toMatchObject({ ok: false, error: "too-many-requests" });
  });

  describe("password reset", () => {
    async function resetToken(email: string): Promise<string> {
      await requestPasswordReset(auth, test.db, email, client);
      const link = sent.filter((s) => s.kind === "reset").at(-1);
      if (!link) throw new Error("no reset link sent");
      return new URL(link.url).pathname.split("/").pop()!;
    }

    it("answers the same for an unknown e-mail and sends nothing", async () => {
      expect(await requestPasswordReset(auth, test.db, "ghost@example.com", client)).toMatchObject({
        ok: true,
      });
      expect(sent).toEqual([]);
    });

    it("sets a new password once, ends every session and does not sign in", async () => {
      await register("reset@example.com");
      const [member] = await test.db.select().from(user).where(eq(user.email, "reset@example.com"));
      await signInWithPassword(
        auth,
        test.db,
        { email: "reset@example.com", password: "secret1", rememberMe: true },
        client,
      );
      expect(await test.db.$count(session, eq(session.userId, member!.id))).toBeGreaterThan(0);

      const token = await resetToken("reset@example.com");
      const result = await resetPasswordWithToken(auth, test.db, { token, password: "newpass1" });
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.headers.get("set-cookie")).toBeNull();
      expect(await test.db.$count(session, eq(session.userId, member!.id))).toBe(0);
      expect(sent.at(-1)).toMatchObject({ kind: "password-changed", email: "reset@example.com" });
      expect(
        (
          await signInWithPassword(
            auth,
            test.db,
            { email: "reset@example.com", password: "newpass1", rememberMe: false },
            client,
          )
        ).ok,
      ).toBe(true);
      expect(
        (
          await signInWithPassword(
            auth,
            test.db,
            { email: "reset@example.com", password: "secret1", rememberMe: false },
            client,
          )
        ).ok,
      ).toBe(false);

      expect(
        await resetPasswordWithToken(auth, test.db, { token, password: "again12" }),
      ).toMatchObject({ ok: false, error: "invalid-action-code" });
    });

    it("refuses a wrong token and an expired one (after 60 minutes)", async () => {
      await register("late@example.com");
      expect(
        await resetPasswordWithToken(auth, test.db, {
          token: "made-up-token",
          password: "newpass1",
        }),
      ).toMatchObject({ error: "invalid-action-code" });
      const token = await resetToken("late@example.com");
      await test.db.execute(
        sql`UPDATE auth_verification SET expires_at = now() - interval '1 second' WHERE identifier = ${storedIdentifier(`reset-password:${token}`)}`,
      );
      expect(
        await resetPasswordWithToken(auth, test.db, { token, password: "newpass1" }),
      ).toMatchObject({ error: "expired-action-code" });
    });

    it("links expire 60 minutes after they are sent", async () => {
      await register("ttl@example.com");
      const token = await resetToken("ttl@example.com");
      const [row] = await test.db
        .execute<{ minutes: number }>(
          sql`SELECT round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes FROM auth_verification WHERE identifier = ${storedIdentifier(`reset-password:${token}`)}`,
        )
        .then((r) => r.rows);
      expect(row?.minutes).toBe(60);
    });
  });

  it("refuses to sign in a disabled account", async () => {
    await register("banned@example.com");
    await test.db.update(user).set({ banned: true }).where(eq(user.email, "banned@example.com"));
    const result = await signInWithPassword(
      auth,
      test.db,
      { email: "banned@example.com", password: "secret1", rememberMe: false },
      client,
    );
    expect(result).toMatchObject({ ok: false, error: "user-disabled" });
  });

  it("mails sign-in links only to confirmed accounts, and a confirmation link to unconfirmed ones", async () => {
    expect(
      await requestSignInLink(auth, test.db, "stranger@example.com", "/", client),
    ).toMatchObject({ ok: true });
    expect(sent).toEqual([]);

    await register("unconfirmed@example.com");
    sent.length = 0;
    await requestSignInLink(auth, test.db, "unconfirmed@example.com", "/", client);
    expect(sent.map((s) => s.kind)).toEqual(["verify"]);

    await test.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, "unconfirmed@example.com"));
    sent.length = 0;
    await requestSignInLink(auth, test.db, "unconfirmed@example.com", "/contact", client);
    expect(sent.map((s) => s.kind)).toEqual(["sign-in"]);
    expect(sent[0]!.url).toContain("callbackURL=%2Fcontact");
  });
});
