import type { Lang } from "~/lib/i18n";

/** The name a shop's first warehouse gets; the owner can rename it. */
export const DEFAULT_LOCATION_NAME = "คลังหลัก";

/** That name as each language reads it. */
export const DEFAULT_LOCATION_NAMES: Record<Lang, string> = {
  th: DEFAULT_LOCATION_NAME,
  en: "Main warehouse",
};

/**
 * A location's name as the reader sees it. The first warehouse, while it keeps the name the
 * system gave it, is named in the reader's language: nobody chose that Thai word, so an
 * English reader should not meet it. A name a person typed is shown as typed.
 */
export function shownLocationName(
  location: { name: string; isDefault: boolean },
  lang: Lang,
): string {
  return location.isDefault && location.name === DEFAULT_LOCATION_NAME
    ? DEFAULT_LOCATION_NAMES[lang]
    : location.name;
}
