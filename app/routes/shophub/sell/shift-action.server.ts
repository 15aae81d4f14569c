import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import type { ShiftActor, ShiftError, ShiftSummary } from "~/modules/shifts";
import {
  cashMovementForm,
  closeShift,
  closeShiftForm,
  openShift,
  openShiftForm,
  addShiftMember,
  payInOut,
  removeShiftMember,
  shiftMemberForm,
} from "~/modules/shifts/index.server";

/*
 * The till's shift forms (the shift panel posts form data with an `intent`; the sale itself
 * posts JSON and never comes here). Each answer names its intent, so the panel shows it in the
 * right form, and keeps what was typed when it is refused.
 */

export const SHIFT_INTENTS = [
  "openShift",
  "cashMovement",
  "closeShift",
  "addShiftMember",
  "removeShiftMember",
] as const;
export type ShiftIntent = (typeof SHIFT_INTENTS)[number];

export type ShiftAnswer =
  | {
      shift: true;
      intent: ShiftIntent;
      ok: false;
      values: Record<string, string>;
      errors: Record<string, MessageKey>;
      formError?: MessageKey;
    }
  // `done` names what was done: the site's convention for an answer that took the input.
  | { shift: true; intent: "openShift"; ok: true; done: ShiftIntent }
  | {
      shift: true;
      intent: "cashMovement";
      ok: true;
      done: ShiftIntent;
      kind: "pay_in" | "pay_out";
      amountSatang: number;
    }
  | { shift: true; intent: "closeShift"; ok: true; done: ShiftIntent; closed: ShiftSummary }
  | { shift: true; intent: "addShiftMember" | "removeShiftMember"; ok: true; done: ShiftIntent };

const REFUSAL: Record<ShiftError["code"], { status: number; message: MessageKey }> = {
  alreadyOpen: { status: 409, message: "shops.shifts.error.alreadyOpen" },
  notFound: { status: 404, message: "shops.shifts.error.notFound" },
  notOpen: { status: 409, message: "shops.shifts.error.notOpen" },
  badRequest: { status: 400, message: "shops.shifts.error.badRequest" },
  inAnotherShift: { status: 409, message: "shops.shifts.error.inAnotherShift" },
  notAMember: { status: 400, message: "shops.shifts.error.notAMember" },
};

export interface Answered {
  answer: ShiftAnswer;
  status: number;
}

export async function shiftAction(
  db: Parameters<typeof openShift>[0],
  actor: ShiftActor,
  form: FormData,
): Promise<Answered> {
  const intent = String(form.get("intent") ?? "");
  const failed = (
    which: ShiftIntent,
    values: Record<string, string>,
    errors: Record<string, MessageKey>,
    status: number,
    formError?: MessageKey,
  ): Answered => ({
    answer: { shift: true, intent: which, ok: false, values, errors, formError },
    status,
  });
  const refused = (which: ShiftIntent, values: Record<string, string>, error: ShiftError) =>
    failed(which, values, {}, REFUSAL[error.code].status, REFUSAL[error.code].message);

  if (intent === "openShift") {
    const parsed = readForm(form, openShiftForm);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors, 400);
    const result = await openShift(db, actor, {
      till: parsed.data.till,
      openingCashSatang: parsed.data.openingCash,
    });
    if (!result.ok) return refused(intent, parsed.values, result.error);
    return { answer: { shift: true, intent, ok: true, done: intent }, status: 200 };
  }
  if (intent === "cashMovement") {
    const parsed = readForm(form, cashMovementForm);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors, 400);
    const result = await payInOut(db, actor, {
      shiftId: parsed.data.shiftId,
      kind: parsed.data.kind,
      amountSatang: parsed.data.amount,
      reason: parsed.data.reason,
      expenseCategory: parsed.data.expenseCategory,
    });
    if (!result.ok) return refused(intent, parsed.values, result.error);
    return {
      answer: {
        shift: true,
        intent,
        ok: true,
        done: intent,
        kind: result.value.kind,
        amountSatang: result.value.amountSatang,
      },
      status: 200,
    };
  }
  if (intent === "closeShift") {
    const parsed = readForm(form, closeShiftForm);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors, 400);
    const result = await closeShift(db, actor, {
      shiftId: parsed.data.shiftId,
      countedCashSatang: parsed.data.counted,
      note: parsed.data.note,
    });
    if (!result.ok) return refused(intent, parsed.values, result.error);
    return {
      answer: { shift: true, intent, ok: true, done: intent, closed: result.value },
      status: 200,
    };
  }
  if (intent === "addShiftMember" || intent === "removeShiftMember") {
    const parsed = readForm(form, shiftMemberForm);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors, 400);
    const change = intent === "addShiftMember" ? addShiftMember : removeShiftMember;
    const result = await change(db, actor, {
      shiftId: parsed.data.shiftId,
      userId: parsed.data.userId,
    });
    if (!result.ok) return refused(intent, parsed.values, result.error);
    return { answer: { shift: true, intent, ok: true, done: intent }, status: 200 };
  }
  return failed("openShift", {}, {}, 400, "shops.shifts.error.badRequest");
}
