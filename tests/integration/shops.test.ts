import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopMember } from "~/db/schema";
import {
  changeMembership,
  createShop,
  listShopsOfMember,
  requireShopMember,
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
  async function status(promise: Promise<unknown>): Promise<number | "ok"> {
    try {
      await promise;
      return "ok";
    } catch (error) {
      return (error as { init?: { status?: number } }).init?.status ?? -1;
    }
  }

  it("makes the creator the owner, and lists a member's shops", async () => {
    const owner = await newUser();
    const created = await createShop(test.db, owner, shopInput);
    expect(await listShopsOfMember(test.db, owner)).toEqual([
      { shop: created, role: "owner", lastUsedAt: null },
    ]);
    expect((await requireShopMember(test.db, owner, created.id, ["owner"])).role).toBe("owner");
  });

  it("refuses a tax ID that is not 13 digits, in the database itself", async () => {
    const owner = await newUser();
    await expect(createShop(test.db, owner, { ...shopInput, taxId: "12345" })).rejects.toThrow();
  });

  it("hides another shop (404) and refuses a role that is not allowed (403)", async () => {
    const ownerA = await newUser();
    const ownerB = await newUser();
    const cashier = await newUser();
    const shopA = await createShop(test.db, ownerA, shopInput);
    await joinShop(test.db, shopA.id, cashier, "cashier");

    expect(
      await status(
        requireShopMember(test.db, ownerB, shopA.id, ["owner", "manager", "cashier", "stock"]),
      ),
    ).toBe(404);
    expect(await status(requireShopMember(test.db, ownerB, "not-a-uuid", ["owner"]))).toBe(404);
    expect(await status(requireShopMember(test.db, cashier, shopA.id, ["owner", "manager"]))).toBe(
      403,
    );
    expect(await status(requireShopMember(test.db, cashier, shopA.id, ["cashier"]))).toBe("ok");
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
    expect((await requireShopMember(test.db, staff, created.id, ["stock"])).role).toBe("stock");
    expect(await changeMembership(test.db, created.id, staff, { remove: true })).toEqual({
      ok: true,
    });
    expect(await status(requireShopMember(test.db, staff, created.id, ["stock"]))).toBe(404);
    expect(await changeMembership(test.db, created.id, staff, { remove: true })).toEqual({
      ok: false,
      error: "not-member",
    });
  });
});
