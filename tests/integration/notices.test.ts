import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appContext, sessionUserContext, type AppContext } from "~/context";
import { siteNotice, user } from "~/db/schema";
import { seedDemoContent } from "~/modules/content/index.server";
import {
  parseNoticeForm,
  createNotice,
  deleteNotice,
  getNotice,
  listActiveNotices,
  listNotices,
  updateNotice,
} from "~/modules/notices/index.server";
import * as noticesApi from "~/routes/api/notices";
import * as root from "~/root";
import { IDLE_STOCK_EVENTS } from "../setup/idle-stock-events";
import { callRoute } from "../setup/route-call";
import { createTestAuth } from "../setup/test-auth";
import { createUser } from "../setup/factories";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// These pages never store files.
const NO_STORAGE: AppContext["storage"] = {
  put: () => Promise.reject(new Error("no file storage in this test")),
  get: () => Promise.reject(new Error("no file storage in this test")),
  remove: () => Promise.reject(new Error("no file storage in this test")),
  urlOf: () => {
    throw new Error("no file storage in this test");
  },
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const VALID = {
  title: "ปิดปรับปรุงระบบ",
  body: "เว็บไซต์จะปิดปรับปรุงคืนวันเสาร์ เวลา 22:00–24:00 น.",
  titleEn: "",
  bodyEn: "",
  level: "warning",
  startsAt: "",
  endsAt: "",
};

describe("notice form validation", () => {
  it("accepts a notice without a schedule and trims the text", () => {
    const result = parseNoticeForm(form({ ...VALID, title: "  ปิดปรับปรุงระบบ  " }));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.input).toEqual({
        title: "ปิดปรับปรุงระบบ",
        body: VALID.body,
        titleEn: "",
        bodyEn: "",
        level: "warning",
        startsAt: null,
        endsAt: null,
      });
    }
  });

  it("reads the schedule as Bangkok time (UTC+7)", () => {
    const result = parseNoticeForm(
      form({ ...VALID, startsAt: "2027-01-01T00:00", endsAt: "2027-01-01T06:30" }),
    );
    expect(result.ok && result.input.startsAt?.toISOString()).toBe("2026-12-31T17:00:00.000Z");
    expect(result.ok && result.input.endsAt?.toISOString()).toBe("2026-12-31T23:30:00.000Z");
  });

  it("accepts the longest title and text allowed", () => {
    const result = parseNoticeForm(
      form({ ...VALID, title: "ก".repeat(120), body: "ข".repeat(2000) }),
    );
    expect(result.ok).toBe(true);
  });

  it.each([
    ["title", "notice.error.titleRequired", { title: "" }],
    ["title", "notice.error.titleRequired", { title: "   " }],
    ["title", "notice.error.titleTooLong", { title: "ก".repeat(121) }],
    ["body", "notice.error.bodyRequired", { body: "" }],
    ["body", "notice.error.bodyTooLong", { body: "ข".repeat(2001) }],
    ["level", "notice.error.levelInvalid", { level: "" }],
    ["level", "notice.error.levelInvalid", { level: "success" }],
    ["startsAt", "notice.error.startsAtInvalid", { startsAt: "tomorrow" }],
    ["startsAt", "notice.error.startsAtInvalid", { startsAt: "2027-02-30T10:00" }],
    ["endsAt", "notice.error.endsAtInvalid", { endsAt: "2027-01-01T25:00" }],
    [
      "endsAt",
      "notice.error.endBeforeStart",
      { startsAt: "2027-01-02T10:00", endsAt: "2027-01-02T09:59" },
    ],
    [
      "endsAt",
      "notice.error.endBeforeStart",
      { startsAt: "2027-01-02T10:00", endsAt: "2027-01-02T10:00" },
    ],
  ])("reports a bad %s as %s and keeps what was typed", (field, expected, change) => {
    const typed = { ...VALID, ...change };
    const result = parseNoticeForm(form(typed));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[field as keyof typeof result.errors]).toBe(expected);
      expect(result.values).toEqual(typed);
    }
  });

  it("takes an English title and text together, or neither, with the Thai message next to the empty one", () => {
    const both = parseNoticeForm(
      form({ ...VALID, titleEn: " Maintenance ", bodyEn: "Closed Saturday 22:00-24:00." }),
    );
    expect(both.ok && both.input).toMatchObject({
      titleEn: "Maintenance",
      bodyEn: "Closed Saturday 22:00-24:00.",
    });
    const titleOnly = parseNoticeForm(form({ ...VALID, titleEn: "Maintenance" }));
    expect(titleOnly.ok).toBe(false);
    if (!titleOnly.ok) {
      expect(titleOnly.errors).toEqual({ bodyEn: "notice.error.englishBodyMissing" });
      expect(titleOnly.values.titleEn).toBe("Maintenance");
    }
    const bodyOnly = parseNoticeForm(form({ ...VALID, title: "", bodyEn: "Closed." }));
    expect(!bodyOnly.ok && bodyOnly.errors).toEqual({
      title: "notice.error.titleRequired",
      titleEn: "notice.error.englishTitleMissing",
    });
  });

  it("still reports an end before the start when another field is wrong too", () => {
    const result = parseNoticeForm(
      form({ ...VALID, title: "", startsAt: "2027-01-02T10:00", endsAt: "2027-01-01T10:00" }),
    );
    expect(!result.ok && result.errors).toEqual({
      title: "notice.error.titleRequired",
      endsAt: "notice.error.endBeforeStart",
    });
  });
});

describe("site notices", () => {
  let test: TestDatabase;
  const HOUR = 3_600_000;
  const now = new Date("2027-03-01T05:00:00Z");
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
  const input = (fields: Partial<Parameters<typeof createNotice>[1]> = {}) => ({
    title: "ประกาศ",
    body: "ข้อความ",
    titleEn: "",
    bodyEn: "",
    level: "info" as const,
    startsAt: null,
    endsAt: null,
    ...fields,
  });

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());
  beforeEach(async () => {
    await test.db.delete(siteNotice);
  });

  it("creates, reads, updates and deletes a notice", async () => {
    const created = await createNotice(test.db, input({ title: "เดิม" }), null);
    expect(await getNotice(test.db, created.id)).toMatchObject({ title: "เดิม", level: "info" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await updateNotice(
      test.db,
      created.id,
      input({ title: "ใหม่", level: "danger" }),
    );
    expect(updated).toMatchObject({ title: "ใหม่", level: "danger" });
    // A new updatedAt makes a dismissed notice show again.
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
    expect(await updateNotice(test.db, 999_999, input())).toBeNull();
    expect(await deleteNotice(test.db, created.id)).toBe(true);
    expect(await deleteNotice(test.db, created.id)).toBe(false);
    expect(await listNotices(test.db)).toEqual([]);
  });

  it("lists every notice for admins, newest first", async () => {
    const older = await createNotice(test.db, input({ title: "เก่า", endsAt: at(-1) }), null);
    const newer = await createNotice(test.db, input({ title: "ใหม่", startsAt: at(5) }), null);
    expect((await listNotices(test.db)).map((n) => n.id)).toEqual([newer.id, older.id]);
  });

  it("shows a notice only between its start (inclusive) and its end (exclusive)", async () => {
    await createNotice(test.db, input({ title: "no bounds" }), null);
    await createNotice(test.db, input({ title: "started", startsAt: at(-1) }), null);
    await createNotice(test.db, input({ title: "starts now", startsAt: now }), null);
    await createNotice(test.db, input({ title: "later", startsAt: at(1) }), null);
    await createNotice(test.db, input({ title: "ended", endsAt: at(-1) }), null);
    await createNotice(test.db, input({ title: "ends now", endsAt: now }), null);
    await createNotice(test.db, input({ title: "running", startsAt: at(-2), endsAt: at(2) }), null);
    const titles = (await listActiveNotices(test.db, now)).map((n) => n.title).sort();
    expect(titles).toEqual(["no bounds", "running", "started", "starts now"]);
    expect((await listActiveNotices(test.db, at(1.5))).map((n) => n.title).sort()).toEqual([
      "later",
      "no bounds",
      "running",
      "started",
      "starts now",
    ]);
  });

  it("orders active notices by severity, then newest first", async () => {
    const info = await createNotice(test.db, input({ title: "info" }), null);
    const danger = await createNotice(test.db, input({ title: "danger", level: "danger" }), null);
    const warning = await createNotice(
      test.db,
      input({ title: "warning", level: "warning" }),
      null,
    );
    const info2 = await createNotice(test.db, input({ title: "info 2" }), null);
    const active = await listActiveNotices(test.db);
    expect(active.map((n) => n.id)).toEqual([danger.id, warning.id, info2.id, info.id]);
    expect(active[0]).toEqual({
      id: danger.id,
      title: "danger",
      body: "ข้อความ",
      level: "danger",
      updatedAt: danger.updatedAt.toISOString(),
    });
  });

  it("keeps a notice when its author is deleted, and refuses a period that ends first", async () => {
    const authorId = randomUUID();
    await createUser(test.db, {
      id: authorId,
      name: "ผู้เขียน",
      email: "w@example.com",
      emailVerified: false,
    });
    const notice = await createNotice(test.db, input(), authorId);
    expect(notice.createdBy).toBe(authorId);
    await test.db.delete(user).where(eq(user.id, authorId));
    expect((await getNotice(test.db, notice.id))?.createdBy).toBeNull();
    await expect(
      test.db.insert(siteNotice).values({ title: "x", body: "y", startsAt: now, endsAt: now }),
    ).rejects.toThrow();
    await expect(
      test.db.insert(siteNotice).values({ title: "x", body: "y", level: "loud" as "info" }),
    ).rejects.toThrow();
  });
});

describe("notices for every page", () => {
  let test: TestDatabase;
  let context: RouterContextProvider;

  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoContent(test.db);
    context = new RouterContextProvider();
    context.set(appContext, {
      db: test.db,
      logger: pino({ level: "silent" }),
      nonce: "test",
      clientAddress: "127.0.0.1",
      publicOrigin: "http://localhost",
      version: "test",
      auth: createTestAuth(test.db).auth,
      storage: NO_STORAGE,
      stockEvents: IDLE_STOCK_EVENTS,
    });
    context.set(sessionUserContext, null);
  });
  afterAll(() => test.drop());

  it("/api/notices answers the active notices as uncached JSON", async () => {
    const shown = await createNotice(test.db, input(), null);
    await createNotice(
      test.db,
      input({ title: "ended", endsAt: new Date(Date.now() - 1000) }),
      null,
    );
    const response = (await callRoute(noticesApi.loader, "/api/notices", { context })) as Response;
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({
      notices: [
        {
          id: shown.id,
          title: "ประกาศ",
          body: "ข้อความ",
          level: "info",
          updatedAt: shown.updatedAt.toISOString(),
        },
      ],
    });
  });

  it("the root loader brings the active notices with every page", async () => {
    const data = (await callRoute(root.loader, "/", { context })) as Awaited<
      ReturnType<typeof root.loader>
    >;
    expect(data.notices.map((n) => n.title)).toEqual(["ประกาศ"]);
  });

  it("gives English visitors the English text, and the Thai one where a notice has none", async () => {
    await test.db.delete(siteNotice);
    const bilingual = await createNotice(
      test.db,
      input({ level: "warning", titleEn: "Maintenance", bodyEn: "Closed tonight." }),
      null,
    );
    await createNotice(test.db, input({ title: "เฉพาะภาษาไทย", body: "ไม่มีภาษาอังกฤษ" }), null);
    const read = async (cookie?: string) => {
      const response = (await callRoute(noticesApi.loader, "/api/notices", {
        context,
        cookie,
      })) as Response;
      const body = (await response.json()) as { notices: { title: string; body: string }[] };
      return body.notices.map((notice) => `${notice.title}: ${notice.body}`);
    };
    expect(await read("lang=en")).toEqual([
      "Maintenance: Closed tonight.",
      "เฉพาะภาษาไทย: ไม่มีภาษาอังกฤษ",
    ]);
    expect(await read()).toEqual(["ประกาศ: ข้อความ", "เฉพาะภาษาไทย: ไม่มีภาษาอังกฤษ"]);
    const page = (await callRoute(root.loader, "/", { context, cookie: "lang=en" })) as Awaited<
      ReturnType<typeof root.loader>
    >;
    expect(page.notices[0]).toMatchObject({ id: bilingual.id, title: "Maintenance" });
  });

  function input(fields: Partial<Parameters<typeof createNotice>[1]> = {}) {
    return {
      title: "ประกาศ",
      body: "ข้อความ",
      titleEn: "",
      bodyEn: "",
      level: "info" as const,
      startsAt: null,
      endsAt: null,
      ...fields,
    };
  }
});
