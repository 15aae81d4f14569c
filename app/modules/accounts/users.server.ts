import { count, desc, eq, ilike, or } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { containsPattern } from "~/db/escape-like";
import { pageWindow, toPage, type Page } from "~/lib/paging";
import { noteDisabledSessions } from "./disabled-sessions.server";
import { session, user } from "./schema";
import { USER_SEARCH_MAX, type UserActionOutcome, type UserIntent } from "./user-actions";
import { truncateText } from "~/lib/truncate-text";

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: "member" | "admin";
  banned: boolean;
  createdAt: Date;
}

/** Accounts whose name or e-mail contains `search` (any case), newest first, one page. */
export async function listUsers(
  db: Database,
  options: { search?: string; page: number },
): Promise<Page<AdminUserRow>> {
  const search = truncateText(options.search?.trim() ?? "", USER_SEARCH_MAX);
  const where = search
    ? or(ilike(user.name, containsPattern(search)), ilike(user.email, containsPattern(search)))
    : undefined;
  const { limit, offset } = pageWindow(options.page);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        role: user.role,
        banned: user.banned,
        createdAt: user.createdAt,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(user).where(where),
  ]);
  return toPage(
    rows.map((row) => ({ ...row, role: row.role === "admin" ? "admin" : "member" }) as const),
    totals?.total ?? 0,
    options.page,
  );
}

/**
 * Disables an account and signs it out everywhere: the ban and the removal of its sessions
 * happen in one transaction, so its very next request is anonymous.
 */
export async function disableUser(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(user)
      .set({ banned: true, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ id: user.id });
    if (updated.length === 0) return false;
    // So that the member's next page can say why they were signed out.
    await noteDisabledSessions(tx, userId);
    await tx.delete(session).where(eq(session.userId, userId));
    return true;
  });
}

/** Lets a disabled account sign in again. */
export async function enableUser(db: Database, userId: string): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  return updated.length > 0;
}

/** Grants or revokes the admin role. */
export async function setAdminRole(
  db: Database,
  userId: string,
  role: "admin" | "member",
): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  return updated.length > 0;
}

/**
 * One admin's action on an account from the users page: asks for confirmation first, and
 * refuses to let admins disable themselves or drop their own admin role (so there is always
 * one admin left who can undo a mistake).
 */
export async function applyUserAction(
  db: Database,
  actorId: string,
  action: { intent: UserIntent; userId: string; confirmed: boolean },
): Promise<UserActionOutcome> {
  const { intent, userId } = action;
  if (userId === actorId && (intent === "disable" || intent === "revokeAdmin")) {
    return { status: "error", error: intent === "disable" ? "disable-self" : "revoke-self" };
  }
  const [target] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  if (!target) return { status: "error", error: "not-found" };
  if (!action.confirmed) return { status: "confirm", intent, user: target };
  if (intent === "disable") await disableUser(db, userId);
  else if (intent === "enable") await enableUser(db, userId);
  else await setAdminRole(db, userId, intent === "grantAdmin" ? "admin" : "member");
  return { status: "done", intent };
}

/** How many accounts there are, how many are admins and how many are disabled. */
export async function countUsers(
  db: Database,
): Promise<{ users: number; admins: number; disabled: number }> {
  const [users, admins, disabled] = await Promise.all([
    db.$count(user),
    db.$count(user, eq(user.role, "admin")),
    db.$count(user, eq(user.banned, true)),
  ]);
  return { users, admins, disabled };
}

/** A member's display name, or null when the account is gone. */
export async function memberName(db: DbExecutor, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? null;
}

/**
 * Creates an account that signs in with nothing (no password, e-mail unverified), such as the
 * owner of the demo listings; false when an account with this id or e-mail exists already.
 */
export async function createPlaceholderMember(
  db: DbExecutor,
  member: { id: string; name: string; email: string },
): Promise<boolean> {
  const inserted = await db
    .insert(user)
    .values({ ...member, emailVerified: false })
    .onConflictDoNothing()
    .returning({ id: user.id });
  return inserted.length > 0;
}
