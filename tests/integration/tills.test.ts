import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { till } from "~/db/schema";
import {
  bindTillDevice,
  claimTill,
  createClaimCode,
  listTills,
  registerTill,
  releaseTillDevice,
  setTillRetired,
  type TillActor,
  tillOfDevice,
  updateTill,
} from "~/modules/tills/index.server";
import { addShopMember, insertShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * Registered tills (issue 34, decision 0071): every shop has its first, owners and managers
 * register more with codes in order, and a device is bound to a till once, by an owner or a
 * manager on it or with a one-time code; a till bound elsewhere is refused until released.
 */

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());

async function shopWithStaff() {
  const t = await insertShop(db);
  const manager = await addShopMember(db, t.shop.id, "manager");
  const cashier = await addShopMember(db, t.shop.id, "cashier");
  const as = (userId: string, role: TillActor["role"]): TillActor => ({
    shopId: t.shop.id,
    userId,
    role,
  });
  return {
    t,
    owner: as(t.ownerId, "owner"),
    manager: as(manager.id, "manager"),
    cashier: as(cashier.id, "cashier"),
  };
}

describe("registered tills", () => {
  it("gives every shop its first till, then codes in the order they are registered", async () => {
    const s = await shopWithStaff();
    expect((await listTills(db, s.t.shop.id)).map((row) => [row.code, row.name])).toEqual([
      ["P01", "เครื่อง 1"],
    ]);
    const second = await registerTill(db, s.manager, { name: "เครื่อง 2", posNumber: "e0512345" });
    expect(second).toMatchObject({
      ok: true,
      value: { code: "P02", name: "เครื่อง 2", posNumber: "E0512345", bound: false },
    });
    expect(await registerTill(db, s.owner, { name: "เครื่อง 2", posNumber: "" })).toEqual({
      ok: false,
      error: "nameTaken",
    });
    expect(await registerTill(db, s.owner, { name: " ", posNumber: "" })).toEqual({
      ok: false,
      error: "badRequest",
    });
    // A cashier registers nothing.
    expect(await registerTill(db, s.cashier, { name: "เครื่อง 3", posNumber: "" })).toEqual({
      ok: false,
      error: "notFound",
    });
    // A rename keeps the code its numbers carry.
    const renamed = await updateTill(db, s.owner, {
      tillId: second.ok ? second.value.id : "",
      name: "หน้าร้าน",
      posNumber: "",
    });
    expect(renamed).toMatchObject({ ok: true, value: { code: "P02", name: "หน้าร้าน" } });
  });

  it("binds one device to a till, refuses a second until the owner releases the first", async () => {
    const s = await shopWithStaff();
    const [first] = await listTills(db, s.t.shop.id);
    const bound = await bindTillDevice(db, s.manager, { tillId: first!.id, deviceLabel: "Chrome" });
    if (!bound.ok) throw new Error(bound.error);
    expect(bound.value).toMatchObject({ tillId: first!.id, code: "P01" });
    expect(bound.value.token).toMatch(/^[\w-]{43}$/);
    // The row keeps the token's hash only.
    const [row] = await db.select().from(till).where(eq(till.id, first!.id));
    expect(row?.deviceTokenHash).not.toContain(bound.value.token);
    expect(await tillOfDevice(db, s.t.shop.id, first!.id, bound.value.token)).toMatchObject({
      code: "P01",
    });
    expect(await tillOfDevice(db, s.t.shop.id, first!.id, "x".repeat(43))).toBeNull();

    expect(await bindTillDevice(db, s.owner, { tillId: first!.id, deviceLabel: "Safari" })).toEqual(
      { ok: false, error: "boundElsewhere" },
    );
    expect((await releaseTillDevice(db, s.owner, first!.id)).ok).toBe(true);
    expect(await tillOfDevice(db, s.t.shop.id, first!.id, bound.value.token)).toBeNull();
    expect(
      (await bindTillDevice(db, s.owner, { tillId: first!.id, deviceLabel: "Safari" })).ok,
    ).toBe(true);
  });

  it("lets a seller take a till with the owner's one-time code, once", async () => {
    const s = await shopWithStaff();
    const [first] = await listTills(db, s.t.shop.id);
    expect(await createClaimCode(db, s.cashier, first!.id)).toEqual({
      ok: false,
      error: "notFound",
    });
    const made = await createClaimCode(db, s.owner, first!.id);
    if (!made.ok) throw new Error(made.error);
    expect(made.value.code).toMatch(/^\d{6}$/);
    const wrong = made.value.code === "000000" ? "111111" : "000000";
    expect(await claimTill(db, s.cashier, { code: wrong, deviceLabel: "Android" })).toEqual({
      ok: false,
      error: "badCode",
    });
    const claimed = await claimTill(db, s.cashier, {
      code: made.value.code,
      deviceLabel: "Android",
    });
    expect(claimed).toMatchObject({ ok: true, value: { tillId: first!.id } });
    // Spent: the same code takes nothing twice.
    expect(await claimTill(db, s.cashier, { code: made.value.code, deviceLabel: "iPad" })).toEqual({
      ok: false,
      error: "badCode",
    });
    // Another shop's code means nothing here.
    const other = await shopWithStaff();
    const [theirs] = await listTills(db, other.t.shop.id);
    const theirCode = await createClaimCode(db, other.owner, theirs!.id);
    if (!theirCode.ok) throw new Error(theirCode.error);
    expect(
      await claimTill(db, s.cashier, { code: theirCode.value.code, deviceLabel: "x" }),
    ).toEqual({ ok: false, error: "badCode" });
  });

  it("retires a till: its device released, nothing binds to it until it is back", async () => {
    const s = await shopWithStaff();
    const [first] = await listTills(db, s.t.shop.id);
    const bound = await bindTillDevice(db, s.owner, { tillId: first!.id, deviceLabel: "Chrome" });
    if (!bound.ok) throw new Error(bound.error);
    expect(await setTillRetired(db, s.owner, { tillId: first!.id, retired: true })).toMatchObject({
      ok: true,
      value: { status: "retired", bound: false },
    });
    expect(await tillOfDevice(db, s.t.shop.id, first!.id, bound.value.token)).toBeNull();
    expect(await bindTillDevice(db, s.owner, { tillId: first!.id, deviceLabel: "x" })).toEqual({
      ok: false,
      error: "notFound",
    });
    // Another shop's owner finds none of this shop's tills.
    const other = await shopWithStaff();
    expect(await setTillRetired(db, other.owner, { tillId: first!.id, retired: false })).toEqual({
      ok: false,
      error: "notFound",
    });
  });
});
