import { count, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pageWindow, toPage, type Page } from "~/lib/paging";
import { OUTBOX_STATUSES, type OutboxStatus } from "./outbox-statuses";
import { emailOutbox } from "./schema";

export interface AdminOutboxRow {
  id: number;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;
// A path segment that looks like a token (e.g. /api/auth/reset-password/<token>).
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{16,}$/;

/**
 * An e-mail body as an admin may read it: links keep where they go (site and path) but lose
 * their query and any token-like path segment, so nobody can open a member's verification,
 * reset or sign-in link from the outbox (ASVS 5.0 V14.2).
 */
export function maskLinks(text: string): string {
  return text.replace(URL_IN_TEXT, (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return "…";
    }
    const path = url.pathname
      .split("/")
      .map((segment) => (TOKEN_SEGMENT.test(segment) ? "…" : segment))
      .join("/");
    return `${url.origin}${path}${url.search ? "?…" : ""}`;
  });
}

/** Queued and sent e-mails, newest first, optionally of one status only. */
export async function listOutbox(
  db: Database,
  options: { status?: OutboxStatus; page: number },
): Promise<Page<AdminOutboxRow>> {
  const where = options.status ? eq(emailOutbox.status, options.status) : undefined;
  const { limit, offset } = pageWindow(options.page);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        toAddress: emailOutbox.toAddress,
        replyTo: emailOutbox.replyTo,
        subject: emailOutbox.subject,
        textBody: emailOutbox.textBody,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        nextAttemptAt: emailOutbox.nextAttemptAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return toPage(
    rows.map((row) => ({ ...row, textBody: maskLinks(row.textBody) })),
    totals?.total ?? 0,
    options.page,
  );
}

/** How many e-mails are in each status (for the filter's labels and the dashboard). */
export async function countOutboxByStatus(db: Database): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .select({ status: emailOutbox.status, total: count() })
    .from(emailOutbox)
    .groupBy(emailOutbox.status);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0])) as Record<
    OutboxStatus,
    number
  >;
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}
