import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { inflateSync } from "node:zlib";
import { validateXML, type XMLValidationResult } from "xmllint-wasm";

/*
 * What the e-Tax tests read (decision 0074): an ETDA XML checked against an XSD with libxml2
 * (xmllint-wasm), and a PDF's objects read back in JS (no poppler in CI).
 */

export type EtdaKind = "TaxInvoice" | "DebitCreditNote";

const SUBSET_DIR = join(import.meta.dirname, "..", "etda-subset");

function xsdFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith(".xsd")) found.push(path);
    }
  };
  walk(dir);
  return found;
}

async function validateAgainst(
  xml: string,
  dir: string,
  rootSchema: string,
): Promise<XMLValidationResult> {
  const files = xsdFiles(dir).map((path) => ({
    fileName: relative(dir, path),
    contents: readFileSync(path, "utf8"),
  }));
  return validateXML({
    xml: [{ fileName: "document.xml", contents: xml }],
    schema: files.filter((file) => file.fileName === rootSchema),
    preload: files.filter((file) => file.fileName !== rootSchema),
    maxMemoryPages: 16_384,
  });
}

/** Against shophub's subset of ETDA's schema (tests/etda-subset, committed). */
export function validateEtdaSubset(xml: string, kind: EtdaKind) {
  return validateAgainst(xml, SUBSET_DIR, `${kind}_CrossIndustryInvoice.xsd`);
}

/**
 * Against ETDA's own XMLSchemaV2 files when `ETDA_XSD_DIR` names their folder (the one holding
 * ETDA/ and uncefact/); they are not in the repository (decision 0074).
 */
export function validateEtdaOfficial(xml: string, kind: EtdaKind) {
  const dir = process.env.ETDA_XSD_DIR;
  if (!dir) return null;
  return validateAgainst(xml, dir, `ETDA/data/standard/${kind}_CrossIndustryInvoice_2p0.xsd`);
}

export interface PdfObject {
  dictionary: string;
  /** The stream's bytes, inflated when the dictionary says FlateDecode. */
  stream: Buffer | null;
}

/**
 * Every indirect object of an uncompressed-xref PDF (pdfkit's kind), its streams inflated. A
 * stream is read by its `/Length` (its compressed bytes may hold "endobj" or end in a newline
 * byte), then the search goes on after it.
 */
export function pdfObjects(pdf: Buffer): PdfObject[] {
  const text = pdf.toString("latin1");
  const objects: PdfObject[] = [];
  const pattern = /\d+ 0 obj\s*/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const from = match.index + match[0].length;
    const endObj = text.indexOf("endobj", from);
    const streamAt = text.indexOf("stream", from);
    if (endObj < 0) break;
    if (streamAt < 0 || streamAt > endObj) {
      objects.push({ dictionary: text.slice(from, endObj), stream: null });
      pattern.lastIndex = endObj + "endobj".length;
      continue;
    }
    const dictionary = text.slice(from, streamAt);
    let start = streamAt + "stream".length;
    if (text[start] === "\r") start++;
    if (text[start] === "\n") start++;
    const length = /\/Length (\d+)(?! \d+ R)/.exec(dictionary);
    const end = length ? start + Number(length[1]) : text.indexOf("endstream", start);
    const raw = pdf.subarray(start, end);
    const stream = /\/Filter\s*\/FlateDecode/.test(dictionary)
      ? inflateSync(raw)
      : Buffer.from(raw);
    objects.push({ dictionary, stream });
    pattern.lastIndex = text.indexOf("endobj", end) + "endobj".length;
  }
  return objects;
}
