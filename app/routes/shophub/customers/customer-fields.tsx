import { Form as BsForm } from "react-bootstrap";
import type { FieldErrors, FormValues } from "~/lib/forms/read-form";
import { useT } from "~/lib/i18n/use-translation";
import { FieldNotes, TextField } from "~/ui/text-field";
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_LINE_MAX,
  CUSTOMER_NAME_MAX,
} from "~/modules/customers";

/**
 * The customer form's fields (adding on the list, editing on the customer's page): what was
 * typed comes back after a refusal, each error next to its field.
 */
export function CustomerFields({
  values,
  errors,
  askConsent,
}: {
  values: FormValues;
  errors: FieldErrors;
  /** New customers are asked; an existing customer's consent was recorded when they were added. */
  askConsent: boolean;
}) {
  const t = useT();
  const error = (name: string) => {
    const key = errors[name];
    return key ? t(key) : undefined;
  };
  return (
    <>
      <TextField
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        required
        maxLength={20}
        label={t("shops.customers.field.phone")}
        hint={t("shops.customers.field.phoneHint")}
        defaultValue={values.phone}
        error={error("phone")}
        idPrefix="customer"
      />
      <TextField
        name="name"
        required
        maxLength={CUSTOMER_NAME_MAX}
        label={t("shops.customers.field.name")}
        defaultValue={values.name}
        error={error("name")}
        idPrefix="customer"
      />
      <div className="row">
        <div className="col-md-6">
          <TextField
            name="lineId"
            maxLength={CUSTOMER_LINE_MAX}
            label={t("shops.customers.field.lineId")}
            defaultValue={values.lineId}
            error={error("lineId")}
            idPrefix="customer"
          />
        </div>
        <div className="col-md-6">
          <TextField
            name="email"
            type="email"
            maxLength={CUSTOMER_EMAIL_MAX}
            label={t("shops.customers.field.email")}
            defaultValue={values.email}
            error={error("email")}
            idPrefix="customer"
          />
        </div>
      </div>
      <div className="row">
        <div className="col-md-8">
          <TextField
            name="taxId"
            inputMode="numeric"
            maxLength={20}
            label={t("shops.customers.field.taxId")}
            hint={t("shops.customers.field.taxIdHint")}
            defaultValue={values.taxId}
            error={error("taxId")}
            idPrefix="customer"
          />
        </div>
        <div className="col-md-4">
          <TextField
            name="branchCode"
            inputMode="numeric"
            maxLength={5}
            label={t("shops.customers.field.branchCode")}
            hint={t("shops.customers.field.branchHint")}
            defaultValue={values.branchCode}
            error={error("branchCode")}
            idPrefix="customer"
          />
        </div>
      </div>
      <BsForm.Group className="mb-3" controlId="customer-address">
        <BsForm.Label>{t("shops.customers.field.address")}</BsForm.Label>
        <BsForm.Control
          as="textarea"
          rows={2}
          name="address"
          maxLength={CUSTOMER_ADDRESS_MAX}
          defaultValue={values.address}
          isInvalid={Boolean(errors.address)}
          aria-describedby={errors.address ? "customer-address-error" : undefined}
        />
        <FieldNotes id="customer-address" name="address" error={error("address")} />
      </BsForm.Group>
      {askConsent && (
        <BsForm.Group className="mb-3" controlId="customer-consent">
          <BsForm.Check
            type="checkbox"
            name="consent"
            value="yes"
            defaultChecked={values.consent === "yes"}
            isInvalid={Boolean(errors.consent)}
            label={t("shops.customers.field.consent")}
            aria-describedby="customer-consent-hint"
          />
          <FieldNotes
            id="customer-consent"
            name="consent"
            hint={t("shops.customers.field.consentHint")}
            error={error("consent")}
          />
        </BsForm.Group>
      )}
    </>
  );
}
