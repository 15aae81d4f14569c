import { data } from "react-router";
import {
  getSaleDocument,
  markPrinted,
  type SaleDocument,
  type SaleDocumentChoice,
  type SaleDocumentRef,
} from "~/modules/sales/index.server";
import type { Database } from "~/db/client.server";
import type { PaperChoice } from "~/features/sales-documents/document-view";

/*
 * What the print page and the PDF share: reading `:id`, `doc` and `paper` from the address,
 * loading the shop's document (404 for anything that is not this shop's) and counting the
 * print, so the next one says สำเนา.
 */

/** "sale", "full" or "credit-<id>"; null for anything else. */
export function readDocChoice(value: string | null): SaleDocumentChoice | null {
  if (value === null || value === "" || value === "sale") return "sale";
  if (value === "full") return "full";
  const credit = /^credit-([1-9]\d{0,15})$/.exec(value);
  return credit ? { creditNoteId: Number(credit[1]) } : null;
}

export function readSaleId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value))
    ? Number(value)
    : null;
}

/** The paper asked for, else the shop's roll width for a receipt and A4 for the others. */
export function readPaper(value: string | null, doc: SaleDocument): PaperChoice {
  if (value === "58" || value === "80" || value === "a4") return value;
  return doc.kind === "receipt" || doc.kind === "abbreviatedTaxInvoice" ? doc.paperWidth : "a4";
}

/** The sale and document the address names; 404 when it names nothing readable. */
export function documentRef(params: { id?: string }, url: URL): SaleDocumentRef {
  const saleId = readSaleId(params.id);
  const choice = readDocChoice(url.searchParams.get("doc"));
  if (saleId === null || choice === null) throw data(null, { status: 404 });
  return { saleId, doc: choice };
}

/** The shop's document; 404 when the sale, its full invoice or the credit note is not the shop's. */
export async function loadDocument(
  db: Database,
  shopId: string,
  ref: SaleDocumentRef,
  logoUrlOf: (key: string) => string,
): Promise<SaleDocument> {
  const document = await getSaleDocument(db, shopId, ref, { logoUrlOf });
  if (!document) throw data(null, { status: 404 });
  return document;
}

/**
 * Counts a print of the document: the first one is the original, every later one a copy.
 * Returns whether this print was the original.
 */
export async function countPrint(
  db: Database,
  shopId: string,
  ref: SaleDocumentRef,
): Promise<boolean> {
  const original = await markPrinted(db, shopId, ref);
  if (original === null) throw data(null, { status: 404 });
  return original;
}
