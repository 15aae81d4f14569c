import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import * as layoutRoute from "~/routes/shophub/layout";
import { callRoute, outcomeOf, routeContext } from "../setup/route-call";
import { addShopMember, createUser, insertShop, type TestShop } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

type LayoutData = Awaited<ReturnType<typeof layoutRoute.loader>>;

let test: TestDatabase;
let home: TestShop;
let owner: SessionUser;

beforeAll(async () => {
  test = await createTestDatabase();
  owner = await createUser(test.db, { name: "เจ้าของร้านมีเครื่องมือ" });
  home = await insertShop(test.db, { ownerId: owner.id, name: "ร้านเครื่องมือครบ" });
});
afterAll(() => test.drop());

async function navOf(member: SessionUser, shopId: string) {
  const outcome = await outcomeOf<LayoutData>(
    callRoute(layoutRoute.loader, `/shophub/invoices?shop=${shopId}`, {
      context: routeContext(test.db, member),
    }),
  );
  expect(outcome.status).toBe(200);
  return outcome.data?.nav ?? null;
}

describe("shophub's row of tools", () => {
  it("names the shop of the page and the member's role there", async () => {
    expect(await navOf(owner, home.shop.id)).toEqual({ shopId: home.shop.id, role: "owner" });
    const cashier = await addShopMember(test.db, home.shop.id, "cashier");
    expect(await navOf(cashier, home.shop.id)).toEqual({
      shopId: home.shop.id,
      role: "cashier",
    });
  });
});
