import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import {
  accountPaymentApprovalFormSchema,
  accountPaymentFormSchema,
  accountPaymentVoidFormSchema,
  creditLimitFormSchema,
} from "~/modules/customers";
import {
  customerAccountOf,
  recordAccountPayment,
  setCreditLimit,
  voidAccountPayment,
  type AccountActor,
  type AccountPaymentRefusal,
  type AccountPaymentVoidRefusal,
  type RecordedAccountPayment,
} from "~/modules/customers/index.server";
import type { AccountFailure } from "./account-shared";

/*
 * The account intents of a customer's page (issue 37, decisions 0083 and 0095): the credit limit
 * (owners and managers), a payment against the account (a cashier's transfer or PromptPay with
 * an approver's PIN) and the void of a payment (owners and managers). Each answers a redirect
 * with `done` or a refusal with its Thai message next to the field and what was typed.
 */

/** A payment's refusal as the page shows it (decisions 0083 and 0095). */
const PAYMENT_REFUSALS = {
  "not-found": { status: 404, field: "form", message: "shops.customers.error.notFound" },
  "over-balance": {
    status: 409,
    field: "amount",
    message: "shops.customers.account.error.overBalance",
  },
  "no-shift": { status: 409, field: "method", message: "shops.customers.account.error.noShift" },
  "needs-approval": {
    status: 403,
    field: "pin",
    message: "shops.customers.account.error.needsApproval",
  },
  "wrong-pin": { status: 403, field: "pin", message: "shops.customers.account.error.wrongPin" },
  "too-many-tries": {
    status: 429,
    field: "pin",
    message: "shops.customers.account.error.tooManyTries",
  },
} as const satisfies Record<
  AccountPaymentRefusal,
  { status: number; field: string; message: MessageKey }
>;

/** A void's refusal as the page shows it (decision 0095). */
const VOID_REFUSALS = {
  "not-found": { status: 404, field: "paymentId", message: "shops.customers.error.notFound" },
  "not-allowed": {
    status: 403,
    field: "form",
    message: "shops.customers.account.error.voidNotAllowed",
  },
  "already-voided": {
    status: 409,
    field: "paymentId",
    message: "shops.customers.account.error.alreadyVoided",
  },
  "no-shift": { status: 409, field: "form", message: "shops.customers.account.error.voidNoShift" },
} as const satisfies Record<
  AccountPaymentVoidRefusal,
  { status: number; field: string; message: MessageKey }
>;

export async function accountAction(
  intent: AccountFailure["intent"],
  {
    db,
    form,
    actor,
    customerId,
    back,
  }: { db: Database; form: FormData; actor: AccountActor; customerId: string; back: string },
) {
  if (intent === "limit") {
    const parsed = readForm(form, creditLimitFormSchema);
    if (!parsed.ok) {
      return data<AccountFailure>(
        { intent: "limit", errors: parsed.errors, values: parsed.values },
        { status: 400 },
      );
    }
    const result = await setCreditLimit(db, actor, customerId, parsed.data.creditLimit);
    if (!result.ok) {
      return data<AccountFailure>(
        {
          intent: "limit",
          errors: {
            form:
              result.error === "not-allowed"
                ? "shops.customers.account.error.notAllowed"
                : "shops.customers.error.notFound",
          },
          values: parsed.values,
        },
        { status: result.error === "not-allowed" ? 403 : 404 },
      );
    }
    return redirect(`${back}&done=limit`);
  }
  if (intent === "voidPayment") {
    const parsed = readForm(form, accountPaymentVoidFormSchema);
    if (!parsed.ok) {
      return data<AccountFailure>(
        { intent, errors: parsed.errors, values: parsed.values },
        { status: 400 },
      );
    }
    const result = await voidAccountPayment(db, actor, {
      customerId,
      paymentId: parsed.data.paymentId,
      reason: parsed.data.reason,
    });
    if (!result.ok) {
      const refusal = VOID_REFUSALS[result.error];
      return data<AccountFailure>(
        { intent, errors: { [refusal.field]: refusal.message }, values: parsed.values },
        { status: refusal.status },
      );
    }
    return redirect(
      `${back}&done=voidPayment&receipt=${encodeURIComponent(result.documentNumber)}`,
    );
  }
  const taken = await takeAccountPayment(db, form, actor, customerId);
  if (!taken.ok) return data<AccountFailure>(taken.failure, { status: taken.status });
  const payment = taken.payment;
  const approved = payment.approverName
    ? `&approvedBy=${encodeURIComponent(payment.approverName)}`
    : "";
  return redirect(
    `${back}&done=payment&receipt=${encodeURIComponent(payment.documentNumber)}${approved}`,
  );
}

/**
 * A payment against the account from a posted form (decisions 0083 and 0095): the customer's
 * page and the till (its `account-payment` action) both take it here, so the form's reading,
 * the rules (`recordAccountPayment`) and the refusals' texts are one. The PIN is never sent back.
 */
export async function takeAccountPayment(
  db: Database,
  form: FormData,
  actor: AccountActor,
  customerId: string,
): Promise<
  | { ok: true; payment: RecordedAccountPayment }
  | { ok: false; failure: AccountFailure; status: number }
> {
  const parsed = readForm(form, accountPaymentFormSchema);
  const approval = readForm(form, accountPaymentApprovalFormSchema);
  const typed = { ...parsed.values, pin: "" };
  if (!parsed.ok || !approval.ok) {
    return {
      ok: false,
      status: 400,
      failure: {
        intent: "payment",
        errors: { ...(parsed.ok ? {} : parsed.errors), ...(approval.ok ? {} : approval.errors) },
        values: typed,
      },
    };
  }
  const result = await recordAccountPayment(db, actor, {
    customerId,
    method: parsed.data.method,
    amountSatang: parsed.data.amount,
    reference: parsed.data.reference,
    approval: approval.data,
  });
  if (result.ok) return { ok: true, payment: result.payment };
  const owed = await customerAccountOf(db, actor.shopId, customerId);
  const refusal = PAYMENT_REFUSALS[result.error];
  return {
    ok: false,
    status: refusal.status,
    failure: {
      intent: "payment",
      errors: { [refusal.field]: refusal.message },
      values: typed,
      balanceSatang: owed.balanceSatang,
      retryAfterMinutes:
        result.retryAfterSeconds === undefined
          ? undefined
          : Math.max(1, Math.ceil(result.retryAfterSeconds / 60)),
    },
  };
}
