import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { baseURL, hydrated, setupE2E, withPage } from "./fixtures";

const COMPANY_EMAIL = "sales@dptech.co.th";

const e2e = setupE2E();
let counter = 0;

/** A name no other test uses, so the database rows of one test are easy to find. */
const uniqueName = (label: string) => `สมชาย ${label} ${Date.now()}-${++counter}`;

async function openContact(page: Page, { javaScript = true } = {}): Promise<void> {
  const response = await page.goto("/contact");
  expect(response?.status()).toBe(200);
  if (javaScript) {
    // Wait for hydration, so the submission goes through React Router's <Form>.
    await hydrated(page, "form.contact-form");
  }
}

interface Fields {
  name?: string;
  email?: string;
  phone?: string;
  topic?: string;
  message?: string;
}

async function fill(page: Page, fields: Fields): Promise<void> {
  if (fields.name !== undefined) await page.locator("#contact-name").fill(fields.name);
  if (fields.email !== undefined) await page.locator("#contact-email").fill(fields.email);
  if (fields.phone !== undefined) await page.locator("#contact-phone").fill(fields.phone);
  if (fields.topic !== undefined) await page.locator("#contact-topic").selectOption(fields.topic);
  if (fields.message !== undefined) await page.locator("#contact-message").fill(fields.message);
}

const submitButton = (page: Page) => page.getByRole("button", { name: th["contact.send"] });

/** Submits and returns the status of the POST (document POST without JS, .data fetch with JS). */
async function submit(page: Page): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && /\/contact/.test(r.url())),
    submitButton(page).click(),
  ]);
  return response.status();
}

const errorFor = (page: Page, field: string) => page.locator(`[data-error-for="${field}"]`);

const valueOf = (page: Page, field: string) => page.locator(`#contact-${field}`).inputValue();

async function messagesNamed(name: string) {
  const { rows } = await e2e.sql.query<{
    phone: string | null;
    email: string | null;
    topic: string;
  }>("SELECT phone, email, topic FROM contact_message WHERE name = $1", [name]);
  return rows;
}

const validMessage = "สนใจกล้อง AI สำหรับตรวจสอบชิ้นงานบนสายพาน ขอใบเสนอราคาด้วยครับ";

describe("contact form with JavaScript", () => {
  it("sends a message, shows the success alert, empties the form and stores the message", async () => {
    const name = uniqueName("ส่งสำเร็จ");
    await withPage(e2e.browser, async (page) => {
      await openContact(page);
      // Marks this document: a client-side submission keeps it, a full reload loses it.
      await page.evaluate(() => ((window as Window & { __marker?: number }).__marker = 1));
      await fill(page, { name, phone: "081-234-5678", topic: "quotation", message: validMessage });
      await submitButton(page).click();

      const sent = page.getByTestId("contact-sent");
      await sent.waitFor();
      expect((await sent.innerText()).trim()).toBe(th["contact.sent"]);
      await page.waitForURL("**/contact?sent=1");
      for (const field of ["name", "email", "phone", "topic", "message"]) {
        expect(await valueOf(page, field)).toBe("");
      }
      expect(await page.locator("[data-error-for]").count()).toBe(0);
      expect(await page.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBe(
        1,
      );
    });

    const rows = await messagesNamed(name);
    expect(rows).toEqual([{ phone: "+66812345678", email: null, topic: "quotation" }]);
    const outbox = await e2e.sql.query<{ to_address: string; text_body: string }>(
      "SELECT to_address, text_body FROM email_outbox WHERE subject LIKE $1",
      [`%${name}`],
    );
    expect(outbox.rows).toHaveLength(1);
    expect(outbox.rows[0]!.to_address).toBe(COMPANY_EMAIL);
    expect(outbox.rows[0]!.text_body).toContain(validMessage);
  });

  it("shows an error next to every missing field", async () => {
    await withPage(e2e.browser, async (page) => {
      await openContact(page);
      expect(await submit(page)).toBe(400);
      await errorFor(page, "name").waitFor();
      expect(await errorFor(page, "name").innerText()).toBe(th["contact.error.nameRequired"]);
      expect(await errorFor(page, "topic").innerText()).toBe(th["contact.error.topicRequired"]);
      expect(await errorFor(page, "message").innerText()).toBe(th["contact.error.messageTooShort"]);
      expect(await errorFor(page, "phone").count()).toBe(0);
      expect(await page.getByRole("alert").innerText()).toContain(th["contact.fixErrors"]);
      for (const field of ["name", "topic", "message"]) {
        expect(await page.locator(`#contact-${field}`).getAttribute("aria-invalid")).toBe("true");
      }
      expect(await page.locator("#contact-phone").getAttribute("aria-invalid")).toBeNull();
    });
  });

  it("asks for an e-mail or a phone number already on the first, empty submission", async () => {
    await withPage(e2e.browser, async (page) => {
      await openContact(page);
      expect(await submit(page)).toBe(400);
      await errorFor(page, "name").waitFor();
      // All four problems at once, so the visitor fixes everything in one go.
      expect(await page.locator("[data-error-for]").count()).toBe(4);
      expect(await errorFor(page, "email").innerText()).toBe(th["contact.error.reachRequired"]);
      expect(await page.locator("#contact-email").getAttribute("aria-invalid")).toBe("true");
    });
  });

  it("asks for an e-mail or a phone number when both are left empty", async () => {
    const name = uniqueName("ไม่มีช่องทาง");
    await withPage(e2e.browser, async (page) => {
      await openContact(page);
      await fill(page, { name, topic: "product", message: validMessage });
      expect(await submit(page)).toBe(400);
      await errorFor(page, "email").waitFor();
      expect(await errorFor(page, "email").innerText()).toBe(th["contact.error.reachRequired"]);
      expect(await page.locator("#contact-email").getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("[data-error-for]").count()).toBe(1);
      expect(await valueOf(page, "name")).toBe(name);
      expect(await valueOf(page, "topic")).toBe("product");
      expect(await valueOf(page, "message")).toBe(validMessage);
    });
    expect(await messagesNamed(name)).toEqual([]);
  });

  it("keeps the typed values and explains what is wrong with them", async () => {
    const name = uniqueName("ผิดรูปแบบ");
    await withPage(e2e.browser, async (page) => {
      await openContact(page);
      await fill(page, { name, email: "somchai@", topic: "demo", message: "สั้นไป" });
      expect(await submit(page)).toBe(400);
      await errorFor(page, "email").waitFor();
      expect(await errorFor(page, "email").innerText()).toBe(th["contact.error.emailInvalid"]);
      expect(await errorFor(page, "message").innerText()).toBe(th["contact.error.messageTooShort"]);
      expect(await errorFor(page, "name").count()).toBe(0);
      expect(await errorFor(page, "topic").count()).toBe(0);
      expect(await valueOf(page, "name")).toBe(name);
      expect(await valueOf(page, "email")).toBe("somchai@");
      expect(await valueOf(page, "topic")).toBe("demo");
      expect(await valueOf(page, "message")).toBe("สั้นไป");
      expect(await page.locator("#contact-email").getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#contact-message").getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#contact-name").getAttribute("aria-invalid")).toBeNull();
    });
    expect(await messagesNamed(name)).toEqual([]);
  });

  it("rejects a phone number that is not a Thai number", async () => {
    const name = uniqueName("เบอร์ผิด");
    await withPage(e2e.browser, async (page) => {
      await openContact(page);
      await fill(page, { name, phone: "12345", topic: "product", message: validMessage });
      expect(await submit(page)).toBe(400);
      await errorFor(page, "phone").waitFor();
      expect(await errorFor(page, "phone").innerText()).toBe(th["contact.error.phoneInvalid"]);
      expect(await page.locator("#contact-phone").getAttribute("aria-invalid")).toBe("true");
      expect(await valueOf(page, "phone")).toBe("12345");
      expect(await page.locator("[data-error-for]").count()).toBe(1);
    });
    expect(await messagesNamed(name)).toEqual([]);
  });
});

describe("contact form without JavaScript", () => {
  const noJs = { javaScriptEnabled: false };

  it("sends a message through the server redirect", async () => {
    const name = uniqueName("ไม่มีเจเอส");
    await withPage(
      e2e.browser,
      async (page) => {
        await openContact(page, { javaScript: false });
        await fill(page, {
          name,
          email: "Somchai@Example.com",
          topic: "service",
          message: validMessage,
        });
        await Promise.all([page.waitForURL("**/contact?sent=1"), submitButton(page).click()]);
        const sent = page.getByTestId("contact-sent");
        expect(await sent.isVisible()).toBe(true);
        expect((await sent.innerText()).trim()).toBe(th["contact.sent"]);
        expect(await valueOf(page, "name")).toBe("");
      },
      noJs,
    );
    expect(await messagesNamed(name)).toEqual([
      { phone: null, email: "somchai@example.com", topic: "service" },
    ]);
  });

  it("re-renders an invalid submission with HTTP 400, the errors and the typed values", async () => {
    const name = uniqueName("ไม่มีเจเอสผิด");
    await withPage(
      e2e.browser,
      async (page) => {
        await openContact(page, { javaScript: false });
        await fill(page, { name, email: "somchai@", message: "สั้นไป" });
        expect(await submit(page)).toBe(400);
        await errorFor(page, "email").waitFor();
        expect(await errorFor(page, "email").innerText()).toBe(th["contact.error.emailInvalid"]);
        expect(await errorFor(page, "topic").innerText()).toBe(th["contact.error.topicRequired"]);
        expect(await errorFor(page, "message").innerText()).toBe(
          th["contact.error.messageTooShort"],
        );
        expect(await valueOf(page, "name")).toBe(name);
        expect(await valueOf(page, "email")).toBe("somchai@");
        expect(await valueOf(page, "message")).toBe("สั้นไป");
        expect(await page.getByTestId("contact-sent").count()).toBe(0);
      },
      noJs,
    );
    expect(await messagesNamed(name)).toEqual([]);
  });
});

describe("contact form abuse protection", () => {
  /** The form as a browser on our own site would post it. */
  const post = (fields: Record<string, string>) =>
    fetch(`${baseURL()}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: baseURL(),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
    });

  /** th "contact.error.tooMany" with any number of minutes and the given phone. */
  const tooManyPattern = (phone: string) =>
    new RegExp(
      th["contact.error.tooMany"]
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replace("\\{minutes\\}", "\\d+")
        .replace("\\{phone\\}", phone.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );

  it("refuses the sixth message within the window with HTTP 429 and a Thai explanation", async () => {
    const name = uniqueName("ส่งถี่");
    for (let i = 1; i <= 5; i++) {
      const response = await post({
        name: `${name} #${i}`,
        phone: "0812345678",
        topic: "other",
        message: validMessage,
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/contact?sent=1");
    }

    // The sixth, from a browser without JavaScript: the document response itself is the 429.
    await withPage(
      e2e.browser,
      async (page) => {
        await openContact(page, { javaScript: false });
        const phone = (await page.locator('footer a[href^="tel:"]').innerText()).trim();
        await fill(page, {
          name: `${name} #6`,
          phone: "0812345678",
          topic: "other",
          message: validMessage,
        });
        expect(await submit(page)).toBe(429);
        const warning = page.getByTestId("contact-too-many");
        expect(await warning.innerText()).toMatch(tooManyPattern(phone));
        expect(await warning.innerText()).toContain("คุณส่งข้อความบ่อยเกินไป");
        expect(await page.getByTestId("contact-sent").count()).toBe(0);
        // What was typed is still there to send later.
        expect(await valueOf(page, "name")).toBe(`${name} #6`);
      },
      { javaScriptEnabled: false },
    );

    // And with JavaScript, the same warning appears in place.
    await withPage(e2e.browser, async (page) => {
      await openContact(page);
      await fill(page, {
        name: `${name} #7`,
        phone: "0812345678",
        topic: "other",
        message: validMessage,
      });
      expect(await submit(page)).toBe(429);
      await page.getByTestId("contact-too-many").waitFor();
      expect(await page.getByTestId("contact-too-many").innerText()).toContain(
        "คุณส่งข้อความบ่อยเกินไป",
      );
      expect(await valueOf(page, "name")).toBe(`${name} #7`);
    });

    const { rows } = await e2e.sql.query<{ name: string }>(
      "SELECT name FROM contact_message WHERE name LIKE $1 ORDER BY id",
      [`${name} #%`],
    );
    expect(rows.map((row) => row.name)).toEqual([1, 2, 3, 4, 5].map((i) => `${name} #${i}`));
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const name = uniqueName("บอท");
    const outboxBefore = await e2e.sql.query<{ count: string }>(
      "SELECT count(*) FROM email_outbox",
    );
    await withPage(e2e.browser, async (page) => {
      await openContact(page);
      await fill(page, { name, phone: "081-234-5678", topic: "product", message: validMessage });
      await page.locator("#contact-website").evaluate((input: HTMLInputElement) => {
        input.value = "https://spam.example";
      });
      await submitButton(page).click();
      await page.getByTestId("contact-sent").waitFor();
      expect((await page.getByTestId("contact-sent").innerText()).trim()).toBe(th["contact.sent"]);
    });
    expect(await messagesNamed(name)).toEqual([]);
    const outboxAfter = await e2e.sql.query<{ count: string }>("SELECT count(*) FROM email_outbox");
    expect(outboxAfter.rows[0]!.count).toBe(outboxBefore.rows[0]!.count);
  });

  it("the honeypot field is hidden from people", async () => {
    await withPage(e2e.browser, async (page) => {
      await openContact(page, { javaScript: false });
      const box = await page.locator("#contact-website").boundingBox();
      // Off-screen: nobody sees or tabs to it.
      expect(box === null || box.x + box.width < 0).toBe(true);
      expect(await page.locator("#contact-website").getAttribute("tabindex")).toBe("-1");
    });
  });
});
