import { Button, Card } from "react-bootstrap";
import { Form } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import { ShopIdField } from "~/features/shops/shop-form";
import { type Failure, FormError, TextInput } from "./form-parts";

/** The buyer's details of a full tax invoice that replaces the sale's abbreviated one. */
export function FullInvoiceForm({
  shopId,
  abbreviatedNumber,
  failure,
  busy,
}: {
  shopId: string;
  abbreviatedNumber: string;
  failure?: Failure;
  busy: boolean;
}) {
  const t = useT();
  return (
    <Card className="mb-4" data-testid="full-invoice-form">
      <Card.Body>
        <h2 className="h5">{t("shops.invoices.full.title")}</h2>
        <p className="text-secondary">
          {t("shops.invoices.full.lead", { number: abbreviatedNumber })}
        </p>
        <FormError failure={failure} />
        <Form method="post" noValidate>
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="full" />
          <TextInput
            form="full"
            name="buyerName"
            label="shops.invoices.full.buyerName"
            failure={failure}
            maxLength={200}
          />
          <TextInput
            form="full"
            name="buyerAddress"
            label="shops.invoices.full.buyerAddress"
            failure={failure}
            as="textarea"
            maxLength={500}
          />
          <TextInput
            form="full"
            name="buyerTaxId"
            label="shops.invoices.full.buyerTaxId"
            failure={failure}
            maxLength={20}
          />
          <TextInput
            form="full"
            name="buyerBranchCode"
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
