import PDFDocument from "pdfkit";
import type { A4Labels } from "~/features/sales-documents/layouts";
import type { DocumentRow, DocumentView } from "~/features/sales-documents/document-view";
import { pdfBytes, Writer } from "~/routes/shophub/pdf-writer.server";

/*
 * The A4 document (full tax invoice, credit note, A4 copy of a receipt) as a PDF, drawn on the
 * server with pdfkit in the site's own Sarabun (decision 0025-printed-documents); the Thai text
 * is set by the shared writer (../pdf-writer.server.ts).
 */

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const RIGHT = PAGE.width - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;

/** Room the shop's logo may take at the top left (points; it keeps its proportions). */
const LOGO_BOX: [number, number] = [150, 56];

/**
 * An e-Tax document's data file (decision 0074): the PDF is then PDF/A-3b with the ETDA XML
 * embedded and named in the catalogue's /AF, as the Revenue Department asks of an e-Tax
 * Invoice by Time Stamp.
 */
export interface PdfA3Attachment {
  fileName: string;
  xml: string;
  description: string;
  /** When the XML was made (the embedded file's dates). */
  createdAt: Date;
}

/**
 * `logo` is the shop's receipt logo as stored (a PNG made by the image pipeline), drawn above
 * the seller's name; null when the shop has none or its file is gone.
 */
export function renderDocumentPdf(
  view: DocumentView,
  labels: A4Labels,
  logo: Buffer | null = null,
  attachment: PdfA3Attachment | null = null,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    // Latin only: a viewer shows the title in its own interface font, often without Thai.
    info: { Title: view.number, Creator: "shophub", Producer: "shophub (pdfkit)" },
    ...(attachment
      ? { subset: "PDF/A-3b" as const, pdfVersion: "1.7" as const, tagged: true }
      : {}),
  });
  if (attachment) {
    // "Alternative": the XML is the same document for machines (as Factur-X files it).
    // pdfkit 0.20 writes /AFRelationship from `relationship`; @types/pdfkit does not know it.
    const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
      name: attachment.fileName,
      type: "text/xml",
      description: attachment.description,
      relationship: "Alternative",
      creationDate: attachment.createdAt,
      modifiedDate: attachment.createdAt,
    };
    doc.file(Buffer.from(attachment.xml, "utf8"), options);
  }
  const done = pdfBytes(doc);
  drawDocument(doc, view, labels, logo);
  doc.end();
  return done;
}

/**
 * Several documents in one PDF, each from a new page: a till's slips of a day for the
 * electronic journal's export (decision 0072).
 */
export function renderDocumentsPdf(
  views: DocumentView[],
  labels: A4Labels,
  title: string,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: PAGE.margin, info: { Title: title } });
  const done = pdfBytes(doc);
  views.forEach((view, index) => {
    if (index > 0) doc.addPage();
    drawDocument(doc, view, labels, null);
  });
  doc.end();
  return done;
}

function drawDocument(
  doc: PDFKit.PDFDocument,
  view: DocumentView,
  labels: A4Labels,
  logo: Buffer | null,
): void {
  const w = new Writer(doc);
  const left = PAGE.margin;
  const contentWidth = RIGHT - left;

  // Seller (left) and the title with original/copy (right).
  let y = PAGE.margin;
  if (logo) {
    doc.image(logo, left, y, { fit: LOGO_BOX });
    y += LOGO_BOX[1] + 6;
  }
  const sellerWidth = contentWidth * 0.58;
  w.text(view.seller.name, left, y, { size: 15, bold: true });
  y += w.lineHeight({ size: 15 });
  y = w.block(view.seller.address, left, y, sellerWidth);
  for (const line of [
    view.seller.phone,
    view.seller.taxLine && [view.seller.taxLine, view.seller.branch].filter(Boolean).join(" "),
    view.seller.posNo,
  ]) {
    if (line) {
      w.text(line, left, y);
      y += w.lineHeight();
    }
  }
  const titleX = left + sellerWidth;
  const titleWidth = contentWidth - sellerWidth;
  w.text(view.title, titleX, PAGE.margin, {
    size: 16,
    bold: true,
    align: "right",
    width: titleWidth,
  });
  w.text(view.copyMark, titleX, PAGE.margin + 26, {
    size: 12,
    bold: true,
    align: "right",
    width: titleWidth,
  });
  y += 8;

  if (view.voided) {
    const height = view.voidReason ? 70 : 50;
    doc.lineWidth(2.5).rect(left, y, contentWidth, height).stroke();
    w.text(view.voidMark, left, y + 4, {
      size: 30,
      bold: true,
      align: "center",
      width: contentWidth,
    });
    if (view.voidReason) {
      w.text(view.voidReason, left, y + 50, { size: 11, align: "center", width: contentWidth });
    }
    doc.lineWidth(1);
    y += height + 8;
  }

  // Buyer (left box) and the document's number, date and references (right box).
  const boxTop = y;
  const boxWidth = (contentWidth - 12) / 2;
  let leftY = boxTop + 6;
  if (view.buyer) {
    w.text(labels.buyer, left + 6, leftY, { bold: true });
    leftY += w.lineHeight();
    leftY = w.block(view.buyer.name, left + 6, leftY, boxWidth - 12);
    leftY = w.block(view.buyer.address, left + 6, leftY, boxWidth - 12);
    leftY = w.block(`${view.buyer.taxLine} ${view.buyer.branch}`, left + 6, leftY, boxWidth - 12);
  } else {
    for (const line of view.header) leftY = w.block(line, left + 6, leftY, boxWidth - 12);
  }
  const rightX = left + boxWidth + 12;
  let rightY = boxTop + 6;
  const pair = (label: string, value: string, bold = false) => {
    w.text(label, rightX + 6, rightY);
    w.text(value, rightX + 6, rightY, { align: "right", width: boxWidth - 12, bold });
    rightY += w.lineHeight();
  };
  pair(labels.number, view.number, true);
  pair(labels.date, view.date);
  pair(labels.cashier, view.cashier);
  for (const line of view.references) rightY = w.block(line, rightX + 6, rightY, boxWidth - 12);
  if (view.correction.length > 0) {
    // A credit note's correction (section 86/10), adding up down the box.
    w.text(view.correctionTitle, rightX + 6, rightY, { bold: true });
    rightY += w.lineHeight();
    for (const each of view.correction) pair(each.label, each.value, each.strong === true);
  }
  const boxBottom = Math.max(leftY, rightY) + 4;
  doc.rect(left, boxTop, boxWidth, boxBottom - boxTop).stroke();
  doc.rect(rightX, boxTop, boxWidth, boxBottom - boxTop).stroke();
  y = boxBottom + 12;

  // The lines.
  const columns = [
    { label: labels.no, width: 30, align: "left" as const },
    { label: labels.item, width: contentWidth - 30 - 70 - 75 - 60 - 80, align: "left" as const },
    { label: labels.qty, width: 70, align: "right" as const },
    { label: labels.unitPrice, width: 75, align: "right" as const },
    { label: labels.discount, width: 60, align: "right" as const },
    { label: labels.amount, width: 80, align: "right" as const },
  ];
  const header = () => {
    const height = w.lineHeight() + 4;
    doc.rect(left, y, contentWidth, height).fillAndStroke("#eeeeee", "#000000");
    doc.fillColor("#000000");
    let x = left;
    for (const column of columns) {
      w.text(column.label, x + 4, y + 3, {
        bold: true,
        align: column.align,
        width: column.width - 8,
      });
      x += column.width;
    }
    y += height;
  };
  header();
  for (const line of view.lines) {
    const nameWidth = columns[1]?.width ?? 0;
    // The line's options under its name (decision 0092).
    const nameLines = [line.name, ...line.options.map((o) => `+ ${o}`)].flatMap((text) =>
      w.wrap(text, nameWidth - 8),
    );
    const height = nameLines.length * w.lineHeight() + 4;
    if (y + height > BOTTOM - 160) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    // Quantity × price − discount = amount: the row adds up by itself.
    const cells = [
      String(line.no),
      "",
      `${line.qty} ${line.unit}`,
      line.unitPrice,
      line.discount ?? "",
      line.net,
    ];
    let x = left;
    columns.forEach((column, index) => {
      doc.rect(x, y, column.width, height).stroke();
      if (index === 1) {
        nameLines.forEach((nameLine, at) => w.text(nameLine, x + 4, y + 2 + at * w.lineHeight()));
      } else {
        w.text(cells[index] ?? "", x + 4, y + 2, { align: column.align, width: column.width - 8 });
      }
      x += column.width;
    });
    y += height;
  }
  y += 10;

  // The amount in words and notes (left), the sums and payments (right).
  const sumsWidth = 220;
  const sumsX = RIGHT - sumsWidth;
  let wordsY = w.block(view.words, left, y, sumsX - left - 12, { bold: true });
  if (view.note) wordsY = w.block(view.note, left, wordsY, sumsX - left - 12);
  for (const line of view.customer) wordsY = w.block(line, left, wordsY, sumsX - left - 12);
  let sumsY = y;
  const row = (each: DocumentRow, size = 10) => {
    const style = { size, bold: each.strong === true };
    w.text(each.label, sumsX, sumsY, style);
    w.text(each.value, sumsX, sumsY, { ...style, align: "right", width: sumsWidth });
    sumsY += w.lineHeight(style);
  };
  view.totals.forEach((each) => row(each));
  row(view.total, 12);
  if (view.vatNote) sumsY = w.block(view.vatNote, sumsX, sumsY, sumsWidth);
  view.vatBreakdown.forEach((each) => row(each));
  view.payments.forEach((each) => row(each));
  if (view.change) row(view.change);
  y = Math.max(wordsY, sumsY) + 40;

  // Signatures, then the shop's footer.
  if (y > BOTTOM - 60) {
    doc.addPage();
    y = PAGE.margin + 40;
  }
  const signWidth = 170;
  for (const [index, signature] of view.signatures.entries()) {
    const x = index === 0 ? left + 20 : RIGHT - 20 - signWidth;
    doc
      .dash(1, { space: 2 })
      .moveTo(x, y)
      .lineTo(x + signWidth, y)
      .stroke()
      .undash();
    w.text(signature.label, x, y + 4, { align: "center", width: signWidth });
    if (signature.name) {
      w.text(`(${signature.name})`, x, y + 4 + w.lineHeight(), {
        align: "center",
        width: signWidth,
      });
    }
  }
  y += 30 + w.lineHeight();
  for (const line of view.footer) {
    w.text(line, left, y, { align: "center", width: contentWidth });
    y += w.lineHeight();
  }
  // The e-receipt QR (decision 0094): 68 pt (24 mm) square, centred, its caption under it.
  const qr = view.receiptQr;
  if (qr) {
    const side = 68;
    if (y + side + 12 + w.lineHeight() > BOTTOM) {
      doc.addPage();
      y = PAGE.margin;
    }
    y += 12;
    const scale = side / qr.size;
    doc
      .save()
      .translate(left + (contentWidth - side) / 2, y)
      .scale(scale)
      .path(qr.path)
      .fill("#000000")
      .restore();
    y += side + 4;
    w.text(qr.caption, left, y, { align: "center", width: contentWidth });
  }
}
