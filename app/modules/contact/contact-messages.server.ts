import { count, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pageWindow, toPage, type Page } from "~/lib/paging";
import type { ContactStatus } from "./contact-statuses";
import { contactMessage } from "./schema";

export type AdminContactRow = Omit<
  typeof contactMessage.$inferSelect,
  "clientAddress" | "userAgent"
>;

/** Messages from the contact form, newest first, optionally only new or only read ones. */
export async function listContactMessages(
  db: Database,
  options: { status?: ContactStatus; page: number },
): Promise<Page<AdminContactRow>> {
  const where = options.status ? eq(contactMessage.status, options.status) : undefined;
  const { limit, offset } = pageWindow(options.page);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: contactMessage.id,
        name: contactMessage.name,
        email: contactMessage.email,
        phone: contactMessage.phone,
        topic: contactMessage.topic,
        message: contactMessage.message,
        status: contactMessage.status,
        createdAt: contactMessage.createdAt,
      })
      .from(contactMessage)
      .where(where)
      .orderBy(desc(contactMessage.createdAt), desc(contactMessage.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(contactMessage).where(where),
  ]);
  return toPage(rows, totals?.total ?? 0, options.page);
}

/** Marks a contact message as read; returns false when it does not exist. */
export async function markContactMessageRead(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(contactMessage)
    .set({ status: "read" })
    .where(eq(contactMessage.id, id))
    .returning({ id: contactMessage.id });
  return rows.length > 0;
}

/** How many messages nobody has read yet. */
export async function countUnreadContactMessages(db: Database): Promise<number> {
  return db.$count(contactMessage, eq(contactMessage.status, "new"));
}
