import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { emailOutbox, rateLimitBucket, shopInvitation, shopMember, user } from "~/db/schema";
import { registerMember, signInWithPassword } from "~/modules/accounts/account-commands.server";
import { sessionMiddleware } from "~/modules/accounts/session.server";
import {
  acceptPendingInvitations,
  inviteToShop,
  shopInvitationsMiddleware,
} from "~/modules/shops/invitations.server";
import type { ShopRole } from "~/modules/shops/shop-types";
import { createShop, SHOP_RATE_LIMITS, type Shop } from "~/modules/shops/shops.server";
import { createTestAuth } from "../setup/test-auth";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { routeContext } from "../setup/route-call";

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
});

async function addMember(email: string, emailVerified = true): Promise<SessionUser> {
  const id = randomUUID();
  await test.db.insert(user).values({ id, name: `สมาชิก ${email}`, email, emailVerified });
  return {
    id,
    name: `สมาชิก ${email}`,
    email,
    emailVerified,
    image: null,
    phone: null,
    role: "member",
  };
}

async function newShop(owner: SessionUser, name = "ร้านใจดีมินิมาร์ท"): Promise<Shop> {
  return createShop(test.db, owner.id, {
    name,
    businessType: "grocery",
    address: "12 ถนนสุขุมวิท กรุงเทพฯ",
    phone: "+66812345678",
    taxId: null,
  });
}

function invite(shop: Shop, owner: SessionUser, email: string, role: ShopRole = "cashier") {
  return inviteToShop(test.db, {
    shop,
    email,
    role,
    invitedBy: { id: owner.id, name: owner.name },
    origin: "https://www.dptech.co.th",
  });
}

async function roleIn(shopId: string, userId: string) {
  const [row] = await test.db
    .select({ role: shopMember.role })
    .from(shopMember)
    .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)));
  return row?.role ?? null;
}

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}@example.com`;

describe("inviting by e-mail", () => {
  it("queues one e-mail, Thai first, saying how to accept: sign in or register with that address", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner, "ร้านกาแฟบ้านสวน");
    const email = uniqueEmail("barista");
    const result = await invite(shop, owner, email.toUpperCase(), "stock");
    expect(result.ok).toBe(true);

    const [row] = await test.db
      .select()
      .from(shopInvitation)
      .where(eq(shopInvitation.shopId, shop.id));
    expect(row).toMatchObject({ email, role: "stock", invitedBy: owner.id, acceptedAt: null });
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const mails = await test.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(
      "คำเชิญเข้าร่วมร้าน ร้านกาแฟบ้านสวน / You are invited to join ร้านกาแฟบ้านสวน",
    );
    expect(mail.textBody).toContain("พนักงานคลังสินค้า");
    expect(mail.textBody).toContain(
      `https://www.dptech.co.th/user/signIn?email=${encodeURIComponent(email)}&redirectTo=%2Fshophub`,
    );
    expect(mail.textBody).toContain("https://www.dptech.co.th/register?redirectTo=%2Fshophub");
    expect(mail.textBody).toContain("— English —");
    expect(mail.htmlBody).toContain("stock keeper");
  });

  it("renews a pending invitation when the same address is invited again", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("again");
    await invite(shop, owner, email, "cashier");
    await test.db
      .update(shopInvitation)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(shopInvitation.shopId, shop.id));
    await invite(shop, owner, email, "manager");
    const rows = await test.db
      .select()
      .from(shopInvitation)
      .where(eq(shopInvitation.shopId, shop.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: "manager" });
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("refuses to invite someone who already belongs to the shop", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    expect(await invite(shop, owner, owner.email.toUpperCase())).toEqual({
      ok: false,
      error: "shops.error.alreadyMember",
    });
  });

  it("limits the invitations a shop sends in a day", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const other = await newShop(owner, "ร้านที่สอง");
    const limit = SHOP_RATE_LIMITS.invitePerShop.limit;
    for (let i = 0; i < limit; i++) {
      expect((await invite(shop, owner, uniqueEmail("bulk"))).ok).toBe(true);
    }
    const refused = await invite(shop, owner, uniqueEmail("bulk"));
    expect(refused).toMatchObject({ ok: false, error: "shops.error.tooManyInvitations" });
    // Another shop has its own count.
    expect((await invite(other, owner, uniqueEmail("bulk"))).ok).toBe(true);
  });
});

describe("accepting an invitation", () => {
  it("makes a member with the verified address a member of the shop, with the invited role, once", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("invitee");
    await invite(shop, owner, email, "stock");
    const invitee = await addMember(email);

    expect(await acceptPendingInvitations(test.db, invitee)).toEqual([shop.id]);
    expect(await roleIn(shop.id, invitee.id)).toBe("stock");
    const [row] = await test.db
      .select()
      .from(shopInvitation)
      .where(eq(shopInvitation.shopId, shop.id));
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    expect(row?.acceptedBy).toBe(invitee.id);
    // Nothing is left to accept.
    expect(await acceptPendingInvitations(test.db, invitee)).toEqual([]);
  });

  it("matches the address whatever its letter case", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("case");
    await invite(shop, owner, email);
    const invitee = await addMember(email);
    expect(
      await acceptPendingInvitations(test.db, { ...invitee, email: email.toUpperCase() }),
    ).toEqual([shop.id]);
  });

  it("does nothing for an address that is not verified", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("unverified");
    await invite(shop, owner, email);
    const impostor = await addMember(email, false);
    expect(await acceptPendingInvitations(test.db, impostor)).toEqual([]);
    expect(await roleIn(shop.id, impostor.id)).toBeNull();
    const [row] = await test.db
      .select()
      .from(shopInvitation)
      .where(eq(shopInvitation.shopId, shop.id));
    expect(row?.acceptedAt).toBeNull();
  });

  it("does nothing once the invitation has expired", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("late");
    await invite(shop, owner, email);
    await test.db
      .update(shopInvitation)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(shopInvitation.shopId, shop.id));
    const late = await addMember(email);
    expect(await acceptPendingInvitations(test.db, late)).toEqual([]);
    expect(await roleIn(shop.id, late.id)).toBeNull();
  });

  it("does nothing for another address", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    await invite(shop, owner, uniqueEmail("intended"));
    const someoneElse = await addMember(uniqueEmail("someone-else"));
    expect(await acceptPendingInvitations(test.db, someoneElse)).toEqual([]);
    expect(await roleIn(shop.id, someoneElse.id)).toBeNull();
  });

  it("keeps the role of someone who already belongs to the shop", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("already");
    await invite(shop, owner, email, "cashier");
    const manager = await addMember(email);
    await test.db
      .insert(shopMember)
      .values({ shopId: shop.id, userId: manager.id, role: "manager" });
    expect(await acceptPendingInvitations(test.db, manager)).toEqual([]);
    expect(await roleIn(shop.id, manager.id)).toBe("manager");
  });

  it("happens on the first request after the address is verified, not before", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("newcomer");
    await invite(shop, owner, email, "cashier");

    const registered = await registerMember(
      auth,
      test.db,
      { email, password: "secret-123", name: "สมศรี มาใหม่", phone: null },
      { address: "127.0.0.1", headers: new Headers() },
    );
    if (!registered.ok) throw new Error(`registration failed: ${registered.error}`);
    let cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
    const [newcomer] = await test.db.select().from(user).where(eq(user.email, email));

    // The root's middlewares, in order, for one request with the session cookie.
    const request = async () => {
      const context = routeContext(test.db, null, { auth });
      const req = new Request("http://localhost/shophub", { headers: { cookie } });
      const args = {
        request: req,
        params: {},
        context,
        url: new URL(req.url),
        pattern: "/shophub",
      };
      await sessionMiddleware(
        args as never,
        () =>
          shopInvitationsMiddleware(
            args as never,
            async () => new Response("ok"),
          ) as Promise<Response>,
      );
    };

    await request();
    expect(await roleIn(shop.id, newcomer!.id)).toBeNull();

    const link = sent.findLast((mail) => mail.kind === "verify" && mail.email === email);
    const verified = await auth.handler(new Request(link!.url));
    expect(verified.status).toBe(302);
    expect(await roleIn(shop.id, newcomer!.id)).toBeNull();

    // Verification ends the sessions made before it (account pre-hijacking): sign in again.
    const signedIn = await signInWithPassword(
      auth,
      test.db,
      { email, password: "secret-123", rememberMe: false },
      { address: "127.0.0.1", headers: new Headers() },
    );
    if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error}`);
    cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    await request();
    expect(await roleIn(shop.id, newcomer!.id)).toBe("cashier");
  });
});
