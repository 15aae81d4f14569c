import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { rateLimitBucket } from "~/db/schema";
import { seedDemoContent } from "~/modules/content/index.server";
import { createLocalStorage } from "~/modules/media/index.server";
import { maySeeCosts, SHOP_ROLES } from "~/modules/shops/index.server";
import { attack, shopCookie, type AttackOutcome, type DataFunction } from "../setup/route-call";
import { createAttackFixture, shopSnapshot, type AttackFixture } from "../setup/attack-fixture";
import { routeHandlers } from "../setup/route-handlers";
import { costFieldsIn } from "../setup/cost-fields";
import { createTestAuth } from "../setup/test-auth";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import {
  MATRIX,
  matrixOldReceiptPhotoKey,
  matrixReceiptPhotoKey,
  SEES_COSTS,
  type CallSpec,
  type Expect,
  type ShopRow,
} from "./isolation-matrix.table";

// Every loader and action of app/routes.ts, called through the route tree behind its gates
// (tests/setup/route-call.ts), as a visitor, as a member of another shop, as each role of
// the shop, and with another shop's ids: the answers are declared in
// isolation-matrix.table.ts, and the other shop's rows must stay as they were and never
// appear in an answer.

let test: TestDatabase;
let auth: ReturnType<typeof createTestAuth>["auth"];
let fx: AttackFixture;
let storageFolder: string;
let storage: ReturnType<typeof createLocalStorage>;
let victimBefore: string[];
const handlers = new Map<string, DataFunction>();
/** Not a real picture: the route serves what is stored, by the key's extension. */
const RECEIPT_PHOTO_BYTES = new TextEncoder().encode("RIFF-receipt-photo");
const routeKeys: string[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  ({ auth } = createTestAuth(test.db));
  // The root loader needs the company's profile; media needs a (here empty) file storage.
  await seedDemoContent(test.db);
  storageFolder = await mkdtemp(path.join(tmpdir(), "isolation-matrix-"));
  storage = createLocalStorage(storageFolder);
  fx = await createAttackFixture(test.db);
  // Each shop's receipt photo (a private file: only the shop's owners and managers open it),
  // also still at the public key it had before decision 0061, as if its move were pending.
  for (const shop of [fx.home, fx.victim]) {
    for (const key of [matrixReceiptPhotoKey(shop.shopId), matrixOldReceiptPhotoKey(shop.shopId)]) {
      await storage.put(key, RECEIPT_PHOTO_BYTES, "image/webp");
    }
  }
  victimBefore = await shopSnapshot(test.db, fx.victim.shopId);
  const root = (await import(path.resolve("app/root.tsx"))) as Record<string, unknown>;
  handlers.set("root loader", root.loader as DataFunction);
  for (const [key, fn] of await routeHandlers()) {
    routeKeys.push(key);
    handlers.set(key, fn);
  }
});
afterAll(async () => {
  await test.drop();
  await rm(storageFolder, { recursive: true, force: true });
});
beforeEach(async () => {
  // Per-user limits (shop creation, invitations) would otherwise trip over many calls.
  await test.db.delete(rateLimitBucket);
});

function describeExpect(expect: Expect): string {
  if (typeof expect === "number") return String(expect);
  if (typeof expect === "string") return expect;
  if ("anyOf" in expect) return expect.anyOf.map(describeExpect).join(" or ");
  return `redirect ${expect.redirect}`;
}

function assertOutcome(outcome: AttackOutcome, want: Expect, label: string) {
  const got = `${outcome.status}${outcome.location ? ` → ${outcome.location}` : ""}`;
  if (typeof want === "object" && "anyOf" in want) {
    const fits = want.anyOf.some((each) => {
      try {
        assertOutcome(outcome, each, label);
        return true;
      } catch {
        return false;
      }
    });
    expect(fits, `${label}: got ${got}, wanted ${describeExpect(want)}`).toBe(true);
  } else if (typeof want === "number") {
    expect(outcome.status, `${label}: got ${got}`).toBe(want);
  } else if (want === "ok") {
    expect(outcome.status, `${label}: got ${got}`).toBe(200);
  } else if (want === "signIn") {
    expect(outcome.status, `${label}: got ${got}`).toBe(302);
    expect(outcome.location ?? "", label).toMatch(/^\/user\/signIn(\?|$)/);
  } else {
    expect(outcome.status, `${label}: got ${got}`).toBeGreaterThanOrEqual(300);
    expect(outcome.status, `${label}: got ${got}`).toBeLessThan(400);
    expect(outcome.location ?? "", label).toContain(want.redirect);
    expect((outcome.location ?? "").startsWith(want.redirect), `${label}: got ${got}`).toBe(true);
  }
}

/** What must never reach a caller who is not a member of the victim shop. */
function victimSecrets(): string[] {
  const v = fx.victim;
  return [
    v.itemName,
    v.sku,
    v.barcode,
    v.locationName,
    v.shopName,
    v.listingTitle,
    "Victim แคชเชียร์",
  ];
}

function requestText(spec: CallSpec): string {
  const form = Object.values(spec.form ?? {}).flat();
  return decodeURIComponent([spec.path, ...form].join("\n"));
}

async function run(
  key: string,
  spec: CallSpec,
  user: SessionUser | null,
  want: Expect,
  options: {
    cookieShop?: string;
    shopId?: string | null;
    label: string;
    /** The caller is a member of the victim shop too (its name is in their shop switcher). */
    ownsVictim?: boolean;
    /** The caller's role in the shop sees no costs: no cost field may be in the answer. */
    noCosts?: boolean;
  },
) {
  const fn = handlers.get(key);
  expect(fn, `${key}: no such loader or action in app/routes.ts (remove the row)`).toBeDefined();
  // Shop forms carry the caller's active shop (null: the field is left out on purpose).
  const form =
    spec.form && typeof options.shopId === "string"
      ? { shopId: options.shopId, ...spec.form }
      : spec.form;
  // A page's look-ups name its shop in the query string like its forms do.
  let path = spec.path;
  if (!spec.form && typeof options.shopId === "string" && !/[?&]shopId=/.test(path)) {
    path += `${path.includes("?") ? "&" : "?"}shopId=${options.shopId}`;
  }
  const outcome = await attack(
    fn!,
    {
      path,
      form,
      cookie: options.cookieShop ? await shopCookie(options.cookieShop) : undefined,
    },
    { db: test.db, user, overrides: { auth, storage } },
  );
  assertOutcome(outcome, want, `${key} ${options.label}`);
  // The victim's rows are exactly as they were, and nothing of them is in the answer
  // (unless the caller typed it into the request themselves).
  expect(await shopSnapshot(test.db, fx.victim.shopId), `${key} ${options.label}`).toEqual(
    victimBefore,
  );
  // (An administrator's user list names everybody: only shop pages are searched for them.)
  const asked = requestText({ ...spec, form });
  const secrets = user?.role === "admin" ? [] : victimSecrets();
  const hidden = options.ownsVictim
    ? secrets.filter((each) => each !== fx.victim.shopName)
    : secrets;
  for (const secret of hidden) {
    if (asked.includes(secret)) continue;
    expect(outcome.text.includes(secret), `${key} ${options.label} shows "${secret}"`).toBe(false);
  }
  if (options.noCosts) {
    expect(costFieldsIn(outcome), `${key} ${options.label}: cost fields`).toEqual([]);
  }
  return outcome;
}

it("has a row for every loader and action in app/routes.ts, and no row without one", () => {
  const missing = routeKeys.filter((key) => !(key in MATRIX)).map((key) => `add a row for ${key}`);
  expect(missing).toEqual([]);
  const stale = Object.keys(MATRIX).filter((key) => key !== "root loader" && !handlers.has(key));
  expect(stale.map((key) => `no route for the row ${key}`)).toEqual([]);
});

it("sees costs by the table's role rules", () => {
  expect(Object.fromEntries(SHOP_ROLES.map((role) => [role, maySeeCosts(role)]))).toEqual(
    SEES_COSTS,
  );
});

const isShopRow = (row: (typeof MATRIX)[string]): row is ShopRow => row.access === "shop";

for (const [key, row] of Object.entries(MATRIX)) {
  const isAction = key.endsWith(" action");
  describe(key, () => {
    if (isShopRow(row)) {
      it(`visitor with the other shop's ids: ${describeExpect(row.visitor)}`, async () => {
        await run(key, row.request(fx.victim), null, row.visitor, {
          label: "visitor",
          shopId: fx.victim.shopId,
        });
      });

      it(`member of another shop, choosing that shop in the cookie: ${describeExpect(row.outsider)}`, async () => {
        await run(key, row.request(fx.victim), fx.homeRoles.owner, row.outsider, {
          label: "outsider",
          cookieShop: fx.victim.shopId,
          shopId: fx.home.shopId,
        });
      });

      for (const role of SHOP_ROLES) {
        it(`${role} of the shop: ${describeExpect(row.roles[role])}`, async () => {
          await run(key, row.request(fx.home), fx.homeRoles[role], row.roles[role], {
            label: role,
            shopId: fx.home.shopId,
            noCosts: !SEES_COSTS[role],
          });
        });
      }

      it(`cashier here who owns the other shop, working here: ${describeExpect(row.roles.cashier)}`, async () => {
        // The role comes from the active shop, never from the member's other shops.
        await run(key, row.request(fx.home), fx.dual, row.roles.cashier, {
          label: "dual member",
          cookieShop: fx.home.shopId,
          shopId: fx.home.shopId,
          ownsVictim: true,
          noCosts: !SEES_COSTS.cashier,
        });
      });

      for (const foreign of row.foreign) {
        it(`owner with ${foreign.what}: ${describeExpect(foreign.expect)}`, async () => {
          await run(key, foreign.request(fx.home, fx.victim), fx.homeRoles.owner, foreign.expect, {
            label: foreign.what,
            shopId: fx.home.shopId,
          });
        });
      }

      if (isAction && row.checksShopId) {
        it("owner posting the other shop's shopId: 409", async () => {
          await run(key, row.request(fx.home), fx.homeRoles.owner, 409, {
            label: "foreign shopId",
            shopId: fx.victim.shopId,
          });
        });
        it("owner posting without shopId: 409", async () => {
          await run(key, row.request(fx.home), fx.homeRoles.owner, 409, {
            label: "no shopId",
            shopId: null,
          });
        });
      }
    } else {
      const spec: CallSpec = row.request ?? { path: "/" };
      it(`visitor: ${describeExpect(row.visitor)}`, async () => {
        await run(key, spec, null, row.visitor, { label: "visitor" });
      });
      it(`member in no shop: ${describeExpect(row.member)}`, async () => {
        await run(key, spec, fx.loner, row.member, { label: "member" });
      });
      for (const foreign of row.foreign ?? []) {
        it(`member with ${foreign.what}: ${describeExpect(foreign.expect)}`, async () => {
          await run(key, foreign.request(fx.home, fx.victim), fx.homeRoles.owner, foreign.expect, {
            label: foreign.what,
          });
        });
      }
      if (row.admin !== undefined) {
        const admin = row.admin;
        it(`administrator: ${describeExpect(admin)}`, async () => {
          await run(key, spec, fx.admin, admin, { label: "admin" });
        });
      }
    }
  });
}
