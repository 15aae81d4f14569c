import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  GLYPH_TEXT_PRIMER,
  runFeatures,
  textRuns,
  type TextRun,
} from "./invoices/pdf-text-layer.server";

/*
 * Thai text on a pdfkit page in the site's own Sarabun (decision 0025-printed-documents), shared
 * by the printed documents' PDF and the monthly tax reports' (decision 0068).
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

/** The document's bytes, once it is ended (`doc.end()` after the drawing). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

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

export interface TextStyle {
  size?: number;
  bold?: boolean;
}

const segmenter = new Intl.Segmenter("th", { granularity: "word" });

/** Writes Thai and Latin text on a pdfkit document, line by line. */
export class Writer {
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
      // Most cells fit on one line: one measure instead of one for every word.
      if (this.width(paragraph.trimEnd(), style) <= width) {
        lines.push(paragraph.trimEnd());
        continue;
      }
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
