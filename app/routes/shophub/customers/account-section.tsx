import { Alert, Button, Card, Col, Row, Table } from "react-bootstrap";
import { Form, Link } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { formatDateTime } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { TextField } from "~/ui/text-field";
import { AccountPaymentForm } from "./account-payment-form";
import {
  ACCOUNT_KIND_TEXT,
  type AccountFailure,
  type AccountSectionData,
  type VoidablePayment,
} from "./account-shared";
import { AccountVoidForm } from "./account-void-form";

/*
 * A customer's account on their page (issue 37, decision 0083): what they owe and their limit,
 * the statement with its running balance and each payment's receipt, the limit form (owners and
 * managers) and the payment form (whoever sells, cash into their own shift's drawer).
 */

export function AccountSection({
  shopId,
  customerId,
  account,
  mayManage,
  failure,
  busy,
  approvers,
  cashierRules,
  voidable,
}: {
  shopId: string;
  customerId: string;
  account: AccountSectionData;
  mayManage: boolean;
  failure: AccountFailure | undefined;
  busy: boolean;
  /** The owners and managers with an approval PIN, for a cashier's transfer (0095). */
  approvers: { userId: string; name: string }[];
  /** The member is below manager: cash into their own shift, other methods with a PIN. */
  cashierRules: boolean;
  voidable: VoidablePayment[];
}) {
  const t = useT();
  const lang = useLang();
  const shopParam = `shop=${encodeURIComponent(shopId)}`;
  const base = `/shophub/customers/${customerId}`;
  const limitFailure = failure?.intent === "limit" ? failure : undefined;
  const payFailure = failure?.intent === "payment" ? failure : undefined;
  const errorText = (key: string | undefined) =>
    key
      ? t(key as MessageKey, { balance: formatBaht(payFailure?.balanceSatang ?? 0, lang) })
      : undefined;
  const { limitSatang, balanceSatang } = account;
  return (
    <section className="mt-4" data-testid="customer-account">
      <h2 className="h4">{t("shops.customers.account.heading")}</h2>
      <Row className="g-3 mb-3">
        <Col sm={6} lg={4}>
          <Card body>
            <div className="text-secondary small">{t("shops.customers.account.balance")}</div>
            <div className="fs-4" data-testid="customer-account-balance">
              {formatBaht(balanceSatang, lang)}
            </div>
          </Card>
        </Col>
        <Col sm={6} lg={4}>
          <Card body>
            <div className="text-secondary small">{t("shops.customers.account.limit")}</div>
            <div className="fs-5" data-testid="customer-account-limit">
              {limitSatang === null
                ? t("shops.customers.account.noLimit")
                : formatBaht(limitSatang, lang)}
            </div>
            {limitSatang !== null && (
              <div className="small text-secondary">
                {t("shops.customers.account.headroom", {
                  amount: formatBaht(Math.max(0, limitSatang - balanceSatang), lang),
                })}
              </div>
            )}
          </Card>
        </Col>
      </Row>
      {mayManage && (
        <p>
          <Link to={`/shophub/receivables?${shopParam}`}>
            {t("shops.customers.receivables.link")}
          </Link>
        </p>
      )}
      <h3 className="h5">{t("shops.customers.account.statement")}</h3>
      {account.statement.length === 0 ? (
        <p className="text-secondary">{t("shops.customers.account.noEntries")}</p>
      ) : (
        <>
          <p>
            <a href={`${base}/statement.pdf?${shopParam}`} data-testid="customer-statement-pdf">
              {t("shops.customers.account.statementPdf")}
            </a>
          </p>
          <Table responsive size="sm" className="text-nowrap" data-testid="customer-statement">
            <thead>
              <tr>
                <th>{t("shops.customers.account.col.date")}</th>
                <th>{t("shops.customers.account.col.what")}</th>
                <th>{t("shops.customers.account.col.document")}</th>
                <th className="text-end">{t("shops.customers.account.col.charged")}</th>
                <th className="text-end">{t("shops.customers.account.col.paid")}</th>
                <th className="text-end">{t("shops.customers.account.col.balance")}</th>
              </tr>
            </thead>
            <tbody>
              {account.statement.map((row) => (
                <tr key={row.id}>
                  <td>{formatDateTime(row.createdAt, lang)}</td>
                  <td>
                    {t(
                      row.kind === "void" && row.paymentId !== null
                        ? "shops.customers.account.kind.paymentVoid"
                        : ACCOUNT_KIND_TEXT[row.kind],
                    )}
                    {row.kind === "payment" && row.voidReason !== null && (
                      <span
                        className="badge text-bg-secondary ms-2"
                        data-testid="customer-statement-voided"
                      >
                        {t("shops.customers.account.voidedBadge")}
                      </span>
                    )}
                    {row.kind === "void" && row.voidReason !== null && (
                      <div className="small text-secondary text-wrap">{row.voidReason}</div>
                    )}
                  </td>
                  <td>
                    {row.saleId !== null ? (
                      <Link to={`/shophub/invoices/${row.saleId}?${shopParam}`}>
                        {row.documentNumber}
                      </Link>
                    ) : row.paymentId !== null && row.kind === "payment" ? (
                      <a href={`${base}/receipts/${row.paymentId}/receipt.pdf?${shopParam}`}>
                        {row.documentNumber}
                      </a>
                    ) : (
                      row.documentNumber
                    )}
                  </td>
                  <td className="text-end">
                    {row.amountSatang > 0 ? formatBaht(row.amountSatang, lang) : ""}
                  </td>
                  <td className="text-end">
                    {row.amountSatang < 0 ? formatBaht(-row.amountSatang, lang) : ""}
                  </td>
                  <td className="text-end">{formatBaht(row.balanceAfterSatang, lang)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
      <Row className="g-3">
        {balanceSatang > 0 && (
          <Col lg={6}>
            <AccountPaymentForm
              shopId={shopId}
              failure={payFailure}
              busy={busy}
              approvers={approvers}
              cashierRules={cashierRules}
            />
          </Col>
        )}
        {mayManage && voidable.length > 0 && (
          <Col lg={6}>
            <AccountVoidForm
              shopId={shopId}
              payments={voidable}
              failure={failure?.intent === "voidPayment" ? failure : undefined}
              busy={busy}
            />
          </Col>
        )}
        {mayManage && (
          <Col lg={6}>
            <Card>
              <Card.Body>
                <h3 className="h5">{t("shops.customers.account.limit")}</h3>
                {limitFailure?.errors.form && (
                  <Alert variant="danger">{errorText(limitFailure.errors.form)}</Alert>
                )}
                <Form method="post" noValidate data-testid="customer-account-limit-form">
                  <ShopIdField shopId={shopId} />
                  <input type="hidden" name="intent" value="limit" />
                  <TextField
                    name="creditLimit"
                    inputMode="decimal"
                    autoComplete="off"
                    label={t("shops.customers.account.limitLabel")}
                    hint={t("shops.customers.account.limitHint")}
                    defaultValue={
                      limitFailure?.values.creditLimit ??
                      (limitSatang === null ? "" : String(limitSatang / 100))
                    }
                    error={errorText(limitFailure?.errors.creditLimit)}
                    idPrefix="limit"
                  />
                  <Button type="submit" disabled={busy} data-testid="customer-account-limit-save">
                    {t("shops.customers.account.limitSave")}
                  </Button>
                </Form>
              </Card.Body>
            </Card>
          </Col>
        )}
      </Row>
    </section>
  );
}
