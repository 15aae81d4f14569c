import { BUDDHIST_ERA_OFFSET, yearText } from "./dates";
import type { Lang } from "./i18n";

/*
 * The date fields of shophub's forms and filters (decision 0063): a text field that shows and
 * takes a day as Thai people write it, วว/ดด/ปปปป in the Buddhist era ("28/11/2569"), English
 * day first in the Gregorian year ("28/11/2026"). The browser's own date picker shows the
 * browser's locale (mm/dd/yyyy, Gregorian) whatever the page's language, so it is not used.
 *
 * What is typed is read on the server (and in the browser, for the words under the field) by
 * the same functions: a year from 2400 on is a Buddhist-era year (2400 BE is 1857 CE, so the two
 * never meet), separators may be / - . or spaces, or none at all (28112569, handy on a phone's
 * number pad), and the machine form YYYY-MM-DD of links and older bookmarks still works.
 */

/** Years of the Gregorian calendar a shop's records may carry. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/** A typed year as a Gregorian year: from 2400 on it is counted in the Buddhist era. */
function gregorianYear(typed: string): number {
  const year = Number(typed);
  return year >= 2400 ? year - BUDDHIST_ERA_OFFSET : year;
}

function isoDay(year: number, month: number, day: number): string | null {
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12 || day < 1) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED_DAY = /^(\d{1,2})[\s/.-]+(\d{1,2})[\s/.-]+(\d{4})$/;
const PACKED_DAY = /^(\d{2})(\d{2})(\d{4})$/;

/** A typed day as YYYY-MM-DD, or null when it is no real day (or empty). */
export function parseDayInput(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const typed = TYPED_DAY.exec(value) ?? PACKED_DAY.exec(value);
  if (!typed) return null;
  return isoDay(gregorianYear(typed[3] ?? ""), Number(typed[2]), Number(typed[1]));
}

const ISO_MONTH = /^(\d{4})-(\d{2})$/;
const TYPED_MONTH = /^(\d{1,2})[\s/.-]+(\d{4})$/;
const PACKED_MONTH = /^(\d{2})(\d{4})$/;

/** A typed month as YYYY-MM, or null when it is no month (or empty). */
export function parseMonthInput(text: string): string | null {
  const value = text.trim();
  const iso = ISO_MONTH.exec(value);
  const typed = iso ? null : (TYPED_MONTH.exec(value) ?? PACKED_MONTH.exec(value));
  const year = iso ? Number(iso[1]) : typed ? gregorianYear(typed[2] ?? "") : NaN;
  const month = Number(iso ? iso[2] : typed?.[1]);
  if (!isoDay(year, month, 1)) return null;
  return `${pad(year, 4)}-${pad(month, 2)}`;
}

/**
 * What a date field shows for a value: a day (YYYY-MM-DD) as "28/11/2569" ("28/11/2026" in
 * English); anything else (what someone typed and the server refused) as it is.
 */
export function dayInputText(value: string, lang: Lang): string {
  const iso = ISO_DAY.exec(value);
  if (!iso || !parseDayInput(value)) return value;
  return `${iso[3]}/${iso[2]}/${yearText(Number(iso[1]), lang)}`;
}

/** The same for a month field: YYYY-MM as "11/2569" ("11/2026" in English). */
export function monthInputText(value: string, lang: Lang): string {
  const iso = ISO_MONTH.exec(value);
  if (!iso || !parseMonthInput(value)) return value;
  return `${iso[2]}/${yearText(Number(iso[1]), lang)}`;
}
