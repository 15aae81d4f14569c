import { z } from "zod";
import type { MessageKey } from "~/lib/i18n";
import { toE164 } from "~/lib/phone";

// The seed's rule; also enforced by better-auth (auth.server.ts).
const MIN_PASSWORD = 6;

// Field rules shared by the account forms (registration, sign-in, reset, profile).
export const EMAIL_FIELD = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "auth.error.invalid-email")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, "auth.error.invalid-email");
export const NEW_PASSWORD_FIELD = z
  .string()
  .min(MIN_PASSWORD, "auth.error.weak-password")
  .max(256, "auth.error.weak-password");
export const DISPLAY_NAME_FIELD = z
  .string()
  .trim()
  .min(1, "auth.error.name-required")
  .max(80, "auth.error.name-required");
/** Optional; Thai numbers may be typed the local way, stored as E.164 (null when empty). */
export const OPTIONAL_PHONE_FIELD = z
  .string()
  .trim()
  .refine((value) => value === "" || toE164(value) !== null, "auth.error.phone-invalid")
  .transform((value) => (value === "" ? null : toE164(value)));

/** The "confirm password" field must repeat `field`; the error shows next to the confirmation. */
export function confirmationMatches(
  field: string,
): [(value: Record<string, unknown>) => boolean, { path: string[]; message: MessageKey }] {
  return [
    (value) => value[field] === value.confirmPassword,
    { path: ["confirmPassword"], message: "auth.error.password-mismatch" },
  ];
}

export const registerFormSchema = z
  .object({
    email: EMAIL_FIELD,
    password: NEW_PASSWORD_FIELD,
    confirmPassword: z.string(),
    name: DISPLAY_NAME_FIELD,
    phone: OPTIONAL_PHONE_FIELD,
    acceptTerms: z.literal("on", { error: "auth.error.terms-required" }),
  })
  .refine(...confirmationMatches("password"));

export const signInFormSchema = z.object({
  email: EMAIL_FIELD,
  password: z.string().min(1, "auth.error.wrong-credentials"),
  rememberMe: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export const emailOnlyFormSchema = z.object({ email: EMAIL_FIELD });

export const newPasswordFormSchema = z
  .object({
    token: z.string().min(1, "auth.error.invalid-action-code"),
    password: NEW_PASSWORD_FIELD,
    confirmPassword: z.string(),
  })
  .refine(...confirmationMatches("password"));

export type FieldErrors = Record<string, MessageKey>;

/**
 * Validates a form against a schema. Returns what was typed (passwords left out, so they are
 * never sent back to the page) and, per field, the message key of its first problem.
 */
export function parseForm<T extends z.ZodType>(
  schema: T,
  form: FormData,
):
  | { ok: true; data: z.output<T>; values: Record<string, string> }
  | { ok: false; errors: FieldErrors; values: Record<string, string> } {
  const raw: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") raw[key] = value;
  const values = Object.fromEntries(Object.entries(raw).filter(([key]) => !/password/i.test(key)));
  let result = schema.safeParse(raw);
  if (!result.success) {
    // A text field the form did not send at all (a stale or tampered form) is read as empty,
    // so it gets the field's own message instead of the validator's English "Invalid input".
    const missing = result.error.issues
      .map((issue) => issue.path[0])
      .filter((field): field is string => typeof field === "string" && !(field in raw));
    if (missing.length > 0) {
      result = schema.safeParse({ ...raw, ...Object.fromEntries(missing.map((f) => [f, ""])) });
    }
  }
  if (result.success) return { ok: true, data: result.data, values };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    // Every rule names its message key; a rule that does not (a validator's own English
    // text) still shows a Thai message next to the field.
    errors[field] ??= isMessageKey(issue.message) ? issue.message : "error.invalidField";
  }
  return { ok: false, errors, values };
}

/** Our rules' messages are keys ("auth.error.weak-password"); a validator's own are sentences. */
function isMessageKey(text: string): text is MessageKey {
  return /^[a-z][\w-]*(\.[\w-]+)+$/i.test(text);
}
