import { useState } from "react";
import { savedPrinter, sendToPrinter } from "~/features/sales-documents/escpos/printers.client";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { useHydrated } from "~/ui/use-hydrated";
import type { TillDayReport } from "~/modules/journal";
import { dayReportRows } from "./day-report";

/**
 * Prints a till's X or Z report on this browser's ESC/POS printer (the one the till chose in its
 * printer panel), as the receipts print silently: the same rows as the page, painted as a raster
 * image so Thai marks never float. Shown only where a printer is saved; the print dialog is the
 * way everywhere else.
 */
export function RollPrinterButton({ report }: { report: TillDayReport }) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  // The saved printer lives in this browser's storage: read once the page runs here.
  const printer = hydrated ? savedPrinter() : null;
  if (!printer) return null;
  const print = async () => {
    setState("busy");
    try {
      // Loaded on use, as for a receipt printed silently.
      const [{ encodeReceipt }, { renderReportImage }] = await Promise.all([
        import("~/features/sales-documents/escpos/encode"),
        import("~/features/sales-documents/escpos/raster"),
      ]);
      const image = await renderReportImage(dayReportRows(report, t, lang), printer.paper);
      const sent = await sendToPrinter(
        encodeReceipt(image, { paper: printer.paper, openDrawer: false }),
      );
      setState(sent ? "idle" : "failed");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={state === "busy"}
        onClick={() => void print()}
      >
        {t("shops.zreports.printRoll")}
      </button>
      {state === "failed" && (
        <span className="text-danger" role="alert">
          {t("shops.zreports.printRollFailed")}
        </span>
      )}
    </>
  );
}
