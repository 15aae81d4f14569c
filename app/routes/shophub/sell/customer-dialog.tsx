import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { toE164 } from "~/lib/phone";
import type { PromptPayId } from "~/modules/sales";
import { type BillCustomer, thaiNumberText } from "./cart";
import type { TillCustomerAnswer } from "./customer";
import type { ShopRole } from "~/modules/shops";
import type { TillCashier } from "./till-cashier";

// รับชำระหนี้'s form (decision 0095) loads in a chunk of its own when the cashier opens it (this
// dialog is a lazy part already; React.lazy here keeps lazy-part.tsx in the till's own chunk).
const AccountPayForm = lazy(() =>
  import("./account-pay-form").then(
    (module) => ({ default: module.AccountPayForm }),
    () => ({ default: LoadFailed }),
  ),
);

function LoadFailed() {
  const t = useT();
  return (
    <p className="alert alert-warning" role="alert">
      {t("shops.sell.part.loadFailed")}
    </p>
  );
}

/** What the till hands in for a payment on account (decision 0095, "At the till"). */
export interface AccountPayContext {
  /** The member's role; a cashier who took over the till (`cashier`) is under a cashier's rules. */
  role: ShopRole;
  cashier: TillCashier | null;
  approvers: { userId: string; name: string }[];
  promptPay: { id: PromptPayId; shown: string } | null;
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser has a network (a payment on account is taken online only). */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/*
 * The till's customer dialog (issue 37, decision 0082), loaded when the cashier opens it: a
 * phone number typed or scanned finds the shop's customer; without a network the number is
 * attached as it is and the sale links the customer when it reaches the server.
 */

type Problem = "phone" | "notFound" | null;

export function CustomerLookup({
  shopId,
  current,
  onAttach,
  accountPay,
}: {
  shopId: string;
  current: BillCustomer | null;
  onAttach: (customer: BillCustomer | null) => void;
  accountPay?: AccountPayContext;
}) {
  const t = useT();
  const lang = useLang();
  const online = useOnline();
  const [paying, setPaying] = useState(false);
  const [text, setText] = useState(current ? thaiNumberText(current.phone) : "");
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const find = async () => {
    const e164 = toE164(text);
    if (e164 === null || !e164.startsWith("+66")) {
      setProblem("phone");
      return;
    }
    setBusy(true);
    try {
      const query = new URLSearchParams({ shop: shopId, phone: e164 });
      const response = await fetch(`/shophub/sell/customer?${query}`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`customer lookup answered ${response.status}`);
      const answer = (await response.json()) as TillCustomerAnswer;
      if (answer.customer) onAttach(answer.customer);
      else setProblem("notFound");
    } catch {
      // No network (or the server out of reach): the number goes with the sale as typed.
      onAttach({ phone: e164, name: null });
    } finally {
      setBusy(false);
    }
  };
  const error =
    problem === "phone"
      ? t("shops.sell.customer.badPhone")
      : problem === "notFound"
        ? t("shops.sell.customer.notFound")
        : null;
  const owed = current?.id && current.owedSatang ? current.owedSatang : 0;
  if (paying && current?.id && accountPay) {
    return (
      <Suspense fallback={<p role="status">{t("shops.sell.part.loading")}</p>}>
        <AccountPayForm
          shopId={shopId}
          customer={{ id: current.id, name: current.name ?? current.phone, owedSatang: owed }}
          cashierRules={
            accountPay.cashier !== null ||
            (accountPay.role !== "owner" && accountPay.role !== "manager")
          }
          approvers={accountPay.approvers}
          promptPay={accountPay.promptPay}
          cashierSwitch={accountPay.cashier}
          online={online}
          onBack={() => setPaying(false)}
          onFinished={(owedSatang) => onAttach({ ...current, owedSatang })}
        />
      </Suspense>
    );
  }
  return (
    <>
      {owed > 0 && accountPay && (
        <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
          <span className="fs-5 fw-semibold text-danger me-auto" data-testid="till-customer-owed">
            {t("shops.sell.accountPay.owed", { amount: formatBaht(owed, lang) })}
          </span>
          <button
            type="button"
            className="btn btn-outline-primary till-btn"
            disabled={!online}
            aria-describedby={online ? undefined : "till-account-offline"}
            onClick={() => setPaying(true)}
            data-testid="till-account-open"
          >
            {t("shops.sell.accountPay.button")}
          </button>
          {!online && (
            <span id="till-account-offline" className="small w-100">
              {t("shops.sell.accountPay.offline")}
            </span>
          )}
        </div>
      )}
      {current?.priceLevel && (
        <p data-testid="till-customer-level">
          {t("shops.sell.customer.level", { level: current.priceLevel.name })}
        </p>
      )}
      {current && <PointsRedeem current={current} onAttach={onAttach} />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void find();
        }}
      >
        <label htmlFor="till-customer-phone" className="form-label">
          {t("shops.sell.customer.phone")}
        </label>
        <input
          id="till-customer-phone"
          className={`form-control form-control-lg${error ? " is-invalid" : ""}`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={20}
          data-autofocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "till-customer-error" : "till-customer-hint"}
          data-testid="till-customer-phone"
        />
        {error ? (
          <div id="till-customer-error" className="invalid-feedback d-block" role="alert">
            {error}
            {problem === "notFound" && (
              <>
                {" "}
                <a href={`/shophub/customers?shop=${encodeURIComponent(shopId)}`}>
                  {t("shops.sell.customer.add")}
                </a>
              </>
            )}
          </div>
        ) : (
          <div id="till-customer-hint" className="form-text">
            {t("shops.sell.customer.hint")}
          </div>
        )}
        <div className="d-flex gap-2 mt-3">
          <button
            type="submit"
            className="btn btn-primary till-btn"
            disabled={busy}
            data-testid="till-customer-find"
          >
            {t("shops.sell.customer.find")}
          </button>
          {current && (
            <button
              type="button"
              className="btn btn-outline-danger till-btn"
              onClick={() => onAttach(null)}
              data-testid="till-customer-remove"
            >
              {t("shops.sell.customer.remove")}
            </button>
          )}
        </div>
      </form>
    </>
  );
}

/**
 * Points on the bill's customer (decision 0082): the balance and a redemption, online only —
 * a customer attached without a network has no balance the till can check.
 */
function PointsRedeem({
  current,
  onAttach,
}: {
  current: BillCustomer;
  onAttach: (customer: BillCustomer | null) => void;
}) {
  const t = useT();
  const [typed, setTyped] = useState(current.redeemPoints ? String(current.redeemPoints) : "");
  const [error, setError] = useState(false);
  const points = current.points;
  if (!points) {
    return (
      <p className="text-secondary" data-testid="till-points-offline">
        {t("shops.sell.points.offline")}
      </p>
    );
  }
  const redeem = (count: number) => {
    if (!Number.isSafeInteger(count) || count < 0 || count > points.balance) {
      setError(true);
      return;
    }
    onAttach({ ...current, redeemPoints: count, redeemSatang: count * points.valueSatang });
  };
  return (
    <form
      className="mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        redeem(typed.trim() === "" ? 0 : Number(typed));
      }}
    >
      <p data-testid="till-points-balance">
        {t("shops.sell.points.balance", { points: String(points.balance) })}
      </p>
      <label htmlFor="till-points-redeem" className="form-label">
        {t("shops.sell.points.redeem")}
      </label>
      <input
        id="till-points-redeem"
        className={`form-control form-control-lg${error ? " is-invalid" : ""}`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(false);
        }}
        aria-invalid={error ? true : undefined}
        data-testid="till-points-redeem"
      />
      {error && (
        <div className="invalid-feedback d-block" role="alert">
          {t("shops.sell.error.points.overBalance", { balance: String(points.balance) })}
        </div>
      )}
      <button
        type="submit"
        className="btn btn-success till-btn mt-2"
        data-testid="till-points-apply"
      >
        {t("shops.sell.points.apply")}
      </button>
    </form>
  );
}
