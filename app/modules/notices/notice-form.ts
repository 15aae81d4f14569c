import { z } from "zod";
import { parseBangkokLocal } from "~/lib/dates";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { NOTICE_BODY_MAX, NOTICE_LEVELS, NOTICE_TITLE_MAX } from "./notice-types";

export const NOTICE_FIELDS = [
  "title",
  "body",
  "titleEn",
  "bodyEn",
  "level",
  "startsAt",
  "endsAt",
] as const;
export type NoticeField = (typeof NOTICE_FIELDS)[number];
/** The form as typed: datetime-local values are Bangkok time. */
export type NoticeValues = Record<NoticeField, string>;
export type NoticeErrors = Partial<Record<NoticeField, MessageKey>>;

function bangkokDateTime(message: MessageKey) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return null;
      const date = parseBangkokLocal(value);
      if (!date) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return date;
    });
}

// Error messages are message keys, so the page shows them in the admin's language.
export const noticeFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "notice.error.titleRequired")
      .max(NOTICE_TITLE_MAX, "notice.error.titleTooLong"),
    body: z
      .string()
      .trim()
      .min(1, "notice.error.bodyRequired")
      .max(NOTICE_BODY_MAX, "notice.error.bodyTooLong"),
    // English is optional; when given, it is a whole notice (title and text).
    titleEn: z.string().trim().max(NOTICE_TITLE_MAX, "notice.error.titleTooLong"),
    bodyEn: z.string().trim().max(NOTICE_BODY_MAX, "notice.error.bodyTooLong"),
    level: z.enum(NOTICE_LEVELS, { error: "notice.error.levelInvalid" }),
    startsAt: bangkokDateTime("notice.error.startsAtInvalid"),
    endsAt: bangkokDateTime("notice.error.endsAtInvalid"),
  })
  .superRefine((value, ctx) => {
    if (value.titleEn && !value.bodyEn) {
      ctx.addIssue({
        code: "custom",
        path: ["bodyEn"],
        message: "notice.error.englishBodyMissing",
      });
    }
    if (value.bodyEn && !value.titleEn) {
      ctx.addIssue({
        code: "custom",
        path: ["titleEn"],
        message: "notice.error.englishTitleMissing",
      });
    }
    if (value.startsAt && value.endsAt && value.endsAt <= value.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "notice.error.endBeforeStart" });
    }
  });

export type NoticeInput = z.output<typeof noticeFormSchema>;

/** Reads the notice form as typed (so the page can show it again) and validates it. */
export function parseNoticeForm(
  form: FormData,
):
  | { ok: true; values: NoticeValues; input: NoticeInput }
  | { ok: false; values: NoticeValues; errors: NoticeErrors } {
  const read = readForm(form, noticeFormSchema);
  const values = Object.fromEntries(
    NOTICE_FIELDS.map((field) => [field, read.values[field] ?? ""]),
  ) as NoticeValues;
  if (read.ok) return { ok: true, values, input: read.data };
  const errors: NoticeErrors = read.errors;
  // Zod skips object-level checks once a field has failed; the period must still be reported.
  const startsAt = parseBangkokLocal(values.startsAt);
  const endsAt = parseBangkokLocal(values.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt ??= "notice.error.endBeforeStart";
  const titleEn = values.titleEn.trim();
  const bodyEn = values.bodyEn.trim();
  if (titleEn && !bodyEn) errors.bodyEn ??= "notice.error.englishBodyMissing";
  if (bodyEn && !titleEn) errors.titleEn ??= "notice.error.englishTitleMissing";
  return { ok: false, values, errors };
}
