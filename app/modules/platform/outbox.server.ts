import { and, eq, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database, DbExecutor } from "~/db/client.server";
import { emailAttachment, emailEnvelope, emailOutbox } from "./schema";

export interface EmailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingEmail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Copies (Cc). */
  cc?: string[];
  /** A From of its own (the site's address then goes in Sender). */
  from?: string;
  attachments?: EmailAttachment[];
}

/** Queues an e-mail; the outbox worker sends it when SMTP is configured. */
export async function queueEmail(db: DbExecutor, email: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      replyTo: email.replyTo ?? null,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  if (email.from || (email.cc && email.cc.length > 0)) {
    await db.insert(emailEnvelope).values({
      emailId: row.id,
      fromAddress: email.from ?? null,
      ccAddresses: (email.cc ?? []).join(", "),
    });
  }
  if (email.attachments && email.attachments.length > 0) {
    await db
      .insert(emailAttachment)
      .values(email.attachments.map((file) => ({ emailId: row.id, ...file })));
  }
  return row.id;
}

/** What the SMTP sender gets: the row, its envelope and its files. */
export interface DeliverableEmail {
  /** The site's address (MAIL_FROM). */
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  cc?: string[];
  /** The e-mail's own From; the site's address is then its Sender. */
  ownFrom?: string;
  attachments?: EmailAttachment[];
}

// Retry schedule from the seed: base 1 s, factor 2, capped at 4 hours, with jitter.
const RETRY_BASE_MS = 1_000;
const RETRY_CAP_MS = 4 * 60 * 60 * 1_000;
const MAX_ATTEMPTS = 12;

export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  // "Equal jitter": half fixed, half random, so retries from many rows spread out.
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

export interface SendMail {
  (email: DeliverableEmail): Promise<void>;
}

/** Sends through the SMTP server in `smtpUrl` (e.g. smtp://user:pass@host:587). */
export function createSmtpSender(smtpUrl: string): SendMail {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (email) => {
    await transport.sendMail({
      from: email.ownFrom ?? email.from,
      sender: email.ownFrom ? email.from : undefined,
      to: email.to,
      cc: email.cc && email.cc.length > 0 ? email.cc : undefined,
      replyTo: email.replyTo,
      subject: email.subject,
      text: email.text,
      html: email.html,
      attachments: email.attachments?.map((file) => ({
        filename: file.fileName,
        contentType: file.contentType,
        content: file.content,
      })),
    });
  };
}

/**
 * Sends due e-mails one by one. Rows are claimed with SKIP LOCKED so several app
 * instances can run the worker at the same time without sending anything twice.
 * Returns how many were sent.
 */
export async function deliverDueEmails(
  db: Database,
  send: SendMail,
  from: string,
  limit = 20,
): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const claimed = await db.execute<{
      id: number;
      to_address: string;
      reply_to: string | null;
      subject: string;
      text_body: string;
      html_body: string;
      attempts: number;
    }>(sql`
      UPDATE email_outbox SET status = 'sending', attempts = attempts + 1, claimed_at = now()
      WHERE id = (
        SELECT id FROM email_outbox
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1
      )
      RETURNING id, to_address, reply_to, subject, text_body, html_body, attempts
    `);
    const row = claimed.rows[0];
    if (!row) break;
    try {
      const [envelope] = await db
        .select()
        .from(emailEnvelope)
        .where(eq(emailEnvelope.emailId, row.id));
      const files = await db
        .select({
          fileName: emailAttachment.fileName,
          contentType: emailAttachment.contentType,
          content: emailAttachment.content,
        })
        .from(emailAttachment)
        .where(eq(emailAttachment.emailId, row.id))
        .orderBy(emailAttachment.id);
      await send({
        from,
        to: row.to_address,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        cc: envelope?.ccAddresses ? envelope.ccAddresses.split(", ") : undefined,
        ownFrom: envelope?.fromAddress ?? undefined,
        attachments: files.length > 0 ? files : undefined,
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(emailOutbox.id, row.id));
      sent++;
    } catch (error) {
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
        })
        .where(eq(emailOutbox.id, row.id));
    }
  }
  return sent;
}

/** Rows a crashed worker left in 'sending' go back to the queue. */
export async function requeueStuckEmails(db: Database, olderThan: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: "pending" })
    .where(and(eq(emailOutbox.status, "sending"), lte(emailOutbox.claimedAt, olderThan)));
}

/**
 * How long a sent (or given-up) e-mail keeps its body. The bodies hold personal data and, for
 * account e-mails, one-time links; after this the row keeps only who, what subject and when.
 */
export const EMAIL_BODY_RETENTION_DAYS = 30;

/** Empties the bodies of e-mails sent (or failed) more than `retentionDays` ago. */
export async function purgeOldEmailBodies(
  db: Database,
  retentionDays = EMAIL_BODY_RETENTION_DAYS,
): Promise<number> {
  const cutoff = sql`now() - ${`${retentionDays} days`}::interval`;
  // Attached files are personal data too (a buyer's tax invoice): they go with the bodies.
  await db.execute(sql`
    DELETE FROM email_attachment WHERE email_id IN (
      SELECT id FROM email_outbox
      WHERE (status = 'sent' AND sent_at < ${cutoff}) OR (status = 'failed' AND created_at < ${cutoff})
    )
  `);
  const result = await db.execute(sql`
    UPDATE email_outbox SET text_body = '', html_body = ''
    WHERE ((status = 'sent' AND sent_at < ${cutoff}) OR (status = 'failed' AND created_at < ${cutoff}))
      AND (text_body <> '' OR html_body <> '')
  `);
  return result.rowCount ?? 0;
}

/** Runs the worker every `intervalMs` until the returned function is called. */
export function startOutboxWorker(options: {
  db: Database;
  send: SendMail;
  from: string;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = deliverDueEmails(options.db, options.send, options.from).catch(
      options.onError ?? (() => {}),
    );
  };
  const timer = setInterval(tick, options.intervalMs ?? 5_000);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
