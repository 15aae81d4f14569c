import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { user } from "~/db/schema";
import { listActiveNotices } from "~/modules/notices/index.server";
import { countUnreadContactMessages } from "./contact-messages.server";
import { countOutboxByStatus } from "./outbox.server";

/** The numbers on the admin dashboard. */
export async function getAdminOverview(db: Database) {
  const [users, admins, disabled, outbox, unreadMessages, activeNotices] = await Promise.all([
    db.$count(user),
    db.$count(user, eq(user.role, "admin")),
    db.$count(user, eq(user.banned, true)),
    countOutboxByStatus(db),
    countUnreadContactMessages(db),
    listActiveNotices(db),
  ]);
  return {
    users,
    admins,
    disabled,
    outboxPending: outbox.pending + outbox.sending,
    outboxFailed: outbox.failed,
    unreadMessages,
    activeNotices: activeNotices.length,
  };
}
