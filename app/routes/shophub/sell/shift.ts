import { data } from "react-router";
import type { Route } from "./+types/shift";
import { appContext } from "~/context";
import { isNetworkError } from "~/lib/describe-error";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { shiftAction, type ShiftAnswer } from "./shift-action.server";

/*
 * The till's shift forms (open, pay in or out, close, who sells in it) post here, each with its
 * intent: an action of their own, apart from the sale's JSON (issue 33). The shift panel stays
 * on the till; the till's data revalidates after each answer.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const member = memberOf(context);
  const { db } = context.get(appContext);
  const { answer, status } = await shiftAction(
    db,
    { shopId: shop.id, userId: member.id, userName: member.name, role },
    await request.formData(),
  );
  return data<ShiftAnswer>(answer, { status });
});

/** A lost answer (offline) becomes data: the panel says so and keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (isNetworkError(error)) return { ok: false as const, error: { code: "network" } };
    throw error;
  }
}
