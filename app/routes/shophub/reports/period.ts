import type { MessageKey } from "~/lib/i18n";
import { bangkokDayStart, bangkokIsoDate } from "~/lib/dates";
import { parseDayInput, parseMonthInput } from "~/lib/day-input";
import { MAX_REPORT_DAYS, rangeDays, type ReportRange } from "~/modules/reports";

/** Owners and managers see profit and loss; cashiers and stock keepers do not (issue 13). */
export const REPORT_ROLES = ["owner", "manager"] as const;

export type PeriodKind = "day" | "month" | "range";

export interface PeriodChoice {
  kind: PeriodKind;
  range: ReportRange;
  /** What the URL carried, shown back in the fields (a refused value too). */
  values: { day: string; month: string; from: string; to: string };
  errors: Partial<Record<"day" | "month" | "from" | "to", MessageKey>>;
}

/** The first and last day of a month (YYYY-MM, already checked). */
function daysOfMonth(year: number, index: number): ReportRange {
  const month = `${year}-${String(index + 1).padStart(2, "0")}`;
  const last = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** A month as the field takes it (11/2569) or as links write it (2026-11). */
function monthRange(month: string): ReportRange | null {
  const iso = parseMonthInput(month);
  return iso ? daysOfMonth(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1) : null;
}

/**
 * The period the URL asks for: `from`+`to` (any range), else `month`, else `day`; this Bangkok
 * month when none. Days and months as the fields take them (28/11/2569, 11/2569) or as links
 * write them (2026-11-28, 2026-11). A value that is no date is refused next to its field and
 * the report shows this month meanwhile.
 */
export function readPeriod(params: URLSearchParams, now = new Date()): PeriodChoice {
  const values = {
    day: params.get("day")?.trim().slice(0, 20) ?? "",
    month: params.get("month")?.trim().slice(0, 20) ?? "",
    from: params.get("from")?.trim().slice(0, 20) ?? "",
    to: params.get("to")?.trim().slice(0, 20) ?? "",
  };
  const errors: PeriodChoice["errors"] = {};
  const today = bangkokIsoDate(now);
  const fallback = daysOfMonth(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1);
  if (values.from !== "" || values.to !== "") {
    const from = values.from === "" ? today : (parseDayInput(values.from) ?? "");
    const to = values.to === "" ? today : (parseDayInput(values.to) ?? "");
    if (!bangkokDayStart(from)) errors.from = "shops.reports.period.badDay";
    if (!bangkokDayStart(to)) errors.to = "shops.reports.period.badDay";
    if (!errors.from && !errors.to) {
      if (from > to) errors.to = "shops.reports.period.badRange";
      else if (rangeDays({ from, to }) > MAX_REPORT_DAYS)
        errors.to = "shops.reports.period.tooLong";
      else return { kind: "range", range: { from, to }, values, errors };
    }
    return { kind: "range", range: fallback, values, errors };
  }
  if (values.month !== "") {
    const range = monthRange(values.month);
    if (range) return { kind: "month", range, values, errors };
    errors.month = "shops.reports.period.badMonth";
    return { kind: "month", range: fallback, values, errors };
  }
  if (values.day !== "") {
    const day = parseDayInput(values.day);
    if (day && bangkokDayStart(day)) {
      return { kind: "day", range: { from: day, to: day }, values, errors };
    }
    errors.day = "shops.reports.period.badDay";
    return { kind: "day", range: fallback, values, errors };
  }
  return {
    kind: "month",
    range: fallback,
    values: { ...values, month: today.slice(0, 7) },
    errors,
  };
}

/** The period's part of an address (the CSV links keep the page's period). */
export function periodQuery(range: ReportRange): string {
  return `from=${range.from}&to=${range.to}`;
}
