import { Button, Card, Form as BsForm } from "react-bootstrap";
import { Form } from "react-router";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { ShopIdField } from "~/features/shops/shop-form";
import { formatQuantityMilli, REASON_MAX, REFUND_METHODS } from "~/modules/sales";
import { PAYMENT_METHOD_TEXT } from "~/routes/shophub/sell-text";
import { type Failure, FieldError, FormError, qtyField, TextInput } from "./form-parts";

export interface ReturnableLine {
  id: number;
  itemName: string;
  unit: string;
  qtyMilli: number;
  returnedMilli: number;
}

/** Takes some of the sale's lines back on a credit note: a quantity per line still out. */
export function ReturnForm({
  shopId,
  lines,
  asksBuyer,
  abbreviatedNumber,
  failure,
  busy,
}: {
  shopId: string;
  lines: ReturnableLine[];
  /** The sale has only its slip: the credit note names the buyer asked here (decision 0084). */
  asksBuyer: boolean;
  abbreviatedNumber: string;
  failure?: Failure;
  busy: boolean;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <Card className="mb-4" data-testid="return-form">
      <Card.Body>
        <h2 className="h5">{t("shops.invoices.return.title")}</h2>
        <FormError failure={failure} />
        <Form method="post" noValidate>
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="return" />
          {lines
            .filter((line) => line.returnedMilli < line.qtyMilli)
            .map((line) => {
              const name = qtyField(line.id);
              const id = `return-${name}`;
              const invalid = Boolean(failure?.errors[name]);
              return (
                <BsForm.Group key={line.id} className="mb-3" controlId={id}>
                  <BsForm.Label>
                    {t("shops.invoices.return.qty", { item: line.itemName })}
                  </BsForm.Label>
                  <BsForm.Control
                    name={name}
                    inputMode="decimal"
                    defaultValue={failure?.values[name] ?? ""}
                    isInvalid={invalid}
                    aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ""}`}
                  />
                  <BsForm.Text id={`${id}-hint`} muted>
                    {t("shops.invoices.return.available", {
                      qty: formatQuantityMilli(line.qtyMilli - line.returnedMilli, lang),
                      unit: line.unit,
                    })}
                  </BsForm.Text>
                  <FieldError id={`${id}-error`} failure={failure} name={name} />
                </BsForm.Group>
              );
            })}
          <TextInput
            form="return"
            name="reason"
            label="shops.invoices.return.reason"
            failure={failure}
            maxLength={REASON_MAX}
          />
          <BsForm.Group className="mb-3" controlId="return-refundMethod">
            <BsForm.Label>{t("shops.invoices.return.method")}</BsForm.Label>
            <BsForm.Select
              name="refundMethod"
              defaultValue={failure?.values.refundMethod ?? "cash"}
              isInvalid={Boolean(failure?.errors.refundMethod)}
            >
              {REFUND_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(PAYMENT_METHOD_TEXT[method])}
                </option>
              ))}
            </BsForm.Select>
            <FieldError id="return-refundMethod-error" failure={failure} name="refundMethod" />
          </BsForm.Group>
          {asksBuyer && (
            <fieldset className="mb-3" data-testid="return-buyer">
              <legend className="h6">{t("shops.invoices.return.buyerTitle")}</legend>
              <p className="text-secondary small">
                {t("shops.invoices.return.buyerLead", { number: abbreviatedNumber })}
              </p>
              <TextInput
                form="return"
                name="buyerName"
                label="shops.invoices.full.buyerName"
                failure={failure}
                maxLength={200}
              />
              <TextInput
                form="return"
                name="buyerAddress"
                label="shops.invoices.full.buyerAddress"
                failure={failure}
                as="textarea"
                maxLength={500}
              />
              <TextInput
                form="return"
                name="buyerTaxId"
                label="shops.invoices.full.buyerTaxId"
                failure={failure}
                maxLength={20}
              />
              <TextInput
                form="return"
                name="buyerBranchCode"
                label="shops.invoices.full.buyerBranchCode"
                failure={failure}
                maxLength={5}
              />
            </fieldset>
          )}
          <Button type="submit" variant="warning" disabled={busy}>
            {t("shops.invoices.return.submit")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
