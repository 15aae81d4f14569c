import { useEffect, useMemo, useRef, useState } from "react";
import { type SubmitTarget, useFetcher } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, parseBahtToSatang, satangToBahtInput } from "~/lib/money";
import type { PromptPayId } from "~/modules/sales";
import type { TillAccountPaymentAnswer } from "./account-payment";
import { ApproverPinFields } from "./approver-pin-fields";
import type * as QrBuilder from "./promptpay-qr";

/*
 * รับชำระหนี้ at the till (decision 0095, "At the till"), in its own chunk, loaded when the
 * cashier opens it from the customer dialog: the amount (all that is owed unless changed), the
 * method, a reference, and for a cashier's transfer or PromptPay the approver's PIN. It posts to
 * the till's `account-payment` action, which takes the payment with the customer page's rules;
 * the till's data (the shift's expected cash) revalidates after it. Online only.
 */

const METHODS = ["cash", "transfer", "promptpay"] as const;
type Method = (typeof METHODS)[number];

const METHOD_TEXT = {
  cash: "shops.sell.accountPay.method.cash",
  transfer: "shops.sell.accountPay.method.transfer",
  promptpay: "shops.sell.accountPay.method.promptpay",
} as const satisfies Record<Method, MessageKey>;

export interface AccountPayCustomer {
  id: string;
  name: string;
  owedSatang: number;
}

export function AccountPayForm({
  shopId,
  customer,
  cashierRules,
  approvers,
  promptPay,
  cashierSwitch,
  online,
  onBack,
  onFinished,
}: {
  shopId: string;
  customer: AccountPayCustomer;
  /** Below manager (or a cashier who took over the till): non-cash asks an approver's PIN. */
  cashierRules: boolean;
  approvers: { userId: string; name: string }[];
  promptPay: { id: PromptPayId; shown: string } | null;
  cashierSwitch: { switchId: string; tillId: string } | null;
  online: boolean;
  onBack: () => void;
  /** The payment is taken: what the customer owes now. */
  onFinished: (owedSatang: number) => void;
}) {
  const t = useT();
  const lang = useLang();
  const fetcher = useFetcher<TillAccountPaymentAnswer>();
  const [amount, setAmount] = useState(satangToBahtInput(customer.owedSatang));
  const [method, setMethod] = useState<Method>("cash");
  const [reference, setReference] = useState("");
  const [approverId, setApproverId] = useState(approvers[0]?.userId ?? "");
  const [pin, setPin] = useState("");
  const [taken, setTaken] = useState<TillAccountPaymentAnswer | null>(null);
  // The form replaces the dialog's first view: the amount takes the focus as it arrives.
  const amountField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    amountField.current?.focus();
  }, []);
  // The answer is taken once, while rendering (as the approval form takes its own).
  const answer = fetcher.state === "idle" ? (fetcher.data ?? null) : null;
  if (answer && answer !== taken) {
    setTaken(answer);
    setPin("");
  }
  const busy = fetcher.state !== "idle";
  const asksApproval = cashierRules && method !== "cash";
  const amountSatang = parseBahtToSatang(amount);

  if (taken?.ok) {
    const pdf = `/shophub/customers/${encodeURIComponent(taken.customerId)}/receipts/${
      taken.paymentId
    }/receipt.pdf?shop=${encodeURIComponent(shopId)}`;
    return (
      <div data-testid="till-account-paid">
        <p className="fs-5 fw-semibold" role="status" data-testid="till-account-receipt">
          {t("shops.sell.accountPay.done", { number: taken.documentNumber })}
        </p>
        {taken.approverName && (
          <p>{t("shops.sell.accountPay.doneApproved", { name: taken.approverName })}</p>
        )}
        <p className="fs-4" data-testid="till-account-balance">
          {t("shops.sell.accountPay.balanceLeft", {
            amount: formatBaht(taken.balanceSatang, lang),
          })}
        </p>
        <div className="d-flex gap-2 flex-wrap">
          <a
            className="btn btn-outline-primary till-btn"
            href={pdf}
            target="_blank"
            rel="noreferrer"
            data-testid="till-account-print"
          >
            {t("shops.sell.accountPay.print")}
          </a>
          <button
            type="button"
            className="btn btn-primary till-btn"
            onClick={() => onFinished(taken.balanceSatang)}
            data-testid="till-account-finish"
          >
            {t("shops.sell.accountPay.finish")}
          </button>
        </div>
      </div>
    );
  }

  const refused = taken && !taken.ok ? taken : null;
  const errorOf = (field: string): string | null => {
    if (!refused) return null;
    if ("network" in refused)
      return field === "form" ? t("shops.sell.accountPay.error.network") : null;
    const key = refused.errors[field];
    return key
      ? t(key, {
          balance: formatBaht(refused.balanceSatang ?? customer.owedSatang, lang),
          minutes: String(refused.retryAfterMinutes ?? 15),
        })
      : null;
  };
  const formError = errorOf("form");
  const amountError = errorOf("amount");
  const methodError = errorOf("method");
  const referenceError = errorOf("reference");
  const pinError = errorOf("pin") ?? errorOf("approverId");

  const submit = () => {
    if (busy || !online) return;
    const query = new URLSearchParams({ shop: shopId });
    if (cashierSwitch) {
      query.set("cashier", cashierSwitch.switchId);
      query.set("till", cashierSwitch.tillId);
    }
    void fetcher.submit(
      {
        shopId,
        customerId: customer.id,
        amount,
        method,
        reference,
        ...(asksApproval ? { approverId, pin } : {}),
      } satisfies Record<string, string> as unknown as SubmitTarget,
      { method: "post", action: `/shophub/sell/account-payment?${query}` },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="till-account-pay"
    >
      <h3 className="h5">{t("shops.sell.accountPay.title", { name: customer.name })}</h3>
      {formError && (
        <div className="alert alert-danger" role="alert" data-testid="till-account-error">
          {formError}
        </div>
      )}
      <label htmlFor="till-account-amount" className="form-label">
        {t("shops.sell.accountPay.amount")}
      </label>
      <input
        id="till-account-amount"
        name="amount"
        className={`form-control form-control-lg${amountError ? " is-invalid" : ""}`}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        ref={amountField}
        data-autofocus
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        aria-invalid={amountError ? true : undefined}
        aria-describedby={amountError ? "till-account-amount-error" : "till-account-amount-hint"}
        data-testid="till-account-amount"
      />
      {amountError ? (
        <div id="till-account-amount-error" className="invalid-feedback d-block" role="alert">
          {amountError}
        </div>
      ) : (
        <div id="till-account-amount-hint" className="form-text">
          {t("shops.sell.accountPay.amountHint", {
            amount: formatBaht(customer.owedSatang, lang),
          })}
        </div>
      )}
      <fieldset className="mt-3">
        <legend className="form-label fs-6">{t("shops.sell.accountPay.method")}</legend>
        <div
          className="btn-group"
          role="group"
          aria-describedby={methodError ? "till-account-method-error" : undefined}
        >
          {METHODS.map((choice) => (
            <button
              key={choice}
              type="button"
              className={`btn till-btn ${method === choice ? "btn-primary" : "btn-outline-primary"}`}
              aria-pressed={method === choice}
              onClick={() => setMethod(choice)}
              data-testid={`till-account-method-${choice}`}
            >
              {t(METHOD_TEXT[choice])}
            </button>
          ))}
        </div>
        {methodError ? (
          <div id="till-account-method-error" className="invalid-feedback d-block" role="alert">
            {methodError}
          </div>
        ) : (
          method === "cash" && (
            <div className="form-text">{t("shops.sell.accountPay.cashNote")}</div>
          )
        )}
      </fieldset>
      {method === "promptpay" && (
        <PromptPayCode promptPay={promptPay} amountSatang={amountSatang} />
      )}
      {method !== "cash" && (
        <div className="mt-3">
          <label htmlFor="till-account-reference" className="form-label">
            {t("shops.sell.accountPay.reference")}
          </label>
          <input
            id="till-account-reference"
            name="reference"
            className={`form-control${referenceError ? " is-invalid" : ""}`}
            autoComplete="off"
            maxLength={100}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            aria-invalid={referenceError ? true : undefined}
            aria-describedby={referenceError ? "till-account-reference-error" : undefined}
            data-testid="till-account-reference"
          />
          {referenceError && (
            <div
              id="till-account-reference-error"
              className="invalid-feedback d-block"
              role="alert"
            >
              {referenceError}
            </div>
          )}
        </div>
      )}
      {asksApproval && (
        <fieldset className="border rounded p-3 mt-3" data-testid="till-account-approval">
          <p className="small">{t("shops.sell.accountPay.approvalNote")}</p>
          {approvers.length === 0 ? (
            <p className="mb-0">{t("shops.sell.accountPay.noApprovers")}</p>
          ) : (
            <ApproverPinFields
              approvers={approvers}
              approverId={approverId}
              onApprover={setApproverId}
              pin={pin}
              onPin={setPin}
              error={pinError}
              autoFocus={false}
              ids={{
                approver: "till-account-approver",
                pin: "till-account-pin",
                error: "till-account-pin-error",
              }}
            />
          )}
        </fieldset>
      )}
      {pinError && (!asksApproval || approvers.length === 0) && (
        <div
          className="alert alert-danger mt-3"
          role="alert"
          data-testid="till-account-pin-refusal"
        >
          {pinError}
        </div>
      )}
      {!online && (
        <p className="text-danger mt-3 mb-0" role="status">
          {t("shops.sell.accountPay.offline")}
        </p>
      )}
      <div className="d-flex gap-2 mt-3">
        <button
          type="submit"
          className="btn btn-success btn-lg till-btn"
          disabled={busy || !online}
          data-testid="till-account-submit"
        >
          {t("shops.sell.accountPay.submit")}
        </button>
        <button type="button" className="btn btn-outline-secondary till-btn" onClick={onBack}>
          {t("shops.sell.accountPay.back")}
        </button>
      </div>
    </form>
  );
}

/** The shop's PromptPay QR for the amount typed (the QR encoder loads with this form). */
function PromptPayCode({
  promptPay,
  amountSatang,
}: {
  promptPay: { id: PromptPayId; shown: string } | null;
  amountSatang: number | null;
}) {
  const t = useT();
  const lang = useLang();
  const [builder, setBuilder] = useState<typeof QrBuilder | null>(null);
  useEffect(() => {
    if (!promptPay) return;
    let live = true;
    import("./promptpay-qr").then(
      (loaded) => live && setBuilder(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [promptPay]);
  const qr = useMemo(
    () =>
      promptPay && builder && amountSatang !== null && amountSatang > 0
        ? builder.promptPayQr(promptPay.id, amountSatang)
        : null,
    [promptPay, builder, amountSatang],
  );
  if (!promptPay) {
    return <p className="mt-3 mb-0">{t("shops.sell.accountPay.noPromptPayId")}</p>;
  }
  if (amountSatang === null || amountSatang <= 0) {
    return <p className="mt-3 mb-0">{t("shops.sell.accountPay.qrBadAmount")}</p>;
  }
  const label = t("shops.sell.accountPay.qr", { amount: formatBaht(amountSatang, lang) });
  return (
    <div className="mt-3 text-center">
      <p className="mb-1">{label}</p>
      {qr && (
        <div
          className="till-qr"
          role="img"
          aria-label={label}
          data-testid="till-account-qr"
          data-payload={qr.payload}
          // The SVG is ours (uqr from a payload we built), not user input.
          dangerouslySetInnerHTML={{ __html: qr.svg }}
        />
      )}
      <p className="small mb-0">{promptPay.shown}</p>
    </div>
  );
}
