import PDFDocument from "pdfkit";
import { formatDateTime } from "~/lib/dates";
import type { Lang, Translate } from "~/lib/i18n";
import { formatBaht } from "~/lib/money";
import type { AccountReceipt, StatementRow } from "~/modules/customers/index.server";
import { bahtText } from "~/modules/sales";
import { pdfBytes, Writer } from "~/routes/shophub/pdf-writer.server";
import { ACCOUNT_KIND_TEXT, ACCOUNT_METHOD_TEXT } from "./account-shared";

/*
 * A customer's statement of account (ใบแจ้งยอด) and a payment's receipt (ใบเสร็จรับเงิน) on A4
 * (decision 0083), in the site's Sarabun through the shared writer, as the other documents.
 */

const MARGIN = 50;
const SIZE = 10;

export interface PdfSeller {
  name: string;
  address: string;
  phone: string;
  taxId: string | null;
}

function header(w: Writer, seller: PdfSeller, title: string, t: Translate, width: number) {
  let y = MARGIN;
  w.text(seller.name, MARGIN, y, { size: 14, bold: true });
  y += w.lineHeight({ size: 14 });
  y = w.block(seller.address, MARGIN, y, width * 0.6, { size: SIZE });
  if (seller.phone) y = w.block(seller.phone, MARGIN, y, width * 0.6, { size: SIZE });
  if (seller.taxId) {
    y = w.block(t("shops.customers.account.pdf.taxId", { taxId: seller.taxId }), MARGIN, y, width, {
      size: SIZE,
    });
  }
  y += 8;
  w.text(title, MARGIN, y, { size: 16, bold: true, align: "center", width });
  return y + w.lineHeight({ size: 16 }) + 6;
}

export function renderStatementPdf(input: {
  seller: PdfSeller;
  customer: { name: string; phone: string };
  rows: StatementRow[];
  balanceSatang: number;
  t: Translate;
  lang: Lang;
  now?: Date;
}): Promise<Buffer> {
  const { t, lang } = input;
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: "Statement" } });
  const done = pdfBytes(doc);
  const w = new Writer(doc);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  let y = header(w, input.seller, t("shops.customers.account.pdf.statementTitle"), t, width);
  y = w.block(
    t("shops.customers.account.pdf.customer", {
      name: input.customer.name,
      phone: input.customer.phone,
    }),
    MARGIN,
    y,
    width,
    { size: SIZE },
  );
  y = w.block(
    t("shops.customers.account.pdf.printedAt", {
      time: formatDateTime(input.now ?? new Date(), lang),
    }),
    MARGIN,
    y,
    width,
    { size: SIZE },
  );
  y += 6;
  // Date, what, document, on account, paid, balance: each column's left edge and width.
  const edges = [0, 0.2, 0.4, 0.6, 0.73, 0.87, 1].map((f) => MARGIN + f * width);
  const cols = edges
    .slice(0, -1)
    .map((left, i) => ({ left, width: (edges[i + 1] ?? left) - left }));
  const line = w.lineHeight({ size: SIZE });
  const row = (cells: string[], bold = false) => {
    if (y + line > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    cols.forEach((col, i) => {
      const right = i >= 3;
      w.text(cells[i] ?? "", col.left, y, {
        size: SIZE,
        bold,
        ...(right ? { align: "right" as const, width: col.width - 4 } : {}),
      });
    });
    y += line;
  };
  row(
    [
      t("shops.customers.account.col.date"),
      t("shops.customers.account.col.what"),
      t("shops.customers.account.col.document"),
      t("shops.customers.account.col.charged"),
      t("shops.customers.account.col.paid"),
      t("shops.customers.account.col.balance"),
    ],
    true,
  );
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .stroke();
  y += 3;
  for (const entry of input.rows) {
    row([
      formatDateTime(entry.createdAt, lang),
      t(
        entry.kind === "void" && entry.paymentId !== null
          ? "shops.customers.account.kind.paymentVoid"
          : ACCOUNT_KIND_TEXT[entry.kind],
      ) +
        (entry.kind === "payment" && entry.voidReason !== null
          ? ` (${t("shops.customers.account.voidedBadge")})`
          : ""),
      entry.documentNumber,
      entry.amountSatang > 0 ? formatBaht(entry.amountSatang, lang) : "",
      entry.amountSatang < 0 ? formatBaht(-entry.amountSatang, lang) : "",
      formatBaht(entry.balanceAfterSatang, lang),
    ]);
  }
  y += 8;
  w.text(
    t("shops.customers.account.pdf.owed", { amount: formatBaht(input.balanceSatang, lang) }),
    MARGIN,
    y,
    { size: 12, bold: true, align: "right", width },
  );
  doc.end();
  return done;
}

export function renderReceiptPdf(input: {
  seller: PdfSeller;
  receipt: AccountReceipt;
  t: Translate;
  lang: Lang;
}): Promise<Buffer> {
  const { t, lang, receipt } = input;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: receipt.documentNumber },
  });
  const done = pdfBytes(doc);
  const w = new Writer(doc);
  const width = doc.page.width - 2 * MARGIN;
  let y = header(w, input.seller, t("shops.customers.account.pdf.receiptTitle"), t, width);
  // A voided receipt says so first, in bold (decision 0095).
  if (receipt.voided) {
    const voidText = t("shops.customers.account.pdf.void", {
      time: formatDateTime(receipt.voided.createdAt, lang),
      name: receipt.voided.voidedByName,
      reason: receipt.voided.reason,
    });
    y = w.block(voidText, MARGIN, y, width, { size: 14, bold: true }) + 6;
  }
  const lines = [
    t("shops.customers.account.pdf.number", { number: receipt.documentNumber }),
    t("shops.customers.account.pdf.date", { date: formatDateTime(receipt.createdAt, lang) }),
    t("shops.customers.account.pdf.received", { name: receipt.customerName }),
    t("shops.customers.account.pdf.amount", {
      amount: formatBaht(receipt.amountSatang, lang),
      words: bahtText(receipt.amountSatang),
    }),
    t("shops.customers.account.pdf.method", { method: t(ACCOUNT_METHOD_TEXT[receipt.method]) }),
    ...(receipt.reference
      ? [t("shops.customers.account.pdf.reference", { reference: receipt.reference })]
      : []),
    t("shops.customers.account.pdf.balanceAfter", {
      amount: formatBaht(receipt.balanceAfterSatang, lang),
    }),
    t("shops.customers.account.pdf.receivedBy", { name: receipt.receivedByName }),
    ...(receipt.approverName
      ? [t("shops.customers.account.pdf.approvedBy", { name: receipt.approverName })]
      : []),
  ];
  for (const text of lines) y = w.block(text, MARGIN, y, width, { size: 12 }) + 2;
  y += 10;
  w.block(t("shops.customers.account.pdf.notTaxInvoice"), MARGIN, y, width, { size: SIZE });
  doc.end();
  return done;
}
