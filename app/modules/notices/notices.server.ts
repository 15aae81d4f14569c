import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Lang } from "~/lib/i18n";
import type { NoticeInput } from "./notice-form";
import type { PublicNotice } from "./notice-types";
import { announcePageChange, PAGE_TAG, readThroughCache } from "~/modules/platform/index.server";
import { siteNotice } from "./schema";

export type SiteNotice = typeof siteNotice.$inferSelect;

const SEVERITY = sql`case ${siteNotice.level} when 'danger' then 0 when 'warning' then 1 else 2 end`;

/** Publishes a notice (shown from startsAt, or now, until endsAt, or until removed). */
export async function createNotice(
  db: Database,
  input: NoticeInput,
  createdBy: string | null,
): Promise<SiteNotice> {
  const [row] = await db
    .insert(siteNotice)
    .values({ ...pickNotice(input), createdBy })
    .returning();
  if (!row) throw new Error("notice insert returned no row");
  await announcePageChange(db, [PAGE_TAG.notices]);
  return row;
}

/** Changes a notice; its new updatedAt makes it show again to visitors who dismissed it. */
export async function updateNotice(
  db: Database,
  id: number,
  input: NoticeInput,
): Promise<SiteNotice | null> {
  const [row] = await db
    .update(siteNotice)
    .set({ ...pickNotice(input), updatedAt: sql`now()` })
    .where(eq(siteNotice.id, id))
    .returning();
  if (row) await announcePageChange(db, [PAGE_TAG.notices]);
  return row ?? null;
}

/** Removes a notice for good; returns false when it did not exist. */
export async function deleteNotice(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .delete(siteNotice)
    .where(eq(siteNotice.id, id))
    .returning({ id: siteNotice.id });
  if (rows.length > 0) await announcePageChange(db, [PAGE_TAG.notices]);
  return rows.length > 0;
}

export async function getNotice(db: Database, id: number): Promise<SiteNotice | null> {
  const [row] = await db.select().from(siteNotice).where(eq(siteNotice.id, id));
  return row ?? null;
}

/** Every notice, past, present and scheduled, newest first (for admins). */
export async function listNotices(db: Database): Promise<SiteNotice[]> {
  return db.select().from(siteNotice).orderBy(desc(siteNotice.createdAt), desc(siteNotice.id));
}

/**
 * The notices showing at `now`, in the visitor's language (English falls back to the Thai
 * text when a notice has none): most severe first, then newest.
 */
export async function listActiveNotices(
  db: Database,
  now: Date = new Date(),
  lang: Lang = "th",
): Promise<PublicNotice[]> {
  const inEnglish = lang === "en";
  const rows = await db
    .select({
      id: siteNotice.id,
      title: inEnglish
        ? sql<string>`coalesce(${siteNotice.titleEn}, ${siteNotice.title})`
        : siteNotice.title,
      body: inEnglish
        ? sql<string>`coalesce(${siteNotice.bodyEn}, ${siteNotice.body})`
        : siteNotice.body,
      level: siteNotice.level,
      updatedAt: siteNotice.updatedAt,
    })
    .from(siteNotice)
    .where(
      and(
        or(isNull(siteNotice.startsAt), lte(siteNotice.startsAt, now)),
        or(isNull(siteNotice.endsAt), gt(siteNotice.endsAt, now)),
      ),
    )
    .orderBy(asc(SEVERITY), desc(siteNotice.createdAt), desc(siteNotice.id));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

function pickNotice(input: NoticeInput) {
  return {
    title: input.title,
    body: input.body,
    titleEn: input.titleEn || null,
    bodyEn: input.bodyEn || null,
    level: input.level,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
  };
}

/**
 * When the set of notices showing next changes by the clock alone (a scheduled notice starts
 * or one ends), or null: a rendered page that shows the notice bar is kept until then.
 */
export async function nextNoticeChange(db: Database, now: Date = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`least(
        min(${siteNotice.startsAt}) filter (where ${siteNotice.startsAt} > ${now}),
        min(${siteNotice.endsAt}) filter (where ${siteNotice.endsAt} > ${now}))`.mapWith(
        (value: unknown) => (value === null ? null : new Date(value as string)),
      ),
    })
    .from(siteNotice);
  return row?.at ?? null;
}

/**
 * The notices showing now, as listActiveNotices gives them, through the instance's notified
 * cache: every page's root loader reads them, and they change only when an administrator edits
 * one ('notices' is announced) or a scheduled one starts or ends (the entry expires then).
 */
export async function currentNotices(db: Database, lang: Lang): Promise<PublicNotice[]> {
  const found = await readThroughCache(
    db,
    `notices:${lang}`,
    async () => {
      const now = new Date();
      const [notices, nextChange] = await Promise.all([
        listActiveNotices(db, now, lang),
        nextNoticeChange(db, now),
      ]);
      return { notices, nextChange };
    },
    ({ nextChange }) => ({ tags: [PAGE_TAG.notices], expiresAt: nextChange ?? undefined }),
  );
  return found.notices;
}
