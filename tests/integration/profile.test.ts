import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, rateLimitBucket, session, shopMember, user } from "~/db/schema";
import { th } from "~/lib/i18n/th";
import { createShop } from "~/modules/shops/index.server";
import {
  createAccountMailer,
  registerMember,
  signInWithPassword,
  changePassword,
  deleteAccount,
  requestEmailChange,
  signOutEverywhere,
  updateProfile,
  removeProfilePhoto,
  setProfilePhoto,
} from "~/modules/accounts/index.server";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createLocalStorage } from "~/modules/media/index.server";
import { createTestAuth } from "../setup/test-auth";
import { joinShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { ACCOUNT_REFUSALS } from "~/routes/accounts/errors";

describe("the profile", () => {
  let test: TestDatabase;
  let auth: ReturnType<typeof createTestAuth>["auth"];
  let sent: ReturnType<typeof createTestAuth>["sent"];
  const client = { address: "192.0.2.50", headers: new Headers() };
  let counter = 0;

  beforeAll(async () => {
    test = await createTestDatabase();
    ({ auth, sent } = createTestAuth(test.db));
  });
  afterAll(() => test.drop());
  beforeEach(async () => {
    await test.db.delete(rateLimitBucket);
    sent.length = 0;
  });

  /** A new member signed in on two devices; returns the cookie headers of both. */
  async function member() {
    const email = `member${++counter}@example.com`;
    await registerMember(
      auth,
      test.db,
      { email, password: "secret1", name: "สมชาย", phone: null },
      client,
    );
    const devices: Headers[] = [];
    for (let i = 0; i < 2; i++) {
      const result = await signInWithPassword(
        auth,
        test.db,
        { email, password: "secret1", rememberMe: true },
        client,
      );
      if (!result.ok) throw new Error("sign-in failed");
      devices.push(new Headers({ cookie: result.headers.get("set-cookie")!.split(";")[0]! }));
    }
    const [row] = await test.db.select().from(user).where(eq(user.email, email));
    return { email, name: "สมชาย", id: row!.id, devices };
  }
  const sessions = (userId: string) => test.db.$count(session, eq(session.userId, userId));

  it("updates the display name and phone", async () => {
    const m = await member();
    expect(
      (await updateProfile(auth, { name: "สมชาย ใหม่", phone: "+66812345678" }, m.devices[0]!)).ok,
    ).toBe(true);
    const [row] = await test.db.select().from(user).where(eq(user.id, m.id));
    expect(row).toMatchObject({ name: "สมชาย ใหม่", phone: "+66812345678" });
  });

  it("changes the password only with the right current password, ends the other sessions and sends a notice", async () => {
    const m = await member();
    const mailer = createAccountMailer(test.db);
    expect(
      await changePassword(
        auth,
        test.db,
        mailer,
        m,
        { currentPassword: "", newPassword: "newpass1" },
        m.devices[0]!,
      ),
    ).toMatchObject({
      ok: false,
      error: "requires-recent-login",
    });
    expect(
      await changePassword(
        auth,
        test.db,
        mailer,
        m,
        { currentPassword: "wrong1", newPassword: "newpass1" },
        m.devices[0]!,
      ),
    ).toMatchObject({
      ok: false,
      error: "current-password-wrong",
    });
    const ok = await changePassword(
      auth,
      test.db,
      mailer,
      m,
      { currentPassword: "secret1", newPassword: "newpass1" },
      m.devices[0]!,
    );
    expect(ok.ok).toBe(true);
    expect(await sessions(m.id)).toBe(1);
    const mails = await test.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, m.email));
    expect(mails.map((mail) => mail.subject)).toContain(
      "รหัสผ่านของคุณถูกเปลี่ยนแล้ว / Your password was changed",
    );
    expect(
      (
        await signInWithPassword(
          auth,
          test.db,
          { email: m.email, password: "newpass1", rememberMe: false },
          client,
        )
      ).ok,
    ).toBe(true);
  });

  it("sends a confirmation link to a new e-mail address after checking the password", async () => {
    const m = await member();
    expect(
      await requestEmailChange(
        auth,
        test.db,
        m,
        { newEmail: "new-address@example.com", currentPassword: "nope12" },
        m.devices[0]!,
      ),
    ).toMatchObject({
      ok: false,
      error: "current-password-wrong",
    });
    expect(
      (
        await requestEmailChange(
          auth,
          test.db,
          m,
          { newEmail: "new-address@example.com", currentPassword: "secret1" },
          m.devices[0]!,
        )
      ).ok,
    ).toBe(true);
    expect(sent.at(-1)).toMatchObject({ kind: "verify", email: "new-address@example.com" });
    const [row] = await test.db.select().from(user).where(eq(user.id, m.id));
    expect(row?.email).toBe(m.email);
  });

  it("signs out every device", async () => {
    const m = await member();
    await signOutEverywhere(auth, m.devices[1]!);
    expect(await sessions(m.id)).toBe(0);
  });

  it("deletes the account only with the current password", async () => {
    const m = await member();
    expect(await deleteAccount(auth, test.db, m, "wrong1", m.devices[0]!)).toMatchObject({
      ok: false,
      error: "current-password-wrong",
    });
    expect((await deleteAccount(auth, test.db, m, "secret1", m.devices[0]!)).ok).toBe(true);
    expect(await test.db.$count(user, eq(user.id, m.id))).toBe(0);
    expect(await sessions(m.id)).toBe(0);
  });

  it("refuses to delete the only owner of a shop with other members, in Thai, until they hand it over", async () => {
    const m = await member();
    const colleague = await member();
    const shop = await createShop(test.db, m.id, {
      name: "ร้านของสมชาย",
      businessType: "grocery",
      address: "1 ถนนสุขุมวิท กรุงเทพฯ",
      phone: "+66812345678",
      taxId: null,
    });
    await joinShop(test.db, shop.id, colleague.id, "cashier");

    expect(await deleteAccount(auth, test.db, m, "secret1", m.devices[0]!)).toMatchObject({
      ok: false,
      error: "last-shop-owner",
    });
    expect(ACCOUNT_REFUSALS["last-shop-owner"]).toEqual({
      status: 409,
      message: "account.error.lastShopOwner",
    });
    expect(th["account.error.lastShopOwner"]).toMatch(/^ยังลบบัญชีไม่ได้ เพราะคุณเป็นเจ้าของร้านคนเดียว/);
    // Not through better-auth's own endpoint either.
    await expect(
      auth.api.deleteUser({ body: { password: "secret1" }, headers: m.devices[0]! }),
    ).rejects.toThrow();
    expect(await test.db.$count(user, eq(user.id, m.id))).toBe(1);
    expect(await test.db.$count(shopMember, eq(shopMember.shopId, shop.id))).toBe(2);

    // Once the colleague is an owner too, the account can go; the shop keeps its owner.
    await test.db
      .update(shopMember)
      .set({ role: "owner" })
      .where(eq(shopMember.userId, colleague.id));
    expect((await deleteAccount(auth, test.db, m, "secret1", m.devices[0]!)).ok).toBe(true);
    expect(await test.db.$count(user, eq(user.id, m.id))).toBe(0);
  });

  it("deletes the only member of a shop: nobody is left behind without an owner", async () => {
    const m = await member();
    await createShop(test.db, m.id, {
      name: "ร้านคนเดียว",
      businessType: "cafe",
      address: "2 ถนนสีลม กรุงเทพฯ",
      phone: "+66812345679",
      taxId: null,
    });
    expect((await deleteAccount(auth, test.db, m, "secret1", m.devices[0]!)).ok).toBe(true);
    expect(await test.db.$count(user, eq(user.id, m.id))).toBe(0);
  });

  it("counts current-password checks against the account's sign-in limit", async () => {
    const m = await member();
    const mailer = createAccountMailer(test.db);
    let last;
    for (let i = 0; i < 11; i++) {
      last = await changePassword(
        auth,
        test.db,
        mailer,
        m,
        { currentPassword: `guess${i}x`, newPassword: "newpass1" },
        m.devices[0]!,
      );
    }
    expect(last).toMatchObject({ ok: false, error: "too-many-requests" });
  });

  it("stores a profile photo as a 256 px WebP, replaces the old one, and removes it", async () => {
    const m = await member();
    const folder = await mkdtemp(path.join(tmpdir(), "dptech-uploads-"));
    try {
      const storage = createLocalStorage(folder);
      const png = await sharp({
        create: { width: 640, height: 480, channels: 3, background: "#0d47a1" },
      })
        .png()
        .toBuffer();
      const first = await setProfilePhoto(
        auth,
        storage,
        { id: m.id, image: null },
        new File([new Uint8Array(png)], "me.png"),
        m.devices[0]!,
      );
      expect(first.ok).toBe(true);
      const firstUrl = first.ok ? first.url : "";
      expect(firstUrl).toMatch(/^\/media\/avatars\/.+\.webp$/);
      const stored = await storage.get(firstUrl.slice("/media/".length));
      expect(await sharp(stored!).metadata()).toMatchObject({
        format: "webp",
        width: 256,
        height: 256,
      });
      const [row] = await test.db.select().from(user).where(eq(user.id, m.id));
      expect(row?.image).toBe(firstUrl);

      const jpeg = await sharp({
        create: { width: 300, height: 300, channels: 3, background: "#ff7a00" },
      })
        .jpeg()
        .toBuffer();
      const second = await setProfilePhoto(
        auth,
        storage,
        { id: m.id, image: firstUrl },
        new File([new Uint8Array(jpeg)], "new.jpg"),
        m.devices[0]!,
      );
      const secondUrl = second.ok ? second.url : "";
      expect(secondUrl).not.toBe(firstUrl);
      expect(await storage.get(firstUrl.slice("/media/".length))).toBeNull();

      const fake = await setProfilePhoto(
        auth,
        storage,
        { id: m.id, image: secondUrl },
        new File(["not an image"], "virus.jpg", { type: "image/jpeg" }),
        m.devices[0]!,
      );
      expect(fake).toEqual({ ok: false, error: "not-image" });

      await removeProfilePhoto(auth, storage, { image: secondUrl }, m.devices[0]!);
      const [after] = await test.db.select().from(user).where(eq(user.id, m.id));
      expect(after?.image).toBeNull();
      expect(await storage.get(secondUrl.slice("/media/".length))).toBeNull();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
