import { Alert, Button, Form as BsForm } from "react-bootstrap";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { appContext } from "~/context";
import { ShopFields, shopsMeta, ShopTabs, StatusAlert } from "~/layout/shops-page";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { formatPhoneForDisplay } from "~/lib/phone";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import { shopSettingsFormSchema } from "~/modules/shops";
import { updateShop } from "~/modules/shops/index.server";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

// The shop the page was opened for (?shop=, else the active one); only its owner edits it.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner"])];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  return {
    shop: { id: shop.id, name: shop.name },
    values: {
      name: shop.name,
      businessType: shop.businessType,
      address: shop.address,
      phone: formatPhoneForDisplay(shop.phone),
      taxId: shop.taxId ?? "",
      allowNegativeStock: shop.allowNegativeStock ? "on" : "",
      stockMayReverse: shop.stockMayReverse ? "on" : "",
    },
    saved: url.searchParams.has("saved"),
  };
}

interface Failure {
  values: Record<string, string>;
  errors: FieldErrors;
  formError?: MessageKey;
}

/**
 * Saves the shop's details: the shop the page was opened for (`?shop=`, else the active one),
 * which the form's `shopId` must name (409 otherwise); only its owner may.
 */
export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { db } = context.get(appContext);
  // The shop the page was opened for; the form must name it (409 otherwise).
  const { shop } = await chosenShopOf(context, request);
  const form = await request.formData();
  const parsed = readForm(form, shopSettingsFormSchema);
  if (!parsed.ok) {
    return data<Failure>({ values: parsed.values, errors: parsed.errors }, { status: 400 });
  }
  await updateShop(db, shop.id, parsed.data);
  return redirect(`/shophub/settings?shop=${encodeURIComponent(shop.id)}&saved=1`);
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.settings.title");

export default function ShopSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  // After a failed save the form shows what was typed, not what is stored.
  const values = failure?.values ?? loaderData.values;
  const hasFieldErrors = failure ? Object.keys(failure.errors).length > 0 : false;
  return (
    <>
      <h1 className="h2">{t("shops.settings.title")}</h1>
      <p className="text-secondary" data-testid="shop-name">
        {loaderData.shop.name}
      </p>
      <ShopTabs shopId={loaderData.shop.id} />
      <p className="lead text-secondary">{t("shops.settings.lead")}</p>
      <ShopChangedNotice />
      <StatusAlert message={loaderData.saved && !failure ? t("shops.settings.saved") : null} />
      {failure?.formError && (
        <Alert variant="danger" data-testid="form-error">
          {t(failure.formError)}
        </Alert>
      )}
      {hasFieldErrors && (
        <Alert variant="danger" data-testid="form-error">
          {t("shops.fixErrors")}
        </Alert>
      )}
      <Form
        method="post"
        noValidate
        className="account-form"
        data-testid="shop-form"
        // A new key after each save or failure, so the fields show the values just returned.
        key={failure ? "failed" : JSON.stringify(loaderData.values)}
      >
        <ShopIdField shopId={loaderData.shop.id} />
        <ShopFields values={values} errors={failure?.errors ?? {}} />
        <fieldset className="mb-4">
          <legend className="h5">{t("shops.settings.stockTitle")}</legend>
          <BsForm.Check
            type="switch"
            id="field-allowNegativeStock"
            name="allowNegativeStock"
            label={t("shops.field.allowNegativeStock")}
            defaultChecked={values.allowNegativeStock === "on"}
            aria-describedby="field-allowNegativeStock-hint"
          />
          <BsForm.Text id="field-allowNegativeStock-hint" muted>
            {t("shops.field.allowNegativeStockHint")}
          </BsForm.Text>
          <BsForm.Check
            type="switch"
            id="field-stockMayReverse"
            name="stockMayReverse"
            className="mt-3"
            label={t("shops.field.stockMayReverse")}
            defaultChecked={values.stockMayReverse === "on"}
            aria-describedby="field-stockMayReverse-hint"
          />
          <BsForm.Text id="field-stockMayReverse-hint" muted>
            {t("shops.field.stockMayReverseHint")}
          </BsForm.Text>
        </fieldset>
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {t("shops.settings.save")}
        </Button>
      </Form>
    </>
  );
}
