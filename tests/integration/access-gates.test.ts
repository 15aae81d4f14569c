import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { memberOf } from "~/routes/_gates/member.server";
import { storehubOf, storehubVisitOf } from "~/routes/_gates/storehub.server";
import { storehubHandle } from "~/routes/_gates/storehub-handle";
import * as storehubOverview from "~/routes/storehub/overview";
import { createAttackFixture, type AttackFixture } from "../setup/attack-fixture";
import {
  callRoute,
  createRouteTree,
  outcomeOf,
  routeContext,
  shopCookie,
  type ExtraRoute,
} from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// A route added under a private area is protected by the area's gate (middleware on its
// layout route) although its own loader and action check nothing: the test adds such routes
// to the app's route tree and calls them as each kind of visitor.

let test: TestDatabase;
let fx: AttackFixture;
/** What the test-only routes were asked to do (nothing, when a gate refused). */
const ran: string[] = [];

const SECRET = "ข้อมูลลับของพื้นที่";

/** A page and a form that trust whoever reaches them, as a careless new route would. */
function carelessRoute(id: string, path: string): ExtraRoute {
  return {
    id,
    path,
    loader: () => {
      ran.push(`${id} loader`);
      return { secret: SECRET };
    },
    action: () => {
      ran.push(`${id} action`);
      return { done: true };
    },
  };
}

/** A storehub form that writes into the shop the gate admitted (as every storehub action does). */
const storehubForm: ExtraRoute = {
  id: "test/storehub-form",
  path: "test-form",
  action: async ({
    context,
    request,
  }: {
    context: Parameters<typeof storehubOf>[0];
    request: Request;
  }) => {
    ran.push(`wrote into ${(await storehubOf(context, request)).shopId}`);
    return { done: true };
  },
};

/**
 * A storehub page that declares itself the area's introduction (as the real one does), at a
 * URL of its own: what opens it to visitors is its declaration, not where it sits.
 */
const welcomePage: ExtraRoute = {
  id: "test/storehub-welcome",
  path: "test-welcome",
  handle: storehubHandle.introduction,
  loader: async ({
    context,
    request,
  }: {
    context: Parameters<typeof storehubVisitOf>[0];
    request: Request;
  }) => {
    ran.push("test/storehub-welcome loader");
    return storehubVisitOf(context, request);
  },
};

const memberPage: ExtraRoute = {
  id: "test/member-page",
  path: "user/test-page",
  loader: ({ context }: { context: Parameters<typeof memberOf>[0] }) => ({
    name: memberOf(context).name,
  }),
};

const routes = {
  storehub: carelessRoute("test/storehub", "test-page"),
  // At /storehub itself, where the introduction is: the URL opens nothing by itself.
  storehubIndex: { ...carelessRoute("test/storehub-index", ""), path: undefined },
  shophub: carelessRoute("test/shophub", "shophub/test-page"),
  admin: carelessRoute("test/admin", "test-page"),
  member: carelessRoute("test/member", "user/test-member"),
  memberListings: carelessRoute("test/member-listings", "user/test-listings"),
};

const tree = createRouteTree({
  "routes/storehub/layout": [routes.storehub, routes.storehubIndex, welcomePage, storehubForm],
  "routes/shophub/layout": [routes.shophub],
  "routes/admin/layout": [routes.admin],
  "member-area/accounts": [routes.member, memberPage],
  "member-area/listings": [routes.memberListings],
});

/** Calls a test-only route as `user`: its loader, or with a form its action (a POST). */
function call(
  route: ExtraRoute,
  path: string,
  user: SessionUser | null,
  options: { form?: Record<string, string>; cookie?: string } = {},
) {
  const fn = options.form ? route.action : route.loader;
  if (!fn) throw new Error(`${route.id} has no ${options.form ? "action" : "loader"}`);
  return outcomeOf(
    callRoute(fn, path, {
      context: routeContext(test.db, user),
      form: options.form,
      cookie: options.cookie,
      tree,
    }),
  );
}

beforeAll(async () => {
  test = await createTestDatabase();
  fx = await createAttackFixture(test.db);
});
afterAll(async () => {
  await test.drop();
});

describe("a route added under storehub", () => {
  it("sends visitors to sign in and members without a shop to the introduction", async () => {
    ran.length = 0;
    const visitor = await call(routes.storehub, "/storehub/test-page", null);
    expect(visitor).toMatchObject({ status: 302 });
    expect(visitor.location).toBe("/user/signIn?redirectTo=%2Fstorehub%2Ftest-page");
    expect(await call(routes.storehub, "/storehub/test-page", fx.loner)).toMatchObject({
      status: 302,
      location: "/storehub",
    });
    expect(ran).toEqual([]);
  });

  it("lets every role of the active shop read, and only the stock roles post (403)", async () => {
    ran.length = 0;
    const read = await call(routes.storehub, "/storehub/test-page", fx.homeRoles.cashier);
    expect(read).toMatchObject({ status: 200, data: { secret: SECRET } });
    const posted = await call(routes.storehub, "/storehub/test-page", fx.homeRoles.cashier, {
      form: { shopId: fx.home.shopId },
    });
    expect(posted.status).toBe(403);
    expect(ran).toEqual(["test/storehub loader"]);
  });

  it("refuses (409) a post made for another shop before the action can write into this one", async () => {
    ran.length = 0;
    const owner = fx.homeRoles.owner;
    const cookie = await shopCookie(fx.home.shopId);
    const stale = await call(storehubForm, "/storehub/test-form", owner, {
      form: { shopId: fx.victim.shopId },
      cookie,
    });
    expect(stale).toMatchObject({
      status: 409,
      data: { shopChanged: { sentShopId: fx.victim.shopId } },
    });
    const missing = await call(storehubForm, "/storehub/test-form", owner, {
      form: { note: "no shopId" },
      cookie,
    });
    expect(missing.status).toBe(409);
    expect(ran).toEqual([]);
    const fine = await call(storehubForm, "/storehub/test-form", owner, {
      form: { shopId: fx.home.shopId },
      cookie,
    });
    expect(fine).toMatchObject({ status: 200, data: { done: true } });
    expect(ran).toEqual([`wrote into ${fx.home.shopId}`]);
  });
});

describe("which storehub pages visitors see", () => {
  it("is what a route declares, not its URL: an undeclared page at /storehub is guarded", async () => {
    ran.length = 0;
    const visitor = await call(routes.storehubIndex, "/storehub", null);
    expect(visitor).toMatchObject({ status: 302 });
    expect(visitor.location).toBe("/user/signIn?redirectTo=%2Fstorehub");
    const posted = await call(routes.storehubIndex, "/storehub", null, { form: {} });
    expect(posted.location).toBe("/user/signIn?redirectTo=%2Fstorehub");
    expect((await call(routes.storehubIndex, "/storehub", fx.loner)).location).toBe("/storehub");
    expect(ran).toEqual([]);
  });

  it("a page declaring itself the introduction is open to visitors and members without a shop", async () => {
    ran.length = 0;
    expect(await call(welcomePage, "/storehub/test-welcome", null)).toMatchObject({
      status: 200,
      data: { kind: "intro", signedIn: false },
    });
    expect(await call(welcomePage, "/storehub/test-welcome", fx.loner)).toMatchObject({
      status: 200,
      data: { kind: "intro", signedIn: true },
    });
    expect(ran).toEqual(["test/storehub-welcome loader", "test/storehub-welcome loader"]);
  });

  it("the real introduction at /storehub stays open to visitors", async () => {
    const visitor = await outcomeOf(
      callRoute(storehubOverview.loader, "/storehub", { context: routeContext(test.db, null) }),
    );
    expect(visitor).toMatchObject({ status: 200, data: { kind: "intro", signedIn: false } });
  });
});

describe("a route added under the other private areas", () => {
  it("shophub: visitors sign in, members come in", async () => {
    ran.length = 0;
    const visitor = await call(routes.shophub, "/shophub/test-page", null);
    expect(visitor.location).toBe("/user/signIn?redirectTo=%2Fshophub%2Ftest-page");
    expect(ran).toEqual([]);
    expect(await call(routes.shophub, "/shophub/test-page", fx.loner)).toMatchObject({
      status: 200,
    });
  });

  it("admin: visitors sign in, members get 403, administrators come in", async () => {
    ran.length = 0;
    const visitor = await call(routes.admin, "/admin/test-page", null);
    expect(visitor.location).toBe("/user/signIn?redirectTo=%2Fadmin%2Ftest-page");
    expect((await call(routes.admin, "/admin/test-page", fx.homeRoles.owner)).status).toBe(403);
    expect(
      (await call(routes.admin, "/admin/test-page", fx.homeRoles.owner, { form: {} })).status,
    ).toBe(403);
    expect(ran).toEqual([]);
    expect(await call(routes.admin, "/admin/test-page", fx.admin)).toMatchObject({
      status: 200,
      data: { secret: SECRET },
    });
  });

  it("a member's own pages: visitors sign in, members come in as themselves", async () => {
    ran.length = 0;
    for (const [route, path] of [
      [routes.member, "/user/test-member"],
      [routes.memberListings, "/user/test-listings"],
    ] as const) {
      const visitor = await call(route, path, null);
      expect(visitor.location).toBe(`/user/signIn?redirectTo=${encodeURIComponent(path)}`);
      const posted = await call(route, path, null, { form: {} });
      expect(posted.location).toBe(`/user/signIn?redirectTo=${encodeURIComponent(path)}`);
    }
    expect(ran).toEqual([]);
    expect(await call(memberPage, "/user/test-page", fx.loner)).toMatchObject({
      status: 200,
      data: { name: fx.loner.name },
    });
  });
});
