export const NOTICE_LEVELS = ["info", "warning", "danger"] as const;
export type NoticeLevel = (typeof NOTICE_LEVELS)[number];
export const NOTICE_TITLE_MAX = 120;
export const NOTICE_BODY_MAX = 2000;

/** What every visitor's browser gets of an active notice (root loader and /api/notices). */
export interface PublicNotice {
  id: number;
  title: string;
  body: string;
  level: NoticeLevel;
  /** ISO time of the last edit: part of the key that remembers a dismissal. */
  updatedAt: string;
}

export type NoticeState = "active" | "scheduled" | "ended";

/** Whether a notice shows now, will show later, or has ended. */
export function noticeState(
  notice: { startsAt: Date | null; endsAt: Date | null },
  now: Date,
): NoticeState {
  if (notice.endsAt && notice.endsAt <= now) return "ended";
  if (notice.startsAt && notice.startsAt > now) return "scheduled";
  return "active";
}
