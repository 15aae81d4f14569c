import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessage, emailOutbox, rateLimitBucket } from "~/db/schema";
import {
  parseContactForm,
  CONTACT_RATE_LIMIT,
  submitContactMessage,
} from "~/modules/contact/index.server";
import { seedDemoContent } from "~/modules/content/index.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const VALID = {
  name: "สมชาย ใจดี",
  email: "somchai@example.com",
  phone: "081-234-5678",
  topic: "quotation",
  message: "ต้องการใบเสนอราคากล้อง AI สำหรับสายการผลิต 2 ไลน์",
};

describe("contact form validation", () => {
  it("accepts a complete message and normalises the Thai phone number to E.164", () => {
    const result = parseContactForm(form(VALID));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.submission.phone).toBe("+66812345678");
      expect(result.submission.email).toBe("somchai@example.com");
    }
  });

  it("reports every missing field of an empty form at once", () => {
    const result = parseContactForm(form({}));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual({
        name: "contact.error.nameRequired",
        email: "contact.error.reachRequired",
        topic: "contact.error.topicRequired",
        message: "contact.error.messageTooShort",
      });
    }
  });

  it("accepts a phone number alone, without an e-mail", () => {
    const result = parseContactForm(form({ ...VALID, email: "" }));
    expect(result.ok).toBe(true);
  });

  it.each([
    ["name", "contact.error.nameRequired", { name: "  " }],
    ["name", "contact.error.nameTooLong", { name: "ก".repeat(101) }],
    ["email", "contact.error.reachRequired", { email: "", phone: "" }],
    ["email", "contact.error.emailInvalid", { email: "somchai@" }],
    ["phone", "contact.error.phoneInvalid", { phone: "12345" }],
    ["topic", "contact.error.topicRequired", { topic: "" }],
    ["topic", "contact.error.topicRequired", { topic: "hack" }],
    ["message", "contact.error.messageTooShort", { message: "สั้นไป" }],
    ["message", "contact.error.messageTooLong", { message: "ข".repeat(5001) }],
  ])("reports a bad %s as %s and keeps what was typed", (field, expected, change) => {
    const typed = { ...VALID, ...change };
    const result = parseContactForm(form(typed));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[field as keyof typeof result.errors]).toBe(expected);
      expect(result.values).toEqual(typed);
    }
  });
});

describe("submitting a contact message", () => {
  let test: TestDatabase;
  const client = { address: "203.0.113.9", rateLimitSubject: "203.0.113.9", userAgent: "vitest" };

  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoContent(test.db);
  });
  afterAll(() => test.drop());
  beforeEach(async () => {
    await test.db.delete(rateLimitBucket);
    await test.db.delete(contactMessage);
    await test.db.delete(emailOutbox);
  });

  it("stores the message and queues an e-mail to the company in the outbox", async () => {
    const parsed = parseContactForm(form(VALID));
    if (!parsed.ok) throw new Error("expected valid");
    const outcome = await submitContactMessage(test.db, parsed.submission, client);
    expect(outcome.status).toBe("stored");

    const [stored] = await test.db.select().from(contactMessage);
    expect(stored).toMatchObject({ name: "สมชาย ใจดี", phone: "+66812345678", topic: "quotation" });
    const [mail] = await test.db.select().from(emailOutbox);
    expect(mail).toMatchObject({
      toAddress: "sales@dptech.co.th",
      replyTo: "somchai@example.com",
      status: "pending",
    });
    expect(mail?.subject).toContain("สมชาย ใจดี");
    expect(mail?.textBody).toContain(VALID.message);
    expect(mail?.htmlBody).toContain("New contact message");
  });

  it("refuses more than the limit from one client, and counts others separately", async () => {
    const parsed = parseContactForm(form(VALID));
    if (!parsed.ok) throw new Error("expected valid");
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) {
      expect((await submitContactMessage(test.db, parsed.submission, client)).status).toBe(
        "stored",
      );
    }
    const blocked = await submitContactMessage(test.db, parsed.submission, client);
    expect(blocked.status).toBe("rate-limited");
    if (blocked.status === "rate-limited") {
      expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
      expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds);
    }
    expect(await test.db.$count(contactMessage)).toBe(CONTACT_RATE_LIMIT.limit);

    const other = { ...client, address: "198.51.100.7", rateLimitSubject: "198.51.100.7" };
    expect((await submitContactMessage(test.db, parsed.submission, other)).status).toBe("stored");
  });

  it("escapes HTML typed into the message in the company e-mail", async () => {
    const parsed = parseContactForm(
      form({ ...VALID, message: "<script>alert(1)</script> ขอราคา" }),
    );
    if (!parsed.ok) throw new Error("expected valid");
    await submitContactMessage(test.db, parsed.submission, client);
    const [mail] = await test.db.select().from(emailOutbox);
    expect(mail?.htmlBody).not.toContain("<script>");
    expect(mail?.htmlBody).toContain("&#60;script&#62;");
  });
});
