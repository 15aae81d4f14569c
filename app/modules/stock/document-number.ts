import type { DocumentKind } from "./schema";

// Shared by pages and the server: the number people write on paper and say on the phone.

const PREFIX: Record<DocumentKind, string> = {
  opening: "OB",
  receive: "GR",
  issue: "GI",
  transfer: "TR",
  count: "SC",
  reversal: "RV",
  sale: "SL",
  sale_void: "SV",
};

/**
 * "GR-000123": the document's kind as a prefix and its number (stock_document.number, gapless
 * per shop and kind; not the row id).
 */
export function documentNumber(kind: DocumentKind, number: number): string {
  return `${PREFIX[kind]}-${String(number).padStart(6, "0")}`;
}
