import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "~/db/schema";
import { registerMember, signInWithPassword, makeAdmin } from "~/modules/accounts/index.server";
import { createTestAuth } from "../setup/test-auth";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

describe("creating the first admin (npm run admin:create)", () => {
  let test: TestDatabase;
  let auth: ReturnType<typeof createTestAuth>["auth"];
  let sent: ReturnType<typeof createTestAuth>["sent"];
  beforeAll(async () => {
    test = await createTestDatabase();
    ({ auth, sent } = createTestAuth(test.db));
  });
  afterAll(() => test.drop());
  const client = { address: "192.0.2.1", headers: new Headers() };

  it("creates a confirmed admin account that can sign in with the given password", async () => {
    const outcome = await makeAdmin(auth, test.db, {
      email: "Boss@Example.com",
      password: "boss-pass",
    });
    expect(outcome).toEqual({
      status: "created",
      email: "boss@example.com",
      generatedPassword: null,
    });
    const [row] = await test.db.select().from(user).where(eq(user.email, "boss@example.com"));
    expect(row).toMatchObject({ role: "admin", emailVerified: true });
    // Already confirmed: no "confirm your e-mail" message is sent for it.
    expect(sent.filter((link) => link.email === "boss@example.com")).toEqual([]);
    const signIn = await signInWithPassword(
      auth,
      test.db,
      { email: "boss@example.com", password: "boss-pass", rememberMe: false },
      client,
    );
    expect(signIn.ok).toBe(true);
  });

  it("generates a strong temporary password when none is given", async () => {
    const outcome = await makeAdmin(auth, test.db, { email: "ops@example.com" });
    expect(outcome.status).toBe("created");
    const password = outcome.status === "created" ? outcome.generatedPassword : null;
    expect(password?.length).toBeGreaterThanOrEqual(16);
    const signIn = await signInWithPassword(
      auth,
      test.db,
      { email: "ops@example.com", password: password!, rememberMe: false },
      client,
    );
    expect(signIn.ok).toBe(true);
  });

  it("promotes an existing member, and says so when they already are an admin", async () => {
    await registerMember(
      auth,
      test.db,
      { email: "member@example.com", password: "secret1", name: "สมหญิง", phone: null },
      client,
    );
    await test.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, "member@example.com"));
    expect(await makeAdmin(auth, test.db, { email: "member@example.com" })).toEqual({
      status: "promoted",
      email: "member@example.com",
    });
    expect(await makeAdmin(auth, test.db, { email: "member@example.com" })).toEqual({
      status: "already-admin",
      email: "member@example.com",
    });
    const [row] = await test.db.select().from(user).where(eq(user.email, "member@example.com"));
    expect(row?.role).toBe("admin");
  });

  it("does not promote an unverified registration: the squatter's password and sessions end", async () => {
    await registerMember(
      auth,
      test.db,
      { email: "boss2@example.com", password: "squatter1", name: "ผู้แอบอ้าง", phone: null },
      client,
    );
    const outcome = await makeAdmin(auth, test.db, {
      email: "boss2@example.com",
      password: "operator1",
    });
    expect(outcome).toEqual({
      status: "created",
      email: "boss2@example.com",
      generatedPassword: null,
    });
    const [row] = await test.db.select().from(user).where(eq(user.email, "boss2@example.com"));
    expect(row).toMatchObject({ role: "admin", emailVerified: true });
    expect(await test.db.$count(session, eq(session.userId, row!.id))).toBe(0);
    const signIn = (password: string) =>
      signInWithPassword(
        auth,
        test.db,
        { email: "boss2@example.com", password, rememberMe: false },
        client,
      );
    expect((await signIn("squatter1")).ok).toBe(false);
    expect((await signIn("operator1")).ok).toBe(true);
  });
});
