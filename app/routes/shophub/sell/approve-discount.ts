import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/approve-discount";
import { appContext } from "~/context";
import type { MessageKey } from "~/lib/i18n";
import { approveDiscount, type DiscountApprovalResult } from "~/modules/sales/index.server";
import { cashierOfSwitch } from "~/modules/staff/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

/*
 * The till asks here for an owner's or a manager's approval of a bill's discounts beyond what
 * a cashier gives alone (issue 31, decision 0059). JSON in (the sales module's
 * discountApprovalRequestSchema, with `shopId`), a typed answer out: the approver's name, or
 * why not. The sale itself checks the approval again when it completes.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

/** The till's cashier switch, sent beside the approval request when a cashier holds the till. */
const cashierSwitchSchema = z.object({
  cashierSwitch: z.uuid().optional(),
  tillId: z.uuid().optional(),
});

type Refusal = Extract<DiscountApprovalResult, { ok: false }>["error"];

/** Each refusal's status and text (the till says it next to the PIN). */
const REFUSALS = {
  wrongPin: { status: 403, key: "shops.sell.approval.error.wrongPin" },
  tooManyTries: { status: 429, key: "shops.sell.approval.error.tooManyTries" },
  badRequest: { status: 400, key: "shops.sell.error.invalidRequest" },
} as const satisfies Record<Refusal["code"], { status: number; key: MessageKey }>;

/** What the till gets back: the approval, or the refusal with the key of its text. */
export type DiscountApprovalAnswer =
  | Extract<DiscountApprovalResult, { ok: true }>
  | { ok: false; error: Refusal & { key: MessageKey } };

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  let body: unknown = null;
  try {
    body = await request.json();
  } catch {
    // Not JSON: the schema refuses it below.
  }
  // A cashier who took over a registered till by PIN (decision 0088): the approval is for them,
  // found from the server's record of the switch, never from the till's word.
  const sessionUserId = memberOf(context).id;
  let cashierId = sessionUserId;
  const switched = cashierSwitchSchema.safeParse(body);
  if (switched.success && switched.data.cashierSwitch) {
    const cashier = await cashierOfSwitch(db, {
      shopId: shop.id,
      sessionUserId,
      switchId: switched.data.cashierSwitch,
      tillId: switched.data.tillId ?? null,
      soldAt: new Date(),
    });
    if (!cashier) {
      return data<DiscountApprovalAnswer>(
        { ok: false, error: { code: "badRequest", key: REFUSALS.badRequest.key } },
        { status: REFUSALS.badRequest.status },
      );
    }
    cashierId = cashier.userId;
  }
  const result = await approveDiscount(db, { shopId: shop.id, cashierId }, body);
  if (result.ok) return result satisfies DiscountApprovalAnswer;
  const { status, key } = REFUSALS[result.error.code];
  const headers: HeadersInit =
    result.error.code === "tooManyTries"
      ? { "Retry-After": String(result.error.retryAfterSeconds) }
      : {};
  return data<DiscountApprovalAnswer>(
    { ok: false, error: { ...result.error, key } },
    { status, headers },
  );
});
