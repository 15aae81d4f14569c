import type { Database } from "~/db/client.server";
import { countUsers } from "~/modules/accounts/index.server";
import { countUnreadContactMessages } from "~/modules/contact/index.server";
import { listActiveNotices } from "~/modules/notices/index.server";
import { countOutboxByStatus } from "~/modules/platform/index.server";

/*
 * The admin area's figures, put together from the modules that own them: the admin module
 * reads no table of its own (the lists and commands of /admin are in accounts, contact and
 * platform, beside their tables).
 */

/** The numbers on the admin dashboard. */
export async function getAdminOverview(db: Database) {
  const [users, outbox, unreadMessages, activeNotices] = await Promise.all([
    countUsers(db),
    countOutboxByStatus(db),
    countUnreadContactMessages(db),
    listActiveNotices(db),
  ]);
  return {
    ...users,
    outboxPending: outbox.pending + outbox.sending,
    outboxFailed: outbox.failed,
    unreadMessages,
    activeNotices: activeNotices.length,
  };
}
