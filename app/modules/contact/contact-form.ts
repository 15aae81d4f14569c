import { z } from "zod";
import { readForm } from "~/lib/forms/read-form";
import { toE164 } from "~/lib/phone";
import type { MessageKey } from "~/lib/i18n";
import {
  CONTACT_FIELDS,
  CONTACT_TOPICS,
  type ContactField,
  type ContactValues,
} from "./contact-topics";

export type ContactErrors = Partial<Record<ContactField, MessageKey>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

// Error messages are message keys, so the page shows them in the visitor's language.
export const contactFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "contact.error.nameRequired")
      .max(100, "contact.error.nameTooLong"),
    email: z
      .string()
      .trim()
      .max(254, "contact.error.emailInvalid")
      .refine((value) => value === "" || EMAIL_PATTERN.test(value), "contact.error.emailInvalid"),
    phone: z
      .string()
      .trim()
      .refine((value) => value === "" || toE164(value) !== null, "contact.error.phoneInvalid"),
    topic: z.enum(CONTACT_TOPICS, { error: "contact.error.topicRequired" }),
    message: z
      .string()
      .trim()
      .min(10, "contact.error.messageTooShort")
      .max(5000, "contact.error.messageTooLong"),
  })
  .superRefine((value, ctx) => {
    if (value.email === "" && value.phone === "") {
      ctx.addIssue({ code: "custom", path: ["email"], message: "contact.error.reachRequired" });
    }
  })
  .transform((value) => ({
    ...value,
    email: value.email === "" ? null : value.email.toLowerCase(),
    phone: value.phone === "" ? null : toE164(value.phone),
  }));

export type ContactSubmission = z.output<typeof contactFormSchema>;

/** Reads the form's fields as typed (so the page can show them again) and validates them. */
export function parseContactForm(
  form: FormData,
):
  | { ok: true; values: ContactValues; submission: ContactSubmission }
  | { ok: false; values: ContactValues; errors: ContactErrors } {
  const read = readForm(form, contactFormSchema);
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, read.values[field] ?? ""]),
  ) as ContactValues;
  if (read.ok) return { ok: true, values, submission: read.data };
  const errors: ContactErrors = read.errors;
  // Zod skips object-level checks once a field has failed; this one must show on the first try.
  if (values.email.trim() === "" && values.phone.trim() === "") {
    errors.email ??= "contact.error.reachRequired";
  }
  return { ok: false, values, errors };
}
