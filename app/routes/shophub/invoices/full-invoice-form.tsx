import { Alert, Button, Card, Form as BsForm, InputGroup } from "react-bootstrap";
import { Form } from "react-router";
import type { InvoiceBuyer } from "~/modules/customers";
import { useT } from "~/lib/i18n/use-translation";
import { ShopIdField } from "~/features/shops/shop-form";
import { type Failure, FormError, TextInput } from "./form-parts";

/**
 * The buyer's details of a full tax invoice that replaces the sale's abbreviated one, filled in
 * from a customer: the sale's own, or the one whose phone number is typed (issue 37).
 */
export function FullInvoiceForm({
  shopId,
  abbreviatedNumber,
  failure,
  busy,
  buyer,
  buyerLookup,
}: {
  shopId: string;
  abbreviatedNumber: string;
  failure?: Failure;
  busy: boolean;
  buyer: InvoiceBuyer | null;
  buyerLookup: { phone: string; found: boolean } | null;
}) {
  const t = useT();
  const notFound = buyerLookup !== null && !buyerLookup.found;
  return (
    <Card className="mb-4" data-testid="full-invoice-form">
      <Card.Body>
        <h2 className="h5">{t("shops.invoices.full.title")}</h2>
        <p className="text-secondary">
          {t("shops.invoices.full.lead", { number: abbreviatedNumber })}
        </p>
        <Form method="get" className="mb-3" data-testid="full-invoice-customer">
          <input type="hidden" name="shop" value={shopId} />
          <BsForm.Label htmlFor="full-buyer-phone">
            {t("shops.customers.invoice.choose")}
          </BsForm.Label>
          <InputGroup hasValidation>
            <BsForm.Control
              id="full-buyer-phone"
              name="buyer"
              type="tel"
              inputMode="tel"
              maxLength={20}
              defaultValue={buyerLookup?.phone ?? ""}
              isInvalid={notFound}
              aria-describedby={notFound ? "full-buyer-phone-error" : undefined}
            />
            <Button type="submit" variant="outline-primary">
              {t("shops.customers.invoice.use")}
            </Button>
            {notFound && (
              <BsForm.Control.Feedback type="invalid" id="full-buyer-phone-error">
                {t("shops.customers.invoice.notFound")}
              </BsForm.Control.Feedback>
            )}
          </InputGroup>
        </Form>
        {buyer && (
          <Alert variant="info" data-testid="full-invoice-buyer">
            {t("shops.customers.invoice.filled", { name: buyer.name })}
          </Alert>
        )}
        <FormError failure={failure} />
        <Form method="post" noValidate>
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="full" />
          <TextInput
            form="full"
            name="buyerName"
            initial={buyer?.name}
            label="shops.invoices.full.buyerName"
            failure={failure}
            maxLength={200}
          />
          <TextInput
            form="full"
            name="buyerAddress"
            initial={buyer?.address}
            label="shops.invoices.full.buyerAddress"
            failure={failure}
            as="textarea"
            maxLength={500}
          />
          <TextInput
            form="full"
            name="buyerTaxId"
            initial={buyer?.taxId}
            label="shops.invoices.full.buyerTaxId"
            failure={failure}
            maxLength={20}
          />
          <TextInput
            form="full"
            name="buyerBranchCode"
            initial={buyer?.branchCode}
            label="shops.invoices.full.buyerBranchCode"
            failure={failure}
            maxLength={5}
          />
          <Button type="submit" disabled={busy}>
            {t("shops.invoices.full.submit")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
