import { z } from "zod";
import { toE164 } from "~/lib/phone";

export const profileDetailsSchema = z.object({
  name: z.string().trim().min(1, "auth.error.name-required").max(80, "auth.error.name-required"),
  phone: z
    .string()
    .trim()
    .refine((value) => value === "" || toE164(value) !== null, "auth.error.phone-invalid")
    .transform((value) => (value === "" ? null : toE164(value))),
});

export const changeEmailSchema = z.object({
  newEmail: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, "auth.error.invalid-email"),
  currentPassword: z.string(),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string().min(6, "auth.error.weak-password").max(256, "auth.error.weak-password"),
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "auth.error.password-mismatch",
  });

export const deleteAccountSchema = z.object({
  currentPassword: z.string(),
  confirm: z.literal("on", { error: "auth.error.confirm-required" }),
});
