import { Button, Card } from "react-bootstrap";
import { Form } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import { ShopIdField } from "~/features/shops/shop-form";
import { REASON_MAX } from "~/modules/sales";
import { type Failure, FormError, TextInput } from "./form-parts";

/** Voids the sale (shown to who may; the action checks again). */
export function VoidForm({
  shopId,
  failure,
  busy,
}: {
  shopId: string;
  failure?: Failure;
  busy: boolean;
}) {
  const t = useT();
  return (
    <Card className="mb-4 border-danger" data-testid="void-form">
      <Card.Body>
        <h2 className="h5">{t("shops.invoices.void.title")}</h2>
        <p className="text-secondary">{t("shops.invoices.void.lead")}</p>
        <FormError failure={failure} />
        <Form method="post" noValidate>
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="void" />
          <TextInput
            form="void"
            name="reason"
            label="shops.invoices.void.reason"
            failure={failure}
            maxLength={REASON_MAX}
          />
          <Button type="submit" variant="danger" disabled={busy}>
            {t("shops.invoices.void.submit")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
