import { a4Labels, documentView } from "~/features/sales-documents/document-view";
import { pdfFileName } from "~/features/sales-documents/links";
import type { AppContext } from "~/context";
import { formatDate } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";
import {
  buildEtdaXml,
  type EtaxRefusal,
  etaxRefusal,
  etdaXmlFileName,
  getEtaxSellerAddress,
  getEtaxSettings,
  queueEtaxDocument,
} from "~/modules/etax/index.server";
import { readStoredFile } from "~/modules/media/index.server";
import {
  getSaleDocument,
  markPrinted,
  type SaleDocumentChoice,
} from "~/modules/sales/index.server";
import { renderDocumentPdf } from "./invoice-pdf.server";

/*
 * Sending a full tax invoice or credit note as an e-Tax Invoice by Time Stamp (decision 0074):
 * the ETDA XML, the A4 document as PDF/A-3 with the XML inside, and the e-mail through the
 * outbox. The document is in Thai whatever the member's language: it is the tax document.
 */

/** Every refusal as the invoice page shows it: a status and a text. */
export const ETAX_REFUSALS = {
  notVatRegistered: { status: 409, message: "shops.etax.error.notVatRegistered" },
  notEnabled: { status: 409, message: "shops.etax.error.notEnabled" },
  noSellerAddress: { status: 409, message: "shops.etax.error.noSellerAddress" },
  cancelled: { status: 409, message: "shops.etax.error.cancelled" },
  notATaxDocument: { status: 400, message: "shops.etax.error.notATaxDocument" },
  noBuyer: { status: 409, message: "shops.etax.error.noBuyer" },
} as const satisfies Record<EtaxRefusal, { status: number; message: MessageKey }>;

export function etaxDocChoice(value: string): SaleDocumentChoice {
  if (value === "full") return "full";
  return { creditNoteId: Number(value.slice("credit-".length)) };
}

export type EtaxSendResult =
  | { ok: true; number: string; to: string; cc: string }
  | { ok: false; error: EtaxRefusal | "notFound" };

export async function sendEtax(
  app: Pick<AppContext, "db" | "storage">,
  input: {
    shopId: string;
    shopName: string;
    saleId: number;
    doc: SaleDocumentChoice;
    buyerEmail: string;
    fullInvoiceNumber: string | null;
    userId: string;
  },
): Promise<EtaxSendResult> {
  const ref = { saleId: input.saleId, doc: input.doc };
  const document = await getSaleDocument(app.db, input.shopId, ref, {
    logoUrlOf: app.storage.urlOf,
  });
  if (!document) return { ok: false, error: "notFound" };
  const refusal = await etaxRefusal(
    app.db,
    input.shopId,
    document,
    input.fullInvoiceNumber,
    typeof input.doc === "object" ? input.doc.creditNoteId : null,
  );
  if (refusal) return { ok: false, error: refusal };

  const t = serverTranslate("th");
  const createdAt = new Date();
  const kind = document.kind === "creditNote" ? "creditNote" : "fullTaxInvoice";
  const seller = await getEtaxSellerAddress(app.db, input.shopId);
  const xml = buildEtdaXml({
    document,
    buyerEmail: input.buyerEmail,
    createdAt,
    sellerAddress: seller && {
      buildingNumber: seller.buildingNumber,
      postcode: seller.place.postcode,
      subDistrictCode: seller.place.code,
    },
  });
  // The e-mailed file is the document handed out: it is the original, and a later print says
  // สำเนา (the same count as a print or a PDF download).
  await markPrinted(app.db, input.shopId, ref);
  const view = documentView({ ...document, isCopy: false }, t, "th");
  const logoKey = document.seller.logoKey;
  const logo = logoKey
    ? await readStoredFile(app.db, app.storage, logoKey).catch(() => null)
    : null;
  const kindText = t(`shops.etax.mail.kind.${kind}`);
  const pdf = await renderDocumentPdf(view, a4Labels(t), logo, {
    fileName: etdaXmlFileName(document.documentNumber),
    xml,
    description: t("shops.etax.xml.description", {
      kind: kindText,
      number: document.documentNumber,
    }),
    createdAt,
  });
  const { timestampEmail } = await getEtaxSettings(app.db, input.shopId);
  const body = t("shops.etax.mail.body", {
    buyer: document.buyer?.name ?? "",
    shop: input.shopName,
    kind: kindText,
    number: document.documentNumber,
    date: formatDate(document.issuedAt, "th"),
    cc: timestampEmail,
  });
  await queueEtaxDocument(app.db, {
    shopId: input.shopId,
    saleId: input.saleId,
    creditNoteId: typeof input.doc === "object" ? input.doc.creditNoteId : null,
    document,
    buyerEmail: input.buyerEmail,
    pdf,
    fileName: pdfFileName(document.documentNumber),
    subject: t(`shops.etax.mail.subject.${kind}`, {
      number: document.documentNumber,
      shop: input.shopName,
    }),
    text: body,
    html: body
      .split("\n\n")
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join(""),
    sentBy: input.userId,
  });
  return { ok: true, number: document.documentNumber, to: input.buyerEmail, cc: timestampEmail };
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
