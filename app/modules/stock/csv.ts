// A small RFC 4180 CSV reader and writer: enough for spreadsheets (Excel, LibreOffice, Google
// Sheets) without a dependency. Fields are separated by commas, records by CRLF, LF or CR;
// a quoted field may hold commas, quotes (doubled) and line breaks.

/** The byte order mark Excel needs to read a CSV file as UTF-8 (otherwise Thai is garbled). */
export const UTF8_BOM = "\uFEFF";

export class CsvSyntaxError extends Error {
  constructor(
    readonly reason: "unclosedQuote" | "textAfterQuote",
    /** 1-based record number where the problem is. */
    readonly record: number,
  ) {
    super(`CSV syntax error (${reason}) in record ${record}`);
    this.name = "CsvSyntaxError";
  }
}

/**
 * Reads CSV text into records of fields. A leading BOM is dropped; a record that is a single
 * empty line is kept as `[""]` (callers skip blank rows); a final line break adds no record.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  const length = input.length;
  let atFieldStart = true;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = "";
    atFieldStart = true;
  };
  while (i < length) {
    const char = input[i];
    if (atFieldStart && char === '"') {
      // A quoted field runs to the next quote that is not doubled.
      i += 1;
      let closed = false;
      while (i < length) {
        const next = input.indexOf('"', i);
        if (next === -1) break;
        field += input.slice(i, next);
        if (input[next + 1] === '"') {
          field += '"';
          i = next + 2;
          continue;
        }
        i = next + 1;
        closed = true;
        break;
      }
      if (!closed) throw new CsvSyntaxError("unclosedQuote", records.length + 1);
      const after = input[i];
      if (after !== undefined && after !== "," && after !== "\r" && after !== "\n") {
        throw new CsvSyntaxError("textAfterQuote", records.length + 1);
      }
      atFieldStart = false;
      continue;
    }
    if (char === ",") {
      record.push(field);
      field = "";
      atFieldStart = true;
      i += 1;
    } else if (char === "\r" || char === "\n") {
      endRecord();
      i += char === "\r" && input[i + 1] === "\n" ? 2 : 1;
    } else {
      // Plain text up to the next separator or line break.
      let end = i;
      while (end < length) {
        const c = input[end];
        if (c === "," || c === "\r" || c === "\n") break;
        end += 1;
      }
      field += input.slice(i, end);
      atFieldStart = false;
      i = end;
    }
  }
  // The last record, unless the text ended with a line break.
  if (!atFieldStart || record.length > 0) endRecord();
  return records;
}

/** One field, quoted only when it has to be (a comma, a quote, a line break, edge spaces). */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/**
 * Text a person typed, made safe for a spreadsheet: a value starting with = + - @ (or a tab
 * or carriage return) would run as a formula in Excel, so it gets a leading apostrophe,
 * which Excel shows as plain text. Numbers are written without this.
 */
export function csvText(value: string | null | undefined): string {
  const text = value ?? "";
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The apostrophe csvText adds, taken off again when a file we wrote comes back. */
export function fromCsvText(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** One record with its CRLF line break. */
export function csvRow(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
