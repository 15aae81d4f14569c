import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as langSwitch from "~/routes/api/lang";
import * as register from "~/routes/accounts/register";
import * as signIn from "~/routes/accounts/sign-in";
import * as shopSwitch from "~/routes/shophub/switch";
import { callRoute, outcomeOf, routeContext } from "../setup/route-call";
import { createUser, insertShop, type TestUser } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// Every page that sends the browser back to an address taken from the request (a hidden
// "redirectTo" or a query parameter) must stay on this site, also for paths that only leave
// it once a URL parser has normalised them: "/.//evil.example" is "//evil.example".

let test: TestDatabase;
let member: TestUser;
let shopId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  member = await createUser(test.db, { name: "ผู้ทดสอบ", email: "redirects@example.com" });
  shopId = (await insertShop(test.db, { ownerId: member.id })).shop.id;
});
afterAll(() => test.drop());

const SITE = "http://localhost";
const TARGETS = [
  "/.//evil.example/steal",
  "/%2e//evil.example/steal",
  "/%2E%2E//evil.example",
  "/shophub/..//evil.example",
];

const callers: Record<string, (target: string) => Promise<unknown>> = {
  "the shop switch": (target) =>
    callRoute(shopSwitch.action, "/shophub/switch", {
      context: routeContext(test.db, member),
      form: { shop: shopId, redirectTo: target },
    }),
  "the language switch": (target) =>
    callRoute(langSwitch.action, "/lang", {
      context: routeContext(test.db, null),
      form: { lang: "en", redirectTo: target },
    }),
  "the sign-in page of a signed-in member": (target) =>
    callRoute(signIn.loader, `/user/signIn?redirectTo=${encodeURIComponent(target)}`, {
      context: routeContext(test.db, member),
    }),
  "the register page of a signed-in member": (target) =>
    callRoute(register.loader, `/register?redirectTo=${encodeURIComponent(target)}`, {
      context: routeContext(test.db, member),
    }),
};

describe("a return address from the request", () => {
  for (const [name, call] of Object.entries(callers)) {
    it.each(TARGETS)(`stays on this site: ${name} with %s`, async (target) => {
      const { status, location } = await outcomeOf(call(target));
      expect(status).toBe(302);
      const landed = new URL(location!, `${SITE}/shophub/settings`);
      expect(landed.origin).toBe(SITE);
      // The Location is already the normalised path: nobody reading it again lands elsewhere.
      expect(location).toBe(`${landed.pathname}${landed.search}${landed.hash}`);
      expect(location).not.toMatch(/^\/\//);
    });
  }
});
