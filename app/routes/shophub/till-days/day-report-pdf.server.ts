import PDFDocument from "pdfkit";
import type { Lang, Translate } from "~/lib/i18n";
import type { TillDayReport } from "~/modules/journal";
import { pdfBytes, Writer } from "~/routes/shophub/pdf-writer.server";
import { dayReportRows } from "./day-report";

/*
 * A till's X or Z report on A4 as a PDF (decision 0072), with the same rows as the print page
 * (dayReportRows), in the site's Sarabun through the shared writer.
 */

const MARGIN = 50;
const SIZE = 10;

export function renderDayReportPdf(report: TillDayReport, t: Translate, lang: Lang) {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    // Latin only: a viewer shows the title in its own interface font, often without Thai.
    info: { Title: report.number ?? `X-${report.till.code}-${report.businessDate}` },
  });
  const done = pdfBytes(doc);
  const w = new Writer(doc);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const { title, heading, sections } = dayReportRows(report, t, lang);
  const line = w.lineHeight({ size: SIZE });
  let y = MARGIN;
  const room = (needed: number) => {
    if (y + needed > bottom) {
      doc.addPage();
      y = MARGIN;
    }
  };
  w.text(title, MARGIN, y, { size: 16, bold: true, align: "center", width });
  y += w.lineHeight({ size: 16 }) + 4;
  for (const text of heading) {
    y = w.block(text, MARGIN, y, width, { size: SIZE });
  }
  y += 6;
  const labelWidth = width * 0.45;
  for (const section of sections) {
    room(line * 3);
    w.text(section.title, MARGIN, y, { size: 12, bold: true });
    y += w.lineHeight({ size: 12 });
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .dash(2, { space: 2 })
      .stroke()
      .undash();
    y += 3;
    for (const row of section.rows) {
      room(line);
      w.text(row.label, MARGIN, y, { size: SIZE });
      const next = w.block(row.value, MARGIN + labelWidth, y, width - labelWidth, { size: SIZE });
      y = Math.max(y + line, next);
    }
    y += 6;
  }
  doc.end();
  return done;
}
