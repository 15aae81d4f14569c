import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { readForm } from "~/lib/forms/read-form";
import { accountPaymentFormSchema, creditLimitFormSchema } from "~/modules/customers";
import {
  customerAccountOf,
  recordAccountPayment,
  setCreditLimit,
  type AccountActor,
} from "~/modules/customers/index.server";
import type { AccountFailure } from "./account-section";

/*
 * The account intents of a customer's page (issue 37, decision 0083): the credit limit (owners
 * and managers) and a payment against the account. Each answers a redirect with `done` or a
 * refusal with its Thai message next to the field and what was typed.
 */

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
  const parsed = readForm(form, accountPaymentFormSchema);
  if (!parsed.ok) {
    return data<AccountFailure>(
      { intent: "payment", errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  const result = await recordAccountPayment(db, actor, {
    customerId,
    method: parsed.data.method,
    amountSatang: parsed.data.amount,
    reference: parsed.data.reference,
  });
  if (!result.ok) {
    const owed = await customerAccountOf(db, actor.shopId, customerId);
    return data<AccountFailure>(
      {
        intent: "payment",
        errors:
          result.error === "not-found"
            ? { form: "shops.customers.error.notFound" }
            : { amount: "shops.customers.account.error.overBalance" },
        values: parsed.values,
        balanceSatang: owed.balanceSatang,
      },
      { status: result.error === "not-found" ? 404 : 409 },
    );
  }
  return redirect(
    `${back}&done=payment&receipt=${encodeURIComponent(result.payment.documentNumber)}`,
  );
}
