import type { PrinterInfo, ReceiptPrinterTransport } from "./printer-types";

/*
 * The till's receipt printer, chosen once per till and remembered in this browser
 * (localStorage): WebUSB, Web Serial or Web Bluetooth through the @point-of-sale transports.
 * This is a .client module: the transports are published for browsers only, so the server
 * build gets an empty module in its place (nothing here runs during server rendering).
 * The transports touch `navigator.usb` etc. when they are made, so they are loaded only in the
 * browser and only for a kind the browser has. Where none is available (Firefox, Safari, iOS),
 * the till keeps printing through the print dialog.
 */

export { PRINTER_KINDS, type PrinterKind, type SavedPrinter, savedPrinter } from "./saved-printer";
import {
  PRINTER_KINDS,
  type PrinterKind,
  type SavedPrinter,
  savedPrinter,
  STORAGE_KEY,
} from "./saved-printer";

/** The kinds this browser can talk to (Chrome and Edge on a desktop or Android). */
export function supportedPrinterKinds(
  nav: object | undefined = globalThis.navigator,
): PrinterKind[] {
  if (!nav) return [];
  return PRINTER_KINDS.filter((kind) => kind in nav);
}

function save(printer: SavedPrinter | null) {
  if (printer) localStorage.setItem(STORAGE_KEY, JSON.stringify(printer));
  else localStorage.removeItem(STORAGE_KEY);
}

async function transportFor(kind: PrinterKind): Promise<ReceiptPrinterTransport> {
  switch (kind) {
    case "usb":
      return new (await import("@point-of-sale/webusb-receipt-printer")).default();
    case "serial":
      return new (await import("@point-of-sale/webserial-receipt-printer")).default();
    case "bluetooth":
      return new (await import("@point-of-sale/webbluetooth-receipt-printer")).default();
  }
}

let active: { transport: ReceiptPrinterTransport; printer: SavedPrinter } | null = null;

/** Connects, asking once for the transport's info (the browser's chooser needs a click). */
async function open(
  kind: PrinterKind,
  start: (transport: ReceiptPrinterTransport) => Promise<void>,
): Promise<{ transport: ReceiptPrinterTransport; info: PrinterInfo } | null> {
  const transport = await transportFor(kind);
  const connected = new Promise<PrinterInfo>((resolve) =>
    transport.addEventListener("connected", resolve),
  );
  // The transports log and return when the person closes the chooser: no "connected" follows.
  await start(transport);
  const info = await Promise.race([
    connected,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 1500)),
  ]);
  if (!info) return null;
  transport.addEventListener("disconnected", () => {
    if (active?.transport === transport) active = null;
  });
  return { transport, info };
}

/** Asks the person to pick a printer (call from a click). Null when nothing was chosen. */
export async function choosePrinter(
  kind: PrinterKind,
  paper: "58" | "80",
): Promise<SavedPrinter | null> {
  const opened = await open(kind, (transport) => transport.connect());
  if (!opened) return null;
  const printer = { kind, info: opened.info, paper };
  active = { transport: opened.transport, printer };
  save(printer);
  return printer;
}

/** The remembered printer, connected again without a chooser where the browser allows it. */
export async function connectSavedPrinter(): Promise<SavedPrinter | null> {
  const printer = savedPrinter();
  if (!printer) return null;
  if (active?.printer.kind === printer.kind) return active.printer;
  if (!supportedPrinterKinds().includes(printer.kind)) return null;
  const opened = await open(printer.kind, (transport) => transport.reconnect(printer.info));
  if (!opened) return null;
  active = { transport: opened.transport, printer };
  return printer;
}

export function setPrinterPaper(paper: "58" | "80") {
  const printer = savedPrinter();
  if (!printer) return;
  save({ ...printer, paper });
  if (active) active.printer = { ...active.printer, paper };
}

export async function forgetPrinter(): Promise<void> {
  const current = active;
  active = null;
  save(null);
  await current?.transport.disconnect().catch(() => undefined);
}

/** Sends bytes to the connected printer; false when there is none. */
export async function sendToPrinter(bytes: Uint8Array): Promise<boolean> {
  const printer = active ?? (await connectSavedPrinter().then(() => active));
  if (!printer) return false;
  await printer.transport.print(bytes);
  return true;
}

export function printerName(printer: SavedPrinter): string {
  const info = printer.info;
  return (
    info.productName ??
    info.name ??
    (info.vendorId ? `${info.vendorId}:${info.productId ?? ""}` : printer.kind)
  );
}
