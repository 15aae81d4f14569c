import { type DocumentView, qrRuns } from "../document-view";

/*
 * The thermal receipt drawn as a picture for an ESC/POS printer. A printer's own fonts have no
 * Thai shaping (tone marks and upper vowels print on their own line or on top of each other),
 * so the receipt is set in the bundled Sarabun by the browser's canvas, which shapes Thai as
 * the page does, and sent as a raster image (decision 0025-printed-documents).
 *
 * The layout is worked out first as a list of texts at positions (testable without a canvas),
 * then painted.
 */

/** Print-head widths in dots at 203 dpi: 48 mm of a 58 mm roll, 72 mm of an 80 mm roll. */
export const PAPER_DOTS = { "58": 384, "80": 576 } as const;

export const RECEIPT_FONT = "Sarabun";

export interface TextOp {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  bold: boolean;
  align: "left" | "right" | "center";
}

export interface RuleOp {
  rule: true;
  y: number;
  thick: boolean;
}

/** Where the shop's logo goes: centred at the top, in dots. */
export interface LogoBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The e-receipt QR (decision 0094): runs of dark modules, `scale` dots a module. */
export interface QrOp {
  qr: [number, number, number][];
  x: number;
  y: number;
  scale: number;
}

export interface ReceiptLayout {
  width: number;
  height: number;
  ops: (TextOp | RuleOp | QrOp)[];
  logo?: LogoBox | null;
}

/** Pixels as a canvas gives them: RGBA, 4 bytes a pixel, rows top to bottom. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * The tallest logo, in dots: 2 cm at 203 dpi, as the receipt logo is stored
 * (RECEIPT_LOGO_MAX_HEIGHT) and as the HTML receipt shows it (at most 24 mm).
 */
export const LOGO_MAX_DOTS_HIGH = 160;

/**
 * The logo's size on the roll: one dot per pixel as stored (384 wide fits both rolls), made
 * smaller to fit the head's width (384 dots on 58 mm, 576 on 80 mm) and the height limit,
 * keeping its proportions; never enlarged (an enlarged picture prints blocky).
 */
export function logoSize(
  width: number,
  height: number,
  paper: "58" | "80",
): { width: number; height: number } {
  const scale = Math.min(1, PAPER_DOTS[paper] / width, LOGO_MAX_DOTS_HIGH / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * A picture turned into black and white dots by Floyd-Steinberg error diffusion, so the greys
 * of a logo print as a pattern of dots instead of all black or all white (a thermal head has
 * no grey). Transparent pixels count as the paper's white. Returns RGBA of 0 or 255, opaque.
 */
export function ditherToOneBit(image: Pixels): Pixels {
  const { width, height, data } = image;
  const light = new Float32Array(width * height);
  for (let i = 0; i < light.length; i++) {
    const alpha = (data[i * 4 + 3] ?? 255) / 255;
    const luminance =
      0.299 * (data[i * 4] ?? 255) +
      0.587 * (data[i * 4 + 1] ?? 255) +
      0.114 * (data[i * 4 + 2] ?? 255);
    light[i] = alpha * luminance + (1 - alpha) * 255;
  }
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const old = light[i] ?? 255;
      const value = old < 128 ? 0 : 255;
      const error = old - value;
      if (x + 1 < width) light[i + 1] = (light[i + 1] ?? 0) + (error * 7) / 16;
      if (y + 1 < height) {
        if (x > 0) light[i + width - 1] = (light[i + width - 1] ?? 0) + (error * 3) / 16;
        light[i + width] = (light[i + width] ?? 0) + (error * 5) / 16;
        if (x + 1 < width) light[i + width + 1] = (light[i + width + 1] ?? 0) + error / 16;
      }
      out.fill(value, i * 4, i * 4 + 3);
      out[i * 4 + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** Copies `logo` (already black and white) into the receipt's pixels at its box. */
export function stampLogo(receipt: Pixels, logo: Pixels, box: LogoBox): void {
  for (let y = 0; y < Math.min(logo.height, box.height); y++) {
    const row = logo.data.subarray(y * logo.width * 4, (y * logo.width + box.width) * 4);
    receipt.data.set(row, ((box.y + y) * receipt.width + box.x) * 4);
  }
}

/** Measures a text's width in dots in the receipt font (the canvas's measureText). */
export type Measure = (text: string, size: number, bold: boolean) => number;

export function fontOf(size: number, bold: boolean): string {
  return `${bold ? 700 : 400} ${size}px "${RECEIPT_FONT}", sans-serif`;
}

const segmenter = new Intl.Segmenter("th", { granularity: "word" });

export function layoutReceipt(
  view: DocumentView,
  paper: "58" | "80",
  measure: Measure,
  /** The logo's size in dots (logoSize), when the shop's logo was loaded. */
  logo: { width: number; height: number } | null = null,
): ReceiptLayout {
  const width = PAPER_DOTS[paper];
  const base = paper === "58" ? 22 : 24;
  const ops: (TextOp | RuleOp | QrOp)[] = [];
  let y = 4;
  const lineHeight = (size: number) => Math.ceil(size * 1.5);

  /** Breaks text into lines that fit, between words (Thai words by the browser's dictionary). */
  const wrap = (text: string, size: number, bold: boolean, room: number): string[] => {
    const lines: string[] = [];
    let line = "";
    for (const { segment } of segmenter.segment(text)) {
      const candidate = line + segment;
      if (line !== "" && measure(candidate.trimEnd(), size, bold) > room) {
        lines.push(line.trimEnd());
        line = segment.trimStart();
      } else {
        line = candidate;
      }
    }
    if (line.trim() !== "") lines.push(line.trimEnd());
    return lines;
  };
  const centred = (text: string, size = base, bold = false) => {
    for (const line of wrap(text, size, bold, width)) {
      y += lineHeight(size);
      ops.push({
        text: line,
        x: width / 2,
        y: y - Math.ceil(size * 0.4),
        size,
        bold,
        align: "center",
      });
    }
  };
  const left = (text: string, size = base, bold = false, indent = 0) => {
    for (const line of wrap(text, size, bold, width - indent)) {
      y += lineHeight(size);
      ops.push({ text: line, x: indent, y: y - Math.ceil(size * 0.4), size, bold, align: "left" });
    }
  };
  const pair = (label: string, value: string, size = base, bold = false, indent = 0) => {
    const valueWidth = measure(value, size, bold);
    const labelLines = wrap(label, size, bold, width - indent - valueWidth - 8);
    labelLines.forEach((line, index) => {
      y += lineHeight(size);
      const baseline = y - Math.ceil(size * 0.4);
      ops.push({ text: line, x: indent, y: baseline, size, bold, align: "left" });
      if (index === 0) ops.push({ text: value, x: width, y: baseline, size, bold, align: "right" });
    });
  };
  const rule = (thick = false) => {
    y += 8;
    ops.push({ rule: true, y, thick });
    y += 4;
  };

  if (view.voided) {
    rule(true);
    centred(view.voidMark, base * 2.4, true);
    if (view.voidReason) centred(view.voidReason);
    rule(true);
  }
  // The logo above the shop's name, as on the HTML receipt and the PDF.
  let logoBox: LogoBox | null = null;
  if (logo) {
    y += 8;
    logoBox = {
      x: Math.floor((width - logo.width) / 2),
      y,
      width: logo.width,
      height: logo.height,
    };
    y += logo.height;
  }
  view.header.forEach((line) => centred(line));
  centred(view.seller.name, base + 4, true);
  centred(view.seller.address, base - 2);
  for (const line of [
    view.seller.phone,
    view.seller.taxLine,
    view.seller.branch,
    view.seller.posNo,
  ]) {
    if (line) centred(line, base - 2);
  }
  centred(view.title, base + 4, true);
  if (view.isCopy) centred(view.copyMark, base + 2, true);
  rule();
  pair(view.number, view.date);
  if (view.buyer) {
    left(view.buyer.name, base, true);
    left(view.buyer.address, base - 2);
    left(`${view.buyer.taxLine} ${view.buyer.branch}`, base - 2);
  }
  view.references.forEach((line) => left(line));
  if (view.correction.length > 0) {
    left(view.correctionTitle, base, true);
    view.correction.forEach((row) => pair(row.label, row.value, base - 2, row.strong === true, 16));
  }
  rule();
  for (const line of view.lines) {
    pair(line.name, line.amount);
    for (const option of line.options) left(`+ ${option}`, base - 2, false, 16);
    left(line.qtyAtPrice, base - 2, false, 16);
    // In the amount column, so the column adds up to the subtotal.
    if (line.discount) pair(view.lineDiscountLabel, `-${line.discount}`, base - 2, false, 16);
  }
  rule();
  view.totals.forEach((row) => pair(row.label, row.value));
  pair(view.total.label, view.total.value, base + 6, true);
  centred(view.words, base - 2);
  if (view.vatNote) centred(view.vatNote, base - 2);
  view.vatBreakdown.forEach((row) => pair(row.label, row.value, base - 2, false, 16));
  rule();
  view.payments.forEach((row) => pair(row.label, row.value));
  if (view.change) pair(view.change.label, view.change.value, base + 4, true);
  if (view.note) left(view.note);
  view.customer.forEach((line) => left(line));
  rule();
  pair(view.cashier, view.till, base - 2);
  if (view.signOnRoll) {
    for (const signature of view.signatures) {
      // Room to sign, the line, then who signs there.
      y += 56;
      rule();
      centred(signature.label, base - 2);
      if (signature.name) centred(`(${signature.name})`, base - 2);
    }
  }
  view.footer.forEach((line) => centred(line));
  if (view.receiptQr) {
    // About 24 mm on either roll (192 dots at 203 dpi), whole dots a module so it stays sharp.
    const scale = Math.max(2, Math.floor(192 / view.receiptQr.size));
    const side = scale * view.receiptQr.size;
    // Four light modules above and below: the quiet zone a scanner needs.
    y += 4 * scale;
    ops.push({ qr: qrRuns(view.receiptQr.path), x: Math.floor((width - side) / 2), y, scale });
    y += side + 2 * scale;
    centred(view.receiptQr.caption, base - 2);
  }
  y += 16;
  return { width, height: Math.ceil(y), ops, logo: logoBox };
}

/** The 2D context calls the painter uses (a real canvas, or a test's fake). */
export interface PaintTarget {
  fillStyle: unknown;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
}

export function paintReceipt(target: PaintTarget, layout: ReceiptLayout): void {
  target.fillStyle = "#ffffff";
  target.fillRect(0, 0, layout.width, layout.height);
  target.fillStyle = "#000000";
  target.textBaseline = "alphabetic";
  for (const op of layout.ops) {
    if ("qr" in op) {
      for (const [x, y, w] of op.qr) {
        target.fillRect(op.x + x * op.scale, op.y + y * op.scale, w * op.scale, op.scale);
      }
      continue;
    }
    if ("rule" in op) {
      if (op.thick) {
        target.fillRect(0, op.y, layout.width, 3);
      } else {
        for (let x = 0; x < layout.width; x += 12) target.fillRect(x, op.y, 6, 2);
      }
      continue;
    }
    target.font = fontOf(op.size, op.bold);
    target.textAlign = op.align;
    target.fillText(op.text, op.x, op.y);
  }
}

async function measuringContext(): Promise<{ measure: Measure }> {
  await Promise.all([
    document.fonts.load(fontOf(24, false), "กข 0"),
    document.fonts.load(fontOf(24, true), "กข 0"),
  ]);
  const scratch = document.createElement("canvas").getContext("2d");
  if (!scratch) throw new Error("No 2D canvas in this browser");
  return {
    measure: (text, size, bold) => {
      scratch.font = fontOf(size, bold);
      return scratch.measureText(text).width;
    },
  };
}

function paintToImage(layout: ReceiptLayout): ImageData {
  const canvas = document.createElement("canvas");
  canvas.width = layout.width;
  canvas.height = layout.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas in this browser");
  paintReceipt(context, layout);
  return context.getImageData(0, 0, layout.width, layout.height);
}

/** A few centred lines (the printer setup's test print). */
export async function renderLinesImage(lines: string[], paper: "58" | "80"): Promise<ImageData> {
  // Loads the font before painting, like a receipt.
  await measuringContext();
  const width = PAPER_DOTS[paper];
  const ops: TextOp[] = [];
  let y = 8;
  for (const text of lines) {
    y += 40;
    ops.push({ text, x: width / 2, y, size: 26, bold: false, align: "center" });
  }
  return paintToImage({ width, height: y + 24, ops });
}

/**
 * The shop's logo as black and white dots at its size on the roll, or null when it cannot be
 * had (offline, the file gone): the receipt then prints without it rather than not at all.
 */
async function loadLogo(url: string, paper: "58" | "80"): Promise<Pixels | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const bitmap = await createImageBitmap(await response.blob());
    const size = logoSize(bitmap.width, bitmap.height, paper);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    return ditherToOneBit(context.getImageData(0, 0, size.width, size.height));
  } catch {
    return null;
  }
}

/**
 * The receipt as pixels, in the browser: waits for Sarabun (the site's stylesheet declares it)
 * so no fallback font is ever printed, and puts the shop's logo at the top.
 */
export async function renderReceiptImage(
  view: DocumentView,
  paper: "58" | "80",
): Promise<ImageData> {
  const [{ measure }, logo] = await Promise.all([
    measuringContext(),
    view.logoUrl ? loadLogo(view.logoUrl, paper) : null,
  ]);
  const layout = layoutReceipt(view, paper, measure, logo);
  const image = paintToImage(layout);
  if (logo && layout.logo) stampLogo(image, logo, layout.logo);
  return image;
}

/** A report for the roll: a title, heading lines, and sections of label–value rows. */
export interface RollReport {
  title: string;
  heading: string[];
  sections: { title: string; rows: { label: string; value: string }[] }[];
}

/** Words of `text` in lines no wider than `width` dots (a long list of numbers, a hash). */
function wrapDots(text: string, fits: (text: string) => boolean): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/(?<=[ ,])/)) {
    if (current && !fits(current + word)) {
      lines.push(current.trimEnd());
      current = "";
    }
    // A word longer than the line (a hash) is cut where the line ends.
    let rest = word;
    while (!fits(rest) && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current += rest;
  }
  if (current.trim()) lines.push(current.trimEnd());
  return lines;
}

/**
 * A till's X or Z report (decision 0072) as dots for the roll: the title and heading centred,
 * each section under a dashed rule, each row's label on the left and its value on the right (on
 * lines of its own when both do not fit).
 */
export async function renderReportImage(
  report: RollReport,
  paper: "58" | "80",
): Promise<ImageData> {
  const { measure } = await measuringContext();
  const width = PAPER_DOTS[paper];
  const size = paper === "58" ? 20 : 24;
  const step = size + 8;
  const fits = (text: string) => measure(text, size, false) <= width;
  const ops: (TextOp | RuleOp)[] = [];
  let y = 8;
  y += size + 12;
  ops.push({ text: report.title, x: width / 2, y, size: size + 4, bold: true, align: "center" });
  for (const line of report.heading) {
    for (const part of wrapDots(line, fits)) {
      y += step;
      ops.push({ text: part, x: width / 2, y, size, bold: false, align: "center" });
    }
  }
  for (const section of report.sections) {
    y += 12;
    ops.push({ rule: true, y, thick: false });
    y += step;
    ops.push({ text: section.title, x: 0, y, size, bold: true, align: "left" });
    for (const row of section.rows) {
      y += step;
      ops.push({ text: row.label, x: 0, y, size, bold: false, align: "left" });
      const together = measure(row.label, size, false) + 16 + measure(row.value, size, false);
      if (together <= width) {
        ops.push({ text: row.value, x: width, y, size, bold: false, align: "right" });
        continue;
      }
      for (const part of wrapDots(row.value, fits)) {
        y += step;
        ops.push({ text: part, x: width, y, size, bold: false, align: "right" });
      }
    }
  }
  return paintToImage({ width, height: y + 24, ops });
}
