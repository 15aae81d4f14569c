import { useState } from "react";
import { Alert, Button } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { ShopTabs, shopsMeta, StatusAlert } from "~/layout/shops-page";
import { readForm, type FieldErrors } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { MAX_IMAGE_BYTES } from "~/modules/media/index.server";
import {
  buddhistYear,
  formatPromptPayId,
  HEAD_OFFICE_BRANCH,
  PREFIX_FIELDS,
  type PrefixField,
  POS_REGISTRATION_MAX,
  salesSettingsFormValues,
} from "~/modules/sales";
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
import { TextField } from "~/ui/text-field";
import { LogoField, RadioGroup, Section, SwitchField, TextArea } from "./fields";
import { PrefixPreview, PromptPayPreview, ScaleLabelPreview } from "./previews";

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

const PREFIX_LABELS: Record<PrefixField, MessageKey> = {
  receiptPrefix: "shops.sellingSettings.prefix.receipt",
  abbreviatedPrefix: "shops.sellingSettings.prefix.abbreviatedTaxInvoice",
  fullInvoicePrefix: "shops.sellingSettings.prefix.fullTaxInvoice",
  creditNotePrefix: "shops.sellingSettings.prefix.creditNote",
};

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
  const error = (field: string) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const value = (field: string) => values[field] ?? "";
  // What is typed, for the previews; the fields themselves stay uncontrolled.
  const [promptPay, setPromptPay] = useState(value("promptPayId"));
  const [branchKind, setBranchKind] = useState(value("branchKind") || "head");
  const [branchNo, setBranchNo] = useState(value("branchNo"));
  const [prefixes, setPrefixes] = useState<Record<PrefixField, string>>({
    receiptPrefix: value("receiptPrefix"),
    abbreviatedPrefix: value("abbreviatedPrefix"),
    fullInvoicePrefix: value("fullInvoicePrefix"),
    creditNotePrefix: value("creditNotePrefix"),
  });
  const [scale, setScale] = useState({
    on: value("scaleLabels") === "on",
    prefixes: value("scalePrefixes"),
    itemDigits: value("scaleItemDigits"),
    value: value("scaleValue"),
  });
  const detailsLink = `/shophub/settings?shop=${encodeURIComponent(shop.id)}`;
  const branchDigits = /^\d{1,5}$/.test(branchNo.trim()) ? branchNo.trim().padStart(5, "0") : "";
  const printedBranch =
    branchKind === "head"
      ? t("shops.sellingSettings.branch.printedHead")
      : branchDigits && branchDigits !== HEAD_OFFICE_BRANCH
        ? t("shops.sellingSettings.branch.printedBranch", { no: branchDigits })
        : null;

  return (
    <>
      <Section title={t("shops.sellingSettings.vat.title")}>
        <SwitchField
          name="vatRegistered"
          label={t("shops.sellingSettings.vat.registered")}
          hint={t("shops.sellingSettings.vat.registeredHint")}
          checked={value("vatRegistered") === "on"}
          error={error("vatRegistered")}
          errorLink={
            errors.vatRegistered ? (
              // Underlined: a link inside a sentence must not rely on colour alone.
              <Link
                to={detailsLink}
                className="text-decoration-underline"
                data-testid="tax-id-link"
              >
                {t("shops.sellingSettings.vat.taxIdLink")}
              </Link>
            ) : null
          }
        />
        <p className="small mb-3" data-testid="shop-tax-id">
          {shop.taxId ? (
            t("shops.sellingSettings.vat.taxId", { taxId: shop.taxId })
          ) : (
            <>
              {t("shops.sellingSettings.vat.noTaxId")}{" "}
              <Link to={detailsLink} className="text-decoration-underline">
                {t("shops.sellingSettings.vat.taxIdLink")}
              </Link>
            </>
          )}
        </p>
        <RadioGroup
          name="vatPrices"
          legend={t("shops.sellingSettings.vat.prices")}
          checked={value("vatPrices")}
          error={error("vatPrices")}
          choices={[
            ["inclusive", t("shops.sellingSettings.vat.inclusive")],
            ["exclusive", t("shops.sellingSettings.vat.exclusive")],
          ]}
        />
        <TextField
          name="vatRate"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          label={t("shops.sellingSettings.vat.rate")}
          hint={t("shops.sellingSettings.vat.rateHint")}
          defaultValue={value("vatRate")}
          error={error("vatRate")}
          maxLength={6}
          style={{ maxWidth: "8rem" }}
        />
      </Section>

      <Section title={t("shops.sellingSettings.branch.title")}>
        <RadioGroup
          name="branchKind"
          legend={t("shops.sellingSettings.branch.legend")}
          checked={value("branchKind")}
          error={error("branchKind")}
          onChange={setBranchKind}
          choices={[
            ["head", t("shops.sellingSettings.branch.head")],
            ["branch", t("shops.sellingSettings.branch.branch")],
          ]}
        />
        <TextField
          name="branchNo"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          label={t("shops.sellingSettings.branch.no")}
          hint={t("shops.sellingSettings.branch.noHint")}
          defaultValue={value("branchNo")}
          error={error("branchNo")}
          maxLength={5}
          onChange={(event) => setBranchNo(event.currentTarget.value)}
          style={{ maxWidth: "10rem" }}
        />
        {printedBranch && (
          <p className="small text-secondary" data-testid="branch-preview">
            {t("shops.sellingSettings.branch.preview", { branch: printedBranch })}
          </p>
        )}
        <TextField
          name="posRegistrationNo"
          type="text"
          autoComplete="off"
          label={t("shops.sellingSettings.pos.no")}
          hint={t("shops.sellingSettings.pos.noHint")}
          defaultValue={value("posRegistrationNo")}
          error={error("posRegistrationNo")}
          maxLength={POS_REGISTRATION_MAX}
        />
      </Section>

      <Section title={t("shops.sellingSettings.promptPay.title")}>
        <TextField
          name="promptPayId"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          label={t("shops.sellingSettings.promptPay.id")}
          hint={t("shops.sellingSettings.promptPay.idHint")}
          defaultValue={value("promptPayId")}
          error={error("promptPayId")}
          maxLength={30}
          onChange={(event) => setPromptPay(event.currentTarget.value)}
        />
        <PromptPayPreview typed={promptPay} />
      </Section>

      <Section title={t("shops.sellingSettings.receipt.title")}>
        <TextArea
          name="receiptHeader"
          label={t("shops.sellingSettings.receipt.header")}
          hint={t("shops.sellingSettings.receipt.headerHint")}
          value={value("receiptHeader")}
          error={error("receiptHeader")}
        />
        <TextArea
          name="receiptFooter"
          label={t("shops.sellingSettings.receipt.footer")}
          hint={t("shops.sellingSettings.receipt.footerHint")}
          value={value("receiptFooter")}
          error={error("receiptFooter")}
        />
        {logoUrl && (
          <div className="mb-2">
            <p className="mb-1">{t("shops.sellingSettings.receipt.logo")}</p>
            <img
              src={logoUrl}
              alt={t("shops.sellingSettings.receipt.logoAlt")}
              className="border rounded bg-white p-2"
              style={{ maxWidth: "100%", height: "auto" }}
              data-testid="receipt-logo"
            />
            <div className="form-check mt-2">
              <input
                id="field-removeLogo"
                type="checkbox"
                name="removeLogo"
                value="1"
                className="form-check-input"
              />
              <label htmlFor="field-removeLogo" className="form-check-label">
                {t("shops.sellingSettings.receipt.removeLogo")}
              </label>
            </div>
          </div>
        )}
        <LogoField
          label={t(
            logoUrl
              ? "shops.sellingSettings.receipt.newLogo"
              : "shops.sellingSettings.receipt.logo",
          )}
          error={errors.logo}
        />
        <RadioGroup
          name="paperWidth"
          legend={t("shops.sellingSettings.receipt.paper")}
          hint={t("shops.sellingSettings.receipt.paperHint")}
          checked={value("paperWidth")}
          error={error("paperWidth")}
          choices={[
            ["58", t("shops.sellingSettings.receipt.paper58")],
            ["80", t("shops.sellingSettings.receipt.paper80")],
          ]}
        />
        <SwitchField
          name="receiptQrOnSlip"
          label={t("shops.sellingSettings.receipt.qr")}
          hint={t("shops.sellingSettings.receipt.qrHint")}
          checked={value("receiptQrOnSlip") === "on"}
        />
      </Section>

      <Section title={t("shops.sellingSettings.prefix.title")}>
        <p className="text-secondary">{t("shops.sellingSettings.prefix.lead")}</p>
        <div className="row">
          {(Object.keys(PREFIX_FIELDS) as PrefixField[]).map((field) => (
            <div className="col-sm-6" key={field}>
              <TextField
                name={field}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                label={t(PREFIX_LABELS[field])}
                defaultValue={value(field)}
                error={error(field)}
                maxLength={8}
                onChange={(event) => {
                  const typed = event.currentTarget.value;
                  setPrefixes((before) => ({ ...before, [field]: typed }));
                }}
              />
              <div className="mt-n2 mb-3">
                <PrefixPreview typed={prefixes[field]} year={year} id={`${field}-preview`} />
              </div>
            </div>
          ))}
        </div>
      </Section>

      <Section title={t("shops.sellingSettings.scale.title")}>
        <SwitchField
          name="scaleLabels"
          label={t("shops.sellingSettings.scale.enabled")}
          hint={t("shops.sellingSettings.scale.enabledHint")}
          checked={scale.on}
          onChange={(on) => setScale((before) => ({ ...before, on }))}
        />
        <TextField
          name="scalePrefixes"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          label={t("shops.sellingSettings.scale.prefixes")}
          hint={t("shops.sellingSettings.scale.prefixesHint")}
          defaultValue={value("scalePrefixes")}
          error={error("scalePrefixes")}
          maxLength={40}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setScale((before) => ({ ...before, prefixes: typed }));
          }}
        />
        <RadioGroup
          name="scaleItemDigits"
          legend={t("shops.sellingSettings.scale.itemDigits")}
          checked={value("scaleItemDigits")}
          error={error("scaleItemDigits")}
          inline
          onChange={(itemDigits) => setScale((before) => ({ ...before, itemDigits }))}
          choices={(["4", "5", "6"] as const).map(
            (digits) =>
              [digits, t("shops.sellingSettings.scale.digits", { count: Number(digits) })] as const,
          )}
        />
        <RadioGroup
          name="scaleValue"
          legend={t("shops.sellingSettings.scale.value")}
          checked={value("scaleValue")}
          error={error("scaleValue")}
          onChange={(kind) => setScale((before) => ({ ...before, value: kind }))}
          choices={[
            ["weight", t("shops.sellingSettings.scale.weight")],
            ["price", t("shops.sellingSettings.scale.price")],
          ]}
        />
        {scale.on && (
          <ScaleLabelPreview
            prefixes={scale.prefixes}
            itemDigits={scale.itemDigits}
            value={scale.value}
          />
        )}
      </Section>

      <Section title={t("shops.sellingSettings.rules.title")}>
        <SwitchField
          name="cashierMayVoidOwn"
          label={t("shops.sellingSettings.rules.cashierVoid")}
          hint={t("shops.sellingSettings.rules.cashierVoidHint")}
          checked={value("cashierMayVoidOwn") === "on"}
        />
        <SwitchField
          name="requireOpenShift"
          label={t("shops.sellingSettings.rules.openShift")}
          hint={t("shops.sellingSettings.rules.openShiftHint")}
          checked={value("requireOpenShift") === "on"}
        />
        <TextField
          name="cashierMaxLineDiscount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          label={t("shops.sellingSettings.rules.lineDiscount")}
          hint={t("shops.sellingSettings.rules.lineDiscountHint")}
          defaultValue={value("cashierMaxLineDiscount")}
          error={error("cashierMaxLineDiscount")}
          maxLength={6}
          style={{ maxWidth: "8rem" }}
        />
        <TextField
          name="cashierMaxBillDiscount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          label={t("shops.sellingSettings.rules.billDiscount")}
          hint={t("shops.sellingSettings.rules.billDiscountHint")}
          defaultValue={value("cashierMaxBillDiscount")}
          error={error("cashierMaxBillDiscount")}
          maxLength={6}
          style={{ maxWidth: "8rem" }}
        />
      </Section>

      <Section title={t("shops.sellingSettings.points.title")}>
        <SwitchField
          name="pointsEnabled"
          label={t("shops.sellingSettings.points.enabled")}
          hint={t("shops.sellingSettings.points.enabledHint")}
          checked={value("pointsEnabled") === "on"}
        />
        <TextField
          name="pointsBahtPerPoint"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          label={t("shops.sellingSettings.points.rate")}
          hint={t("shops.sellingSettings.points.rateHint")}
          defaultValue={value("pointsBahtPerPoint")}
          error={error("pointsBahtPerPoint")}
          maxLength={12}
          style={{ maxWidth: "8rem" }}
        />
        <TextField
          name="pointsValue"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          label={t("shops.sellingSettings.points.value")}
          hint={t("shops.sellingSettings.points.valueHint")}
          defaultValue={value("pointsValue")}
          error={error("pointsValue")}
          maxLength={12}
          style={{ maxWidth: "8rem" }}
        />
      </Section>
    </>
  );
}
