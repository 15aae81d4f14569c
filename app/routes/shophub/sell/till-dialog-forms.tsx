import { useEffect, useRef, type Dispatch } from "react";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import type { VatSetting } from "~/modules/sales";
import { billOf } from "./cart";
import { lineErrorText } from "./till-notices";
import type { ItemIndex } from "./till-data";
import type { Ask, TillAction } from "./till-state";
import type { ParkedBill } from "./parked";

/*
 * The small dialogs' forms, loaded in their own chunk (the till's script budget; till-dialogs.tsx
 * holds the dialogs). A form that arrives after its dialog opened takes the focus itself: the
 * dialog's own focusing ran while the form was still on its way.
 */
function useFocusOnArrival() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (field.current?.closest("dialog")?.open) field.current.focus();
  }, []);
  return field;
}

/** How much of an item sold by weight or length: asked before it goes on the bill. */
export function AskForm({
  ask,
  dispatch,
  onConfirm,
}: {
  ask: Ask;
  dispatch: Dispatch<TillAction>;
  onConfirm: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const field = useFocusOnArrival();
  const error = ask.error ? lineErrorText(t, lang, ask.error) : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      <label htmlFor="till-ask-qty" className="form-label">
        {t("shops.sell.ask.label", { unit: ask.item.unit })}
      </label>
      <input
        id="till-ask-qty"
        className={`form-control form-control-lg${error ? " is-invalid" : ""}`}
        inputMode="decimal"
        autoComplete="off"
        ref={field}
        data-autofocus
        value={ask.text}
        onChange={(event) => dispatch({ type: "askTyped", text: event.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "till-ask-error" : "till-ask-hint"}
        data-testid="till-ask-qty"
      />
      {error ? (
        <div id="till-ask-error" className="invalid-feedback d-block">
          {error}
        </div>
      ) : (
        <div id="till-ask-hint" className="form-text">
          {t("shops.sell.ask.hint")}
        </div>
      )}
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary till-btn">
          {t("shops.sell.ask.add")}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary till-btn"
          onClick={() => dispatch({ type: "askClosed" })}
        >
          {t("shops.sell.dialog.cancel")}
        </button>
      </div>
    </form>
  );
}

/** Parks the open bill under a label (the time when none is typed). */
export function ParkForm({
  parkLabel,
  dispatch,
  onPark,
}: {
  parkLabel: string;
  dispatch: Dispatch<TillAction>;
  onPark: () => void;
}) {
  const t = useT();
  const field = useFocusOnArrival();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onPark();
      }}
    >
      <label htmlFor="till-park-label" className="form-label">
        {t("shops.sell.park.label")}
      </label>
      <input
        id="till-park-label"
        className="form-control"
        maxLength={60}
        ref={field}
        data-autofocus
        value={parkLabel}
        onChange={(event) => dispatch({ type: "parkLabelTyped", label: event.target.value })}
        data-testid="till-park-label"
      />
      <button type="submit" className="btn btn-primary till-btn mt-3" data-testid="till-park-save">
        {t("shops.sell.park.save")}
      </button>
    </form>
  );
}

/** The parked bills of this till, newest first: recall one, or drop it. */
export function ParkedList({
  parked,
  index,
  vat,
  dispatch,
  onRecall,
}: {
  parked: ParkedBill[];
  index: ItemIndex;
  vat: VatSetting;
  dispatch: Dispatch<TillAction>;
  onRecall: (bill: ParkedBill) => void;
}) {
  const t = useT();
  const lang = useLang();
  return parked.length === 0 ? (
    <p>{t("shops.sell.parked.empty")}</p>
  ) : (
    <ul className="list-unstyled">
      {[...parked].reverse().map((bill) => {
        const parkedBill = billOf(bill.cart, index, vat);
        return (
          <li
            key={bill.id}
            className="d-flex gap-2 align-items-center border-bottom py-2"
            data-testid="till-parked-bill"
          >
            <div className="me-auto">
              <div className="fw-semibold">{bill.label}</div>
              <div className="small text-body-secondary">
                {t("shops.sell.parked.summary", {
                  lines: t("shops.sell.cart.lines", { count: bill.cart.lines.length }),
                  total: parkedBill.ok ? formatBaht(parkedBill.bill.totalSatang, lang) : "—",
                  time: formatDateTime(bill.parkedAt, lang),
                })}
              </div>
            </div>
            <button
              type="button"
              className="btn btn-primary till-btn"
              onClick={() => onRecall(bill)}
              aria-label={t("shops.sell.parked.recall", { label: bill.label })}
              data-testid="till-recall"
            >
              ↩
            </button>
            <button
              type="button"
              className="btn btn-outline-danger till-btn"
              onClick={() => dispatch({ type: "parkedDeleted", id: bill.id })}
              aria-label={t("shops.sell.parked.delete", { label: bill.label })}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
