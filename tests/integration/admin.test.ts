import { eq } from "drizzle-orm";
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appContext, sessionUserContext, type AppContext, type SessionUser } from "~/context";
import { containsPattern } from "~/db/escape-like";
import { contactMessage, emailOutbox, session, siteNotice, user } from "~/db/schema";
import { disableUser, listUsers } from "~/modules/accounts/index.server";
import { sessionMiddleware } from "~/routes/_gates/session.server";
import * as signInRoute from "~/routes/accounts/sign-in";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as layoutRoute from "~/routes/admin/layout";
import * as messagesRoute from "~/routes/admin/messages";
import * as noticeRoute from "~/routes/admin/notice";
import * as outboxRoute from "~/routes/admin/outbox";
import * as usersRoute from "~/routes/admin/users";
import {
  createUser,
  insertContactMessages,
  insertNotice,
  insertOutboxMail,
  insertSession,
  type UserFields,
} from "../setup/factories";
import { IDLE_STOCK_EVENTS } from "../setup/idle-stock-events";
import { runRoute } from "../setup/route-call";
import { createTestAuth } from "../setup/test-auth";
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

type Auth = ReturnType<typeof createTestAuth>["auth"];
type DataFunction = (args: never) => unknown;

let test: TestDatabase;
let auth: Auth;

const ADMIN: SessionUser = {
  id: "admin-1",
  name: "ผู้ดูแล ทดสอบ",
  email: "admin@example.com",
  emailVerified: true,
  image: null,
  phone: null,
  role: "admin",
};
const MEMBER: SessionUser = {
  ...ADMIN,
  id: "member-1",
  email: "member@example.com",
  role: "member",
};

function contextFor(sessionUser: SessionUser | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db: test.db,
    logger: pino({ level: "silent" }),
    nonce: "test",
    clientAddress: "127.0.0.1",
    publicOrigin: "http://localhost",
    version: "test",
    auth,
    storage: NO_STORAGE,
    stockEvents: IDLE_STOCK_EVENTS,
  });
  context.set(sessionUserContext, sessionUser);
  return context;
}

/** Calls a route's loader or action through the route tree (tests/setup/route-call.ts). */
async function call(
  fn: DataFunction,
  path: string,
  sessionUser: SessionUser | null,
  form?: Record<string, string>,
): Promise<unknown> {
  const url = new URL(path, "http://localhost");
  const request = form
    ? new Request(url, { method: "POST", body: new URLSearchParams(form) })
    : new Request(url);
  // Through the route tree, behind the gates of its parents, as the app runs it.
  return runRoute(fn, request, contextFor(sessionUser));
}

/** What a loader or action threw (redirect, 403) or returned, as status and body. */
async function outcome(
  promise: Promise<unknown>,
): Promise<{ thrown: boolean; status: number; location?: string | null; data?: unknown }> {
  let thrown = false;
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    thrown = true;
    value = error;
  }
  if (value instanceof Response) {
    return { thrown, status: value.status, location: value.headers.get("Location") };
  }
  if (
    value &&
    typeof value === "object" &&
    "type" in value &&
    value.type === "DataWithResponseInit"
  ) {
    const wrapped = value as unknown as { data: unknown; init: ResponseInit | null };
    return { thrown, status: wrapped.init?.status ?? 200, data: wrapped.data };
  }
  if (thrown) throw value;
  return { thrown, status: 200, data: value };
}

// Accounts as the admin pages list them: unverified unless a test says otherwise.
const addUser = async (fields: UserFields = {}) =>
  (await createUser(test.db, { emailVerified: false, ...fields })).id;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ auth } = createTestAuth(test.db));
});
afterAll(() => test.drop());
beforeEach(async () => {
  await test.db.delete(siteNotice);
  await test.db.delete(user);
  await test.db.delete(emailOutbox);
  await test.db.delete(contactMessage);
  await addUser({ id: ADMIN.id, name: ADMIN.name, email: ADMIN.email, role: "admin" });
  await addUser({ id: MEMBER.id, name: "สมาชิก ทั่วไป", email: MEMBER.email });
});

// Every admin loader and action, with a request that would succeed for an admin.
const GUARDED: { name: string; fn: DataFunction; path: string; form?: Record<string, string> }[] = [
  { name: "layout loader", fn: layoutRoute.loader, path: "/admin" },
  { name: "dashboard loader", fn: dashboardRoute.loader, path: "/admin" },
  { name: "users loader", fn: usersRoute.loader, path: "/admin/users?q=a" },
  {
    name: "users action",
    fn: usersRoute.action,
    path: "/admin/users",
    form: { intent: "disable", userId: MEMBER.id, confirmed: "1" },
  },
  { name: "outbox loader", fn: outboxRoute.loader, path: "/admin/outbox?status=failed" },
  { name: "messages loader", fn: messagesRoute.loader, path: "/admin/messages" },
  {
    name: "messages action",
    fn: messagesRoute.action,
    path: "/admin/messages",
    form: { intent: "markRead", id: "1" },
  },
  { name: "notice loader", fn: noticeRoute.loader, path: "/admin/notice" },
  {
    name: "notice action",
    fn: noticeRoute.action,
    path: "/admin/notice",
    form: { intent: "save", title: "ปิดปรับปรุงระบบ", body: "คืนนี้", level: "info" },
  },
];

describe("admin guards", () => {
  it.each(GUARDED)("$name sends a visitor to sign in, coming back afterwards", async (c) => {
    const result = await outcome(call(c.fn, c.path, null, c.form) as Promise<unknown>);
    expect(result.thrown).toBe(true);
    expect(result.status).toBe(302);
    const target = new URL(result.location ?? "", "http://localhost");
    expect(target.pathname).toBe("/user/signIn");
    expect(target.searchParams.get("redirectTo")).toBe(c.path);
  });

  it.each(GUARDED)("$name answers 403 to a member and changes nothing", async (c) => {
    const result = await outcome(call(c.fn, c.path, MEMBER, c.form) as Promise<unknown>);
    expect(result).toMatchObject({ thrown: true, status: 403 });
    const [member] = await test.db.select().from(user).where(eq(user.id, MEMBER.id));
    expect(member?.banned).toBe(false);
    expect(await test.db.$count(siteNotice)).toBe(0);
  });

  it.each(GUARDED)("$name works for an admin", async (c) => {
    if (c.fn === messagesRoute.action) {
      await insertContactMessages(test.db, [{ id: 1 }]);
    }
    const result = await outcome(call(c.fn, c.path, ADMIN, c.form) as Promise<unknown>);
    expect(result.thrown).toBe(false);
    expect(result.status === 200 || result.status === 302).toBe(true);
  });
});

describe("admin dashboard", () => {
  it("counts members, admins, disabled accounts, mail, messages and notices", async () => {
    await addUser({ banned: true });
    await insertOutboxMail(test.db, [
      { toAddress: "a@example.com", subject: "ก" },
      { toAddress: "b@example.com", subject: "ข", status: "failed" },
    ]);
    await insertNotice(test.db, { title: "ประกาศ", body: "ข้อความ" });
    const result = await outcome(call(dashboardRoute.loader, "/admin", ADMIN) as Promise<unknown>);
    expect(result.data).toEqual({
      overview: {
        users: 3,
        admins: 1,
        disabled: 1,
        outboxPending: 1,
        outboxFailed: 1,
        unreadMessages: 0,
        activeNotices: 1,
      },
    });
  });
});

describe("admin users list", () => {
  type UsersData = Awaited<ReturnType<typeof usersRoute.loader>>;
  const load = async (path: string) =>
    (await outcome(call(usersRoute.loader, path, ADMIN) as Promise<unknown>)).data as UsersData;

  it("escapes LIKE wildcards so they match themselves", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("searches names and e-mails without regard to case", async () => {
    await addUser({ name: "Somchai Jaidee", email: "sj@example.com" });
    await addUser({ name: "สมหญิง", email: "SOMYING@Example.com" });
    await addUser({ name: "Other", email: "other@example.com" });
    expect((await load("/admin/users?q=SOMCHAI")).users.rows.map((r) => r.name)).toEqual([
      "Somchai Jaidee",
    ]);
    expect((await load("/admin/users?q=somying@")).users.rows.map((r) => r.name)).toEqual([
      "สมหญิง",
    ]);
    expect((await load("/admin/users?q=สมหญ")).users.total).toBe(1);
  });

  it("takes % and _ in a search literally", async () => {
    await addUser({ name: "ลด 50% ทั้งร้าน", email: "sale@example.com" });
    await addUser({ name: "a_b", email: "ab@example.com" });
    expect((await load("/admin/users?q=%25")).users.rows.map((r) => r.name)).toEqual([
      "ลด 50% ทั้งร้าน",
    ]);
    expect((await load("/admin/users?q=_")).users.rows.map((r) => r.name)).toEqual(["a_b"]);
  });

  it("pages 20 accounts at a time, newest first", async () => {
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 43; i++) {
      await addUser({
        name: `paged-${String(i).padStart(2, "0")}`,
        createdAt: new Date(base + i * 60_000),
      });
    }
    const first = await load("/admin/users?q=paged");
    expect(first.users).toMatchObject({ total: 43, page: 1, pageCount: 3, pageSize: 20 });
    expect(first.users.rows).toHaveLength(20);
    expect(first.users.rows[0]?.name).toBe("paged-42");
    expect(first.users.rows[19]?.name).toBe("paged-23");
    const last = await load("/admin/users?q=paged&page=3");
    expect(last.users.rows.map((r) => r.name)).toEqual(["paged-02", "paged-01", "paged-00"]);
    expect((await load("/admin/users?q=paged&page=abc")).users.page).toBe(1);
    const direct = await listUsers(test.db, { search: "paged", page: 2 });
    expect(direct.rows[0]?.name).toBe("paged-22");
  });
});

describe("admin user actions", () => {
  type ActionData = { error?: string; confirm?: { intent: string; user: { id: string } } };
  const act = (form: Record<string, string>, sessionUser: SessionUser = ADMIN) =>
    outcome(
      call(usersRoute.action, "/admin/users?q=x&page=2", sessionUser, form) as Promise<unknown>,
    );
  const row = async (id: string) => (await test.db.select().from(user).where(eq(user.id, id)))[0];

  it("asks for confirmation first and changes nothing until confirmed", async () => {
    await insertSession(test.db, MEMBER.id);
    const asked = await act({ intent: "disable", userId: MEMBER.id });
    expect(asked.status).toBe(200);
    expect((asked.data as ActionData).confirm).toMatchObject({
      intent: "disable",
      user: { id: MEMBER.id, email: MEMBER.email },
    });
    expect((await row(MEMBER.id))?.banned).toBe(false);
    expect(await test.db.$count(session, eq(session.userId, MEMBER.id))).toBe(1);
  });

  it("disables an account: banned, every session deleted, back to the same list", async () => {
    await insertSession(test.db, MEMBER.id);
    await insertSession(test.db, MEMBER.id);
    await insertSession(test.db, ADMIN.id);
    const done = await act({ intent: "disable", userId: MEMBER.id, confirmed: "1" });
    expect(done.status).toBe(302);
    const back = new URL(done.location ?? "", "http://localhost");
    expect(back.pathname).toBe("/admin/users");
    expect(Object.fromEntries(back.searchParams)).toEqual({ q: "x", page: "2", done: "disable" });
    expect((await row(MEMBER.id))?.banned).toBe(true);
    expect(await test.db.$count(session, eq(session.userId, MEMBER.id))).toBe(0);
    expect(await test.db.$count(session, eq(session.userId, ADMIN.id))).toBe(1);
  });

  it("signs a disabled member out on their next request", async () => {
    const { headers } = await auth.api.signUpEmail({
      body: { email: "signed-in@example.com", password: "secret-pass", name: "ออนไลน์" },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const before = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(before?.user.email).toBe("signed-in@example.com");
    expect(await disableUser(test.db, before!.user.id)).toBe(true);
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("tells a disabled member why they were signed out, once, on the sign-in page", async () => {
    const { headers } = await auth.api.signUpEmail({
      body: { email: "told@example.com", password: "secret-pass", name: "แจ้งเหตุผล" },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const signedIn = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(await disableUser(test.db, signedIn!.user.id)).toBe(true);

    /** The next page this browser asks for, through the session middleware. */
    const nextPage = async () => {
      const request = new Request("http://localhost/storehub", { headers: { cookie } });
      try {
        await sessionMiddleware(
          { request, context: contextFor(null), params: {}, pattern: "/storehub" } as never,
          async () => new Response("page"),
        );
        return "page";
      } catch (thrown) {
        return thrown instanceof Response ? thrown.headers.get("location") : thrown;
      }
    };
    expect(await nextPage()).toBe("/user/signIn?disabled=1");
    // Once: afterwards the browser is simply signed out.
    expect(await nextPage()).toBe("page");

    const page = (await call(
      signInRoute.loader as DataFunction,
      "/user/signIn?disabled=1",
      null,
    )) as {
      accountDisabled: boolean;
    };
    expect(page.accountDisabled).toBe(true);
  });

  it("enables a disabled account again", async () => {
    await test.db.update(user).set({ banned: true }).where(eq(user.id, MEMBER.id));
    const done = await act({ intent: "enable", userId: MEMBER.id, confirmed: "1" });
    expect(done.status).toBe(302);
    expect((await row(MEMBER.id))?.banned).toBe(false);
  });

  it("grants and revokes the admin role of another account", async () => {
    expect((await act({ intent: "grantAdmin", userId: MEMBER.id, confirmed: "1" })).status).toBe(
      302,
    );
    expect((await row(MEMBER.id))?.role).toBe("admin");
    expect((await act({ intent: "revokeAdmin", userId: MEMBER.id, confirmed: "1" })).status).toBe(
      302,
    );
    expect((await row(MEMBER.id))?.role).toBe("member");
  });

  it("refuses to let an admin disable themselves", async () => {
    await insertSession(test.db, ADMIN.id);
    const refused = await act({ intent: "disable", userId: ADMIN.id, confirmed: "1" });
    expect(refused.status).toBe(400);
    expect((refused.data as ActionData).error).toBe("admin.users.error.disableSelf");
    expect((await row(ADMIN.id))?.banned).toBe(false);
    expect(await test.db.$count(session, eq(session.userId, ADMIN.id))).toBe(1);
  });

  it("refuses to let an admin revoke their own admin role", async () => {
    const refused = await act({ intent: "revokeAdmin", userId: ADMIN.id, confirmed: "1" });
    expect(refused.status).toBe(400);
    expect((refused.data as ActionData).error).toBe("admin.users.error.revokeSelf");
    expect((await row(ADMIN.id))?.role).toBe("admin");
  });

  it("answers 404 for an unknown account and 400 for an unknown action", async () => {
    const missing = await act({ intent: "disable", userId: "nobody", confirmed: "1" });
    expect(missing.status).toBe(404);
    expect((missing.data as ActionData).error).toBe("admin.users.error.notFound");
    const bad = await act({ intent: "delete", userId: MEMBER.id, confirmed: "1" });
    expect(bad.status).toBe(400);
    expect((await row(MEMBER.id))?.banned).toBe(false);
  });
});

describe("admin outbox", () => {
  type OutboxData = Awaited<ReturnType<typeof outboxRoute.loader>>;
  const load = async (path: string) =>
    (await outcome(call(outboxRoute.loader, path, ADMIN) as Promise<unknown>)).data as OutboxData;

  it("lists e-mails newest first, 20 per page, filtered by status", async () => {
    const base = Date.UTC(2026, 0, 1);
    await insertOutboxMail(
      test.db,
      Array.from({ length: 25 }, (_, i) => ({
        toAddress: `to${i}@example.com`,
        subject: `อีเมล ${i}`,
        status: i % 5 === 0 ? ("failed" as const) : ("sent" as const),
        createdAt: new Date(base + i * 1000),
      })),
    );
    const all = await load("/admin/outbox");
    expect(all.emails).toMatchObject({ total: 25, pageCount: 2 });
    expect(all.emails.rows).toHaveLength(20);
    expect(all.emails.rows[0]?.subject).toBe("อีเมล 24");
    expect(all.counts).toEqual({ pending: 0, sending: 0, sent: 20, failed: 5 });
    expect((await load("/admin/outbox?page=2")).emails.rows.at(-1)?.subject).toBe("อีเมล 0");
    const failed = await load("/admin/outbox?status=failed");
    expect(failed.status).toBe("failed");
    expect(failed.emails.rows.map((r) => r.subject)).toEqual([
      "อีเมล 20",
      "อีเมล 15",
      "อีเมล 10",
      "อีเมล 5",
      "อีเมล 0",
    ]);
    expect((await load("/admin/outbox?status=bogus")).status).toBeNull();
  });
});

describe("admin contact messages", () => {
  type MessagesData = Awaited<ReturnType<typeof messagesRoute.loader>>;
  const load = async (path: string) =>
    (await outcome(call(messagesRoute.loader, path, ADMIN) as Promise<unknown>))
      .data as MessagesData;

  it("lists messages newest first, paginated, and marks one as read", async () => {
    const base = Date.UTC(2026, 0, 1);
    await insertContactMessages(
      test.db,
      Array.from({ length: 22 }, (_, i) => ({
        name: `ลูกค้า ${i}`,
        topic: "product",
        message: "สอบถามราคา",
        createdAt: new Date(base + i * 1000),
      })),
    );
    const first = await load("/admin/messages");
    expect(first.messages).toMatchObject({ total: 22, pageCount: 2 });
    expect(first.messages.rows[0]?.name).toBe("ลูกค้า 21");
    expect((await load("/admin/messages?page=2")).messages.rows.map((r) => r.name)).toEqual([
      "ลูกค้า 1",
      "ลูกค้า 0",
    ]);

    const target = first.messages.rows[0]!;
    const done = await outcome(
      call(messagesRoute.action, "/admin/messages?page=1", ADMIN, {
        intent: "markRead",
        id: String(target.id),
      }) as Promise<unknown>,
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/messages?page=1&done=read#message-${target.id}`);
    const unread = await load("/admin/messages?status=new");
    expect(unread.messages.total).toBe(21);
    expect((await load("/admin/messages?status=read")).messages.rows.map((r) => r.id)).toEqual([
      target.id,
    ]);

    const missing = await outcome(
      call(messagesRoute.action, "/admin/messages", ADMIN, {
        intent: "markRead",
        id: "999999",
      }) as Promise<unknown>,
    );
    expect(missing.status).toBe(404);
  });
});

describe("admin notices page", () => {
  type NoticeData = Awaited<ReturnType<typeof noticeRoute.loader>>;
  type NoticeActionData = {
    values?: Record<string, string>;
    errors?: Record<string, string>;
    confirmDelete?: { id: number; title: string };
  };
  const save = (form: Record<string, string>, path = "/admin/notice") =>
    outcome(call(noticeRoute.action, path, ADMIN, { intent: "save", ...form }) as Promise<unknown>);
  const load = async (path: string) =>
    (await outcome(call(noticeRoute.loader, path, ADMIN) as Promise<unknown>)).data as NoticeData;

  it("reports invalid fields with message keys and keeps what was typed", async () => {
    const typed = {
      title: "   ",
      body: "ข".repeat(2001),
      level: "loud",
      startsAt: "2026-02-01T10:00",
      endsAt: "2026-02-01T09:00",
    };
    const result = await save(typed);
    expect(result.status).toBe(400);
    const body = result.data as NoticeActionData;
    // A form without the English fields (an older page) reads them as empty.
    expect(body.values).toEqual({ ...typed, titleEn: "", bodyEn: "" });
    expect(body.errors).toEqual({
      title: "notice.error.titleRequired",
      body: "notice.error.bodyTooLong",
      level: "notice.error.levelInvalid",
      endsAt: "notice.error.endBeforeStart",
    });
    expect(await test.db.$count(siteNotice)).toBe(0);
  });

  it("publishes a notice scheduled in Bangkok time, then edits it", async () => {
    const year = new Date().getUTCFullYear() + 1;
    const created = await save({
      title: "  หยุดสงกรานต์  ",
      body: "บริษัทหยุดทำการ 13–15 เมษายน",
      titleEn: "Songkran holiday",
      bodyEn: "We are closed 13-15 April.",
      level: "warning",
      startsAt: `${year}-04-10T09:00`,
      endsAt: `${year}-04-16T00:00`,
    });
    expect(created).toMatchObject({ status: 302, location: "/admin/notice?done=created" });
    const [row] = await test.db.select().from(siteNotice);
    expect(row).toMatchObject({
      title: "หยุดสงกรานต์",
      titleEn: "Songkran holiday",
      bodyEn: "We are closed 13-15 April.",
      level: "warning",
      createdBy: ADMIN.id,
      startsAt: new Date(`${year}-04-10T02:00:00Z`),
      endsAt: new Date(`${year}-04-15T17:00:00Z`),
    });

    const editing = await load(`/admin/notice?id=${row!.id}`);
    expect(editing.editing?.values).toEqual({
      title: "หยุดสงกรานต์",
      body: "บริษัทหยุดทำการ 13–15 เมษายน",
      titleEn: "Songkran holiday",
      bodyEn: "We are closed 13-15 April.",
      level: "warning",
      startsAt: `${year}-04-10T09:00`,
      endsAt: `${year}-04-16T00:00`,
    });
    expect(editing.notices.map((n) => n.state)).toEqual(["scheduled"]);

    const updated = await save(
      {
        id: String(row!.id),
        title: "หยุดสงกรานต์",
        body: "แก้ไขแล้ว",
        level: "danger",
        startsAt: "",
        endsAt: "",
      },
      `/admin/notice?id=${row!.id}`,
    );
    expect(updated).toMatchObject({ status: 302, location: "/admin/notice?done=updated" });
    const [after] = await test.db.select().from(siteNotice);
    expect(after).toMatchObject({ body: "แก้ไขแล้ว", level: "danger", startsAt: null, endsAt: null });
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.updatedAt.getTime());
    expect((await load("/admin/notice")).notices.map((n) => n.state)).toEqual(["active"]);
  });

  it("answers 404 for a notice that does not exist", async () => {
    const missing = await outcome(
      call(noticeRoute.loader, "/admin/notice?id=999", ADMIN) as Promise<unknown>,
    );
    expect(missing).toMatchObject({ thrown: true, status: 404 });
    const update = await save({ id: "999", title: "ก", body: "ข", level: "info" });
    expect(update.status).toBe(404);
  });

  it("deletes a notice only after confirmation", async () => {
    const row = await insertNotice(test.db, { title: "ลบฉัน", body: "ข้อความ" });
    const asked = await outcome(
      call(noticeRoute.action, "/admin/notice", ADMIN, {
        intent: "delete",
        id: String(row!.id),
      }) as Promise<unknown>,
    );
    expect(asked.status).toBe(200);
    expect((asked.data as NoticeActionData).confirmDelete).toEqual({ id: row!.id, title: "ลบฉัน" });
    expect(await test.db.$count(siteNotice)).toBe(1);
    const done = await outcome(
      call(noticeRoute.action, "/admin/notice", ADMIN, {
        intent: "delete",
        id: String(row!.id),
        confirmed: "1",
      }) as Promise<unknown>,
    );
    expect(done).toMatchObject({ status: 302, location: "/admin/notice?done=deleted" });
    expect(await test.db.$count(siteNotice)).toBe(0);
  });
});
