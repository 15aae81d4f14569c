import { bangkokYear, BUDDHIST_ERA_OFFSET } from "~/lib/dates";

/**
 * Numbers of the documents a sale issues, as printed and read out on the phone:
 * "ABB2569-000123" is the shop's prefix, the Buddhist-era year and the sequence number, which
 * is gapless per shop, document type and year (`next_document_number`, decision 0011). This
 * file only formats; the number itself comes from the database inside the sale's transaction.
 */

/** The documents a sale can issue, each with its own sequence. */
export type SaleDocumentKind =
  "receipt" | "abbreviatedTaxInvoice" | "fullTaxInvoice" | "creditNote";

/**
 * Prefixes a shop starts with and may change in its settings: RC ใบเสร็จรับเงิน, ABB
 * ใบกำกับภาษีอย่างย่อ, INV ใบกำกับภาษีเต็มรูป, CN ใบลดหนี้ (the abbreviations Thai POS software uses).
 */
export const DEFAULT_DOCUMENT_PREFIXES: Record<SaleDocumentKind, string> = {
  receipt: "RC",
  abbreviatedTaxInvoice: "ABB",
  fullTaxInvoice: "INV",
  creditNote: "CN",
};

/** The Buddhist-era year of a moment in Bangkok (2026-12-31 17:00 UTC is already 2570). */
export function buddhistYear(at: Date): number {
  return bangkokYear(at) + BUDDHIST_ERA_OFFSET;
}

/**
 * "ABB2569-000123". Six digits keep the numbers of a year sortable as text for a shop with up
 * to 999,999 documents of one kind a year; beyond that the number simply grows longer.
 */
export function saleDocumentNumber(prefix: string, beYear: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError("Document sequence numbers start at 1");
  }
  return `${prefix}${beYear}-${String(sequence).padStart(6, "0")}`;
}

export type DocumentPrefixResult = { ok: true; prefix: string } | { ok: false };

/**
 * Reads a prefix typed in the shop's settings: 1 to 8 Latin letters, digits or dashes,
 * starting with a letter, upper-cased. It may not end in a digit, or "A1" + "2569" would read
 * as "A12569".
 */
export function normalizeDocumentPrefix(input: string): DocumentPrefixResult {
  const prefix = input.trim().toUpperCase();
  return /^[A-Z][A-Z0-9-]{0,7}$/.test(prefix) && !/\d$/.test(prefix)
    ? { ok: true, prefix }
    : { ok: false };
}
