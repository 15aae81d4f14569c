import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { user } from "~/db/schema";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { USER_ACTION_REFUSALS } from "~/routes/admin/errors";
import { IMAGE_REJECTIONS, tooManyRequestsPage } from "~/routes/errors.server";
import { LISTING_REFUSALS, listingErrorPage, UPLOAD_REFUSALS } from "~/routes/listings/errors";
import { MEMBERSHIP_REFUSALS } from "~/routes/shophub/errors";
import { applyUserAction } from "~/modules/accounts/index.server";
import { ListingError } from "~/modules/listings";
import {
  readListingRequest,
  requireOwnListing,
  saveListing,
  setListingHidden,
  setListingStatus,
  type ListingFormData,
} from "~/modules/listings/index.server";
import {
  createLocalStorage,
  ImageRejectedError,
  processSquareImage,
} from "~/modules/media/index.server";
import { limitSearches, RateLimitedError, SEARCH_LIMIT } from "~/modules/platform/index.server";
import { changeMembership, createShop } from "~/modules/shops/index.server";
import * as mineRoute from "~/routes/listings/mine";
import * as searchRoute from "~/routes/listings/search";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// Modules say what went wrong in their own words (typed errors and results, no HTTP, no
// interface texts); each area's errors file turns that into a status and a Thai or English
// text. These tests follow one error of each kind from the module to what the visitor gets.

const th = serverTranslate("th");
const en = serverTranslate("en");
let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.drop();
});

async function addMember(role: "member" | "admin" = "member"): Promise<SessionUser> {
  const member = { ...sessionUserOf(randomUUID()), role };
  await test.db
    .insert(user)
    .values({ id: member.id, name: member.name, email: member.email, role, emailVerified: true });
  return member;
}

const NO_FILES = createLocalStorage("/nonexistent-uploads-folder");

const listingForm: ListingFormData = {
  title: "ขายบ้านเดี่ยวสองชั้นใกล้รถไฟฟ้า",
  description: "บ้านเดี่ยวสองชั้น สามห้องนอน ใกล้สถานีรถไฟฟ้า เดินทางสะดวก",
  category: "house",
  price: 250_000_000,
  province: "10",
  contactPhone: "+66812345678",
  status: "published",
};

async function publish(ownerId: string): Promise<string> {
  const outcome = await saveListing(test.db, NO_FILES, {
    ownerId,
    existingId: null,
    data: listingForm,
    uploads: [],
    plan: { order: [], cover: null, removed: [] },
  });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.id;
}

describe("listings", () => {
  it("the module refuses with ListingError, never an HTTP response", async () => {
    const owner = await addMember();
    const stranger = await addMember();
    const id = await publish(owner.id);

    const notOwner = await requireOwnListing(test.db, NO_FILES, stranger.id, id).catch(
      (error: unknown) => error,
    );
    expect(notOwner).toBeInstanceOf(ListingError);
    expect(notOwner).toMatchObject({ refusal: "not-owner" });
    const unknown = await requireOwnListing(test.db, NO_FILES, owner.id, randomUUID()).catch(
      (error: unknown) => error,
    );
    expect(unknown).toMatchObject({ refusal: "not-found" });
    expect(unknown).not.toBeInstanceOf(Response);
  });

  it("the routes turn a ListingError into the 403 and 404 pages", () => {
    const statusOf = (refusal: "not-found" | "not-owner") => {
      try {
        listingErrorPage(new ListingError(refusal));
      } catch (thrown) {
        return (thrown as { init: ResponseInit | null }).init?.status;
      }
    };
    expect(statusOf("not-owner")).toBe(403);
    expect(statusOf("not-found")).toBe(404);
    const other = new Error("database down");
    expect(() => listingErrorPage(other)).toThrow(other);
  });

  it("publishing a listing an admin took down: 400 with the Thai text on the owner's page", async () => {
    const owner = await addMember();
    const admin = await addMember("admin");
    const id = await publish(owner.id);
    await setListingStatus(test.db, owner.id, id, "draft");
    await setListingHidden(test.db, admin.id, id, true);

    // The module's result names the refusal, not a text.
    expect(await setListingStatus(test.db, owner.id, id, "published")).toEqual({
      ok: false,
      error: "hidden",
    });

    const outcome = await outcomeOf<{ error: Parameters<typeof th>[0] }>(
      callRoute(mineRoute.action, "/user/listings", {
        form: { intent: "published", id },
        context: routeContext(test.db, owner),
      }),
    );
    expect(outcome.status).toBe(400);
    expect(th(outcome.data!.error)).toBe("ผู้ดูแลระบบระงับประกาศนี้ จึงเผยแพร่อีกไม่ได้ กรุณาติดต่อผู้ดูแลระบบ");
    expect(LISTING_REFUSALS.hidden.message).toBe(outcome.data!.error);
  });
});

describe("uploads", () => {
  it("an oversized listing post is refused by name; the page says it in Thai with 413", async () => {
    const request = new Request("http://localhost/user/bhPost", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": "999999999" },
      body: "",
    });
    const read = await readListingRequest(request);
    expect(read).toEqual({ ok: false, error: "upload-too-large" });
    if (read.ok) return;
    expect(UPLOAD_REFUSALS[read.error].status).toBe(413);
    expect(th(UPLOAD_REFUSALS[read.error].message)).toBe(
      "ไฟล์ที่ส่งมารวมกันใหญ่เกินไป (รวมกันได้ไม่เกินประมาณ 120 MB)",
    );
  });

  it("a refused image names its reason; the text next to the field is Thai", async () => {
    const refused = await processSquareImage(new TextEncoder().encode("ไม่ใช่รูป"), 64).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ImageRejectedError);
    const reason = (refused as ImageRejectedError).reason;
    expect(reason).toBe("not-image");
    expect(th(IMAGE_REJECTIONS[reason])).toBe(
      "ไฟล์นี้ไม่ใช่รูปภาพที่รองรับ กรุณาเลือกไฟล์ JPEG, PNG, WebP หรือ AVIF",
    );
  });
});

describe("search limit", () => {
  it("the module throws RateLimitedError past the limit; the page is a Thai 429 with Retry-After", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < SEARCH_LIMIT.limit; i++) await limitSearches(test.db, address);
    const refused = await limitSearches(test.db, address).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    const retryAfter = (refused as RateLimitedError).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(0);

    // Through the search page, in Thai (the default language) and in English.
    for (const [cookie, text] of [
      [undefined, "คุณส่งคำขอบ่อยเกินไป กรุณารอ 1 นาทีแล้วลองใหม่"],
      ["lang=en", en("error.tooManyRequests", { minutes: 1 })],
    ] as const) {
      const page = await callRoute(searchRoute.loader, "/search/บ้าน", {
        context: routeContext(test.db, null, { clientAddress: address }),
        cookie,
      }).catch((error: unknown) => error);
      const thrown = page as { data: string; init: ResponseInit | null };
      expect(thrown.init?.status).toBe(429);
      expect(new Headers(thrown.init?.headers).get("Retry-After")).toMatch(/^[1-9]\d*$/);
      expect(thrown.data).toBe(text);
    }
    expect(en("error.tooManyRequests", { minutes: 1 })).not.toBe(
      th("error.tooManyRequests", { minutes: 1 }),
    );
  });

  it("tooManyRequestsPage passes other errors on unchanged", () => {
    const other = new Error("database down");
    expect(() => tooManyRequestsPage("th")(other)).toThrow(other);
  });
});

describe("shops", () => {
  it("a membership change names its refusal; shophub shows it as 409 or 404 with Thai text", async () => {
    const owner = await addMember();
    const { id: shopId } = await createShop(test.db, owner.id, {
      name: "ร้านทดสอบข้อผิดพลาด",
      businessType: "grocery",
      address: "",
      phone: "",
      taxId: null,
    });

    const lastOwner = await changeMembership(test.db, shopId, owner.id, { role: "manager" });
    expect(lastOwner).toEqual({ ok: false, error: "last-owner" });
    const notMember = await changeMembership(test.db, shopId, randomUUID(), { remove: true });
    expect(notMember).toEqual({ ok: false, error: "not-member" });

    expect(MEMBERSHIP_REFUSALS["last-owner"].status).toBe(409);
    expect(th(MEMBERSHIP_REFUSALS["last-owner"].message)).toBe(
      "ร้านต้องมีเจ้าของอย่างน้อยหนึ่งคน จึงเปลี่ยนบทบาทหรือลบเจ้าของคนสุดท้ายไม่ได้",
    );
    expect(MEMBERSHIP_REFUSALS["not-member"].status).toBe(404);
    expect(th(MEMBERSHIP_REFUSALS["not-member"].message)).toBe("ผู้ใช้นี้ไม่ได้เป็นสมาชิกของร้านแล้ว");
  });
});

describe("admin", () => {
  it("an admin's refused action names its refusal; the users page maps it to a status and Thai text", async () => {
    const admin = await addMember("admin");
    const disableSelf = await applyUserAction(test.db, admin.id, {
      intent: "disable",
      userId: admin.id,
      confirmed: true,
    });
    expect(disableSelf).toEqual({ status: "error", error: "disable-self" });
    const unknown = await applyUserAction(test.db, admin.id, {
      intent: "enable",
      userId: randomUUID(),
      confirmed: true,
    });
    expect(unknown).toEqual({ status: "error", error: "not-found" });

    expect(USER_ACTION_REFUSALS["disable-self"].status).toBe(400);
    expect(USER_ACTION_REFUSALS["revoke-self"].status).toBe(400);
    expect(USER_ACTION_REFUSALS["not-found"].status).toBe(404);
    expect(th(USER_ACTION_REFUSALS["disable-self"].message)).toBe(
      "คุณระงับบัญชีของตัวเองไม่ได้ หากจำเป็น ให้ผู้ดูแลระบบคนอื่นดำเนินการ",
    );
    expect(th(USER_ACTION_REFUSALS["not-found"].message)).toBe("ไม่พบบัญชีนี้ อาจถูกลบไปแล้ว");
  });
});
