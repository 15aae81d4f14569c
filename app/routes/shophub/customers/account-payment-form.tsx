import { useState } from "react";
import { Alert, Button, Card, Form as BsForm } from "react-bootstrap";
import { Form } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { ACCOUNT_PAYMENT_METHODS } from "~/modules/customers";
import { TextField } from "~/ui/text-field";
import { ACCOUNT_METHOD_TEXT, type AccountFailure } from "./account-shared";

/*
 * Taking a payment against a customer's account (รับชำระหนี้; decisions 0083 and 0095). Cash
 * goes into the receiver's own open shift; a cashier's transfer or PromptPay asks an owner's or
 * a manager's approval PIN in the same form (the server checks it, whatever the page shows).
 */

export function AccountPaymentForm({
  shopId,
  failure,
  busy,
  approvers,
  cashierRules,
}: {
  shopId: string;
  failure: AccountFailure | undefined;
  busy: boolean;
  approvers: { userId: string; name: string }[];
  /** Below manager: the approval fields appear for a method other than cash. */
  cashierRules: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const [method, setMethod] = useState(failure?.values.method ?? "cash");
  const errorText = (key: string | undefined) =>
    key
      ? t(key as MessageKey, {
          balance: formatBaht(failure?.balanceSatang ?? 0, lang),
          minutes: String(failure?.retryAfterMinutes ?? 15),
        })
      : undefined;
  const asksApproval = cashierRules && method !== "cash";
  const pinError = errorText(failure?.errors.pin);
  return (
    <Card>
      <Card.Body>
        <h3 className="h5">{t("shops.customers.account.payHeading")}</h3>
        {failure?.errors.form && <Alert variant="danger">{errorText(failure.errors.form)}</Alert>}
        <Form method="post" noValidate data-testid="customer-account-pay">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="payment" />
          <TextField
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            label={t("shops.customers.account.payAmount")}
            defaultValue={failure?.values.amount}
            error={errorText(failure?.errors.amount)}
            idPrefix="pay"
          />
          <BsForm.Group className="mb-3" controlId="pay-method">
            <BsForm.Label>{t("shops.customers.account.payMethod")}</BsForm.Label>
            <BsForm.Select
              name="method"
              value={method}
              onChange={(event) => setMethod(event.currentTarget.value)}
              isInvalid={Boolean(failure?.errors.method)}
              aria-describedby={failure?.errors.method ? "pay-method-error" : undefined}
            >
              {ACCOUNT_PAYMENT_METHODS.map((choice) => (
                <option key={choice} value={choice}>
                  {t(ACCOUNT_METHOD_TEXT[choice])}
                </option>
              ))}
            </BsForm.Select>
            <BsForm.Control.Feedback type="invalid" id="pay-method-error">
              {errorText(failure?.errors.method)}
            </BsForm.Control.Feedback>
            <BsForm.Text>{t("shops.customers.account.payCashNote")}</BsForm.Text>
          </BsForm.Group>
          <TextField
            name="reference"
            autoComplete="off"
            maxLength={100}
            label={t("shops.customers.account.payReference")}
            defaultValue={failure?.values.reference}
            error={errorText(failure?.errors.reference)}
            idPrefix="pay"
          />
          {asksApproval && (
            <fieldset
              className="border rounded p-3 mb-3"
              data-testid="customer-account-pay-approval"
            >
              <p className="small">{t("shops.customers.account.payApprovalNote")}</p>
              {approvers.length === 0 ? (
                <Alert variant="warning" className="mb-0">
                  {t("shops.customers.account.payNoApprovers")}
                </Alert>
              ) : (
                <>
                  <BsForm.Group className="mb-3" controlId="pay-approverId">
                    <BsForm.Label>{t("shops.customers.account.payApprover")}</BsForm.Label>
                    <BsForm.Select
                      name="approverId"
                      defaultValue={failure?.values.approverId ?? approvers[0]?.userId}
                    >
                      {approvers.map((approver) => (
                        <option key={approver.userId} value={approver.userId}>
                          {approver.name}
                        </option>
                      ))}
                    </BsForm.Select>
                  </BsForm.Group>
                  <TextField
                    name="pin"
                    type="password"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={8}
                    label={t("shops.customers.account.payPin")}
                    error={pinError}
                    idPrefix="pay"
                  />
                </>
              )}
            </fieldset>
          )}
          {!asksApproval && pinError && <Alert variant="danger">{pinError}</Alert>}
          <Button type="submit" disabled={busy} data-testid="customer-account-pay-submit">
            {t("shops.customers.account.paySubmit")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
