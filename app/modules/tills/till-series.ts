/*
 * A registered till's own number series (issue 34): each till numbers its abbreviated tax
 * invoices and receipts itself, gapless per document kind and Buddhist-era year, so that a
 * slip printed with no network is final. "ABB-P01-2569-000123" is the shop's prefix, the till's
 * code, the year and the sequence. The same pure functions run on the till (taking the next
 * number, offline or not) and on the server (which accepts only the next number of that till's
 * series: no gap, no repeat). Pure and client-safe.
 */

/** A till's code as printed in its numbers: P and two or three digits, P01 to P999. */
export const TILL_CODE_PATTERN = /^P\d{2,3}$/;

/** The code of a shop's n-th till (1-based): P01, P02, … P99, P100. */
export function tillCodeOf(ordinal: number): string {
  if (!Number.isSafeInteger(ordinal) || ordinal < 1 || ordinal > 999) {
    throw new RangeError("A till's ordinal is 1 to 999");
  }
  return `P${String(ordinal).padStart(2, "0")}`;
}

/** "ABB-P01-2569-000123": a prefix's own trailing dashes are not doubled. */
export function tillDocumentNumber(
  prefix: string,
  tillCode: string,
  beYear: number,
  sequence: number,
): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError("Document sequence numbers start at 1");
  }
  return `${prefix.replace(/-+$/, "")}-${tillCode}-${beYear}-${String(sequence).padStart(6, "0")}`;
}

/** Where a till's series of one document kind stands: the year and the last number taken. */
export interface SeriesPosition {
  year: number;
  lastSeq: number;
}

/**
 * The number a till takes next in `year`: one after the last of the same year, or 1 when the
 * year changed (2569 → 2570 at midnight, Bangkok time) or the series never started.
 */
export function nextInSeries(position: SeriesPosition | null, year: number): number {
  return position && position.year === year ? position.lastSeq + 1 : 1;
}

/**
 * Whether `seq` of `year` is the one the series expects next. A year is only ever followed by
 * a later one: a number of an earlier year than the series' last is out of sequence too.
 */
export function isNextInSeries(
  position: SeriesPosition | null,
  year: number,
  seq: number,
): boolean {
  if (position && year < position.year) return false;
  return seq === nextInSeries(position, year);
}
