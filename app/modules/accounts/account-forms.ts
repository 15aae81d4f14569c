import { z } from "zod";
import type { MessageKey } from "~/lib/i18n";
import { toE164 } from "~/lib/phone";

// The seed's rule; also enforced by better-auth (auth.server.ts).
const MIN_PASSWORD = 6;
const EMAIL = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "auth.error.invalid-email")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, "auth.error.invalid-email");
const PASSWORD = z
  .string()
  .min(MIN_PASSWORD, "auth.error.weak-password")
  .max(256, "auth.error.weak-password");

export const registerFormSchema = z
  .object({
    email: EMAIL,
    password: PASSWORD,
    confirmPassword: z.string(),
    name: z.string().trim().min(1, "auth.error.name-required").max(80, "auth.error.name-required"),
    phone: z
      .string()
      .trim()
      .refine((value) => value === "" || toE164(value) !== null, "auth.error.phone-invalid")
      .transform((value) => (value === "" ? null : toE164(value))),
    acceptTerms: z.literal("on", { error: "auth.error.terms-required" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "auth.error.password-mismatch",
  });

export const signInFormSchema = z.object({
  email: EMAIL,
  password: z.string().min(1, "auth.error.wrong-credentials"),
  rememberMe: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export const emailOnlyFormSchema = z.object({ email: EMAIL });

export const newPasswordFormSchema = z
  .object({
    token: z.string().min(1, "auth.error.invalid-action-code"),
    password: PASSWORD,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "auth.error.password-mismatch",
  });

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
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data, values };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message as MessageKey;
  }
  return { ok: false, errors, values };
}
