import { bangkokIsoDate } from "~/lib/dates";
import { parseMonthInput } from "~/lib/day-input";
import type { ReportRange } from "./range";

/*
 * The month of a tax report (รายงานภาษีขาย, รายงานภาษีซื้อ, ภ.พ.30): a calendar month of
 * Bangkok days. VAT is counted and filed by month (the tax month, Revenue Code section 82/3,
 * filed by the 15th of the next month), so the reports take a month and nothing else. Pure and
 * client-safe: the page's month field reads back what was typed with the same rules.
 */

export type TaxMonthError = "shops.tax.month.bad" | "shops.tax.month.future";

export interface TaxMonth {
  /** YYYY-MM (Gregorian, as the database keeps days). */
  month: string;
  range: ReportRange;
  /** Whether the month is still running (Bangkok time): its figures are not final. */
  running: boolean;
}

export type TaxMonthReading =
  | { ok: true; taxMonth: TaxMonth }
  /** What was typed, refused; `fallback` is what the page shows meanwhile. */
  | { ok: false; error: TaxMonthError; typed: string; fallback: TaxMonth };

/** The month of YYYY-MM with its first and last day. */
export function taxMonthOf(month: string, now = new Date()): TaxMonth {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  const last = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
  return {
    month,
    range: { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` },
    running: month === bangkokIsoDate(now).slice(0, 7),
  };
}

/** The month `count` months before YYYY-MM (negative: after). */
export function monthBefore(month: string, count = 1): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The month a tax report is asked for: as the month field takes it ("3/2569", Buddhist era) or
 * as links write it ("2026-03"). Without one, last month: the one a shop files by the 15th. A
 * month that is no month, or one that has not begun (Bangkok time), is refused.
 */
export function readTaxMonth(raw: string | null | undefined, now = new Date()): TaxMonthReading {
  const thisMonth = bangkokIsoDate(now).slice(0, 7);
  const fallback = taxMonthOf(monthBefore(thisMonth), now);
  const typed = (raw ?? "").trim().slice(0, 20);
  if (typed === "") return { ok: true, taxMonth: fallback };
  const month = parseMonthInput(typed);
  if (!month) return { ok: false, error: "shops.tax.month.bad", typed, fallback };
  if (month > thisMonth) return { ok: false, error: "shops.tax.month.future", typed, fallback };
  return { ok: true, taxMonth: taxMonthOf(month, now) };
}
