import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import {
  createSmtpSender,
  deliverDueEmails,
  queueEmail,
  retryDelayMs,
} from "~/modules/platform/index.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on loopback that records what it receives. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("e-mail outbox", () => {
  let test: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    test = await createTestDatabase();
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await test.drop();
  });
  beforeEach(async () => {
    await test.db.delete(emailOutbox);
    smtp.received.length = 0;
  });

  const email = {
    to: "sales@dptech.co.th",
    subject: "ทดสอบการส่งอีเมล",
    text: "สวัสดีครับ",
    html: "<p>สวัสดีครับ</p>",
  };

  it("sends queued mail through SMTP and marks it sent", async () => {
    const id = await queueEmail(test.db, email);
    const sent = await deliverDueEmails(
      test.db,
      createSmtpSender(smtp.url),
      "DP Tech <no-reply@dptech.co.th>",
    );
    expect(sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["sales@dptech.co.th"]);
    expect(smtp.received[0]?.data).toContain("Subject: =?UTF-8?");
    const [row] = await test.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe("sent");
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("keeps a message for a later retry when the SMTP server is unreachable", async () => {
    const id = await queueEmail(test.db, email);
    const sent = await deliverDueEmails(
      test.db,
      createSmtpSender("smtp://127.0.0.1:9"),
      "x@example.com",
    );
    expect(sent).toBe(0);
    const [row] = await test.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe("pending");
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("never sends one message twice when two workers run at once", async () => {
    for (let i = 0; i < 6; i++) await queueEmail(test.db, { ...email, subject: `ข้อความ ${i}` });
    const send = createSmtpSender(smtp.url);
    const counts = await Promise.all([
      deliverDueEmails(test.db, send, "a@example.com"),
      deliverDueEmails(test.db, send, "a@example.com"),
    ]);
    expect(counts[0]! + counts[1]!).toBe(6);
    expect(smtp.received).toHaveLength(6);
  });

  it("backs off exponentially from 1 s, capped at 4 hours", () => {
    expect(retryDelayMs(1, () => 1)).toBe(1_000);
    expect(retryDelayMs(2, () => 1)).toBe(2_000);
    expect(retryDelayMs(3, () => 0)).toBe(2_000);
    expect(retryDelayMs(40, () => 1)).toBe(4 * 3600 * 1000);
  });
});
