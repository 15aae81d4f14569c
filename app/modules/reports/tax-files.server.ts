import ExcelJS from "exceljs";
import { satangToBahtInput } from "~/lib/money";
import { csvRow, csvText, UTF8_BOM } from "~/modules/stock/index.server";
import type { TaxCell, TaxSheet } from "./tax-sheet";

/*
 * The monthly tax reports as the accountant's files (decision 0068):
 *
 * - CSV: UTF-8 with a BOM so Excel shows the Thai, CRLF records, money in baht with two
 *   decimals and no grouping (a spreadsheet reads it as a number), text made formula-safe,
 *   as every CSV of the site (decision 0035).
 * - XLSX (exceljs): one sheet, the heading above the table, money as numbers formatted
 *   #,##0.00 and the totals written as the figures we computed in satang (not a formula that
 *   would add up floating-point baht), the header row frozen, A4 landscape when printed.
 *
 * Both carry every column, the ones only files have too (the day as YYYY-MM-DD, the till…).
 */

function textOf(cell: TaxCell, money: boolean): string | number {
  if (typeof cell === "number") return money ? satangToBahtInput(cell) : cell;
  return csvText(cell);
}

/** A report as CSV text (with the BOM). */
export function taxSheetCsv(sheet: TaxSheet): string {
  const lines: string[] = [csvRow([csvText(sheet.title)]), csvRow([csvText(sheet.period)])];
  for (const item of sheet.heading) lines.push(csvRow([csvText(item.label), csvText(item.value)]));
  lines.push(csvRow([]));
  lines.push(csvRow(sheet.columns.map((column) => csvText(column.label))));
  const money = sheet.columns.map((column) => column.kind === "money");
  for (const row of sheet.rows) {
    lines.push(csvRow(row.cells.map((cell, index) => textOf(cell, money[index] === true))));
  }
  if (sheet.total) {
    lines.push(csvRow(sheet.total.map((cell, index) => textOf(cell, money[index] === true))));
  }
  if (sheet.notes.length > 0) {
    lines.push(csvRow([]));
    for (const note of sheet.notes) lines.push(csvRow([csvText(note)]));
  }
  return UTF8_BOM + lines.join("");
}

const MONEY_FORMAT = "#,##0.00;-#,##0.00";
const THIN = { style: "thin" as const };

/** A report as an XLSX workbook. */
export async function taxSheetXlsx(sheet: TaxSheet): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "shophub";
  const worksheet = workbook.addWorksheet(sheet.kind, {
    pageSetup: {
      paperSize: 9, // A4
      orientation: sheet.kind === "vat" ? "portrait" : "landscape",
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
    },
  });
  const width = sheet.columns.length;
  const titleRow = worksheet.addRow([sheet.title]);
  titleRow.font = { bold: true, size: 14 };
  worksheet.addRow([sheet.period]).font = { bold: true };
  for (const item of sheet.heading) worksheet.addRow([item.label, item.value]);
  worksheet.addRow([]);

  const header = worksheet.addRow(sheet.columns.map((column) => column.label));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: "middle", horizontal: "center" };
  const headerAt = header.number;
  const write = (cells: TaxCell[], bold = false) => {
    const row = worksheet.addRow(
      cells.map((cell, index) =>
        typeof cell === "number" && sheet.columns[index]?.kind === "money"
          ? // Satang to baht once, for the cell: the figure itself was summed in satang.
            cell / 100
          : cell,
      ),
    );
    if (bold) row.font = { bold: true };
    return row;
  };
  for (const row of sheet.rows) write(row.cells);
  if (sheet.total) write(sheet.total, true);
  const lastTableRow = worksheet.rowCount;

  sheet.columns.forEach((column, index) => {
    const each = worksheet.getColumn(index + 1);
    each.width = Math.max(8, Math.round(column.width * 1.6));
    if (column.kind === "money") each.numFmt = MONEY_FORMAT;
    if (column.kind !== "text") each.alignment = { horizontal: "right" };
  });
  for (let at = headerAt; at <= lastTableRow; at++) {
    const row = worksheet.getRow(at);
    for (let index = 1; index <= width; index++) {
      row.getCell(index).border = { top: THIN, left: THIN, bottom: THIN, right: THIN };
    }
  }
  worksheet.views = [{ state: "frozen", ySplit: headerAt }];
  if (sheet.notes.length > 0) {
    worksheet.addRow([]);
    for (const note of sheet.notes) worksheet.addRow([note]);
  }
  const written = await workbook.xlsx.writeBuffer();
  return Buffer.from(written as ArrayBuffer);
}

/** Headers of a report's download: its name, its type, never cached. */
export function taxDownloadHeaders(fileName: string, type: "csv" | "xlsx" | "pdf"): Headers {
  const contentType = {
    csv: "text/csv; charset=utf-8",
    xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    pdf: "application/pdf",
  }[type];
  return new Headers({
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName}.${type}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
