import type { Dispatch } from "react";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import type { VatSetting } from "~/modules/sales";
import { billOf } from "./cart";
import { lineErrorText } from "./till-notices";
import type { ItemIndex } from "./till-data";
import { TillDialog } from "./till-dialog";
import type { Ask, TillAction, TillState } from "./till-state";
import type { ParkedBill } from "./parked";

/** How much of an item sold by weight or length: asked before it goes on the bill. */
export function AskDialog({
  ask,
  dispatch,
  onConfirm,
}: {
  ask: Ask | null;
  dispatch: Dispatch<TillAction>;
  onConfirm: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const error = ask?.error ? lineErrorText(t, lang, ask.error) : null;
  return (
    <TillDialog
      open={ask !== null}
      onClose={() => dispatch({ type: "askClosed" })}
      title={ask ? t("shops.sell.ask.title", { name: ask.item.name }) : ""}
      testId="till-ask"
    >
      {ask && (
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
      )}
    </TillDialog>
  );
}

/** Parks the open bill under a label (the time when none is typed). */
export function ParkDialog({
  state,
  dispatch,
  onPark,
}: {
  state: Pick<TillState, "dialog" | "parkLabel">;
  dispatch: Dispatch<TillAction>;
  onPark: () => void;
}) {
  const t = useT();
  return (
    <TillDialog
      open={state.dialog === "park"}
      onClose={() => dispatch({ type: "dialogClosed" })}
      title={t("shops.sell.park.button")}
      testId="till-park-dialog"
    >
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
          data-autofocus
          value={state.parkLabel}
          onChange={(event) => dispatch({ type: "parkLabelTyped", label: event.target.value })}
          data-testid="till-park-label"
        />
        <button
          type="submit"
          className="btn btn-primary till-btn mt-3"
          data-testid="till-park-save"
        >
          {t("shops.sell.park.save")}
        </button>
      </form>
    </TillDialog>
  );
}

/** The parked bills of this till, newest first: recall one, or drop it. */
export function ParkedDialog({
  open,
  parked,
  index,
  vat,
  dispatch,
  onRecall,
}: {
  open: boolean;
  parked: ParkedBill[];
  index: ItemIndex;
  vat: VatSetting;
  dispatch: Dispatch<TillAction>;
  onRecall: (bill: ParkedBill) => void;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <TillDialog
      open={open}
      onClose={() => dispatch({ type: "dialogClosed" })}
      title={t("shops.sell.parked.title")}
      testId="till-parked-dialog"
    >
      {parked.length === 0 ? (
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
      )}
    </TillDialog>
  );
}
