import { Alert, Button } from "react-bootstrap";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { ShopTabs, shopsMeta, StatusAlert } from "~/layout/shops-page";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import { useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { MAX_IMAGE_BYTES } from "~/modules/media/index.server";
import { buddhistYear, formatPromptPayId, salesSettingsFormValues } from "~/modules/sales";
import {
  getSalesSettings,
  receiptQrOnSlip,
  receiptLogoUrl,
  removeReceiptLogo,
  setReceiptQrOnSlip,
  salesSettingsFormSchema,
  storeReceiptLogo,
  updateSalesSettings,
} from "~/modules/sales/index.server";
import { pointsFormSchema, pointsFormValues } from "~/modules/customers";
import { pointsScheme, savePointsScheme } from "~/modules/customers/index.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { IMAGE_REJECTIONS } from "~/routes/errors.server";
import { PointsSection, PrefixSection, RulesSection, ScaleSection } from "./selling-rules-sections";
import {
  BranchSection,
  type FieldsProps,
  PromptPaySection,
  ReceiptSection,
  VatSection,
} from "./tax-and-print-sections";

// Only the shop's owner decides how it sells: tax status, where the money goes, what is printed.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner"])];

// Refuse oversized uploads before reading the body (the logo plus the text fields).
const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db, storage } = context.get(appContext);
  const settings = await getSalesSettings(db, shop.id);
  return {
    shop: {
      id: shop.id,
      name: shop.name,
      // Written the way it is printed (0-1055-12345-67-1).
      taxId: shop.taxId ? formatPromptPayId({ kind: "nationalId", value: shop.taxId }) : null,
    },
    values: {
      ...salesSettingsFormValues(settings),
      ...pointsFormValues(await pointsScheme(db, shop.id)),
      receiptQrOnSlip: (await receiptQrOnSlip(db, shop.id)) ? "on" : "",
    },
    logoUrl: receiptLogoUrl(storage, settings.logoKey),
    // The server's year, so that the previews of the first render and the browser's agree.
    year: buddhistYear(new Date()),
    saved: url.searchParams.has("saved"),
  };
}

interface Failure {
  values: Record<string, string>;
  errors: FieldErrors;
}

/**
 * Saves the selling settings of the shop the page was opened for (`?shop=`, else the active
 * one), which the form's `shopId` must name (409 otherwise); only its owner may. Nothing is
 * saved when any field is refused, and the form comes back with what was typed.
 */
export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const fail = (values: Record<string, string>, errors: FieldErrors, status = 400) =>
    data<Failure>({ values, errors }, { status });
  // Refused before anything reads the body (the gate's shop check too): the message stays next
  // to the logo field and an oversized upload is never read.
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) {
    return fail({}, { logo: "media.error.tooLarge" }, 413);
  }
  const { shop } = await chosenShopOf(context, request);
  const { db, storage, logger } = context.get(appContext);
  const form = await request.formData();
  const parsed = readForm(form, salesSettingsFormSchema);
  // The points scheme (decision 0082) is read from the same form, each field with its message.
  const points = readForm(form, pointsFormSchema);
  // The e-receipt QR on the slip (decision 0094): a switch, nothing to refuse.
  const qrOnSlip = form.get("receiptQrOnSlip") === "on";
  if (!parsed.ok || !points.ok) {
    return fail(
      { ...parsed.values, ...points.values, receiptQrOnSlip: qrOnSlip ? "on" : "" },
      { ...(parsed.ok ? {} : parsed.errors), ...(points.ok ? {} : points.errors) },
    );
  }
  const { values, logo, removeLogo } = parsed.data;

  let logoKey: string | null | undefined;
  if (logo) {
    const stored = await storeReceiptLogo(storage, shop.id, logo);
    if (!stored.ok) return fail(parsed.values, { logo: IMAGE_REJECTIONS[stored.error] });
    logoKey = stored.key;
  } else if (removeLogo) {
    logoKey = null;
  }

  const result = await updateSalesSettings(db, shop.id, { ...values, logoKey });
  if (!result.ok) {
    if (logoKey) await removeReceiptLogo(storage, logoKey);
    return fail(parsed.values, { vatRegistered: "shops.sellingSettings.error.vatNeedsTaxId" });
  }
  if (logoKey !== undefined && result.previousLogoKey !== logoKey) {
    await removeReceiptLogo(storage, result.previousLogoKey);
  }
  await savePointsScheme(db, shop.id, points.data);
  await setReceiptQrOnSlip(db, shop.id, qrOnSlip);
  logger.info({ shopId: shop.id }, "selling settings changed");
  return redirect(`/shophub/settings/selling?shop=${encodeURIComponent(shop.id)}&saved=1`);
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.sellingSettings.title");

export default function SellingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  // After a failed save the form shows what was typed, not what is stored.
  const values = failure && "errors" in failure ? failure.values : loaderData.values;
  const errors: FieldErrors = failure?.errors ?? {};
  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <>
      <h1 className="h2">{t("shops.sellingSettings.title")}</h1>
      <p className="text-secondary" data-testid="shop-name">
        {loaderData.shop.name}
      </p>
      <ShopTabs shopId={loaderData.shop.id} />
      <p className="lead text-secondary">{t("shops.sellingSettings.lead")}</p>
      <ShopChangedNotice />
      <StatusAlert
        message={loaderData.saved && !failure ? t("shops.sellingSettings.saved") : null}
      />
      {hasFieldErrors && (
        <Alert variant="danger" data-testid="form-error">
          {t("shops.fixErrors")}
        </Alert>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="account-form"
        data-testid="selling-settings-form"
        // A new key after each save or failure, so the fields show the values just returned.
        key={failure ? JSON.stringify(failure) : JSON.stringify(loaderData)}
      >
        <ShopIdField shopId={loaderData.shop.id} />
        <SettingsFields
          values={values}
          errors={errors}
          shop={loaderData.shop}
          logoUrl={loaderData.logoUrl}
          year={loaderData.year}
        />
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {t("shops.sellingSettings.save")}
        </Button>
      </Form>
    </>
  );
}

/** Every section of the form, in the order the owner reads them. */
function SettingsFields({
  values,
  errors,
  shop,
  logoUrl,
  year,
}: {
  values: Record<string, string>;
  errors: FieldErrors;
  shop: { id: string; taxId: string | null };
  logoUrl: string | null;
  year: number;
}) {
  const t = useT();
  const fields: FieldsProps = {
    value: (field) => values[field] ?? "",
    error: (field) => {
      const key = errors[field];
      return key ? t(key) : undefined;
    },
  };
  return (
    <>
      <VatSection {...fields} errors={errors} shop={shop} />
      <BranchSection {...fields} />
      <PromptPaySection {...fields} />
      <ReceiptSection {...fields} errors={errors} logoUrl={logoUrl} />
      <PrefixSection {...fields} year={year} />
      <ScaleSection {...fields} />
      <RulesSection {...fields} />
      <PointsSection {...fields} />
    </>
  );
}
