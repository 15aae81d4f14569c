import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { hydrated, memberWithShop, newContext, openAs, registerMember, setupE2E } from "./fixtures";

/*
 * Issue 36 in Chromium: subscribing to push from the profile page, the service worker showing a
 * push and knowing its page, and a setting changed by an admin reaching the browser on its next
 * fetch of the public settings (at most every 12 hours).
 *
 * Headless Chromium has no push service (no Firebase Cloud Messaging connection), so
 * pushManager.subscribe may answer "AbortError: Registration failed - push service error". The
 * test then checks the flow up to the browser's answer: the permission granted (Playwright's
 * grantPermissions, CDP Browser.grantPermissions), the site's one worker registered at "/", the
 * subscribe call made with the site's VAPID key and its refusal shown, nothing stored. A
 * delivery is played into the worker with CDP ServiceWorker.deliverPushMessage (what a push
 * service would hand it), and the encrypted delivery itself is tested against a local push
 * endpoint in tests/integration/push.test.ts (decision 0078).
 */

const e2e = setupE2E();

describe("Web Push", () => {
  it("subscribes from the profile page and the service worker shows a push that opens its page", async () => {
    const owner = await memberWithShop(e2e, { member: { emailPrefix: "push-e2e" } });
    const { context, page } = await openAs(e2e.browser, owner.member, { timeout: 20_000 });
    try {
      await context.grantPermissions(["notifications"]);
      await page.goto("/user/profile");
      await hydrated(
        page,
        "[data-testid=push-settings] button, [data-testid=push-settings] [data-push-state]",
      );
      const state = page.locator("[data-push-state]");
      await expect.poll(() => state.getAttribute("data-push-state")).toBe("off");
      expect(await page.evaluate(() => Notification.permission)).toBe("granted");
      await page.getByRole("button", { name: th["account.push.enable"] }).click();
      await expect
        .poll(() => state.getAttribute("data-push-state"), { timeout: 30_000 })
        .toMatch(/^(on|failed)$/);

      // The site's one service worker is registered at "/" either way.
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration("/");
        return { scope: registration?.scope, script: registration?.active?.scriptURL };
      });
      expect(worker.scope).toBe(new URL("/", page.url()).href);
      expect(worker.script).toBe(new URL("/sw.js", page.url()).href);

      const { rows } = await e2e.sql.query(
        "SELECT endpoint, p256dh, auth FROM push_subscription WHERE user_id = $1",
        [owner.member.id],
      );
      if ((await state.getAttribute("data-push-state")) === "on") {
        // A browser with a push service: its subscription is stored for this member.
        expect(rows).toHaveLength(1);
        expect(rows[0].endpoint).toMatch(/^https:\/\//);
        expect(await page.getByTestId("push-done").innerText()).toBe(
          th["account.push.done.subscribed"],
        );
      } else {
        // No push service here: the browser's own refusal, said in Thai; nothing stored.
        expect(await state.getAttribute("data-push-problem")).toMatch(
          /AbortError|NotAllowedError|push service/i,
        );
        expect(await page.getByText(th["account.push.failed"]).count()).toBe(1);
        expect(rows).toHaveLength(0);
      }

      // What a push service hands the worker: it shows the notification with its page.
      const cdp = await context.newCDPSession(page);
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
        registrations.push(...event.registrations);
      });
      await cdp.send("ServiceWorker.enable");
      await expect.poll(() => registrations.length).toBeGreaterThan(0);
      const url = new URL(page.url());
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: url.origin,
        registrationId: registrations[0]!.registrationId,
        data: JSON.stringify({
          title: `สินค้าใกล้หมด · ${owner.shop.name}`,
          body: "น้ำดื่ม เหลือ 4 ขวด",
          url: `/shophub/stock?shop=${owner.shop.id}&low=1`,
          tag: "low-1",
        }),
      });
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            const shown = await registration.getNotifications();
            return shown.map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              url: n.data?.url,
            }));
          }),
        )
        .toEqual([
          {
            title: `สินค้าใกล้หมด · ${owner.shop.name}`,
            body: "น้ำดื่ม เหลือ 4 ขวด",
            tag: "low-1",
            url: `/shophub/stock?shop=${owner.shop.id}&low=1`,
          },
        ]);
    } finally {
      await context.close();
    }
  });

  it("tells a browser without push support so", async () => {
    const member = await registerMember(e2e, { emailPrefix: "push-e2e-none" });
    const { context, page } = await openAs(e2e.browser, member);
    try {
      await context.addInitScript(() => {
        // A browser without the Push API.
        Reflect.deleteProperty(window, "PushManager");
      });
      await page.goto("/user/profile");
      await expect
        .poll(() => page.locator("[data-push-state]").getAttribute("data-push-state"))
        .toBe("unsupported");
      expect(await page.getByText(th["account.push.unsupported"]).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe("remote config", () => {
  it("refuses a wrong field in Thai beside it, keeps what was typed, saves, keeps the trail, and the browser sees it on its next fetch", async () => {
    const admin = await registerMember(e2e, { emailPrefix: "settings-e2e", role: "admin" });
    const visitor = await newContext(e2e.browser);
    const visitorPage = await visitor.newPage();
    const fetches: string[] = [];
    visitorPage.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/config") fetches.push(request.url());
    });
    const copy = () =>
      visitorPage.evaluate(() => JSON.parse(localStorage.getItem("remote-config") ?? "null"));
    await visitorPage.goto("/article");
    // The first page fetches the public settings once it is idle, and keeps them.
    await expect.poll(copy, { timeout: 20_000 }).not.toBeNull();
    expect((await copy()).config.maintenance).toBeNull();
    expect(fetches).toHaveLength(1);

    const { context, page } = await openAs(e2e.browser, admin, { timeout: 20_000 });
    try {
      await page.goto("/admin/settings");
      await hydrated(page, "[data-testid=settings-form]");
      const line = "ปิดปรับปรุงระบบคืนนี้ 23:00–24:00 น.";
      await page.locator("#settings-maintenanceTh").fill(line);
      await page.locator("#settings-contactEmail").fill("sales@");
      await page.getByRole("button", { name: th["admin.settings.save"] }).click();
      const error = page.locator("[data-error-for=contactEmail]");
      await error.waitFor();
      expect(await error.innerText()).toBe(th["admin.settings.error.email"]);
      expect(await page.locator("#settings-maintenanceTh").inputValue()).toBe(line);
      expect(await page.locator("#settings-contactEmail").inputValue()).toBe("sales@");
      await page.locator("#settings-contactEmail").fill("sales@dptech.co.th");
      await page.getByRole("button", { name: th["admin.settings.save"] }).click();
      await page.getByTestId("admin-done").waitFor();
      const history = page.getByTestId("settings-history");
      expect(await history.innerText()).toContain(line);
      expect(await history.innerText()).toContain(admin.name);

      // The server uses it at once: every page shows the line.
      await visitorPage.reload();
      await visitorPage.getByTestId("maintenance-line").waitFor();
      expect(await visitorPage.getByTestId("maintenance-line").innerText()).toBe(line);
      // The browser's copy is under 12 hours old: no fetch, the copy stands.
      await visitorPage.waitForTimeout(4_000);
      expect(fetches).toHaveLength(1);
      expect((await copy()).config.maintenance).toBeNull();

      // Twelve hours later the next fetch brings the new values.
      await visitorPage.evaluate(() => {
        const kept = JSON.parse(localStorage.getItem("remote-config")!);
        kept.fetchedAt -= 13 * 60 * 60 * 1000;
        localStorage.setItem("remote-config", JSON.stringify(kept));
      });
      await visitorPage.reload();
      await expect.poll(() => fetches.length, { timeout: 20_000 }).toBe(2);
      await expect.poll(async () => (await copy()).config.maintenance?.th).toBe(line);
      expect((await copy()).config.contactEmail).toBe("sales@dptech.co.th");

      // A fetch that fails leaves the last values in place.
      await visitorPage.evaluate(() => {
        const kept = JSON.parse(localStorage.getItem("remote-config")!);
        kept.fetchedAt -= 13 * 60 * 60 * 1000;
        localStorage.setItem("remote-config", JSON.stringify(kept));
      });
      await visitorPage.route("**/api/config", (route) => route.abort());
      await visitorPage.reload();
      await expect.poll(() => fetches.length, { timeout: 20_000 }).toBe(3);
      await visitorPage.waitForTimeout(500);
      expect((await copy()).config.maintenance?.th).toBe(line);

      // Back to no line.
      await page.locator("#settings-maintenanceTh").fill("");
      await page.locator("#settings-contactEmail").fill("");
      await page.getByRole("button", { name: th["admin.settings.save"] }).click();
      await page.getByTestId("admin-done").waitFor();
    } finally {
      await context.close();
      await visitor.close();
    }
  });
});
