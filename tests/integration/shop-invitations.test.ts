import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { emailOutbox, rateLimitBucket, shopInvitation, shopMember } from "~/db/schema";
import { seedDemoContent } from "~/modules/content/index.server";
import {
  inviteToShop,
  type ShopRole,
  SHOP_RATE_LIMITS,
  type Shop,
} from "~/modules/shops/index.server";
import * as rootRoute from "~/root";
import * as invitationRoute from "~/routes/shophub/invitation";
import { createUser, insertShop, joinShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { callRoute, outcomeOf, routeContext } from "../setup/route-call";

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
  // The root loader reads the company's profile.
  await seedDemoContent(test.db);
});
afterAll(() => test.drop());
beforeEach(async () => {
  await test.db.delete(rateLimitBucket);
});

const addMember = (email: string, emailVerified = true): Promise<SessionUser> =>
  createUser(test.db, { name: `สมาชิก ${email}`, email, emailVerified });

async function newShop(owner: SessionUser, name = "ร้านใจดีมินิมาร์ท"): Promise<Shop> {
  const { shop } = await insertShop(test.db, {
    ownerId: owner.id,
    name,
    address: "12 ถนนสุขุมวิท กรุงเทพฯ",
  });
  return shop;
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
      error: "already-member",
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
    expect(refused).toMatchObject({ ok: false, error: "too-many-invitations" });
    // Another shop has its own count.
    expect((await invite(other, owner, uniqueEmail("bulk"))).ok).toBe(true);
  });
});

describe("answering an invitation", () => {
  // The member answers with a button on /shophub: the route's action, as React Router calls it.
  function answer(member: SessionUser, intent: "accept" | "decline", invitationId: number) {
    return outcomeOf(
      callRoute(invitationRoute.action, "/shophub/invitation", {
        context: routeContext(test.db, member),
        form: { intent, invitationId: String(invitationId) },
      }),
    );
  }

  async function invitationId(shopId: string): Promise<number> {
    const [row] = await test.db
      .select({ id: shopInvitation.id })
      .from(shopInvitation)
      .where(eq(shopInvitation.shopId, shopId));
    return row!.id;
  }

  // What the root loader gives every page of a signed-in member (header notice, /shophub).
  async function rootView(member: SessionUser) {
    const context = routeContext(test.db, member);
    return (await callRoute(rootRoute.loader, "/shophub", { context })) as {
      shops: { id: string }[];
      invitations: { id: number; shopName: string; role: ShopRole }[];
    };
  }

  it("does not make a membership by itself: page views list it until the member accepts", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("invitee");
    await invite(shop, owner, email, "stock");
    const invitee = await addMember(email);

    const before = await rootView(invitee);
    expect(before.shops).toEqual([]);
    expect(before.invitations).toMatchObject([{ shopName: shop.name, role: "stock" }]);
    expect(await roleIn(shop.id, invitee.id)).toBeNull();

    const accepted = await answer(invitee, "accept", await invitationId(shop.id));
    expect(accepted.location).toBe("/shophub?invitation=accepted#my-shops");
    expect(await roleIn(shop.id, invitee.id)).toBe("stock");
    const [row] = await test.db
      .select()
      .from(shopInvitation)
      .where(eq(shopInvitation.shopId, shop.id));
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    expect(row?.acceptedBy).toBe(invitee.id);
    const after = await rootView(invitee);
    expect(after.shops.map((found) => found.id)).toEqual([shop.id]);
    expect(after.invitations).toEqual([]);
  });

  it("declining removes the invitation and makes no membership", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("decliner");
    await invite(shop, owner, email);
    const invitee = await addMember(email);
    const id = await invitationId(shop.id);

    const declined = await answer(invitee, "decline", id);
    expect(declined.location).toBe("/shophub?invitation=declined#my-shops");
    expect(await roleIn(shop.id, invitee.id)).toBeNull();
    expect(await test.db.select().from(shopInvitation).where(eq(shopInvitation.id, id))).toEqual(
      [],
    );
    // Gone: accepting afterwards finds nothing.
    expect((await answer(invitee, "accept", id)).location).toContain("invitation=notFound");
    expect(await roleIn(shop.id, invitee.id)).toBeNull();
  });

  it("someone else cannot accept or decline it", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    await invite(shop, owner, uniqueEmail("intended"));
    const someoneElse = await addMember(uniqueEmail("someone-else"));
    const id = await invitationId(shop.id);

    expect((await rootView(someoneElse)).invitations).toEqual([]);
    expect((await answer(someoneElse, "accept", id)).location).toContain("invitation=notFound");
    expect(await roleIn(shop.id, someoneElse.id)).toBeNull();
    expect((await answer(someoneElse, "decline", id)).location).toContain("invitation=notFound");
    expect(await invitationId(shop.id)).toBe(id);
  });

  it("matches the address whatever its letter case", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("case");
    await invite(shop, owner, email);
    const invitee = await addMember(email);
    await answer({ ...invitee, email: email.toUpperCase() }, "accept", await invitationId(shop.id));
    expect(await roleIn(shop.id, invitee.id)).toBe("cashier");
  });

  it("cannot be accepted with an address that is not verified", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("unverified");
    await invite(shop, owner, email);
    const impostor = await addMember(email, false);
    expect((await rootView(impostor)).invitations).toEqual([]);
    const refused = await answer(impostor, "accept", await invitationId(shop.id));
    expect(refused.location).toContain("invitation=unverified");
    expect(await roleIn(shop.id, impostor.id)).toBeNull();
    const [row] = await test.db
      .select()
      .from(shopInvitation)
      .where(eq(shopInvitation.shopId, shop.id));
    expect(row?.acceptedAt).toBeNull();
  });

  it("cannot be accepted once it has expired", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("late");
    await invite(shop, owner, email);
    await test.db
      .update(shopInvitation)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(shopInvitation.shopId, shop.id));
    const late = await addMember(email);
    expect((await rootView(late)).invitations).toEqual([]);
    await answer(late, "accept", await invitationId(shop.id));
    expect(await roleIn(shop.id, late.id)).toBeNull();
  });

  it("keeps the role of someone who already belongs to the shop", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("already");
    await invite(shop, owner, email, "cashier");
    const manager = await addMember(email);
    await joinShop(test.db, shop.id, manager.id, "manager");
    await answer(manager, "accept", await invitationId(shop.id));
    expect(await roleIn(shop.id, manager.id)).toBe("manager");
  });

  it("a GET changes nothing (only the form's POST answers)", async () => {
    const owner = await addMember(uniqueEmail("owner"));
    const shop = await newShop(owner);
    const email = uniqueEmail("linked");
    await invite(shop, owner, email);
    const invitee = await addMember(email);
    const got = await outcomeOf(
      callRoute(invitationRoute.loader, "/shophub/invitation?intent=accept", {
        context: routeContext(test.db, invitee),
      }),
    );
    expect(got.location).toBe("/shophub");
    expect(await roleIn(shop.id, invitee.id)).toBeNull();
  });
});
