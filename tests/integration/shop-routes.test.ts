import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { emailOutbox, rateLimitBucket, shop, shopInvitation, shopMember } from "~/db/schema";
import { th } from "~/lib/i18n/th";
import {
  resolveActiveShop,
  type ShopRole,
  SHOP_RATE_LIMITS,
  type Shop,
} from "~/modules/shops/index.server";
import { preferredShopId } from "~/routes/_gates/active-shop-cookie.server";
import * as layoutRoute from "~/routes/shophub/layout";
import * as membersRoute from "~/routes/shophub/members";
import * as newRoute from "~/routes/shophub/new";
import * as settingsRoute from "~/routes/shophub/settings";
import * as switchRoute from "~/routes/shophub/switch";
import { callRoute, outcomeOf, routeContext, shopCookie } from "../setup/route-call";
import { createTestAuth } from "../setup/test-auth";
import { createUser, insertShop, joinShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let test: TestDatabase;
let auth: ReturnType<typeof createTestAuth>["auth"];

beforeAll(async () => {
  test = await createTestDatabase();
  ({ auth } = createTestAuth(test.db));
});
afterAll(() => test.drop());
beforeEach(async () => {
  await test.db.delete(rateLimitBucket);
});

type DataFunction = (args: never) => unknown;

function call(
  fn: DataFunction,
  path: string,
  member: SessionUser | null,
  options: { form?: Record<string, string>; cookie?: string } = {},
) {
  return outcomeOf(
    callRoute(fn, path, { ...options, context: routeContext(test.db, member, { auth }) }),
  );
}

let counter = 0;
function addMember(label: string): Promise<SessionUser> {
  counter += 1;
  return createUser(test.db, {
    name: `${label} ${counter}`,
    email: `${label}-${counter}@example.com`,
  });
}

const SHOP_FORM = {
  name: "ร้านใจดีมินิมาร์ท",
  businessType: "grocery",
  address: "12 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110",
  phone: "081-234-5678",
  taxId: "",
};

async function newShop(owner: SessionUser, name = "ร้านใจดีมินิมาร์ท"): Promise<Shop> {
  const { shop } = await insertShop(test.db, {
    ownerId: owner.id,
    name,
    address: SHOP_FORM.address,
  });
  return shop;
}

const join = (shopId: string, member: SessionUser, role: ShopRole) =>
  joinShop(test.db, shopId, member.id, role);

async function roleIn(shopId: string, userId: string) {
  const [row] = await test.db
    .select({ role: shopMember.role })
    .from(shopMember)
    .where(and(eq(shopMember.shopId, shopId), eq(shopMember.userId, userId)));
  return row?.role ?? null;
}

/** A Set-Cookie value as the browser would send it back. */
const cookieOf = (setCookie: string | null | undefined) => setCookie?.split(";")[0] ?? "";
const activeShopFor = async (request: Request, userId: string) =>
  resolveActiveShop(test.db, await preferredShopId(request), userId);

describe("/shophub/new", () => {
  it("sends a visitor to sign in, coming back to the form", async () => {
    for (const fn of [layoutRoute.loader, newRoute.loader, newRoute.action]) {
      const result = await call(fn, "/shophub/new", null, {
        form: fn === newRoute.action ? SHOP_FORM : undefined,
      });
      expect(result).toMatchObject({ thrown: true, status: 302 });
      expect(result.location).toBe(`/user/signIn?redirectTo=${encodeURIComponent("/shophub/new")}`);
    }
    expect(await test.db.$count(shop)).toBe(0);
  });

  it("keeps what was typed and says in Thai what is wrong with the phone", async () => {
    const member = await addMember("bad-phone");
    const result = await call(newRoute.action, "/shophub/new", member, {
      form: { ...SHOP_FORM, phone: "12345", taxId: "1-1017-00207-03-1" },
    });
    expect(result.status).toBe(400);
    const failure = result.data as {
      values: Record<string, string>;
      errors: Record<string, string>;
    };
    expect(failure.values).toMatchObject({
      ...SHOP_FORM,
      phone: "12345",
      taxId: "1-1017-00207-03-1",
    });
    expect(th[failure.errors.phone as keyof typeof th]).toBe(
      "เบอร์โทรศัพท์ไม่ถูกต้อง กรุณากรอกแบบ 081-234-5678 หรือ 02-123-4567",
    );
    expect(failure.errors.taxId).toBe("shops.error.taxIdInvalid");
    expect(await test.db.$count(shopMember, eq(shopMember.userId, member.id))).toBe(0);
  });

  it("makes the creator the owner, the new shop the active one, and opens storehub", async () => {
    const member = await addMember("creator");
    const first = await newShop(member, "ร้าน ก");
    const result = await call(newRoute.action, "/shophub/new", member, {
      form: { ...SHOP_FORM, name: "ร้าน ข", taxId: "1-1017-00207-03-0" },
    });
    expect(result).toMatchObject({ status: 302, location: "/storehub" });
    const [created] = await test.db.select().from(shop).where(eq(shop.name, "ร้าน ข"));
    expect(created).toMatchObject({ phone: "+66812345678", taxId: "1101700207030" });
    expect(await roleIn(created!.id, member.id)).toBe("owner");
    expect(result.setCookie).toMatch(
      new RegExp(
        `^${await shopCookie(created!.id)}; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax$`,
      ),
    );
    // The cookie makes the new shop the active one, although the first sorts before it.
    const request = new Request("http://localhost/", {
      headers: { cookie: cookieOf(result.setCookie) },
    });
    expect((await activeShopFor(request, member.id))?.shop.id).toBe(created!.id);
    // Without the cookie (another browser) the shop used last is the default: the new one.
    expect((await activeShopFor(new Request("http://localhost/"), member.id))?.shop.id).toBe(
      created!.id,
    );
    expect(first.id).not.toBe(created!.id);
  });

  it("limits how many shops a member creates in a day", async () => {
    const member = await addMember("busy");
    const limit = SHOP_RATE_LIMITS.createPerUser.limit;
    for (let i = 0; i < limit; i++) {
      const ok = await call(newRoute.action, "/shophub/new", member, {
        form: { ...SHOP_FORM, name: `ร้านที่ ${i + 1}` },
      });
      expect(ok.status).toBe(302);
    }
    const refused = await call(newRoute.action, "/shophub/new", member, {
      form: { ...SHOP_FORM, name: "ร้านเกินโควตา" },
    });
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      formError: "shops.error.tooManyShops",
      values: { name: "ร้านเกินโควตา" },
    });
    expect(await test.db.$count(shopMember, eq(shopMember.userId, member.id))).toBe(limit);
  });
});

describe("/shophub/switch", () => {
  it("switches to one of the member's shops and goes back to a same-site page only", async () => {
    const member = await addMember("switcher");
    await newShop(member, "ร้าน ก");
    const second = await newShop(member, "ร้าน ข");
    const result = await call(switchRoute.action, "/shophub/switch", member, {
      form: { shop: second.id, redirectTo: `/shophub/members?shop=x&page=2` },
    });
    expect(result).toMatchObject({ status: 302, location: "/shophub/members?page=2" });
    expect(cookieOf(result.setCookie)).toBe(await shopCookie(second.id));
    const request = new Request("http://localhost/", {
      headers: { cookie: cookieOf(result.setCookie) },
    });
    expect((await activeShopFor(request, member.id))?.shop.id).toBe(second.id);

    const away = await call(switchRoute.action, "/shophub/switch", member, {
      form: { shop: second.id, redirectTo: "//evil.example/steal" },
    });
    expect(away.location).toBe("/shophub");
  });

  it("refuses (404) a shop the member does not belong to, and sets no cookie", async () => {
    const member = await addMember("curious");
    await newShop(member, "ร้านของฉัน");
    const stranger = await addMember("stranger");
    const theirs = await newShop(stranger, "ร้านคนอื่น");
    for (const shopId of [theirs.id, "not-a-shop", randomUUID(), ""]) {
      const result = await call(switchRoute.action, "/shophub/switch", member, {
        form: { shop: shopId, redirectTo: "/storehub" },
      });
      expect(result).toMatchObject({ thrown: true, status: 404 });
      expect(result.setCookie ?? null).toBeNull();
    }
    // Even a forged cookie naming that shop is ignored: membership is read every time.
    const forged = new Request("http://localhost/", {
      headers: { cookie: await shopCookie(theirs.id) },
    });
    expect((await activeShopFor(forged, member.id))?.shop.name).toBe("ร้านของฉัน");
  });

  it("sends a visitor to sign in", async () => {
    const result = await call(switchRoute.action, "/shophub/switch", null, {
      form: { shop: randomUUID() },
    });
    expect(result).toMatchObject({ thrown: true, status: 302 });
  });
});

describe("/shophub/members", () => {
  async function shopWithStaff() {
    const owner = await addMember("owner");
    const manager = await addMember("manager");
    const cashier = await addMember("cashier");
    const outsider = await addMember("outsider");
    const theShop = await newShop(owner);
    await join(theShop.id, manager, "manager");
    await join(theShop.id, cashier, "cashier");
    // The outsider owns a shop of their own.
    const otherShop = await newShop(outsider, "ร้านข้างบ้าน");
    return { owner, manager, cashier, outsider, theShop, otherShop };
  }

  const path = (shopId: string) => `/shophub/members?shop=${shopId}`;

  it("lists the members and pending invitations for an owner", async () => {
    const { owner, theShop } = await shopWithStaff();
    await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "invite", email: "new.staff@example.com", role: "stock" },
    });
    const result = await call(membersRoute.loader, path(theShop.id), owner);
    const page = result.data as {
      members: { rows: { email: string; role: string }[]; total: number };
      invitations: { email: string; role: string; expired: boolean }[];
    };
    expect(page.members.total).toBe(3);
    expect(page.members.rows.map((row) => row.role)).toEqual(["owner", "manager", "cashier"]);
    expect(page.invitations).toEqual([
      expect.objectContaining({ email: "new.staff@example.com", role: "stock", expired: false }),
    ]);
  });

  it("answers 403 to members who are not owners and 404 to people outside the shop, changing nothing", async () => {
    const { owner, manager, cashier, outsider, theShop } = await shopWithStaff();
    await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "invite", email: "pending@example.com", role: "cashier" },
    });
    const [invitation] = await test.db
      .select()
      .from(shopInvitation)
      .where(eq(shopInvitation.shopId, theShop.id));
    const forms: Record<string, string>[] = [
      { intent: "invite", email: "intruder@example.com", role: "owner" },
      { intent: "role", userId: cashier.id, role: "owner" },
      { intent: "role", userId: owner.id, role: "cashier" },
      { intent: "remove", userId: owner.id, confirmed: "1" },
      { intent: "cancelInvite", invitationId: String(invitation!.id) },
    ];
    for (const [who, status] of [
      [manager, 403],
      [cashier, 403],
      [outsider, 404],
    ] as const) {
      expect(await call(membersRoute.loader, path(theShop.id), who)).toMatchObject({
        thrown: true,
        status,
      });
      for (const form of forms) {
        const result = await call(membersRoute.action, path(theShop.id), who, {
          form: { shopId: theShop.id, ...form },
        });
        expect(result, `${who.name} ${form.intent}`).toMatchObject({ thrown: true, status });
      }
    }
    expect(await roleIn(theShop.id, owner.id)).toBe("owner");
    expect(await roleIn(theShop.id, cashier.id)).toBe("cashier");
    expect(await test.db.$count(shopInvitation, eq(shopInvitation.shopId, theShop.id))).toBe(1);
    expect(
      await test.db.$count(emailOutbox, eq(emailOutbox.toAddress, "intruder@example.com")),
    ).toBe(0);
  });

  it("uses the active shop without ?shop=, and 403 when the member is not its owner", async () => {
    const { owner, cashier, theShop } = await shopWithStaff();
    const mine = await call(membersRoute.loader, "/shophub/members", owner, {
      cookie: await shopCookie(theShop.id),
    });
    expect((mine.data as { shop: { id: string } }).shop.id).toBe(theShop.id);
    expect(await call(membersRoute.loader, "/shophub/members", cashier)).toMatchObject({
      thrown: true,
      status: 403,
    });
    const lonely = await addMember("no-shop");
    expect(await call(membersRoute.loader, "/shophub/members", lonely)).toMatchObject({
      thrown: true,
      status: 302,
      location: "/shophub/new",
    });
  });

  it("never lets the last owner go, and says so in Thai", async () => {
    const { owner, theShop } = await shopWithStaff();
    for (const form of <Record<string, string>[]>[
      { intent: "role", userId: owner.id, role: "manager" },
      { intent: "remove", userId: owner.id, confirmed: "1" },
    ]) {
      const result = await call(membersRoute.action, path(theShop.id), owner, {
        form: { shopId: theShop.id, ...form },
      });
      expect(result.status).toBe(409);
      expect(result.data).toMatchObject({ error: "shops.error.lastOwner" });
      expect(th["shops.error.lastOwner"]).toBe(
        "ร้านต้องมีเจ้าของอย่างน้อยหนึ่งคน จึงเปลี่ยนบทบาทหรือลบเจ้าของคนสุดท้ายไม่ได้",
      );
    }
    expect(await roleIn(theShop.id, owner.id)).toBe("owner");
  });

  it("changes a role, and removes a member only after a confirmation", async () => {
    const { owner, cashier, theShop } = await shopWithStaff();
    const changed = await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "role", userId: cashier.id, role: "stock" },
    });
    expect(changed).toMatchObject({
      status: 302,
      location: `/shophub/members?shop=${theShop.id}&done=role`,
    });
    expect(await roleIn(theShop.id, cashier.id)).toBe("stock");

    const asked = await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "remove", userId: cashier.id },
    });
    expect(asked.data).toMatchObject({
      confirm: { userId: cashier.id, name: cashier.name, email: cashier.email },
    });
    expect(await roleIn(theShop.id, cashier.id)).toBe("stock");

    const removed = await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "remove", userId: cashier.id, confirmed: "1" },
    });
    expect(removed.location).toBe(`/shophub/members?shop=${theShop.id}&done=remove`);
    expect(await roleIn(theShop.id, cashier.id)).toBeNull();
  });

  it("never reaches into another shop through ids in the form", async () => {
    const { owner, theShop, outsider, otherShop } = await shopWithStaff();
    // The outsider's shop has an invitation and the outsider as its owner.
    await call(membersRoute.action, path(otherShop.id), outsider, {
      form: {
        shopId: otherShop.id,
        intent: "invite",
        email: "theirs@example.com",
        role: "cashier",
      },
    });
    const [theirInvitation] = await test.db
      .select()
      .from(shopInvitation)
      .where(eq(shopInvitation.shopId, otherShop.id));

    const cancel = await call(membersRoute.action, path(theShop.id), owner, {
      form: {
        shopId: theShop.id,
        intent: "cancelInvite",
        invitationId: String(theirInvitation!.id),
      },
    });
    expect(cancel).toMatchObject({
      status: 404,
      data: { error: "shops.error.invitationNotFound" },
    });
    const demote = await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "role", userId: outsider.id, role: "cashier" },
    });
    expect(demote).toMatchObject({ status: 404, data: { error: "shops.error.notMember" } });
    const remove = await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "remove", userId: outsider.id },
    });
    expect(remove).toMatchObject({ status: 404, data: { error: "shops.error.notMember" } });

    expect(await roleIn(otherShop.id, outsider.id)).toBe("owner");
    expect(await test.db.$count(shopInvitation, eq(shopInvitation.shopId, otherShop.id))).toBe(1);
  });

  it("invites with Thai messages for a bad address and for someone already in the shop", async () => {
    const { owner, cashier, theShop } = await shopWithStaff();
    const bad = await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "invite", email: "not-an-email", role: "cashier" },
    });
    expect(bad).toMatchObject({
      status: 400,
      data: { values: { email: "not-an-email" }, errors: { email: "auth.error.invalid-email" } },
    });
    const already = await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "invite", email: cashier.email, role: "stock" },
    });
    expect(already).toMatchObject({
      status: 409,
      data: { errors: { email: "shops.error.alreadyMember" } },
    });

    const sent = await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "invite", email: "Somsri@Example.com", role: "manager" },
    });
    expect(sent.location).toBe(`/shophub/members?shop=${theShop.id}&done=invite`);
    expect(await test.db.$count(emailOutbox, eq(emailOutbox.toAddress, "somsri@example.com"))).toBe(
      1,
    );

    const [invitation] = await test.db
      .select()
      .from(shopInvitation)
      .where(eq(shopInvitation.email, "somsri@example.com"));
    const cancelled = await call(membersRoute.action, path(theShop.id), owner, {
      form: { shopId: theShop.id, intent: "cancelInvite", invitationId: String(invitation!.id) },
    });
    expect(cancelled.location).toBe(`/shophub/members?shop=${theShop.id}&done=cancelInvite`);
    expect(await test.db.$count(shopInvitation, eq(shopInvitation.shopId, theShop.id))).toBe(0);
  });
});

describe("/shophub/settings", () => {
  it("lets an owner edit the shop with the new-shop rules, and nobody else", async () => {
    const owner = await addMember("settings-owner");
    const manager = await addMember("settings-manager");
    const outsider = await addMember("settings-outsider");
    const theShop = await newShop(owner);
    await join(theShop.id, manager, "manager");
    const path = `/shophub/settings?shop=${theShop.id}`;
    const form = {
      ...SHOP_FORM,
      shopId: theShop.id,
      name: "ร้านใจดี สาขา 2",
      businessType: "cafe",
      phone: "02-123-4567",
      taxId: "1101700207030",
      allowNegativeStock: "on",
    };

    const loaded = await call(settingsRoute.loader, path, owner);
    expect(loaded.data).toMatchObject({
      values: { name: "ร้านใจดีมินิมาร์ท", phone: "081-234-5678", allowNegativeStock: "" },
    });
    expect(await call(settingsRoute.loader, path, manager)).toMatchObject({ status: 403 });
    expect(await call(settingsRoute.loader, path, outsider)).toMatchObject({ status: 404 });
    expect(await call(settingsRoute.action, path, manager, { form })).toMatchObject({
      status: 403,
    });
    expect(await call(settingsRoute.action, path, outsider, { form })).toMatchObject({
      status: 404,
    });

    const bad = await call(settingsRoute.action, path, owner, {
      form: { ...form, taxId: "1101700207031" },
    });
    expect(bad).toMatchObject({
      status: 400,
      data: { errors: { taxId: "shops.error.taxIdInvalid" } },
    });

    const saved = await call(settingsRoute.action, path, owner, { form });
    expect(saved.location).toBe(`/shophub/settings?shop=${theShop.id}&saved=1`);
    const [row] = await test.db.select().from(shop).where(eq(shop.id, theShop.id));
    expect(row).toMatchObject({
      name: "ร้านใจดี สาขา 2",
      businessType: "cafe",
      phone: "+6621234567",
      taxId: "1101700207030",
      allowNegativeStock: true,
    });

    await call(settingsRoute.action, path, owner, { form: { ...form, allowNegativeStock: "" } });
    const [after] = await test.db.select().from(shop).where(eq(shop.id, theShop.id));
    expect(after?.allowNegativeStock).toBe(false);
  });
});
