import { Alert, Button, Card, Form as BsForm } from "react-bootstrap";
import { Form } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { TextField } from "~/ui/text-field";
import { ACCOUNT_METHOD_TEXT, type AccountFailure, type VoidablePayment } from "./account-shared";

/*
 * Voiding a payment on account recorded by mistake (decision 0095): owners and managers only,
 * with a reason. The balance goes back up and a cash payment leaves the drawer again.
 */

export function AccountVoidForm({
  shopId,
  payments,
  failure,
  busy,
}: {
  shopId: string;
  payments: VoidablePayment[];
  failure: AccountFailure | undefined;
  busy: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const paymentError = failure?.errors.paymentId;
  return (
    <Card border="warning">
      <Card.Body>
        <h3 className="h5">{t("shops.customers.account.voidHeading")}</h3>
        <p className="small text-secondary">{t("shops.customers.account.voidLead")}</p>
        {failure?.errors.form && <Alert variant="danger">{t(failure.errors.form)}</Alert>}
        <Form method="post" noValidate data-testid="customer-account-void">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="voidPayment" />
          <BsForm.Group className="mb-3" controlId="void-paymentId">
            <BsForm.Label>{t("shops.customers.account.voidPayment")}</BsForm.Label>
            <BsForm.Select
              name="paymentId"
              defaultValue={failure?.values.paymentId ?? String(payments[0]?.id ?? "")}
              isInvalid={paymentError !== undefined}
              aria-describedby={paymentError ? "void-paymentId-error" : undefined}
            >
              {payments.map((payment) => (
                <option key={payment.id} value={String(payment.id)}>
                  {payment.documentNumber} · {formatDateTime(payment.createdAt, lang)} ·{" "}
                  {t(ACCOUNT_METHOD_TEXT[payment.method])} {formatBaht(payment.amountSatang, lang)}
                </option>
              ))}
            </BsForm.Select>
            {paymentError && (
              <BsForm.Control.Feedback type="invalid" id="void-paymentId-error">
                {t(paymentError)}
              </BsForm.Control.Feedback>
            )}
          </BsForm.Group>
          <TextField
            name="reason"
            autoComplete="off"
            maxLength={200}
            label={t("shops.customers.account.voidReason")}
            defaultValue={failure?.values.reason}
            error={failure?.errors.reason ? t(failure.errors.reason) : undefined}
            idPrefix="void"
          />
          <Button
            type="submit"
            variant="warning"
            disabled={busy}
            data-testid="customer-account-void-submit"
          >
            {t("shops.customers.account.voidSubmit")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
