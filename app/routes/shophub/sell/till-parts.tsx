import { type Dispatch, type ReactNode, useState } from "react";
import { useT } from "~/lib/i18n/use-translation";
import type { TillAction } from "./till-state";

/** The till's keys, as the legend and the keys popover show them. */
export function ShortcutList() {
  const t = useT();
  const rows: [string, string][] = [
    ["F2", t("shops.sell.keys.search")],
    ["F4", t("shops.sell.keys.pay")],
    ["F8", t("shops.sell.keys.cashExact")],
    ["F9", t("shops.sell.keys.print")],
    ["Esc", t("shops.sell.keys.close")],
    ["Enter", t("shops.sell.keys.scan")],
  ];
  return (
    <dl className="mb-0 small">
      {rows.map(([key, text]) => (
        <div key={key} className="row">
          <dt className="col-3">
            <kbd>{key}</kbd>
          </dt>
          <dd className="col-9 mb-1">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Under the bill: pay, park, the parked bills and clear. */
export function CartActions({
  approvalNote,
  canPay,
  hasLines,
  parkedCount,
  dispatch,
  onPay,
  onClear,
}: {
  /** What the bill's discounts still need (discount-approval.tsx). */
  approvalNote: ReactNode;
  canPay: boolean;
  hasLines: boolean;
  parkedCount: number;
  dispatch: Dispatch<TillAction>;
  onPay: () => void;
  onClear: () => void;
}) {
  const t = useT();
  return (
    <div className="d-grid gap-2">
      {approvalNote}
      <button
        type="button"
        className="btn btn-success btn-lg till-btn"
        disabled={!canPay}
        onClick={onPay}
        data-testid="till-pay-open"
      >
        {t("shops.sell.pay.button")} <kbd>F4</kbd>
      </button>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary till-btn flex-fill"
          disabled={!hasLines}
          onClick={() => dispatch({ type: "dialogOpened", dialog: "park" })}
          data-testid="till-park"
        >
          {t("shops.sell.park.button")}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary till-btn flex-fill"
          onClick={() => dispatch({ type: "dialogOpened", dialog: "parked" })}
          data-testid="till-parked"
        >
          {t("shops.sell.parked.button", { count: parkedCount })}
        </button>
        <button
          type="button"
          className="btn btn-outline-danger till-btn flex-fill"
          disabled={!hasLines}
          onClick={onClear}
        >
          {t("shops.sell.cart.clear")}
        </button>
      </div>
    </div>
  );
}

/**
 * Under the grid: the keys' legend (on wide screens; the keys button shows it on any) and the
 * receipt printer's setup, whose code loads the first time it is opened.
 */
export function TillExtras({ printer }: { printer: ReactNode }) {
  const t = useT();
  const [printerOpen, setPrinterOpen] = useState(false);
  return (
    <>
      <section
        className="small text-body-secondary mt-3 d-none d-lg-block"
        aria-labelledby="till-keys-title"
      >
        <h2 id="till-keys-title" className="h6">
          {t("shops.sell.keys.title")}
        </h2>
        <ShortcutList />
      </section>
      <details
        className="mt-3"
        data-testid="till-printer"
        onToggle={(event) => {
          if (event.currentTarget.open) setPrinterOpen(true);
        }}
      >
        <summary className="small">{t("shops.sell.doc.printer.title")}</summary>
        <div className="mt-2">{printerOpen && printer}</div>
      </details>
    </>
  );
}
