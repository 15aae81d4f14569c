import { z } from "zod";
import { checkboxField } from "~/lib/forms/fields";
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
  rememberMe: checkboxField(),
});

export const emailOnlyFormSchema = z.object({ email: EMAIL_FIELD });

export const newPasswordFormSchema = z
  .object({
    token: z.string().min(1, "auth.error.invalid-action-code"),
    password: NEW_PASSWORD_FIELD,
    confirmPassword: z.string(),
  })
  .refine(...confirmationMatches("password"));
