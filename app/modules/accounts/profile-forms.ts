import { z } from "zod";
import {
  confirmationMatches,
  DISPLAY_NAME_FIELD,
  EMAIL_FIELD,
  NEW_PASSWORD_FIELD,
  OPTIONAL_PHONE_FIELD,
} from "./account-forms";

export const profileDetailsSchema = z.object({
  name: DISPLAY_NAME_FIELD,
  phone: OPTIONAL_PHONE_FIELD,
});

export const changeEmailSchema = z.object({
  newEmail: EMAIL_FIELD,
  currentPassword: z.string(),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: NEW_PASSWORD_FIELD,
    confirmPassword: z.string(),
  })
  .refine(...confirmationMatches("newPassword"));

export const deleteAccountSchema = z.object({
  currentPassword: z.string(),
  confirm: z.literal("on", { error: "auth.error.confirm-required" }),
});
