import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { printSilently } from "~/features/sales-documents/escpos/print-silently";
import { savedPrinter } from "~/features/sales-documents/escpos/saved-printer";
import { printPageHref } from "~/features/sales-documents/links";
import { useLang, useT } from "~/lib/i18n/use-translation";
import type { SaleDocument } from "~/modules/sales";

interface PrintPageData {
  document: SaleDocument;
}

/**
 * Printing a receipt from the till in one click. A till with its own ESC/POS printer (chosen
 * once in the printer panel) prints silently: the receipt is read from the print page's data
 * (reading it is not a print), sent to the printer, then counted as printed, so the next print
 * is marked as a copy. Any other till opens the print page, which calls the browser's print
 * dialog by itself.
 */
export function useReceiptPrinting(shopId: string, paper: "58" | "80") {
  const t = useT();
  const lang = useLang();
  const reader = useFetcher<PrintPageData>();
  const counter = useFetcher();
  const waiting = useRef<number | null>(null);
  const [failedSaleId, setFailedSaleId] = useState<number | null>(null);
  const [slipToPrint, setSlipToPrint] = useState<SaleDocument | null>(null);
  /** Told once the slip on the page went to the print dialog. */
  const slipDone = useRef<(() => void) | null>(null);

  const pageHref = (saleId: number, auto: boolean) =>
    printPageHref(saleId, { paper, auto, shopId });

  /** The print page for the browser's dialog (the fallback everywhere). */
  const dialogHref = (saleId: number) => pageHref(saleId, true);

  /**
   * Prints silently when this till has a printer and answers true; false means the caller
   * lets the print page open (a link's default action, or window.open from a key press).
   */
  function printSilentlyIfPossible(saleId: number): boolean {
    if (!savedPrinter()) return false;
    setFailedSaleId(null);
    waiting.current = saleId;
    void reader.load(pageHref(saleId, false));
    return true;
  }

  const { state, data } = reader;
  useEffect(() => {
    const saleId = waiting.current;
    if (state !== "idle" || saleId === null) return;
    waiting.current = null;
    if (!data?.document) {
      setFailedSaleId(saleId);
      return;
    }
    printSilently(data.document, t, lang)
      .then((printed) => {
        if (!printed) {
          setFailedSaleId(saleId);
          return;
        }
        void counter.submit({ shopId }, { method: "post", action: pageHref(saleId, false) });
      })
      // A printer that is off, out of paper or unplugged: the dialog is offered instead.
      .catch(() => setFailedSaleId(saleId));
    // Runs when the read finishes; the other values are the same for the till's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, data]);

  /**
   * A queued sale's slip, made from its bill before the server has the sale (decision 0071):
   * to the till's own printer when it has one, else laid out on the page for the browser's
   * print dialog (`slipToPrint`, which the page renders until `slipPrinted`).
   */
  function printSlip(slip: SaleDocument, onPrinted: () => void) {
    slipDone.current = onPrinted;
    if (!savedPrinter()) {
      setSlipToPrint(slip);
      return;
    }
    printSilently(slip, t, lang)
      .then((printed) => {
        if (printed) onPrinted();
        else setSlipToPrint(slip);
      })
      .catch(() => setSlipToPrint(slip));
  }

  return {
    dialogHref,
    printSilentlyIfPossible,
    failedSaleId,
    printSlip,
    slipToPrint,
    slipPrinted: () => {
      setSlipToPrint(null);
      slipDone.current?.();
      slipDone.current = null;
    },
  };
}
