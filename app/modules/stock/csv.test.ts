import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvField, csvRow, csvText, CsvSyntaxError, fromCsvText, parseCsv, UTF8_BOM } from "./csv";

describe("CSV", () => {
  it("reads plain records with CRLF, LF or CR line breaks", () => {
    expect(parseCsv("a,b,c\r\n1,2,3\r\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
    expect(parseCsv("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(parseCsv("a,b\r1,2\r")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("drops the byte order mark Excel writes", () => {
    expect(parseCsv(`${UTF8_BOM}ชื่อสินค้า,SKU\r\nน้ำดื่ม,W-1\r\n`)).toEqual([
      ["ชื่อสินค้า", "SKU"],
      ["น้ำดื่ม", "W-1"],
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    expect(parseCsv('"ขนม, แพ็ก 3","นิ้ว 12"""\r\n"บรรทัด 1\r\nบรรทัด 2",x\r\n')).toEqual([
      ["ขนม, แพ็ก 3", 'นิ้ว 12"'],
      ["บรรทัด 1\r\nบรรทัด 2", "x"],
    ]);
    expect(parseCsv('"",a,""\n')).toEqual([["", "a", ""]]);
  });

  it("keeps empty fields and empty lines", () => {
    expect(parseCsv("a,,c\n\n,,\n")).toEqual([["a", "", "c"], [""], ["", "", ""]]);
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv("a,")).toEqual([["a", ""]]);
  });

  it("reports an unclosed quote and text after a closing quote", () => {
    expect(() => parseCsv('a,b\n"open,c\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a\n"x"y\n');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect((error as CsvSyntaxError).reason).toBe("textAfterQuote");
      expect((error as CsvSyntaxError).record).toBe(2);
    }
  });

  it("quotes a field only when it must", () => {
    expect(csvField("น้ำดื่ม")).toBe("น้ำดื่ม");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('12"')).toBe('"12"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField(" edge")).toBe('" edge"');
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField(null)).toBe("");
    expect(csvRow(["a", "b,c", 3])).toBe('a,"b,c",3\r\n');
  });

  it("keeps text that looks like a formula from running in Excel, and reads it back", () => {
    expect(csvText("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(csvText("@cmd")).toBe("'@cmd");
    expect(csvText("ปกติ")).toBe("ปกติ");
    expect(fromCsvText("'=SUM(A1:A9)")).toBe("=SUM(A1:A9)");
    expect(fromCsvText("'ok")).toBe("'ok");
  });

  it("reads back whatever it writes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 2, maxLength: 5 }), {
          minLength: 1,
          maxLength: 8,
        }),
        (records) => {
          const text = UTF8_BOM + records.map((record) => csvRow(record)).join("");
          expect(parseCsv(text)).toEqual(records);
        },
      ),
    );
  });
});
