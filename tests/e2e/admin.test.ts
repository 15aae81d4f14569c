import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import {
  baseURL,
  hydrated,
  newContext,
  registerMember as register,
  setupE2E,
  signInWithForm,
} from "./fixtures";

const e2e = setupE2E();
let counter = 0;

/** Registers through the real form handler (without a browser, to keep the test quick). */
function registerMember(role: "member" | "admin" = "member") {
  counter += 1;
  return register(e2e, { emailPrefix: "admin-e2e", name: `ทดสอบ ${role} ${counter}`, role });
}

describe("the admin area", () => {
  it("sends visitors to sign in and answers members with 403", async () => {
    const visitor = await newContext(e2e.browser);
    const page = await visitor.newPage();
    for (const path of ["/admin", "/admin/users", "/admin/notice"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe("/user/signIn");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(path);
    }
    await visitor.close();

    const member = await registerMember();
    const context = await newContext(e2e.browser);
    const memberPage = await context.newPage();
    await signInWithForm(memberPage, member);
    for (const path of [
      "/admin",
      "/admin/users",
      "/admin/outbox",
      "/admin/messages",
      "/admin/notice",
    ]) {
      const response = await memberPage.goto(path);
      expect(response?.status(), path).toBe(403);
      expect(await memberPage.locator("h1").innerText()).toBe(th["error.forbidden"]);
    }
    // The actions are guarded too, not only the pages.
    const post = await memberPage.request.post("/admin/notice", {
      form: { intent: "create", title: "ไม่ควรถูกบันทึก", body: "x", level: "info" },
      headers: { origin: baseURL() },
    });
    expect(post.status()).toBe(403);
    const { rows } = await e2e.sql.query(
      "SELECT count(*)::int AS n FROM site_notice WHERE title = 'ไม่ควรถูกบันทึก'",
    );
    expect(rows[0].n).toBe(0);
    await context.close();
  });

  it("publishes a notice that visitors see, also on a page that is already open, and can dismiss", async () => {
    const admin = await registerMember("admin");
    const visitor = await newContext(e2e.browser);
    const visitorPage = await visitor.newPage();
    await visitorPage.clock.install();
    await visitorPage.goto("/article");
    const title = `ปิดปรับปรุงระบบ ${counter}`;
    expect(await visitorPage.getByText(title).count()).toBe(0);

    const adminContext = await newContext(e2e.browser);
    const adminPage = await adminContext.newPage();
    await signInWithForm(adminPage, admin);
    await adminPage.goto("/admin/notice");
    await adminPage.locator("#notice-title").fill(title);
    await adminPage.locator("#notice-body").fill("ระบบจะปิดปรับปรุงวันเสาร์ เวลา 22:00–23:00 น.");
    await adminPage.locator("#notice-level").selectOption("warning");
    await adminPage.getByTestId("notice-save").click();
    await adminPage.getByTestId("notice-row").filter({ hasText: title }).waitFor();

    // The open page refreshes its notices within a minute, without reloading.
    await visitorPage.clock.runFor(61_000);
    const bar = visitorPage.getByTestId("notice-bar");
    await bar.getByText(title).waitFor({ timeout: 10_000 });

    // A new visitor sees it straight away, and a dismissed notice stays dismissed.
    const fresh = await visitor.newPage();
    await fresh.goto("/");
    const notice = fresh.getByTestId("notice").filter({ hasText: title });
    await notice.waitFor();
    // The page becomes interactive once its scripts have run.
    await hydrated(fresh, "header a");
    await notice.locator(".btn-close").click();
    await expect.poll(() => notice.count()).toBe(0);
    await fresh.reload();
    await fresh.locator("header").waitFor();
    // Still in the server's HTML, but hidden before it is painted.
    expect(await fresh.getByTestId("notice").filter({ hasText: title }).isVisible()).toBe(false);

    await adminContext.close();
    await visitor.close();
  });

  it("disables a member, who is signed out on the next request", async () => {
    const admin = await registerMember("admin");
    const member = await registerMember();
    const memberContext = await newContext(e2e.browser);
    const memberPage = await memberContext.newPage();
    await signInWithForm(memberPage, member);

    const adminContext = await newContext(e2e.browser);
    const adminPage = await adminContext.newPage();
    await signInWithForm(adminPage, admin);
    await adminPage.goto(`/admin/users?q=${encodeURIComponent(member.email)}`);
    const row = adminPage.getByTestId("user-row").filter({ hasText: member.email });
    await row.getByTestId("user-action-disable").click();
    await adminPage.getByTestId("admin-confirm-submit").click();
    await adminPage.getByTestId("admin-done").waitFor();

    await memberPage.reload();
    expect(await memberPage.getByTestId("signed-in-as").count()).toBe(0);
    await expect
      .poll(() =>
        memberPage.locator("header").getByRole("link", { name: th["nav.signIn"] }).count(),
      )
      .toBe(1);
    const { rows } = await e2e.sql.query("SELECT banned FROM app_user WHERE email = $1", [
      member.email,
    ]);
    expect(rows[0].banned).toBe(true);
    await adminContext.close();
    await memberContext.close();
  });
});
