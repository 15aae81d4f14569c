import type { Lang } from "./i18n";

const LOCALES: Record<Lang, string> = {
  // Thai readers expect the Buddhist era (พ.ศ.) in dates.
  th: "th-TH-u-ca-buddhist",
  en: "en-GB",
};

// Building an Intl formatter is costly (it showed in server profiles); build each once.
const dateFormatters = new Map<Lang, Intl.DateTimeFormat>();

/** A calendar date such as "12 มกราคม 2569" or "12 January 2026", in Bangkok time. */
export function formatDate(value: Date | string, lang: Lang): string {
  let formatter = dateFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALES[lang], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Asia/Bangkok",
    });
    dateFormatters.set(lang, formatter);
  }
  return formatter.format(new Date(value));
}

/** ISO date (YYYY-MM-DD) for machine-readable attributes. */
export function isoDate(value: Date | string): string {
  return new Date(value).toISOString().slice(0, 10);
}
