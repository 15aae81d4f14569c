import type { ReactNode } from "react";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import type { TillDone } from "./till-state";

// Loaded on demand (the till's first-load budget): on its way as soon as the bill has a line,
// with the payment panel, and kept by the service worker with the till's other parts.

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
