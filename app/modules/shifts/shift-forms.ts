import { z } from "zod";
import { bahtField } from "~/lib/forms/fields";
import { EXPENSE_CATEGORIES } from "~/modules/finance";

// The till's shift forms (read on the server with readForm; the page needs no zod).

import { MAX_MOVEMENT_REASON, MAX_SHIFT_NOTE, MAX_TILL_NAME } from "./shift-types";

const tillField = z
  .string()
  .trim()
  .min(1, "shops.shifts.error.tillRequired")
  .max(MAX_TILL_NAME, "shops.shifts.error.tillRequired");

const shiftIdField = z
  .string()
  .regex(/^\d{1,15}$/, "shops.shifts.error.notFound")
  .transform(Number);

export const openShiftForm = z.object({
  intent: z.literal("openShift"),
  till: tillField,
  openingCash: bahtField("shops.shifts.error.amount"),
});

export const cashMovementForm = z.object({
  intent: z.literal("cashMovement"),
  shiftId: shiftIdField,
  kind: z.enum(["pay_in", "pay_out"], { message: "shops.shifts.error.kind" }),
  amount: bahtField("shops.shifts.error.amount").refine(
    (satang) => satang > 0,
    "shops.shifts.error.amountPositive",
  ),
  reason: z
    .string()
    .trim()
    .min(1, "shops.shifts.error.reasonRequired")
    .max(MAX_MOVEMENT_REASON, "shops.shifts.error.reasonTooLong"),
  /** A pay-out booked as an expense of this category in the same step ("" = not booked). */
  expenseCategory: z
    .union([z.literal(""), z.enum(EXPENSE_CATEGORIES)], { message: "shops.shifts.error.kind" })
    .optional()
    .transform((value) => value || null),
});

/** Adds a selling member of the shop to the shift, or takes one who was added off it. */
export const shiftMemberForm = z.object({
  intent: z.enum(["addShiftMember", "removeShiftMember"]),
  shiftId: shiftIdField,
  userId: z.string().trim().min(1, "shops.shifts.error.memberRequired").max(100),
});

export const closeShiftForm = z.object({
  intent: z.literal("closeShift"),
  shiftId: shiftIdField,
  // Counting is required: an empty field is not a count of zero baht.
  counted: z
    .string()
    .trim()
    .min(1, "shops.shifts.error.countedRequired")
    .pipe(bahtField("shops.shifts.error.amount")),
  note: z.string().trim().max(MAX_SHIFT_NOTE, "shops.shifts.error.noteTooLong"),
});
