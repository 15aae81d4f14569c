import { Alert, Form as BsForm, Button, Card } from "react-bootstrap";
import { Form } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { formatDateTime } from "~/lib/dates";
import type { FieldErrors, FormValues } from "~/lib/forms/read-form";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { TextField } from "~/ui/text-field";
import { CustomerFields } from "./customer-fields";

/*
 * The forms on a customer's page (issue 37, decisions 0082 and 0089): the price level (owners
 * and managers), the details (whoever sells) and the deletion on request (owners and managers).
 * Each keeps what was typed and shows its Thai error next to the field.
 */

export interface FormFailure {
  errors: FieldErrors;
  values: FormValues;
}

export function CustomerLevelForm({
  shopId,
  levelId,
  levels,
  failure,
  busy,
}: {
  shopId: string;
  levelId: number | null;
  levels: { id: number; name: string }[];
  failure: FormFailure | undefined;
  busy: boolean;
}) {
  const t = useT();
  const levelError = failure?.errors.priceLevel;
  return (
    <Card className="mt-4">
      <Card.Body>
        <h2 className="h4">{t("shops.customers.level.heading")}</h2>
        <p className="text-secondary small">{t("shops.customers.level.lead")}</p>
        <Form method="post" noValidate data-testid="customer-level">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="level" />
          <BsForm.Group className="mb-3" controlId="customer-priceLevel">
            <BsForm.Label>{t("shops.customers.level.label")}</BsForm.Label>
            <BsForm.Select
              name="priceLevel"
              defaultValue={failure?.values.priceLevel ?? String(levelId ?? "")}
              isInvalid={levelError !== undefined}
              aria-describedby={levelError ? "customer-priceLevel-error" : undefined}
            >
              <option value="">{t("shops.customers.level.retail")}</option>
              {levels.map((level) => (
                <option key={level.id} value={String(level.id)}>
                  {level.name}
                </option>
              ))}
            </BsForm.Select>
            {levelError && (
              <BsForm.Control.Feedback type="invalid" id="customer-priceLevel-error">
                {t(levelError)}
              </BsForm.Control.Feedback>
            )}
          </BsForm.Group>
          <Button type="submit" disabled={busy} data-testid="customer-level-save">
            {t("shops.customers.level.save")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

export interface EditableCustomer {
  phone: string;
  name: string;
  lineId: string;
  email: string;
  taxId: string;
  branchCode: string;
  address: string;
  consentAt: string;
}

export function CustomerEditForm({
  shopId,
  customer,
  failure,
  busy,
}: {
  shopId: string;
  customer: EditableCustomer;
  failure: FormFailure | undefined;
  busy: boolean;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <Card className="mt-4">
      <Card.Body>
        <h2 className="h4">{t("shops.customers.detail.edit")}</h2>
        <p className="text-secondary small">
          {t("shops.customers.detail.consent", {
            time: formatDateTime(customer.consentAt, lang),
          })}
        </p>
        {failure?.errors.form && <Alert variant="danger">{t(failure.errors.form)}</Alert>}
        <Form method="post" noValidate data-testid="customer-edit">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="update" />
          <CustomerFields
            values={
              failure?.values ?? {
                phone: customer.phone,
                name: customer.name,
                lineId: customer.lineId,
                email: customer.email,
                taxId: customer.taxId,
                branchCode: customer.branchCode === "00000" ? "" : customer.branchCode,
                address: customer.address,
              }
            }
            errors={failure?.errors ?? {}}
            askConsent={false}
          />
          <Button type="submit" disabled={busy} data-testid="customer-update">
            {t("shops.customers.detail.save")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

export function CustomerDeleteForm({
  shopId,
  failure,
  busy,
}: {
  shopId: string;
  failure: FormFailure | undefined;
  busy: boolean;
}) {
  const t = useT();
  return (
    <Card className="mt-4" border="danger">
      <Card.Body>
        <h2 className="h4">{t("shops.customers.delete.heading")}</h2>
        <p className="text-secondary">{t("shops.customers.delete.lead")}</p>
        {failure?.errors.form && <Alert variant="danger">{t(failure.errors.form)}</Alert>}
        <Form method="post" noValidate data-testid="customer-delete">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="delete" />
          <TextField
            name="confirm"
            type="tel"
            autoComplete="off"
            maxLength={20}
            label={t("shops.customers.delete.confirm")}
            defaultValue={failure?.values.confirm}
            error={failure?.errors.confirm ? t(failure.errors.confirm) : undefined}
            idPrefix="delete"
          />
          <Button type="submit" variant="danger" disabled={busy} data-testid="customer-erase">
            {t("shops.customers.delete.submit")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
