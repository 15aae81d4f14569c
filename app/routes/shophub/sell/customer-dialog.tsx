import { useState } from "react";
import { useT } from "~/lib/i18n/use-translation";
import { toE164 } from "~/lib/phone";
import { type BillCustomer, thaiNumberText } from "./cart";
import type { TillCustomerAnswer } from "./customer";

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
}: {
  shopId: string;
  current: BillCustomer | null;
  onAttach: (customer: BillCustomer | null) => void;
}) {
  const t = useT();
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
  return (
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
  );
}
