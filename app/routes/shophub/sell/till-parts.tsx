import { type Dispatch, type ReactNode, useState } from "react";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import type { TillAction, TillDone } from "./till-state";

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

/** The sale just completed: its number, total and change, print and next. */
export function DonePanel({
  sale,
  printHref,
  onPrint,
  onPrintSlip,
  printFailed,
  onNext,
  children,
}: {
  sale: TillDone;
  /** More for the sale, e.g. sending its e-receipt (a lazily loaded part). */
  children?: ReactNode;
  /**
   * The print page, which opens the browser's print dialog by itself; null while a queued sale
   * has not reached the server (its slip is printed from the server's document).
   */
  printHref: string | null;
  /** Prints straight to the till's own printer when it has one (the link is then not followed). */
  onPrint: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  /** A queued sale prints the slip made from its bill (no print page before it arrives). */
  onPrintSlip: (() => void) | null;
  printFailed: boolean;
  onNext: () => void;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <section
      className="card border-success mb-3"
      aria-labelledby="till-done-title"
      data-testid="till-done"
    >
      <div className="card-body text-center">
        <h2 id="till-done-title" className="h4 text-success">
          {t("shops.sell.done.title")}
        </h2>
        <p className="mb-1" data-testid="till-done-number">
          {t("shops.sell.done.number", { number: sale.documentNumber })}
        </p>
        <p className="mb-1">
          {t("shops.sell.done.total")}: <strong>{formatBaht(sale.totalSatang, lang)}</strong>
        </p>
        <div>{t("shops.sell.done.change")}</div>
        <div className="till-change text-success" data-testid="till-done-change">
          {formatBaht(sale.changeSatang, lang)}
        </div>
        {sale.replayed && <p className="small">{t("shops.sell.done.replayed")}</p>}
        {printHref === null && (
          <p className="small mb-0" data-testid="till-done-queued">
            {t("shops.sell.done.queued")}
          </p>
        )}
        <div className="d-flex gap-2 justify-content-center mt-3">
          {printHref === null ? (
            <button
              type="button"
              className="btn btn-primary btn-lg till-btn"
              disabled={!onPrintSlip}
              onClick={onPrintSlip ?? undefined}
              data-testid="till-print"
            >
              {t("shops.sell.done.print")} <kbd>F9</kbd>
            </button>
          ) : (
            <a
              href={printHref}
              onClick={onPrint}
              target="_blank"
              rel="noopener"
              className="btn btn-primary btn-lg till-btn"
              data-testid="till-print"
            >
              {t("shops.sell.done.print")} <kbd>F9</kbd>
            </a>
          )}
          <button
            type="button"
            className="btn btn-success btn-lg till-btn"
            onClick={onNext}
            data-testid="till-next"
          >
            {t("shops.sell.done.next")}
          </button>
        </div>
        {printFailed && (
          <p className="text-danger small mt-2 mb-0" role="alert" data-testid="till-print-failed">
            {t("shops.sell.done.printFailed")}{" "}
            <a href={printHref ?? undefined} target="_blank" rel="noopener">
              {t("shops.sell.done.printDialog")}
            </a>
          </p>
        )}
        {children}
      </div>
    </section>
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
