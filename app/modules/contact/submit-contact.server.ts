import type { Database } from "~/db/client.server";
import { formatPhoneForDisplay } from "~/lib/phone";
import { queueEmail, hitRateLimit, type RateLimitRule } from "~/modules/platform/index.server";
import { getCompanyProfile } from "~/modules/content/index.server";
import { th } from "~/lib/i18n/th";
import { en } from "~/lib/i18n/en";
import type { ContactSubmission } from "./contact-form";
import { contactMessage } from "./schema";

/** Five messages per client per 15 minutes is plenty for a person and useless for a spammer. */
export const CONTACT_RATE_LIMIT: RateLimitRule = {
  name: "contact",
  limit: 5,
  windowSeconds: 15 * 60,
};

export type ContactOutcome =
  { status: "stored"; messageId: number } | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Stores a validated contact message and queues the e-mail to the company, both in one
 * transaction so a message never exists without its notification (or the reverse).
 */
export async function submitContactMessage(
  db: Database,
  submission: ContactSubmission,
  client: { address: string; rateLimitSubject: string; userAgent: string | null },
  /** Where the message goes instead of the company profile's address (the site settings). */
  options: { companyEmail?: string } = {},
): Promise<ContactOutcome> {
  const limit = await hitRateLimit(db, CONTACT_RATE_LIMIT, client.rateLimitSubject);
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const company = await getCompanyProfile(db);
  const messageId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessage)
      .values({
        name: submission.name,
        email: submission.email,
        phone: submission.phone,
        topic: submission.topic,
        message: submission.message,
        clientAddress: client.address,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
      })
      .returning({ id: contactMessage.id });
    if (!row) throw new Error("contact insert returned no row");
    await queueEmail(
      tx,
      composeCompanyNotification(row.id, submission, options.companyEmail || company.email),
    );
    return row.id;
  });
  return { status: "stored", messageId };
}

function composeCompanyNotification(id: number, s: ContactSubmission, companyEmail: string) {
  const topicTh = th[`contact.topic.${s.topic}`];
  const topicEn = en[`contact.topic.${s.topic}`];
  const phone = s.phone ? formatPhoneForDisplay(s.phone) : "-";
  const lines = [
    `ข้อความใหม่จากแบบฟอร์มติดต่อ #${id} / New contact message #${id}`,
    "",
    `ชื่อ / Name: ${s.name}`,
    `อีเมล / E-mail: ${s.email ?? "-"}`,
    `โทรศัพท์ / Phone: ${phone}${s.phone ? ` (${s.phone})` : ""}`,
    `เรื่อง / Topic: ${topicTh} / ${topicEn}`,
    "",
    s.message,
  ];
  const html = `<!doctype html><html lang="th"><body style="font-family:sans-serif">
<h1 style="font-size:18px">ข้อความใหม่จากแบบฟอร์มติดต่อ #${id}<br><small>New contact message #${id}</small></h1>
<table cellpadding="4">
<tr><th align="left">ชื่อ / Name</th><td>${escapeHtml(s.name)}</td></tr>
<tr><th align="left">อีเมล / E-mail</th><td>${escapeHtml(s.email ?? "-")}</td></tr>
<tr><th align="left">โทรศัพท์ / Phone</th><td>${escapeHtml(phone)}</td></tr>
<tr><th align="left">เรื่อง / Topic</th><td>${escapeHtml(`${topicTh} / ${topicEn}`)}</td></tr>
</table>
<p style="white-space:pre-wrap">${escapeHtml(s.message)}</p>
</body></html>`;
  return {
    to: companyEmail,
    replyTo: s.email ?? undefined,
    subject: `[ติดต่อ #${id}] ${topicTh}: ${s.name}`,
    text: lines.join("\n"),
    html,
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
