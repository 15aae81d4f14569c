import type { MessageKey } from "~/lib/i18n";

export type PaperChoice = "58" | "80" | "a4";

export const PAPER_KEYS = {
  "58": "shops.sell.doc.paper.58",
  "80": "shops.sell.doc.paper.80",
  a4: "shops.sell.doc.paper.a4",
} as const satisfies Record<PaperChoice, MessageKey>;

/*
 * Addresses of a sale's printed documents, for the till (one-click print after a sale), the
 * invoices pages (reprint any layout) and the print page's own toolbar.
 */

export interface DocumentLinkOptions {
  /** "sale" (the receipt or abbreviated invoice), "full", or `credit-<id>`. */
  doc?: string;
  /** Left out: the shop's roll width for a receipt, A4 for the others. */
  paper?: PaperChoice;
  /** Open the print dialog as soon as the page is ready. */
  auto?: boolean;
  /** The shop, when the page is not for the member's active shop. */
  shopId?: string | null;
}

function query(options: DocumentLinkOptions, withPaper: boolean): string {
  const search = new URLSearchParams({ doc: options.doc ?? "sale" });
  if (withPaper && options.paper) search.set("paper", options.paper);
  if (withPaper && options.auto) search.set("auto", "1");
  if (options.shopId) search.set("shop", options.shopId);
  return search.toString();
}

export function printPageHref(saleId: number | string, options: DocumentLinkOptions = {}): string {
  return `/shophub/invoices/${saleId}/print?${query(options, true)}`;
}

export function documentPdfHref(
  saleId: number | string,
  options: DocumentLinkOptions = {},
): string {
  return `/shophub/invoices/${saleId}/invoice.pdf?${query(options, false)}`;
}

/** The PDF's file name: the document number is Latin letters, digits and a dash, kept as it is. */
export function pdfFileName(documentNumber: string): string {
  return `${documentNumber.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}
