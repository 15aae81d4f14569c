import { Alert, Button } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/etax";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { ShopTabs, shopsMeta, StatusAlert } from "~/layout/shops-page";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import { useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { ETAX_TIMESTAMP_DEFAULT } from "~/modules/etax";
import {
  etaxSettingsFormSchema,
  getEtaxSettings,
  saveEtaxSettings,
} from "~/modules/etax/index.server";
import { getSalesSettings } from "~/modules/sales/index.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { TextField } from "~/ui/text-field";
import { EtaxAddressFields, type PlaceOption } from "./etax-address";
import { placeOptions } from "./etax-places.server";
import { SwitchField } from "./fields";

// e-Tax Invoice by Time Stamp (decision 0074): the owner registers the shop with the Department
// and decides whether its full tax invoices and credit notes go out by e-mail.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner"])];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const [settings, selling] = await Promise.all([
    getEtaxSettings(db, shop.id),
    getSalesSettings(db, shop.id),
  ]);
  return {
    shop: { id: shop.id, name: shop.name },
    vatRegistered: selling.vatRegistered,
    values: {
      enabled: settings.enabled ? "on" : "",
      registration: settings.registration,
      senderEmail: settings.senderEmail,
      timestampEmail: settings.timestampEmail,
      buildingNumber: settings.address?.buildingNumber ?? "",
      postcode: settings.address?.place.postcode ?? "",
      subDistrict: settings.address?.place.code ?? "",
    } as Record<string, string>,
    places: settings.address ? await placeOptions(settings.address.place.postcode) : [],
    saved: url.searchParams.has("saved"),
  };
}

interface Failure {
  values: Record<string, string>;
  errors: FieldErrors;
  /** The sub-districts of the postcode typed, to choose from. */
  places: PlaceOption[];
}

const SETTINGS_REFUSAL_MESSAGES = {
  notVatRegistered: "shops.etax.error.notVatRegistered",
  postcodeUnknown: "shops.etax.error.postcodeUnknown",
  subDistrictNotOfPostcode: "shops.etax.error.subDistrictNotOfPostcode",
} as const;

/** Saves the shop's e-Tax settings; nothing is saved while a field is refused. */
export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db, logger } = context.get(appContext);
  const form = await request.formData();
  const parsed = readForm(form, etaxSettingsFormSchema);
  if (!parsed.ok) {
    const places = await placeOptions(parsed.values.postcode ?? "");
    return data<Failure>({ values: parsed.values, errors: parsed.errors, places }, { status: 400 });
  }
  const result = await saveEtaxSettings(db, shop.id, parsed.data);
  if (!result.ok) {
    return data<Failure>(
      {
        values: parsed.values,
        errors: { [result.field]: SETTINGS_REFUSAL_MESSAGES[result.error] },
        places: await placeOptions(parsed.data.postcode),
      },
      { status: 400 },
    );
  }
  logger.info({ shopId: shop.id, enabled: parsed.data.enabled }, "e-Tax settings changed");
  return redirect(`/shophub/settings/etax?shop=${encodeURIComponent(shop.id)}&saved=1`);
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.etax.title");

export default function EtaxSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  const values = failure && "errors" in failure ? failure.values : loaderData.values;
  const errors: FieldErrors = failure?.errors ?? {};
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <>
      <h1 className="h2">{t("shops.etax.title")}</h1>
      <p className="text-secondary" data-testid="shop-name">
        {loaderData.shop.name}
      </p>
      <ShopTabs shopId={loaderData.shop.id} />
      <p className="lead text-secondary">{t("shops.etax.lead")}</p>
      <ShopChangedNotice />
      <StatusAlert message={loaderData.saved && !failure ? t("shops.etax.saved") : null} />
      {!loaderData.vatRegistered && (
        <Alert variant="warning" data-testid="etax-not-vat">
          {t("shops.etax.error.notVatRegistered")}{" "}
          <Link
            to={`/shophub/settings/selling?shop=${loaderData.shop.id}`}
            className="text-decoration-underline"
          >
            {t("shops.etax.sellingSettings")}
          </Link>
        </Alert>
      )}
      {Object.keys(errors).length > 0 && (
        <Alert variant="danger" data-testid="form-error">
          {t("shops.fixErrors")}
        </Alert>
      )}
      <Form
        method="post"
        noValidate
        className="account-form"
        data-testid="etax-settings-form"
        key={failure ? JSON.stringify(failure) : JSON.stringify(loaderData)}
      >
        <ShopIdField shopId={loaderData.shop.id} />
        <SwitchField
          name="enabled"
          label={t("shops.etax.enabled")}
          hint={t("shops.etax.enabledHint")}
          checked={values.enabled === "on" || values.enabled === "true"}
          error={error("enabled")}
        />
        <TextField
          name="registration"
          label={t("shops.etax.registration")}
          hint={t("shops.etax.registrationHint")}
          defaultValue={values.registration ?? ""}
          error={error("registration")}
          maxLength={100}
        />
        <TextField
          name="senderEmail"
          type="email"
          label={t("shops.etax.senderEmail")}
          hint={t("shops.etax.senderEmailHint")}
          defaultValue={values.senderEmail ?? ""}
          error={error("senderEmail")}
          maxLength={254}
        />
        <TextField
          name="timestampEmail"
          type="email"
          label={t("shops.etax.timestampEmail")}
          hint={t("shops.etax.timestampEmailHint", { address: ETAX_TIMESTAMP_DEFAULT })}
          defaultValue={values.timestampEmail ?? ""}
          error={error("timestampEmail")}
          maxLength={254}
        />
        <EtaxAddressFields
          shopId={loaderData.shop.id}
          values={values}
          places={failure?.places ?? loaderData.places}
          error={error}
        />
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {t("shops.etax.save")}
        </Button>
      </Form>
    </>
  );
}
