import { Alert, Button } from "react-bootstrap";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/new";
import { appContext } from "~/context";
import { ShopFields, shopsMeta } from "~/layout/shops-page";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { retryAfterHeaders } from "~/lib/retry-after-headers";
import { markShopUsed, openShop } from "~/modules/shops/index.server";
import { shopFormSchema } from "~/modules/shops";
import { OPEN_SHOP_REFUSALS } from "./errors";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import { chooseActiveShop } from "~/routes/_gates/active-shop-cookie.server";
import { memberOf } from "~/routes/_gates/member.server";

export function loader() {
  return null;
}

interface Failure {
  values: Record<string, string>;
  errors: FieldErrors;
  formError?: MessageKey;
  retryHours?: number;
}

/** Creates the shop with the member as its owner, makes it the active shop, opens storehub. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = memberOf(context);
  const { db, logger, publicOrigin } = context.get(appContext);
  const parsed = readForm(await request.formData(), shopFormSchema);
  if (!parsed.ok) {
    return data<Failure>({ values: parsed.values, errors: parsed.errors }, { status: 400 });
  }
  const result = await openShop(db, member.id, parsed.data);
  if (!result.ok) {
    const refusal = OPEN_SHOP_REFUSALS[result.error];
    return data<Failure>(
      {
        values: parsed.values,
        errors: {},
        formError: refusal.message,
        retryHours: Math.ceil(result.retryAfterSeconds / 3600),
      },
      { status: refusal.status, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  logger.info({ userId: member.id, shopId: result.shop.id }, "shop created");
  // The new shop is the member's default shop in any browser too.
  await markShopUsed(db, member.id, result.shop.id);
  return redirect("/storehub", {
    headers: { "Set-Cookie": await chooseActiveShop(result.shop.id, publicOrigin) },
  });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;
export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.new.title");

export default function NewShop({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  const hasFieldErrors = failure ? Object.keys(failure.errors).length > 0 : false;
  return (
    <div className="account-page">
      <h1>{t("shops.new.title")}</h1>
      <p className="lead text-secondary">{t("shops.new.lead")}</p>
      {failure?.formError && (
        <Alert variant="danger" data-testid="form-error">
          {t(failure.formError, { hours: failure.retryHours ?? 24 })}
        </Alert>
      )}
      {hasFieldErrors && (
        <Alert variant="danger" data-testid="form-error">
          {t("shops.fixErrors")}
        </Alert>
      )}
      <Form method="post" noValidate className="account-form" data-testid="shop-form">
        <ShopFields values={failure?.values ?? {}} errors={failure?.errors ?? {}} />
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {t("shops.new.submit")}
        </Button>
      </Form>
    </div>
  );
}
