import { Alert } from "react-bootstrap";
import { data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/approval-pin";
import { appContext } from "~/context";
import { OwnPinForm, type PinWords } from "~/features/shops/own-pin-form";
import { ShopChangedNotice } from "~/features/shops/shop-form";
import { shopsMeta, StatusAlert } from "~/layout/shops-page";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { APPROVAL_PIN_PATTERN } from "~/modules/shops";
import { hasApprovalPin, setApprovalPin } from "~/modules/shops/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

/*
 * An owner's or a manager's own approval PIN (issue 31, decision 0059): what they type at a
 * cashier's till to approve a discount over the shop's limit. Each sets their own; nobody sees
 * another's, and the server keeps only its hash.
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager"])];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  return {
    shop: { id: shop.id, name: shop.name },
    hasPin: await hasApprovalPin(db, shop.id, memberOf(context).id),
    done: url.searchParams.get("done"),
  };
}

const pinFormSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("set"),
      pin: z.string().trim().regex(APPROVAL_PIN_PATTERN, "shops.approvalPin.error.format"),
      confirm: z.string().trim(),
    })
    .refine((form) => form.pin === form.confirm, {
      path: ["confirm"],
      message: "shops.approvalPin.error.confirm",
    }),
  z.object({ intent: z.literal("remove") }),
]);

interface Failure {
  errors: FieldErrors;
  formError?: MessageKey;
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const parsed = readForm(await request.formData(), pinFormSchema);
  if (!parsed.ok) return data<Failure>({ errors: parsed.errors }, { status: 400 });
  const pin = parsed.data.intent === "set" ? parsed.data.pin : null;
  const result = await setApprovalPin(db, shop.id, memberOf(context).id, pin);
  if (!result.ok) {
    const errors: FieldErrors =
      result.error === "guessablePin"
        ? { pin: "shops.approvalPin.error.guessable" }
        : { pin: "shops.approvalPin.error.format" };
    return data<Failure>({ errors }, { status: 400 });
  }
  return redirect(
    `/shophub/approval-pin?shop=${encodeURIComponent(shop.id)}&done=${parsed.data.intent}`,
  );
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.approvalPin.title");

/** The words of this page's PIN form (own-pin-form.tsx). */
const WORDS: PinWords = {
  pin: "shops.approvalPin.pin",
  pinHint: "shops.approvalPin.pinHint",
  confirm: "shops.approvalPin.confirm",
  set: "shops.approvalPin.set",
  change: "shops.approvalPin.change",
  remove: "shops.approvalPin.remove",
};

export default function ApprovalPin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  const error = (name: string) => {
    const key = failure?.errors[name];
    return key ? t(key) : undefined;
  };
  const { shop, hasPin, done } = loaderData;
  const doneText =
    done === "set"
      ? t("shops.approvalPin.done.set")
      : done === "remove"
        ? t("shops.approvalPin.done.remove")
        : null;
  const busy = navigation.state === "submitting";
  return (
    <>
      <h1 className="h2">{t("shops.approvalPin.title")}</h1>
      <p className="text-secondary">{shop.name}</p>
      <p className="lead text-secondary">{t("shops.approvalPin.lead")}</p>
      <ShopChangedNotice />
      <StatusAlert message={failure ? null : doneText} />
      <Alert variant={hasPin ? "success" : "secondary"} data-testid="approval-pin-state">
        {t(hasPin ? "shops.approvalPin.state.set" : "shops.approvalPin.state.none")}
      </Alert>
      <OwnPinForm
        shopId={shop.id}
        hasPin={hasPin}
        maxLength={8}
        words={WORDS}
        testId="approval-pin"
        busy={busy}
        error={error}
      />
    </>
  );
}
