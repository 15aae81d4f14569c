import type { Lang } from "./i18n";

const LOCALES: Record<Lang, string> = {
  // Thai readers expect the Buddhist era (พ.ศ.) in dates.
  th: "th-TH-u-ca-buddhist",
  en: "en-GB",
};

/** A calendar date such as "12 มกราคม 2569" or "12 January 2026", in Bangkok time. */
export function formatDate(value: Date | string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Bangkok",
  }).format(new Date(value));
}

/** ISO date (YYYY-MM-DD) for machine-readable attributes. */
export function isoDate(value: Date | string): string {
  return new Date(value).toISOString().slice(0, 10);
}
