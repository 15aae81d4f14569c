import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/claim-till";
import { appContext } from "~/context";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import type { BoundTill, TillRefusal } from "~/modules/tills";
import { claimTill } from "~/modules/tills/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

/*
 * A seller's device becomes one of the shop's tills with the one-time code the owner showed on
 * /shophub/tills (issue 34, decision 0071). The answer carries the till and its device token,
 * which the till keeps in IndexedDB; wrong codes are counted per member.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

const claimFormSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "shops.sell.claim.error.badCode"),
  deviceLabel: z.string().max(200),
});

export type ClaimAnswer =
  { ok: true; done: "claim"; bound: BoundTill } | { ok: false; errors: Record<string, MessageKey> };

const REFUSAL_TEXT: Partial<Record<TillRefusal, MessageKey>> = {
  badCode: "shops.sell.claim.error.badCode",
  tooManyTries: "shops.sell.claim.error.tooManyTries",
  boundElsewhere: "shops.sell.claim.error.boundElsewhere",
};

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const parsed = readForm(await request.formData(), claimFormSchema);
  if (!parsed.ok) return data<ClaimAnswer>({ ok: false, errors: parsed.errors }, { status: 400 });
  const result = await claimTill(
    db,
    { shopId: shop.id, userId: memberOf(context).id, role },
    parsed.data,
  );
  if (result.ok) return { ok: true, done: "claim", bound: result.value } satisfies ClaimAnswer;
  const key = REFUSAL_TEXT[result.error] ?? "shops.sell.claim.error.badCode";
  return data<ClaimAnswer>(
    { ok: false, errors: { code: key } },
    { status: result.error === "tooManyTries" ? 429 : 409 },
  );
});
