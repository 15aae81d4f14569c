import type { BrowserContext, Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { ACCOUNT_RATE_LIMITS } from "~/modules/accounts/index.server";
import {
  baseURL,
  linkIn,
  mailsTo as mailsInOutbox,
  newContext,
  PASSWORD,
  registerMember,
  SESSION_COOKIE,
  setupE2E,
  waitForMail as waitForMailTo,
  withPage,
  hydrated,
} from "./fixtures";

const e2e = setupE2E();
let counter = 0;

/** An address no other test (or earlier run) uses. */
const uniqueEmail = () => `e2e-${Date.now()}-${++counter}@example.com`;
const uniqueName = (label: string) => `สมหญิง ${label} ${counter}`;

// ---------------------------------------------------------------------------------------------
// Page helpers

/** Opens `path` and, with JavaScript, waits until React has hydrated the account form. */
async function open(page: Page, path: string, { javaScript = true } = {}): Promise<Response> {
  // Pictures and fonts need not finish loading before the form can be used.
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  if (!response) throw new Error(`no response for ${path}`);
  if (javaScript) {
    await hydrated(page, "form.account-form");
  }
  return response;
}

const signedInAs = (page: Page) => page.getByTestId("signed-in-as");
const headerSignInLink = (page: Page) =>
  page.locator("header").getByRole("link", { name: th["nav.signIn"], exact: true });
const signOutButton = (page: Page) =>
  page.locator("header").getByRole("button", { name: th["account.signOut"], exact: true });
const submitButton = (page: Page) => page.locator("form.account-form button[type=submit]");
const errorFor = (page: Page, field: string) => page.locator(`[data-error-for="${field}"]`);
const formError = (page: Page) => page.getByTestId("form-error");

async function expectSignedInAs(page: Page, name: string): Promise<void> {
  await signedInAs(page).waitFor();
  // The member menu's button shows the name and says "signed in as" to screen readers.
  expect((await signedInAs(page).innerText()).trim()).toBe(name);
  expect(await signedInAs(page).getAttribute("aria-label")).toBe(
    th["account.signedInAs"].replace("{name}", name),
  );
}

async function expectSignedOut(page: Page): Promise<void> {
  await headerSignInLink(page).waitFor();
  expect(await signedInAs(page).count()).toBe(0);
}

/** Clicks submit and returns the response of the POST (a document without JS, `.data` with JS). */
async function submit(page: Page, button = submitButton(page)): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    button.click(),
  ]);
  return response;
}

interface Member {
  email: string;
  password: string;
  name: string;
  phone?: string;
}

const newMember = (label: string): Member => {
  const email = uniqueEmail();
  return { email, password: PASSWORD, name: uniqueName(label) };
};

async function fillRegistration(
  page: Page,
  fields: Partial<Member> & { confirmPassword?: string; acceptTerms?: boolean },
): Promise<void> {
  if (fields.email !== undefined) await page.locator("#field-email").fill(fields.email);
  if (fields.password !== undefined) await page.locator("#field-password").fill(fields.password);
  const confirm = fields.confirmPassword ?? fields.password;
  if (confirm !== undefined) await page.locator("#field-confirmPassword").fill(confirm);
  if (fields.name !== undefined) await page.locator("#field-name").fill(fields.name);
  if (fields.phone !== undefined) await page.locator("#field-phone").fill(fields.phone);
  if (fields.acceptTerms !== undefined)
    await page.locator("#field-acceptTerms").setChecked(fields.acceptTerms);
}

/** Registers through /register (which signs the new member in) and waits for the header. */
async function register(page: Page, member: Member): Promise<void> {
  await open(page, "/register");
  await fillRegistration(page, { ...member, acceptTerms: true });
  await submitButton(page).click();
  await expectSignedInAs(page, member.name);
}

/**
 * Registers a member by posting the register form the way a browser without JavaScript would
 * (no page to render: a prerequisite of the test, not what it checks).
 */
async function registerDirectly(member: Member): Promise<void> {
  await registerMember(e2e, member);
}

/** The password form as a browser without JavaScript posts it; returns the status. */
async function postSignIn(email: string, password: string): Promise<number> {
  const response = await fetch(`${baseURL()}/user/signIn`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ redirectTo: "/", intent: "password", email, password }).toString(),
  });
  await response.body?.cancel();
  return response.status;
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator("#field-email").fill(email);
  await page.locator("#field-password").fill(password);
}

/** Signs in on /user/signIn (with JavaScript) and waits until the header names the member. */
async function signIn(page: Page, member: Member, query = ""): Promise<void> {
  await open(page, `/user/signIn${query}`);
  await fillSignIn(page, member.email, member.password);
  await submitButton(page).click();
  await expectSignedInAs(page, member.name);
}

async function signOut(page: Page): Promise<void> {
  // Sign-out is in the member menu.
  await signedInAs(page).click();
  await signOutButton(page).click();
  await expectSignedOut(page);
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

// ---------------------------------------------------------------------------------------------
// Database helpers

const mailsTo = (email: string) => mailsInOutbox(e2e, email);
const waitForMail = (email: string, subject: string) => waitForMailTo(e2e, email, subject);

async function userRow(email: string) {
  const { rows } = await e2e.sql.query<{
    id: string;
    phone: string | null;
    email_verified: boolean;
    banned: boolean;
  }>("SELECT id, phone, email_verified, banned FROM app_user WHERE email = $1", [email]);
  return rows[0];
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

// ---------------------------------------------------------------------------------------------

describe("registration", () => {
  it("registers, verifies the e-mail, signs out and signs in again", async () => {
    const member = { ...newMember("สมัครใหม่"), phone: "081-234-5678" };
    await withPage(e2e.browser, async (page) => {
      await open(page, "/register");
      await fillRegistration(page, { ...member, acceptTerms: true });
      await submitButton(page).click();

      // Signed in straight away, and told where the confirmation link went (the success view
      // renders together with the header, so no waiting beyond the header).
      await expectSignedInAs(page, member.name);
      const registered = page.getByTestId("registered");
      expect
        .soft(await registered.count(), `no [data-testid=registered] on ${pathOf(page)}`)
        .toBe(1);
      if (await registered.count()) {
        expect((await registered.innerText()).trim()).toBe(
          th["account.register.done"].replace("{email}", member.email),
        );
      }

      expect(await userRow(member.email)).toMatchObject({
        phone: "+66812345678",
        email_verified: false,
        banned: false,
      });

      const mail = await waitForMail(member.email, "Confirm your e-mail address");
      expect(await mailsTo(member.email)).toHaveLength(1);
      expect(mail.subject).toMatch(/^[\u0E00-\u0E7F]/); // Thai first
      expect(mail.subject).toContain("ยืนยันอีเมล");
      expect(mail.text_body).toContain("— English —");
      expect(mail.html_body).toContain("Confirm your e-mail address");
      const link = linkIn(mail.text_body, "ยืนยันอีเมล");
      expect(link.startsWith(`${baseURL()}/api/auth/`)).toBe(true);

      await page.goto(link);
      await page.waitForURL((url) => url.pathname === "/user/signIn");
      expect(pathOf(page)).toBe("/user/signIn?verified=1");
      await page.getByTestId("email-verified").waitFor();
      expect((await page.getByTestId("email-verified").innerText()).trim()).toBe(
        th["account.signIn.verified"],
      );
      expect((await userRow(member.email))?.email_verified).toBe(true);

      // Verifying the address ends the sessions made before it (account pre-hijacking); the
      // password chosen at registration still works.
      await expectSignedOut(page);
      await signIn(page, member);
      expect(pathOf(page)).toBe("/");
    });
  });

  it("returns to a same-site redirectTo after signing in, and never to another site", async () => {
    const member = newMember("กลับหน้าเดิม");
    await registerDirectly(member);
    await withPage(e2e.browser, async (page) => {
      await signIn(page, member, `?redirectTo=${encodeURIComponent("/contact")}`);
      expect(pathOf(page)).toBe("/contact");
      await signOut(page);

      for (const target of ["https://evil.example", "//evil.example"]) {
        await open(page, `/user/signIn?redirectTo=${encodeURIComponent(target)}`);
        await fillSignIn(page, member.email, member.password);
        await submitButton(page).click();
        await expectSignedInAs(page, member.name);
        expect(page.url()).toBe(`${baseURL()}/`);
        await signOut(page);
      }
    });
  });

  it("keeps what was typed and explains each mistake", async () => {
    const taken = newMember("มีแล้ว");
    await registerDirectly(taken);
    // Only a verified address is refused; an unverified one may be registered again.
    await e2e.sql.query("UPDATE app_user SET email_verified = true WHERE email = $1", [
      taken.email,
    ]);
    const email = uniqueEmail();
    const name = uniqueName("พิมพ์ผิด");

    await withPage(e2e.browser, async (page) => {
      await open(page, "/register");
      const expectKept = async (expected: { email: string; acceptTerms: boolean }) => {
        expect(await page.locator("#field-email").inputValue()).toBe(expected.email);
        expect(await page.locator("#field-name").inputValue()).toBe(name);
        expect(await page.locator("#field-phone").inputValue()).toBe("081-234-5678");
        expect(await page.locator("#field-acceptTerms").isChecked()).toBe(expected.acceptTerms);
        // Passwords are never kept: each failed submission empties both password fields.
        expect
          .soft(
            [
              await page.locator("#field-password").inputValue(),
              await page.locator("#field-confirmPassword").inputValue(),
            ],
            "password fields after a failed submission",
          )
          .toEqual(["", ""]);
        expect(await signedInAs(page).count()).toBe(0);
      };

      // A short password and no accepted terms.
      await fillRegistration(page, {
        email,
        password: "abc",
        name,
        phone: "081-234-5678",
        acceptTerms: false,
      });
      expect((await submit(page)).status()).toBe(400);
      await errorFor(page, "password").waitFor();
      expect(await errorFor(page, "password").innerText()).toBe(th["auth.error.weak-password"]);
      expect(await errorFor(page, "acceptTerms").innerText()).toBe(th["auth.error.terms-required"]);
      expect(await errorFor(page, "email").count()).toBe(0);
      expect(await page.locator("#field-password").getAttribute("aria-invalid")).toBe("true");
      await expectKept({ email, acceptTerms: false });

      // A breached password: the strength hint says weak as it is typed, the server refuses it.
      await fillRegistration(page, { password: "qwerty123", acceptTerms: true });
      await page
        .getByTestId("password-strength")
        .getByText(
          th["account.password.strength"].replace("{level}", th["account.password.level.1"]),
        )
        .waitFor();
      expect((await submit(page)).status()).toBe(400);
      // The previous answer's message is on the page until the new one renders: poll.
      await expect
        .poll(() => errorFor(page, "password").innerText())
        .toBe(th["auth.error.password-common"]);
      await expectKept({ email, acceptTerms: true });

      // Not on the breached list but guessed at once: refused as too easy to guess, with the
      // advice the form shows under the field.
      await fillRegistration(page, { password: "Password123!", acceptTerms: true });
      expect((await submit(page)).status()).toBe(400);
      await expect
        .poll(() => errorFor(page, "password").innerText())
        .toBe(th["auth.error.password-weak"]);
      expect(await page.getByTestId("password-strength").innerText()).toContain(
        th["account.password.advice"],
      );
      await expectKept({ email, acceptTerms: true });

      // The confirmation does not match.
      await fillRegistration(page, {
        password: PASSWORD,
        confirmPassword: `${PASSWORD}x`,
        acceptTerms: true,
      });
      expect((await submit(page)).status()).toBe(400);
      await errorFor(page, "confirmPassword").waitFor();
      expect(await errorFor(page, "confirmPassword").innerText()).toBe(
        th["auth.error.password-mismatch"],
      );
      expect(await errorFor(page, "password").count()).toBe(0);
      expect(await errorFor(page, "acceptTerms").count()).toBe(0);
      await expectKept({ email, acceptTerms: true });

      // The address already has an account.
      await fillRegistration(page, { email: taken.email, password: PASSWORD });
      expect((await submit(page)).status()).toBe(400);
      await errorFor(page, "email").waitFor();
      expect(await errorFor(page, "email").innerText()).toBe(th["auth.error.email-already-in-use"]);
      expect(await page.locator("#field-email").getAttribute("aria-invalid")).toBe("true");
      await expectKept({ email: taken.email, acceptTerms: true });
    });

    expect(await userRow(email)).toBeUndefined();
    // Still the one name the first registration gave it.
    const { rows } = await e2e.sql.query<{ name: string }>(
      "SELECT name FROM app_user WHERE email = $1",
      [taken.email],
    );
    expect(rows).toEqual([{ name: taken.name }]);
  });

  it("without JavaScript, answers a bad registration with HTTP 400 and the errors", async () => {
    const email = uniqueEmail();
    const name = uniqueName("ไม่มีเจเอส");
    await withPage(
      e2e.browser,
      async (page) => {
        await open(page, "/register", { javaScript: false });
        await fillRegistration(page, {
          email,
          password: "abc",
          confirmPassword: "abd",
          name,
          acceptTerms: false,
        });
        const response = await submit(page);
        expect(response.status()).toBe(400);
        expect(response.request().resourceType()).toBe("document");
        await errorFor(page, "password").waitFor();
        expect(await errorFor(page, "password").innerText()).toBe(th["auth.error.weak-password"]);
        expect(await errorFor(page, "acceptTerms").innerText()).toBe(
          th["auth.error.terms-required"],
        );
        expect(await page.locator("#field-email").inputValue()).toBe(email);
        expect(await page.locator("#field-name").inputValue()).toBe(name);
        expect(await page.locator("#field-password").inputValue()).toBe("");
      },
      { javaScriptEnabled: false },
    );
    expect(await userRow(email)).toBeUndefined();
  });
});

describe("password reset", () => {
  it("sets a new password from the e-mailed link and signs every browser out", async () => {
    const member = newMember("ลืมรหัส");
    const newPassword = "brand-new-456";
    const other = await newContext(e2e.browser);
    try {
      // The member's other browser: registered there, and still signed in.
      const otherPage = await other.newPage();
      otherPage.setDefaultTimeout(10_000);
      await register(otherPage, member);

      await withPage(e2e.browser, async (page) => {
        await open(page, "/user/resetPw");
        await page.locator("#field-email").fill(member.email);
        await submitButton(page).click();
        await page.getByTestId("reset-sent").waitFor();
        const sentText = (await page.getByTestId("reset-sent").innerText()).trim();
        expect(sentText).toBe(th["account.reset.sent"]);

        // An unknown address reads exactly the same and sends nothing.
        const unknown = uniqueEmail();
        await open(page, "/user/resetPw");
        await page.locator("#field-email").fill(unknown);
        await submitButton(page).click();
        await page.waitForURL("**/user/resetPw?sent=1");
        await page.getByTestId("reset-sent").waitFor();
        expect((await page.getByTestId("reset-sent").innerText()).trim()).toBe(sentText);
        expect(await mailsTo(unknown)).toEqual([]);

        const mail = await waitForMail(member.email, "ตั้งรหัสผ่านใหม่");
        const link = linkIn(mail.text_body, "ตั้งรหัสผ่านใหม่");
        expect(link).toMatch(
          new RegExp(`^${baseURL()}/api/auth/reset-password/[^/?]+\\?callbackURL=`),
        );

        await page.goto(link);
        await page.waitForURL((url) => url.pathname === "/user/resetPw");
        const token = new URL(page.url()).searchParams.get("token");
        expect(token).toBeTruthy();
        await hydrated(page, "form.account-form");
        expect(await page.locator("h1").innerText()).toBe(th["account.reset.newTitle"]);
        await page.locator("#field-password").fill(newPassword);
        await page.locator("#field-confirmPassword").fill(newPassword);
        await submitButton(page).click();

        await page.waitForURL("**/user/signIn?reset=1");
        await page.getByTestId("password-reset-done").waitFor();
        expect((await page.getByTestId("password-reset-done").innerText()).trim()).toBe(
          th["account.signIn.passwordReset"],
        );
        await expectSignedOut(page);

        // The old password no longer works …
        await fillSignIn(page, member.email, member.password);
        expect((await submit(page)).status()).toBe(400);
        await formError(page).waitFor();
        expect((await formError(page).innerText()).trim()).toBe(th["auth.error.wrong-credentials"]);
        expect(await signedInAs(page).count()).toBe(0);

        // … the new one does.
        await signIn(page, { ...member, password: newPassword });
        expect(pathOf(page)).toBe("/");
        await signOut(page);

        // The link works once: opening it again leads to the error, not to the form.
        await page.goto(link);
        await page.waitForURL((url) => url.pathname === "/user/resetPw");
        expect(new URL(page.url()).searchParams.has("error")).toBe(true);
        await page.getByText(th["auth.error.invalid-action-code"]).waitFor();
        expect(await page.locator("input[name=token]").count()).toBe(0);

        // Nor does submitting the form it led to the first time (e.g. with the back button).
        await open(page, `/user/resetPw?token=${encodeURIComponent(token!)}`);
        await page.locator("#field-password").fill("third-one-789");
        await page.locator("#field-confirmPassword").fill("third-one-789");
        expect((await submit(page)).status()).toBe(400);
        await formError(page).waitFor();
        expect((await formError(page).innerText()).trim()).toBe(
          th["auth.error.invalid-action-code"],
        );
      });

      // The other browser was signed out by the reset.
      await otherPage.reload();
      await expectSignedOut(otherPage);
    } finally {
      await other.close();
    }
  });
});

describe("sign-in link", () => {
  it("e-mails a link that signs the member in; an unknown address gets the same answer", async () => {
    const member = newMember("ลิงก์");
    await registerDirectly(member);
    // Sign-in links go to confirmed addresses only (an unconfirmed one gets a confirmation link).
    await e2e.sql.query("UPDATE app_user SET email_verified = true WHERE email = $1", [
      member.email,
    ]);
    const linkForm = (page: Page) => page.locator("form:has(#link-email)");

    await withPage(e2e.browser, async (page) => {
      await open(page, "/user/signIn");
      await page.locator("#link-email").fill(member.email);
      await linkForm(page).locator("button[type=submit]").click();
      await page.getByTestId("link-sent").waitFor();
      const sentText = (await page.getByTestId("link-sent").innerText()).trim();
      expect(sentText).toBe(th["account.signIn.linkSent"]);
      expect(await signedInAs(page).count()).toBe(0);

      const mail = await waitForMail(member.email, "ลิงก์เข้าสู่ระบบ");
      const link = linkIn(mail.text_body, "เข้าสู่ระบบ");
      expect(link.startsWith(`${baseURL()}/api/auth/`)).toBe(true);

      await page.goto(link);
      await expectSignedInAs(page, member.name);
      expect(pathOf(page)).toBe("/");
    });

    const unknown = uniqueEmail();
    await withPage(e2e.browser, async (page) => {
      await open(page, "/user/signIn");
      await page.locator("#link-email").fill(unknown);
      await linkForm(page).locator("button[type=submit]").click();
      await page.getByTestId("link-sent").waitFor();
      expect((await page.getByTestId("link-sent").innerText()).trim()).toBe(
        th["account.signIn.linkSent"],
      );
    });
    // Nothing may be e-mailed to an address that has no account.
    expect(
      (await mailsTo(unknown)).map((mail) => mail.subject),
      "mails sent to an unknown address",
    ).toEqual([]);
  });
});

describe("abuse protection", () => {
  it("refuses further sign-ins to an account after too many wrong passwords (HTTP 429)", async () => {
    const member = newMember("เดารหัส");
    const bystander = newMember("คนอื่น");
    await registerDirectly(member);
    await registerDirectly(bystander);
    const { limit } = ACCOUNT_RATE_LIMITS.signInByAccountAndAddress;

    await withPage(
      e2e.browser,
      async (page) => {
        await open(page, "/user/signIn", { javaScript: false });
        const wrongAttempt = async (attempt: number) => {
          await fillSignIn(page, member.email, `wrong-${attempt}`);
          expect((await submit(page)).status()).toBe(400);
          expect((await formError(page).innerText()).trim()).toBe(
            th["auth.error.wrong-credentials"],
          );
        };
        // The first and the last allowed attempt in the browser; the ones between are the
        // same form posted directly, which keeps the test quick.
        await wrongAttempt(1);
        for (let attempt = 2; attempt < limit; attempt++) {
          expect(await postSignIn(member.email, `wrong-${attempt}`)).toBe(400);
        }
        await wrongAttempt(limit);

        await fillSignIn(page, member.email, "wrong-again");
        const response = await submit(page);
        expect(response.status()).toBe(429);
        // The action sets Retry-After; it must reach the browser on the document response too.
        expect.soft(Number(await response.headerValue("retry-after"))).toBeGreaterThan(0);
        const message = (await formError(page).innerText()).trim();
        expect(message.startsWith("มีการลองหลายครั้งเกินไป")).toBe(true);
        const [before, after] = th["auth.error.too-many-requests"].split("{minutes}");
        expect(message).toMatch(new RegExp(`^${before}\\d+${after}$`));
        expect(await page.locator("#field-email").inputValue()).toBe(member.email);

        // While the account is locked from this address, even the right password is refused …
        await fillSignIn(page, member.email, member.password);
        expect((await submit(page)).status()).toBe(429);
        expect(await signedInAs(page).count()).toBe(0);
      },
      { javaScriptEnabled: false },
    );

    // … but the lock is on that account, not on everyone signing in from this address.
    expect(await postSignIn(bystander.email, bystander.password)).toBe(302);
  });

  it("signs a disabled member out and refuses to sign them in again", async () => {
    const member = newMember("ถูกระงับ");
    await withPage(e2e.browser, async (page) => {
      await register(page, member);
      const row = await userRow(member.email);
      // What the admin "disable" command does.
      await e2e.sql.query("UPDATE app_user SET banned = true WHERE email = $1", [member.email]);
      await e2e.sql.query("DELETE FROM auth_session WHERE user_id = $1", [row!.id]);

      await page.reload();
      await expectSignedOut(page);

      await open(page, "/user/signIn");
      await fillSignIn(page, member.email, member.password);
      expect((await submit(page)).status()).toBe(403);
      await formError(page).waitFor();
      expect((await formError(page).innerText()).trim()).toBe(th["auth.error.user-disabled"]);
      expect(await signedInAs(page).count()).toBe(0);
    });
  });
});

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax, and is a new one at every sign-in", async () => {
    const member = newMember("คุกกี้");
    await withPage(e2e.browser, async (page, context) => {
      await register(page, member);
      const values: string[] = [];
      for (let round = 0; round < 3; round++) {
        if (round > 0) await signIn(page, member);
        const cookie = await sessionCookie(context);
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
        values.push(cookie!.value);
        await signOut(page);
        expect(await sessionCookie(context)).toBeUndefined();
      }
      expect(new Set(values).size).toBe(3);
    });
  });
});
