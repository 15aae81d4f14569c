import type { PrinterInfo } from "./printer-types";

/*
 * The printer this till chose, as remembered in this browser (localStorage): read at every
 * sale to decide between printing silently and the print dialog, so it loads with the till;
 * talking to the printer (printers.client.ts) loads when a print needs it.
 */

export type PrinterKind = "usb" | "serial" | "bluetooth";
export const PRINTER_KINDS: readonly PrinterKind[] = ["usb", "serial", "bluetooth"];

export const STORAGE_KEY = "shophub.receiptPrinter";

export interface SavedPrinter {
  kind: PrinterKind;
  info: PrinterInfo;
  paper: "58" | "80";
}

export function savedPrinter(
  storage: Storage | undefined = globalThis.localStorage,
): SavedPrinter | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SavedPrinter>;
    if (!parsed.kind || !PRINTER_KINDS.includes(parsed.kind) || !parsed.info) return null;
    return { kind: parsed.kind, info: parsed.info, paper: parsed.paper === "58" ? "58" : "80" };
  } catch {
    // A value written by hand or by an older version: as if no printer was chosen.
    return null;
  }
}
