import { describe, expect, it } from "vitest";
import { readForm } from "~/lib/forms/read-form";
import {
  addScannedLine,
  blankLine,
  checkInoutValues,
  inoutValuesSchema,
  lineFieldName,
  MAX_LINES,
  parseLineQuantity,
  type InoutValues,
} from "./inout-form";

const values = (lines: Partial<ReturnType<typeof blankLine>>[], reason = ""): InoutValues => ({
  reference: "",
  reason,
  note: "",
  scan: "",
  lines: lines.map((line) => ({ ...blankLine(1), ...line })),
});

describe("the stock in/out form", () => {
  it("reads lines (readForm) in the order of their numbers, gaps and all, as typed", () => {
    const form = new FormData();
    form.set("kind", "issue");
    form.set("reference", "PO-1");
    form.set(lineFieldName("item", 7), "B");
    form.set(lineFieldName("qty", 7), "2");
    form.set(lineFieldName("item", 2), "A");
    form.set(lineFieldName("location", 2), "5");
    form.set(lineFieldName("qty", 2), " 1,200 ");
    const read = readForm(form, inoutValuesSchema);
    if (!read.ok) throw new Error("the in/out form always reads");
    expect(read.data.reference).toBe("PO-1");
    expect(read.data.note).toBe("");
    expect(read.data.lines.map((line) => [line.item, line.qty, line.location])).toEqual([
      ["A", " 1,200 ", "5"],
      ["B", "2", ""],
    ]);
  });

  it("reads a field sent twice as its first value, and no more lines than a document holds", () => {
    const form = new FormData();
    form.append(lineFieldName("qty", 0), "3");
    form.append(lineFieldName("qty", 0), "4");
    for (let index = 1; index <= MAX_LINES + 5; index++)
      form.set(lineFieldName("item", index), "X");
    const read = readForm(form, inoutValuesSchema);
    if (!read.ok) throw new Error("the in/out form always reads");
    expect(read.data.lines[0]?.qty).toBe("3");
    expect(read.data.lines).toHaveLength(MAX_LINES);
  });

  it("reads quantities the Thai way in thousandths, up to 3 decimals, refusing zero and huge numbers", () => {
    const positive = { zero: false };
    expect(parseLineQuantity("1,200", positive)).toBe(1_200_000);
    expect(parseLineQuantity(" 3 ", positive)).toBe(3_000);
    expect(parseLineQuantity("0", { zero: true })).toBe(0);
    expect(parseLineQuantity("0", positive)).toBeNull();
    expect(parseLineQuantity("1.5", positive)).toBe(1_500);
    expect(parseLineQuantity("1.255", positive)).toBe(1_255);
    expect(parseLineQuantity("1.2555", positive)).toBeNull();
    expect(parseLineQuantity("-2", positive)).toBeNull();
    expect(parseLineQuantity("1000001", positive)).toBeNull();
  });

  it("ignores untouched lines and asks an issue for a reason (the document's or the line's)", () => {
    const noReason = checkInoutValues("issue", values([{ item: "A", qty: "1" }, {}]));
    expect(noReason.lines).toHaveLength(1);
    expect(noReason.errors.fields.reason?.key).toBe("storehub.inout.error.reasonRequired");
    const lineReason = checkInoutValues("issue", values([{ item: "A", qty: "1", reason: "ชำรุด" }]));
    expect(lineReason.errors.fields.reason).toBeUndefined();
    expect(lineReason.lines[0]?.reason).toBe("ชำรุด");
    const documentReason = checkInoutValues("issue", values([{ item: "A", qty: "1" }], "หมดอายุ"));
    expect(documentReason.lines[0]?.reason).toBe("หมดอายุ");
  });

  it("adds one unit per scan: on the item's line, else on the first empty line, else a new line", () => {
    const item = { sku: "WATER-1", barcode: "8850000000010" };
    let lines = values([{}, {}]).lines;
    lines = addScannedLine("receive", lines, item, 1);
    expect(lines.map((line) => [line.item, line.qty])).toEqual([
      ["WATER-1", "1"],
      ["", ""],
    ]);
    lines = addScannedLine("receive", lines, item, 1);
    expect(lines[0]?.qty).toBe("2");
    lines = addScannedLine("receive", lines, { sku: "RICE-5", barcode: null }, 1);
    lines = addScannedLine("receive", lines, { sku: "SOAP", barcode: null }, 9);
    expect(lines.map((line) => [line.item, line.qty, line.location])).toEqual([
      ["WATER-1", "2", "1"],
      ["RICE-5", "1", "1"],
      ["SOAP", "1", "9"],
    ]);
    // A count counts units found.
    expect(addScannedLine("count", values([{}]).lines, item, 1)[0]?.counted).toBe("1");
  });
});
