import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { A4Labels } from "~/features/sales-documents/layouts";
import type { DocumentRow, DocumentView } from "~/features/sales-documents/document-view";
import { GLYPH_TEXT_PRIMER, runFeatures, textRuns, type TextRun } from "./pdf-text-layer.server";

/*
 * The A4 document (full tax invoice, credit note, A4 copy of a receipt) as a PDF, drawn on the
 * server with pdfkit in the site's own Sarabun (decision 0025-printed-documents).
 *
 * @fontsource/sarabun ships the font split by script: a Thai file (Thai letters, marks and the
 * space) and a Latin file (digits, Latin letters, punctuation). Each run of text is set in the
 * file that has its letters; pdfkit shapes each run with fontkit, which applies Sarabun's own
 * GSUB/GPOS tables (the .small/.narrow tone marks over tall vowels and ascenders, น้ำ's stacked
 * nikhahit and tone mark) and writes the marks' offsets into the PDF, so tone marks sit where
 * the font puts them. pdfkit's own line breaking is not used: Thai has no spaces between words,
 * so lines are broken here at the word boundaries of Intl.Segmenter's Thai dictionary. What a
 * viewer searches and copies (the text layer) is kept right by pdf-text-layer.server.ts.
 */

const require = createRequire(import.meta.url);

function fontFile(name: string): Buffer {
  return readFileSync(require.resolve(`@fontsource/sarabun/files/${name}`));
}

let fonts: Record<string, Buffer> | null = null;
function loadFonts(): Record<string, Buffer> {
  fonts ??= {
    thai: fontFile("sarabun-thai-400-normal.woff"),
    latin: fontFile("sarabun-latin-400-normal.woff"),
    thaiBold: fontFile("sarabun-thai-700-normal.woff"),
    latinBold: fontFile("sarabun-latin-700-normal.woff"),
  };
  return fonts;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const RIGHT = PAGE.width - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;

interface TextStyle {
  size?: number;
  bold?: boolean;
}

const segmenter = new Intl.Segmenter("th", { granularity: "word" });

class Writer {
  constructor(private doc: PDFKit.PDFDocument) {
    const loaded = loadFonts();
    for (const [name, buffer] of Object.entries(loaded)) doc.registerFont(name, buffer);
    for (const name of ["thai", "thaiBold"]) doc.font(name).widthOfString(GLYPH_TEXT_PRIMER);
  }

  private use(run: TextRun, style: TextStyle) {
    const name = `${run.thai ? "thai" : "latin"}${style.bold ? "Bold" : ""}`;
    return this.doc.font(name).fontSize(style.size ?? 10);
  }

  /**
   * A run's pdfkit options. pdfkit hands `features` to fontkit's layout, which also takes an
   * object that switches a feature off; @types/pdfkit knows only the list form.
   */
  private options(run: TextRun) {
    const features = runFeatures(run) as PDFKit.Mixins.TextOptions["features"];
    return features ? { features } : {};
  }

  width(text: string, style: TextStyle = {}): number {
    return textRuns(text).reduce(
      (sum, run) => sum + this.use(run, style).widthOfString(run.text, this.options(run)),
      0,
    );
  }

  lineHeight(style: TextStyle = {}): number {
    // Room above and below for stacked Thai marks and the tails of ฎ ฏ ฐ.
    return (style.size ?? 10) * 1.55;
  }

  /** One line at (x, y), aligned within `width` when given. */
  text(
    text: string,
    x: number,
    y: number,
    style: TextStyle & { align?: "left" | "right" | "center"; width?: number } = {},
  ) {
    const total = this.width(text, style);
    let cursor = x;
    if (style.align === "right") cursor = x + (style.width ?? 0) - total;
    if (style.align === "center") cursor = x + ((style.width ?? 0) - total) / 2;
    this.doc.markContent("Span", { actual: text });
    for (const run of textRuns(text)) {
      const options = this.options(run);
      this.use(run, style).text(run.text, cursor, y, { ...options, lineBreak: false });
      cursor += this.use(run, style).widthOfString(run.text, options);
    }
    this.doc.endMarkedContent();
  }

  /** Lines of at most `width`, broken between words (Thai words found by the dictionary). */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = "";
      for (const { segment } of segmenter.segment(paragraph)) {
        const candidate = line + segment;
        if (line !== "" && this.width(candidate.trimEnd(), style) > width) {
          lines.push(line.trimEnd());
          line = segment.trimStart();
        } else {
          line = candidate;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  /** Wrapped text from (x, y); returns the y below it. */
  block(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    let cursor = y;
    for (const line of this.wrap(text, width, style)) {
      this.text(line, x, cursor, style);
      cursor += this.lineHeight(style);
    }
    return cursor;
  }
}

/** Room the shop's logo may take at the top left (points; it keeps its proportions). */
const LOGO_BOX: [number, number] = [150, 56];

/**
 * `logo` is the shop's receipt logo as stored (a PNG made by the image pipeline), drawn above
 * the seller's name; null when the shop has none or its file is gone.
 */
export function renderDocumentPdf(
  view: DocumentView,
  labels: A4Labels,
  logo: Buffer | null = null,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    // Latin only: a viewer shows the title in its own interface font, often without Thai.
    info: { Title: view.number },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
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
    const nameLines = w.wrap(line.name, nameWidth - 8);
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

  doc.end();
  return done;
}
