import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, parseBahtToSatang, satangToBahtInput } from "~/lib/money";
import {
  type PaymentMethod,
  type PaymentRequest,
  type PromptPayId,
  quickCashAmounts,
  remainingToPay,
  settlePayments,
} from "~/modules/sales";
import { PAYMENT_METHOD_TEXT, paymentErrorText } from "~/routes/shophub/sell-text";
import type { BillCustomer } from "./cart";
import { CASH_FIELD_ID, chooseMethod, paymentsOf, type PayState, withRecorded } from "./pay-state";
import type * as QrBuilder from "./promptpay-qr";

const METHODS: readonly PaymentMethod[] = ["cash", "promptpay", "transfer", "card"];

type QrModule = typeof QrBuilder;
let qrModule: Promise<QrModule> | null = null;

/** Loads the QR builder once per page; a failed load (offline) is tried again next time. */
function loadQrModule(): Promise<QrModule> {
  qrModule ??= import("./promptpay-qr").catch((error: unknown) => {
    qrModule = null;
    throw error;
  });
  return qrModule;
}

/**
 * The payment screen: cash with quick amounts and the change shown large, a PromptPay QR for
 * the exact amount still to pay, a transfer with its reference, a card with its last 4 digits
 * and approval code, and any mix of them. "Complete" works only once the payments cover
 * the total (settlePayments, as the server checks it).
 *
 * It is a form for the keyboard (issue 32.3): it opens with the focus in the amount received
 * (or the amount of a transfer or card), Enter completes the sale once the payments cover the
 * bill (the complete button is the form's submit, disabled until then), Enter in a transfer's
 * or card's field records that payment, and Esc closes the dialog (the browser's <dialog>).
 */
export function PayPanel({
  totalSatang,
  state,
  onState,
  promptPay,
  customer,
  settingsHref,
  isOwner,
  busy,
  error,
  onComplete,
}: {
  totalSatang: number;
  state: PayState;
  onState: (state: PayState) => void;
  promptPay: { id: PromptPayId; shown: string } | null;
  /** The bill's customer: with a credit limit, the bill may go on account (decision 0083). */
  customer?: BillCustomer | null;
  settingsHref: string;
  isOwner: boolean;
  busy: boolean;
  error: { text: string; retry: boolean } | null;
  onComplete: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const remaining = remainingToPay(totalSatang, state.recorded);
  const cash = parseBahtToSatang(state.cashText);
  const all = paymentsOf(state);
  const settled = settlePayments(totalSatang, all);
  const cashInvalid = state.cashText.trim() !== "" && cash === null;
  const [reference, setReference] = useState("");
  const [last4, setLast4] = useState("");
  const [approval, setApproval] = useState("");
  const [fieldError, setFieldError] = useState<Record<string, string>>({});

  // The method's amount field has the focus when the panel opens and when the method changes,
  // its text selected (typing replaces a prefilled amount); once non-cash payments cover the
  // bill, the complete button has it.
  const amountField = useRef<HTMLInputElement>(null);
  const completeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    amountField.current?.focus();
    amountField.current?.select();
  }, [state.method]);
  const coveredByRecorded = remaining === 0 && state.recorded.length > 0;
  useEffect(() => {
    if (coveredByRecorded) completeButton.current?.focus();
  }, [coveredByRecorded]);

  const record = (payment: PaymentRequest) => {
    onState({ ...withRecorded(state, [...state.recorded, payment], totalSatang), cashText: "" });
    setReference("");
    setLast4("");
    setApproval("");
    setFieldError({});
  };
  // On account (decision 0083): within what the customer's limit still allows on this bill.
  const account = customer?.account ?? null;
  const accountLeft = account
    ? account.headroomSatang -
      state.recorded.reduce((sum, p) => (p.method === "account" ? sum + p.amountSatang : sum), 0)
    : 0;
  const recordTyped = (method: PaymentMethod) => {
    const amount = parseBahtToSatang(state.amountText);
    const errors: Record<string, string> = {};
    if (amount === null || amount <= 0) errors.amount = t("shops.sell.pay.amountError");
    else if (amount > remaining)
      errors.amount = paymentErrorText(t, lang, {
        code: "nonCashOverTotal",
        payment: 0,
        remainingSatang: remaining,
      });
    else if (method === "account" && amount > accountLeft)
      errors.amount = t("shops.sell.error.account.overLimit", {
        headroom: formatBaht(Math.max(0, accountLeft), lang),
      });
    if (method === "card" && !/^\d{4}$/.test(last4.trim()))
      errors.last4 = t("shops.sell.pay.cardLast4Error");
    setFieldError(errors);
    if (Object.keys(errors).length > 0 || amount === null) return;
    record(
      method === "account"
        ? { method, amountSatang: amount }
        : method === "card"
          ? {
              method,
              amountSatang: amount,
              cardLast4: last4.trim(),
              ...(approval.trim() ? { approvalCode: approval.trim() } : {}),
            }
          : {
              method,
              amountSatang: amount,
              ...(reference.trim() ? { reference: reference.trim() } : {}),
            },
    );
  };

  // The QR code's script loads as the panel opens (not with the till), so it is there when
  // the cashier picks PromptPay; "failed" offers to try again (a till that lost its network).
  const [qrBuilder, setQrBuilder] = useState<QrModule | "loading" | "failed">("loading");
  const [qrAttempt, setQrAttempt] = useState(0);
  useEffect(() => {
    if (!promptPay) return;
    let live = true;
    loadQrModule().then(
      (loaded) => live && setQrBuilder(loaded),
      () => live && setQrBuilder("failed"),
    );
    return () => {
      live = false;
    };
  }, [promptPay, qrAttempt]);
  const qr = useMemo(() => {
    if (!promptPay || remaining <= 0 || typeof qrBuilder === "string") return null;
    return qrBuilder.promptPayQr(promptPay.id, remaining);
  }, [promptPay, remaining, qrBuilder]);

  const fieldId = (name: string) => `till-pay-${name}`;
  const errorOf = (name: string) =>
    fieldError[name] ? (
      <div id={`${fieldId(name)}-error`} className="invalid-feedback d-block">
        {fieldError[name]}
      </div>
    ) : null;

  return (
    <form
      data-testid="till-pay"
      onSubmit={(event) => {
        event.preventDefault();
        if (settled.ok && !busy) onComplete();
      }}
    >
      <div className="d-flex justify-content-between align-items-baseline">
        <span>{t("shops.sell.pay.total")}</span>
        <span className="till-total" data-testid="till-pay-total">
          {formatBaht(totalSatang, lang)}
        </span>
      </div>
      {state.recorded.length > 0 && (
        <>
          <h3 className="h6 mt-2">{t("shops.sell.pay.paid")}</h3>
          <ul className="list-unstyled mb-2" data-testid="till-payments">
            {state.recorded.map((payment, i) => (
              <li key={i} className="d-flex justify-content-between align-items-center">
                <span>
                  {t(PAYMENT_METHOD_TEXT[payment.method])}
                  {payment.reference ? ` · ${payment.reference}` : ""}
                  {payment.cardLast4 ? ` · ****${payment.cardLast4}` : ""}
                </span>
                <span>
                  {formatBaht(payment.amountSatang, lang)}{" "}
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger till-btn"
                    aria-label={t("shops.sell.pay.removePayment", {
                      method: t(PAYMENT_METHOD_TEXT[payment.method]),
                      amount: formatBaht(payment.amountSatang, lang),
                    })}
                    onClick={() =>
                      onState(
                        withRecorded(
                          state,
                          state.recorded.filter((_, j) => j !== i),
                          totalSatang,
                        ),
                      )
                    }
                  >
                    ×
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <div className="d-flex justify-content-between">
            <span>{t("shops.sell.pay.remaining")}</span>
            <span className="fw-bold" data-testid="till-pay-remaining">
              {formatBaht(remaining, lang)}
            </span>
          </div>
        </>
      )}

      <div className="till-methods my-3" role="group" aria-label={t("shops.sell.pay.methods")}>
        {(customer ? [...METHODS, "account" as const] : METHODS).map((method) => (
          <button
            key={method}
            type="button"
            className={`btn till-btn ${state.method === method ? "btn-primary" : "btn-outline-primary"}`}
            aria-pressed={state.method === method}
            onClick={() => onState(chooseMethod(state, method, totalSatang))}
            data-testid={`till-method-${method}`}
          >
            {t(PAYMENT_METHOD_TEXT[method])}
          </button>
        ))}
      </div>

      {state.method === "cash" && (
        <div>
          <label htmlFor={CASH_FIELD_ID} className="form-label">
            {t("shops.sell.pay.tendered")}
          </label>
          <input
            ref={amountField}
            id={CASH_FIELD_ID}
            className={`form-control form-control-lg${cashInvalid ? " is-invalid" : ""}`}
            inputMode="decimal"
            autoComplete="off"
            value={state.cashText}
            onChange={(event) => onState({ ...state, cashText: event.target.value })}
            aria-invalid={cashInvalid || undefined}
            aria-describedby={cashInvalid ? `${CASH_FIELD_ID}-error` : undefined}
            data-testid="till-cash"
          />
          {cashInvalid && (
            <div id={`${CASH_FIELD_ID}-error`} className="invalid-feedback d-block">
              {t("shops.sell.pay.amountError")}
            </div>
          )}
          <div
            className="d-flex flex-wrap gap-2 my-2"
            role="group"
            aria-label={t("shops.sell.pay.quick")}
          >
            {quickCashAmounts(remaining).map((amount, i) => (
              <button
                key={amount}
                type="button"
                className="btn btn-outline-success till-btn"
                onClick={() => onState({ ...state, cashText: satangToBahtInput(amount) })}
                data-testid="till-quick-cash"
              >
                {i === 0
                  ? t("shops.sell.pay.exact", { amount: formatBaht(amount, lang) })
                  : formatBaht(amount, lang)}
              </button>
            ))}
          </div>
          {settled.ok && settled.changeSatang >= 0 && cash !== null && (
            <div className="text-center my-2">
              <div>{t("shops.sell.pay.change")}</div>
              <div
                className="till-change text-success"
                data-testid="till-change"
                aria-live="polite"
              >
                {formatBaht(settled.changeSatang, lang)}
              </div>
            </div>
          )}
        </div>
      )}

      {state.method === "promptpay" && (
        <div className="text-center" data-testid="till-promptpay">
          {!promptPay ? (
            <div className="alert alert-warning text-start" role="status">
              <p className="mb-1">{t("shops.sell.pay.promptPayNoId")}</p>
              {isOwner ? (
                <Link to={settingsHref}>{t("shops.sell.pay.promptPaySetUp")}</Link>
              ) : (
                <p className="mb-0">{t("shops.sell.pay.promptPayAskOwner")}</p>
              )}
            </div>
          ) : qr ? (
            <>
              <p className="mb-1">
                {t("shops.sell.pay.promptPayScan", { amount: formatBaht(remaining, lang) })}
              </p>
              <div
                className="till-qr"
                role="img"
                aria-label={t("shops.sell.pay.promptPayScan", {
                  amount: formatBaht(remaining, lang),
                })}
                data-testid="till-qr"
                data-payload={qr.payload}
                // The SVG is ours (uqr from a payload we built), not user input.
                dangerouslySetInnerHTML={{ __html: qr.svg }}
              />
              <p className="small text-body-secondary">
                {t("shops.sell.pay.promptPayTo", { id: promptPay.shown })}
              </p>
              <button
                type="button"
                className="btn btn-success btn-lg till-btn"
                onClick={() => record({ method: "promptpay", amountSatang: remaining })}
                data-testid="till-promptpay-confirm"
              >
                {t("shops.sell.pay.promptPayConfirm", { amount: formatBaht(remaining, lang) })}
              </button>
            </>
          ) : remaining <= 0 ? null : qrBuilder === "failed" ? (
            <div className="alert alert-warning text-start" role="alert">
              <p className="mb-2">{t("shops.sell.pay.promptPayLoadFailed")}</p>
              <button
                type="button"
                className="btn btn-outline-primary till-btn"
                onClick={() => {
                  setQrBuilder("loading");
                  setQrAttempt((n) => n + 1);
                }}
              >
                {t("shops.sell.pay.promptPayRetry")}
              </button>
            </div>
          ) : (
            <p role="status">{t("shops.sell.pay.promptPayLoading")}</p>
          )}
        </div>
      )}

      {state.method === "account" && !account && (
        <p className="alert alert-warning" role="status" data-testid="till-account-none">
          {t(customer?.name ? "shops.sell.error.account.noLimit" : "shops.sell.account.online")}
        </p>
      )}
      {state.method === "account" && account && remaining > 0 && (
        <p className="mb-2" data-testid="till-account-headroom">
          {t("shops.sell.account.headroom", {
            name: customer?.name ?? "",
            amount: formatBaht(Math.max(0, accountLeft), lang),
          })}
        </p>
      )}
      {(state.method === "transfer" ||
        state.method === "card" ||
        (state.method === "account" && account)) &&
        remaining > 0 && (
          <div
            className="row g-2"
            // Enter in these fields records the payment; the sale completes from the cash field.
            onKeyDown={(event) => {
              if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
              event.preventDefault();
              recordTyped(state.method);
            }}
          >
            <div className="col-12 col-sm-6">
              <label htmlFor={fieldId("amount")} className="form-label">
                {t("shops.sell.pay.amount")}
              </label>
              <input
                ref={amountField}
                id={fieldId("amount")}
                className={`form-control${fieldError.amount ? " is-invalid" : ""}`}
                inputMode="decimal"
                autoComplete="off"
                value={state.amountText}
                onChange={(event) => onState({ ...state, amountText: event.target.value })}
                aria-invalid={fieldError.amount ? true : undefined}
                aria-describedby={fieldError.amount ? `${fieldId("amount")}-error` : undefined}
              />
              {errorOf("amount")}
            </div>
            {state.method === "account" ? null : state.method === "transfer" ? (
              <div className="col-12 col-sm-6">
                <label htmlFor={fieldId("reference")} className="form-label">
                  {t("shops.sell.pay.reference")}
                </label>
                <input
                  id={fieldId("reference")}
                  className="form-control"
                  autoComplete="off"
                  maxLength={100}
                  value={reference}
                  onChange={(event) => setReference(event.target.value)}
                />
              </div>
            ) : (
              <>
                <div className="col-6 col-sm-3">
                  <label htmlFor={fieldId("last4")} className="form-label">
                    {t("shops.sell.pay.cardLast4")}
                  </label>
                  <input
                    id={fieldId("last4")}
                    className={`form-control${fieldError.last4 ? " is-invalid" : ""}`}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={4}
                    value={last4}
                    onChange={(event) => setLast4(event.target.value)}
                    aria-invalid={fieldError.last4 ? true : undefined}
                    aria-describedby={fieldError.last4 ? `${fieldId("last4")}-error` : undefined}
                  />
                  {errorOf("last4")}
                </div>
                <div className="col-6 col-sm-3">
                  <label htmlFor={fieldId("approval")} className="form-label">
                    {t("shops.sell.pay.approvalCode")}
                  </label>
                  <input
                    id={fieldId("approval")}
                    className="form-control"
                    autoComplete="off"
                    maxLength={20}
                    value={approval}
                    onChange={(event) => setApproval(event.target.value)}
                  />
                </div>
              </>
            )}
            <div className="col-12">
              <button
                type="button"
                className="btn btn-outline-primary till-btn"
                onClick={() => recordTyped(state.method)}
                data-testid="till-record-payment"
              >
                {t("shops.sell.pay.add")}
              </button>
            </div>
          </div>
        )}

      {!settled.ok && (all.length > 0 || state.cashText.trim() !== "") && !cashInvalid && (
        <p className="text-danger mt-2 mb-0" data-testid="till-pay-short">
          {paymentErrorText(t, lang, settled.error)}
        </p>
      )}
      {error && (
        <div className="alert alert-danger mt-3" role="alert" data-testid="till-sale-error">
          {error.text}
        </div>
      )}
      <button
        ref={completeButton}
        type="submit"
        className="btn btn-success btn-lg w-100 mt-3 till-btn"
        disabled={!settled.ok || busy}
        data-testid="till-complete"
      >
        {busy
          ? t("shops.sell.pay.completing")
          : error?.retry
            ? t("shops.sell.pay.retry")
            : t("shops.sell.pay.complete")}
      </button>
    </form>
  );
}
