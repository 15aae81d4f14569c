import { data } from "react-router";
import type { Route } from "./+types/account-payment";
import { appContext } from "~/context";
import { isNetworkError } from "~/lib/describe-error";
import type { FieldErrors } from "~/lib/forms/read-form";
import { memberName } from "~/modules/accounts/index.server";
import { takeAccountPayment } from "~/routes/shophub/customers/account-actions.server";
import type { AccountFailure } from "~/routes/shophub/customers/account-shared";
import { TILL_REFUSAL_KEYS } from "~/routes/shophub/customers/till-refusal-keys";
import { memberOf } from "~/routes/_gates/member.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { actingMemberOf } from "./till-cashier.server";

/*
 * A payment against a customer's account taken at the till (รับชำระหนี้; decision 0095, "At
 * the till"). The same reading and rules as the customer's page (`takeAccountPayment`, which
 * calls `recordAccountPayment`): a cashier's cash only into their own open shift, a cashier's
 * transfer or PromptPay with an owner's or a manager's PIN. It answers data, not a redirect,
 * so the till stays where it is; the till's data (its shift's expected cash) revalidates after.
 * Online only: a payment is never queued.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

/** What the till's payment form reads back. */
export type TillAccountPaymentAnswer =
  | {
      ok: true;
      done: "payment";
      customerId: string;
      paymentId: number;
      documentNumber: string;
      amountSatang: number;
      balanceSatang: number;
      approverName: string | null;
    }
  | ({ ok: false } & Omit<AccountFailure, "intent">)
  | { ok: false; network: true };

/** A page refusal in the till's words (till-refusal-keys.ts). */
function tillErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [
      field,
      TILL_REFUSAL_KEYS[key] ?? "shops.sell.accountPay.error.amount",
    ]),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request, context }: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const member = memberOf(context);
  const { db } = context.get(appContext);
  // A cashier who took over this till by PIN (decision 0088) takes it under a cashier's rules,
  // the switch checked by the server (`?cashier=&till=`), never the till's word.
  const acting = await actingMemberOf(db, context, shop.id, role, new URL(request.url));
  const form = await request.formData();
  if (acting.userId === "") {
    return data<TillAccountPaymentAnswer>(
      { ok: false, errors: { form: "shops.sell.accountPay.error.notAllowed" }, values: {} },
      { status: 403 },
    );
  }
  const customerId = form.get("customerId");
  if (typeof customerId !== "string" || !UUID.test(customerId)) {
    return data<TillAccountPaymentAnswer>(
      { ok: false, errors: { form: "shops.sell.accountPay.error.notFound" }, values: {} },
      { status: 404 },
    );
  }
  const taken = await takeAccountPayment(
    db,
    form,
    {
      shopId: shop.id,
      userId: acting.userId,
      userName:
        acting.userId === member.id
          ? member.name
          : ((await memberName(db, acting.userId)) ?? member.name),
      role: acting.role,
    },
    customerId,
  );
  if (!taken.ok) {
    const { errors, values, balanceSatang, retryAfterMinutes } = taken.failure;
    return data<TillAccountPaymentAnswer>(
      { ok: false, errors: tillErrors(errors), values, balanceSatang, retryAfterMinutes },
      { status: taken.status },
    );
  }
  const { payment } = taken;
  return data<TillAccountPaymentAnswer>({
    ok: true,
    done: "payment",
    customerId,
    paymentId: payment.id,
    documentNumber: payment.documentNumber,
    amountSatang: payment.amountSatang,
    balanceSatang: payment.balanceAfterSatang,
    approverName: payment.approverName,
  });
}

/** A lost answer (offline) becomes data: the form says so and keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (isNetworkError(error)) return { ok: false as const, network: true as const };
    throw error;
  }
}
