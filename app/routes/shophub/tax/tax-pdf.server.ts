import PDFDocument from "pdfkit";
import { formatSatang } from "~/lib/money";
import type { TaxCell, TaxSheet, TaxSheetColumn } from "~/modules/reports";
import { pdfBytes, Writer } from "~/routes/shophub/pdf-writer.server";

/*
 * A monthly tax report as an A4 PDF (decision 0068), drawn from the same table as the page and
 * the files: the shop's heading on every page with "page x of n", the table's header repeated
 * after each page break, a row as tall as its longest cell's lines, the total and the notes at
 * the end. The two reports are landscape (nine columns), the ภ.พ.30 figures portrait.
 */

const MARGIN = 30;
const SIZE = 8.5;

function cellText(cell: TaxCell, column: TaxSheetColumn): string {
  if (typeof cell !== "number") return cell;
  return column.kind === "money" ? formatSatang(cell) : String(cell);
}

export function renderTaxSheetPdf(sheet: TaxSheet, pageOf: (page: number, of: number) => string) {
  const landscape = sheet.kind !== "vat";
  const doc = new PDFDocument({
    size: "A4",
    layout: landscape ? "landscape" : "portrait",
    margin: MARGIN,
    bufferPages: true,
    // Latin only: a viewer shows the title in its own interface font, often without Thai.
    info: { Title: sheet.fileName },
  });
  const done = pdfBytes(doc);
  const w = new Writer(doc);
  const width = doc.page.width;
  const right = width - MARGIN;
  const bottom = doc.page.height - MARGIN;
  const contentWidth = right - MARGIN;
  const columns = sheet.columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => !column.fileOnly);
  const shares = columns.reduce((sum, { column }) => sum + column.width, 0);
  const widths = columns.map(({ column }) => (column.width / shares) * contentWidth);
  const style = { size: SIZE };
  const line = w.lineHeight(style);

  let y = MARGIN;
  const heading = () => {
    y = MARGIN;
    w.text(sheet.title, MARGIN, y, { size: 14, bold: true, align: "center", width: contentWidth });
    y += w.lineHeight({ size: 14 });
    w.text(sheet.period, MARGIN, y, { size: 11, bold: true, align: "center", width: contentWidth });
    y += w.lineHeight({ size: 11 }) + 2;
    const half = contentWidth / 2;
    const top = y;
    let leftY = top;
    let rightY = top;
    sheet.heading.forEach((item, index) => {
      const onLeft = index < 3;
      const x = onLeft ? MARGIN : MARGIN + half;
      const text = `${item.label}: ${item.value}`;
      if (onLeft) leftY = w.block(text, x, leftY, half - 10, style);
      else rightY = w.block(text, x, rightY, half - 10, style);
    });
    y = Math.max(leftY, rightY) + 6;
  };
  const tableHeader = () => {
    const lines = columns.map(({ column }, i) =>
      w.wrap(column.label, (widths[i] ?? 0) - 6, { ...style, bold: true }),
    );
    const height = Math.max(...lines.map((each) => each.length)) * line + 4;
    doc.rect(MARGIN, y, contentWidth, height).fillAndStroke("#eeeeee", "#000000");
    doc.fillColor("#000000");
    let x = MARGIN;
    lines.forEach((each, i) => {
      each.forEach((text, at) =>
        w.text(text, x + 3, y + 2 + at * line, {
          ...style,
          bold: true,
          align: "center",
          width: (widths[i] ?? 0) - 6,
        }),
      );
      doc.rect(x, y, widths[i] ?? 0, height).stroke();
      x += widths[i] ?? 0;
    });
    y += height;
  };
  const row = (cells: TaxCell[], bold = false) => {
    const texts = columns.map(({ column, index }, i) =>
      w.wrap(cellText(cells[index] ?? "", column), (widths[i] ?? 0) - 6, { ...style, bold }),
    );
    const height = Math.max(1, ...texts.map((each) => each.length)) * line + 3;
    if (y + height > bottom) {
      doc.addPage();
      heading();
      tableHeader();
    }
    let x = MARGIN;
    texts.forEach((each, i) => {
      const kind = columns[i]?.column.kind;
      each.forEach((text, at) =>
        w.text(text, x + 3, y + 1.5 + at * line, {
          ...style,
          bold,
          align: kind === "text" ? "left" : "right",
          width: (widths[i] ?? 0) - 6,
        }),
      );
      doc.rect(x, y, widths[i] ?? 0, height).stroke();
      x += widths[i] ?? 0;
    });
    y += height;
  };

  doc.lineWidth(0.5);
  heading();
  tableHeader();
  for (const each of sheet.rows) row(each.cells);
  if (sheet.total) row(sheet.total, true);
  y += 8;
  for (const note of sheet.notes) {
    const lines = w.wrap(note, contentWidth, style);
    if (y + lines.length * line > bottom) {
      doc.addPage();
      heading();
    }
    y = w.block(note, MARGIN, y, contentWidth, style);
  }

  // "Page x of n" at the top right of every page, now that n is known.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    w.text(pageOf(index - range.start + 1, range.count), MARGIN, MARGIN, {
      ...style,
      align: "right",
      width: contentWidth,
    });
  }
  doc.end();
  return done;
}
