import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopMember } from "~/db/schema";
import {
  changeMembership,
  createShop,
  listShopsOfMember,
  findShopMembership,
} from "~/modules/shops/index.server";
import { createUser, joinShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

describe("shops (the tenant)", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  const newUser = async () => (await createUser(test.db, { emailVerified: false })).id;
  const shopInput = {
    name: "ร้านใจดีมินิมาร์ท",
    businessType: "grocery" as const,
    address: "12 ถนนสุขุมวิท กรุงเทพฯ",
    phone: "+66812345678",
    taxId: "1101700207030",
  };

  it("makes the creator the owner, and lists a member's shops", async () => {
    const owner = await newUser();
    const created = await createShop(test.db, owner, shopInput);
    expect(await listShopsOfMember(test.db, owner)).toEqual([
      { shop: created, role: "owner", lastUsedAt: null },
    ]);
    expect((await findShopMembership(test.db, owner, created.id))?.role).toBe("owner");
  });

  it("refuses a tax ID that is not 13 digits, in the database itself", async () => {
    const owner = await newUser();
    await expect(createShop(test.db, owner, { ...shopInput, taxId: "12345" })).rejects.toThrow();
  });

  it("finds no membership in another shop, nor for an id that is not one", async () => {
    const ownerA = await newUser();
    const ownerB = await newUser();
    const cashier = await newUser();
    const shopA = await createShop(test.db, ownerA, shopInput);
    await joinShop(test.db, shopA.id, cashier, "cashier");

    // The gates answer 404 for null and 403 for a role the page does not allow (the
    // isolation matrix proves both through the routes).
    expect(await findShopMembership(test.db, ownerB, shopA.id)).toBeNull();
    expect(await findShopMembership(test.db, ownerB, "not-a-uuid")).toBeNull();
    expect((await findShopMembership(test.db, cashier, shopA.id))?.role).toBe("cashier");
  });

  it("never lets the last owner go, even when two owners step down at the same moment", async () => {
    const first = await newUser();
    const second = await newUser();
    const created = await createShop(test.db, first, shopInput);
    expect(await changeMembership(test.db, created.id, first, { role: "manager" })).toEqual({
      ok: false,
      error: "last-owner",
    });
    expect(await changeMembership(test.db, created.id, first, { remove: true })).toEqual({
      ok: false,
      error: "last-owner",
    });

    await joinShop(test.db, created.id, second, "owner");
    const results = await Promise.all([
      changeMembership(test.db, created.id, first, { role: "manager" }),
      changeMembership(test.db, created.id, second, { remove: true }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const owners = await test.db.select().from(shopMember).where(eq(shopMember.shopId, created.id));
    expect(owners.filter((m) => m.role === "owner")).toHaveLength(1);
  });

  it("changes roles and removes members who are not the last owner", async () => {
    const owner = await newUser();
    const staff = await newUser();
    const created = await createShop(test.db, owner, shopInput);
    await joinShop(test.db, created.id, staff, "cashier");
    expect(await changeMembership(test.db, created.id, staff, { role: "stock" })).toEqual({
      ok: true,
    });
    expect((await findShopMembership(test.db, staff, created.id))?.role).toBe("stock");
    expect(await changeMembership(test.db, created.id, staff, { remove: true })).toEqual({
      ok: true,
    });
    expect(await findShopMembership(test.db, staff, created.id)).toBeNull();
    expect(await changeMembership(test.db, created.id, staff, { remove: true })).toEqual({
      ok: false,
      error: "not-member",
    });
  });
});
