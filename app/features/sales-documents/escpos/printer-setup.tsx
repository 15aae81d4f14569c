import { useEffect, useState, useSyncExternalStore } from "react";
import { useT } from "~/lib/i18n/use-translation";
import { PAPER_KEYS } from "../links";
import {
  choosePrinter,
  connectSavedPrinter,
  forgetPrinter,
  printerName,
  savedPrinter,
  type SavedPrinter,
  sendToPrinter,
  setPrinterPaper,
  supportedPrinterKinds,
} from "./printers.client";

/*
 * The till's printer setup: choose a USB, serial or Bluetooth ESC/POS printer once, set the
 * roll width, print a test, or forget it. Rendered only after hydration (the browser's APIs
 * decide what it offers); where the browser has none of them it says that the print dialog is
 * used instead.
 */

const noSubscription = () => () => undefined;

const KIND_KEYS = {
  usb: "shops.sell.doc.printer.usb",
  serial: "shops.sell.doc.printer.serial",
  bluetooth: "shops.sell.doc.printer.bluetooth",
} as const;

export function PrinterSetup({ defaultPaper = "80" }: { defaultPaper?: "58" | "80" }) {
  const t = useT();
  // False on the server and during hydration: what the browser offers is known only after.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [chosen, setPrinter] = useState<SavedPrinter | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // The remembered printer is connected again in the background, ready for the next sale.
    void connectSavedPrinter().catch(() => undefined);
  }, []);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch {
      setError(t("shops.sell.doc.printer.failed"));
    } finally {
      setBusy(false);
    }
  }

  if (!hydrated) return null;
  const kinds = supportedPrinterKinds();
  const printer = chosen === undefined ? savedPrinter() : chosen;
  const paper = printer?.paper ?? defaultPaper;
  return (
    <section
      className="card card-body"
      aria-labelledby="printer-setup-title"
      data-testid="printer-setup"
    >
      <h2 id="printer-setup-title" className="h6">
        {t("shops.sell.doc.printer.title")}
      </h2>
      {kinds.length === 0 ? (
        <p className="mb-0 small">{t("shops.sell.doc.printer.unsupported")}</p>
      ) : (
        <>
          <p className="small text-body-secondary mb-1">{t("shops.sell.doc.printer.help")}</p>
          <p className="small mb-2">
            {printer
              ? t("shops.sell.doc.printer.connected", {
                  name: printerName(printer),
                  via: t(KIND_KEYS[printer.kind]),
                })
              : t("shops.sell.doc.printer.none")}
          </p>
          <div className="d-flex flex-wrap gap-2 mb-2">
            {kinds.map((kind) => (
              <button
                key={kind}
                type="button"
                className="btn btn-outline-primary btn-lg"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    const chosen = await choosePrinter(kind, paper);
                    if (chosen) setPrinter(chosen);
                    else setError(t("shops.sell.doc.printer.notFound"));
                  })
                }
              >
                {t(KIND_KEYS[kind])}
              </button>
            ))}
          </div>
          <fieldset className="mb-2">
            <legend className="form-label small mb-1">{t("shops.sell.doc.printer.paper")}</legend>
            {(["58", "80"] as const).map((width) => (
              <label key={width} className="form-check form-check-inline">
                <input
                  className="form-check-input"
                  type="radio"
                  name="printer-paper"
                  value={width}
                  checked={paper === width}
                  disabled={!printer}
                  onChange={() => {
                    setPrinterPaper(width);
                    setPrinter(savedPrinter());
                  }}
                />
                <span className="form-check-label">{t(PAPER_KEYS[width])}</span>
              </label>
            ))}
          </fieldset>
          {printer && (
            <div className="d-flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    // Loaded on use, as for a silent print (print-silently.ts).
                    const [{ encodeReceipt }, { renderLinesImage }] = await Promise.all([
                      import("./encode"),
                      import("./raster"),
                    ]);
                    const image = await renderLinesImage(
                      [t("shops.sell.doc.printer.title"), t("shops.sell.doc.printer.testText")],
                      paper,
                    );
                    const sent = await sendToPrinter(
                      encodeReceipt(image, { paper, openDrawer: false }),
                    );
                    if (!sent) setError(t("shops.sell.doc.printer.notFound"));
                  })
                }
              >
                {t("shops.sell.doc.printer.test")}
              </button>
              <button
                type="button"
                className="btn btn-outline-danger"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await forgetPrinter();
                    setPrinter(null);
                  })
                }
              >
                {t("shops.sell.doc.printer.forget")}
              </button>
            </div>
          )}
        </>
      )}
      {error && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
