import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { documentView, pageRule } from "~/features/sales-documents/document-view";
import { ThermalReceipt } from "~/features/sales-documents/layouts";
import { useRollLengthMm } from "~/features/sales-documents/roll-length";
import { useLang, useT } from "~/lib/i18n/use-translation";
import type { SaleDocument } from "~/modules/sales";
import "~/features/sales-documents/print.css";

/*
 * A registered till's slip printed from the bill itself, before the sale has reached the
 * server (decision 0071): the same layout as the print page, laid out off screen (so the roll
 * is measured as long as the slip), the only thing the browser prints, and the print dialog
 * opened once. Loaded on demand: a till that always prints online never fetches it.
 */
export function QueuedSlip({
  slip,
  paper,
  onPrinted,
}: {
  slip: SaleDocument;
  paper: "58" | "80";
  onPrinted: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const view = documentView(slip, t, lang);
  const ref = useRef<HTMLDivElement>(null);
  const heightMm = useRollLengthMm(ref, [paper, slip]);
  const printed = useRef(false);
  useEffect(() => {
    if (heightMm === null || printed.current) return;
    printed.current = true;
    window.print();
    onPrinted();
  }, [heightMm, onPrinted]);
  return createPortal(
    <div className="till-print-slip doc-page" data-testid="till-queued-slip">
      <style>{pageRule(paper, heightMm)}</style>
      <div ref={ref}>
        <ThermalReceipt view={view} paper={paper} />
      </div>
    </div>,
    document.body,
  );
}
